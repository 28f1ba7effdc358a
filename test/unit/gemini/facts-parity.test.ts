/**
 * One engine serves both agents: the shared examples (../shared/corpus-facts, 44 real
 * Claude Code tool results with the facts their user needed), through the built Claude
 * Code hook and, converted to Gemini CLI's AfterTool shapes (bench/corpus/facts/gemini.ts),
 * through the built Gemini hook, keep the same facts and cut the same size, within one
 * point. `npx node bench/gemini.ts` prints the same figures with the latency.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Answer } from "../../../bench/corpus/facts/answers.ts";
import { afterToolInput, asClaudeAnswer } from "../../../bench/corpus/facts/gemini.ts";
import { aggregate, scoreCases } from "../../../bench/corpus/facts/score.ts";
import { loadSet, sharedFactsDir } from "../../../bench/corpus/facts/sets.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

const claudeHome = tempHome("cairn-parity-claude-");
const geminiHome = tempHome("cairn-parity-gemini-");
mkdirSync(claudeHome.project, { recursive: true });
mkdirSync(geminiHome.project, { recursive: true });
const chats = join(geminiHome.home, ".gemini", "tmp", "project", "chats");
mkdirSync(chats, { recursive: true });
afterAll(() => {
  claudeHome.cleanup();
  geminiHome.cleanup();
});

describe("Gemini CLI and Claude Code on the shared examples", () => {
  it("keep the same facts and cut the same size, within one point", async () => {
    expect(sharedFactsDir(), "../shared/corpus-facts beside the clone (CI lays it out there)").toBeDefined();
    const cases = loadSet("shared");
    expect(cases.length).toBeGreaterThanOrEqual(44);
    const claude = new Map<string, Answer>();
    const gemini = new Map<string, Answer>();
    let n = 0;
    for (const c of cases) {
      const key = `${c.set}/${c.name}`;
      const a = await runCairn(["hook", "PostToolUse"], {
        input: JSON.stringify(c.input),
        cwd: claudeHome.project,
        env: { ...claudeHome.env, CLAUDE_PROJECT_DIR: claudeHome.project },
        timeoutMs: 30_000,
      });
      claude.set(key, { stdout: a.stdout, code: a.code, ms: a.ms });
      const g = await runCairn(["gemini-hook", "AfterTool"], {
        input: JSON.stringify(
          afterToolInput(c, join(chats, "session-parity.jsonl"), geminiHome.project, n++),
        ),
        cwd: geminiHome.project,
        env: { ...geminiHome.env, GEMINI_PROJECT_DIR: geminiHome.project },
        timeoutMs: 30_000,
      });
      gemini.set(key, { stdout: asClaudeAnswer(c, g.stdout), code: g.code, ms: g.ms });
    }
    const cl = aggregate(scoreCases(cases, claude));
    const ge = aggregate(scoreCases(cases, gemini));
    const figures = JSON.stringify({ claude: cl, gemini: ge });
    // Every large output was answered with a tail call (not left to the original).
    expect(ge.invalid, figures).toBe(0);
    expect(Math.abs(ge.recall - cl.recall), figures).toBeLessThanOrEqual(0.01);
    expect(Math.abs(ge.reduction - cl.reduction), figures).toBeLessThanOrEqual(0.01);
    expect(ge.reduction, figures).toBeGreaterThan(0.5);
  }, 900_000);
});
