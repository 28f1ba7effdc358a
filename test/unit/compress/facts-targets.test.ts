/**
 * Issue 24's targets on the shared examples (../shared/corpus-facts: 44 real Claude Code
 * PostToolUse inputs with the facts their user needed), through the built hook exactly as
 * Claude Code runs it, scored by that folder's own score.mjs with the issue's rules on top
 * (bench/corpus/facts/score.ts). The thresholds are bench/corpus/targets.json's, their one
 * home; `node bench/facts.ts --hook --set shared` prints the same figures with the misses.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Answer } from "../../../bench/corpus/facts/answers.ts";
import { aggregate, scoreCases } from "../../../bench/corpus/facts/score.ts";
import { loadSet, sharedFactsDir } from "../../../bench/corpus/facts/sets.ts";
import { loadTargets } from "../../../bench/corpus/facts/targets.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";
import { UNHURRIED_CONFIG } from "../../reliability/lib.ts";

const home = tempHome("cairn-facts-targets-");
mkdirSync(home.project, { recursive: true });
// Past hook.budget_ms a hook answers the no-op, or cuts its work short: the figures are
// the excerpts' own, not what a loaded machine leaves time for.
mkdirSync(join(home.home, ".cairn"), { recursive: true, mode: 0o700 });
writeFileSync(join(home.home, ".cairn", "config.yaml"), UNHURRIED_CONFIG, { mode: 0o600 });
afterAll(() => home.cleanup());

describe("the shared examples of facts, through the built hook", () => {
  it("keeps issue 24's targets: facts whole, smaller, no made-up notation, no invalid answers", async () => {
    expect(sharedFactsDir(), "../shared/corpus-facts beside the clone (CI lays it out there)").toBeDefined();
    const cases = loadSet("shared");
    expect(cases.length).toBeGreaterThanOrEqual(44);
    const answers = new Map<string, Answer>();
    for (const c of cases) {
      const r = await runCairn(["hook", "PostToolUse"], {
        input: JSON.stringify(c.input),
        cwd: home.project,
        env: { ...home.env, CLAUDE_PROJECT_DIR: home.project },
      });
      answers.set(`${c.set}/${c.name}`, { stdout: r.stdout, code: r.code, ms: r.ms });
    }
    const a = aggregate(scoreCases(cases, answers));
    const t = loadTargets().shared!;
    const figures = { recall: a.recall, reduction: a.reduction, notation: a.notation, invalid: a.invalid };
    expect(figures.invalid, JSON.stringify(figures)).toBeLessThanOrEqual(t.invalid);
    expect(figures.notation, JSON.stringify(figures)).toBeLessThanOrEqual(t.notation);
    expect(figures.recall, JSON.stringify(figures)).toBeGreaterThanOrEqual(t.recall);
    expect(figures.reduction, JSON.stringify(figures)).toBeGreaterThanOrEqual(t.reduction_over_8kb);
  }, 600_000);
});
