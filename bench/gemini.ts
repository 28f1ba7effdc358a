// Gemini CLI beside Claude Code, one engine for both: the shared examples
// (../shared/corpus-facts, 44 real Claude Code PostToolUse inputs) through the built
// Claude Code hook, and converted to Gemini CLI's AfterTool shapes
// (bench/corpus/facts/gemini.ts) through the built Gemini hook, scored alike (facts kept
// whole, size cut); and each hook's latency, per event, on identical inputs in
// interleaved rounds (a SessionStart, a prompt, the 44 tool results).
// Run alone: npx node bench/gemini.ts   (BENCH_RUNS=N rounds of the small events, default 15)
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Answer, hookCommand } from "./corpus/facts/answers.ts";
import { geminiHook } from "./corpus/facts/gemini.ts";
import { aggregate, scoreCases } from "./corpus/facts/score.ts";
import { loadSet, REPO } from "./corpus/facts/sets.ts";
import { median, p95 } from "./lib/stats.ts";

const NODE = JSON.stringify(process.execPath);
const BUNDLE = JSON.stringify(join(REPO, "dist", "cairn.cjs"));
const CLAUDE_HOOK = `${NODE} ${BUNDLE} hook PostToolUse`;
const GEMINI_HOOK = `${NODE} ${BUNDLE} gemini-hook AfterTool`;

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Both hooks on every shared example, interleaved case by case so machine noise hits both alike. */
export async function compareOnShared(): Promise<{
  claude: ReturnType<typeof aggregate>;
  gemini: ReturnType<typeof aggregate>;
  claudeMs: number[];
  geminiMs: number[];
}> {
  const cases = loadSet("shared");
  if (cases.length === 0) throw new Error("no ../shared/corpus-facts beside the clone");
  const claude = hookCommand(CLAUDE_HOOK);
  const gemini = geminiHook(GEMINI_HOOK);
  const ca = new Map<string, Answer>();
  const ga = new Map<string, Answer>();
  try {
    for (const c of cases) {
      ca.set(`${c.set}/${c.name}`, await claude.answer(c));
      ga.set(`${c.set}/${c.name}`, await gemini.answer(c));
    }
  } finally {
    claude.close();
    gemini.close();
  }
  return {
    claude: aggregate(scoreCases(cases, ca)),
    gemini: aggregate(scoreCases(cases, ga)),
    claudeMs: [...ca.values()].map((a) => a.ms),
    geminiMs: [...ga.values()].map((a) => a.ms),
  };
}

/** The small events' latency: SessionStart and the prompt hook of each agent, `runs` interleaved rounds. */
async function smallEvents(runs: number): Promise<Record<string, number[]>> {
  const { spawn } = await import("node:child_process");
  const root = mkdtempSync(join(tmpdir(), "cairn-bench-gemini-"));
  const home = join(root, "home");
  const cwd = join(root, "project");
  const chats = join(home, ".gemini", "tmp", "project", "chats");
  mkdirSync(chats, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const base = { session_id: "bench-small", cwd, timestamp: "2026-01-01T00:00:00.000Z" };
  const claudeT = join(home, ".claude", "projects", "p", "bench-small.jsonl");
  const geminiT = join(chats, "session-bench.jsonl");
  const variants: Record<string, { args: string[]; input: object }> = {
    "Claude Code SessionStart": {
      args: ["hook", "SessionStart"],
      input: { ...base, transcript_path: claudeT, hook_event_name: "SessionStart", source: "startup" },
    },
    "Gemini CLI SessionStart": {
      args: ["gemini-hook", "SessionStart"],
      input: { ...base, transcript_path: geminiT, hook_event_name: "SessionStart", source: "startup" },
    },
    "Claude Code UserPromptSubmit": {
      args: ["hook", "UserPromptSubmit"],
      input: {
        ...base,
        transcript_path: claudeT,
        hook_event_name: "UserPromptSubmit",
        prompt: "fix the tests",
      },
    },
    "Gemini CLI BeforeAgent": {
      args: ["gemini-hook", "BeforeAgent"],
      input: { ...base, transcript_path: geminiT, hook_event_name: "BeforeAgent", prompt: "fix the tests" },
    },
  };
  const env = { ...process.env, HOME: home, CLAUDE_PROJECT_DIR: cwd, GEMINI_PROJECT_DIR: cwd };
  const out: Record<string, number[]> = {};
  try {
    for (let i = 0; i < runs; i++)
      for (const [name, v] of Object.entries(variants)) {
        const t0 = performance.now();
        await new Promise<void>((resolve) => {
          const child = spawn(process.execPath, [join(REPO, "dist", "cairn.cjs"), ...v.args], {
            cwd,
            env,
            stdio: ["pipe", "ignore", "ignore"],
          });
          child.on("close", () => resolve());
          child.stdin.end(JSON.stringify(v.input));
        });
        const times = out[name] ?? [];
        times.push(performance.now() - t0);
        out[name] = times;
      }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return out;
}

export async function benchGemini(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const shared = await compareOnShared();
  const small = await smallEvents(Number(process.env.BENCH_RUNS ?? 15));
  const row = (name: string, a: ReturnType<typeof aggregate>, t: number[]) =>
    `| ${name} | ${a.outputs} | ${pct(a.recall)} (${a.kept}/${a.facts}) | ${pct(a.reduction)} | ${a.notation} | ${a.invalid} | ${ms(median(t))} | ${ms(p95(t))} |`;
  const lat = Object.entries(small).map(
    ([name, t]) => `| ${name} | ${t.length} | ${ms(median(t))} | ${ms(p95(t))} |`,
  );
  const markdown = [
    "## Gemini CLI beside Claude Code",
    "",
    "The shared examples (../shared/corpus-facts: 44 real Claude Code tool results with the facts their user needed) through the built Claude Code hook (`cairn hook PostToolUse`), and the same outputs in Gemini CLI 0.61.0's AfterTool shapes (bench/corpus/facts/gemini.ts: the text as the tool printed it, in Gemini's framing) through the built Gemini hook (`cairn gemini-hook AfterTool`, whose excerpt the model reads through read_file). Scored alike by score.mjs's rules (bench/corpus/facts/score.ts); smaller is over outputs above 8 KB. Latency is each hook process's wall time, cases interleaved.",
    "",
    "| agent | outputs | facts kept whole | smaller, > 8 KB | made-up notation | invalid | p50 | p95 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    row("Claude Code (PostToolUse)", shared.claude, shared.claudeMs),
    row("Gemini CLI (AfterTool)", shared.gemini, shared.geminiMs),
    "",
    "| hook | runs | p50 | p95 |",
    "|---|---:|---:|---:|",
    ...lat,
  ].join("\n");
  const r = (x: number) => Math.round(x * 10000) / 10000;
  return {
    markdown,
    summary: {
      "claude.recall": r(shared.claude.recall),
      "claude.reduction_over_8kb": r(shared.claude.reduction),
      "gemini.recall": r(shared.gemini.recall),
      "gemini.reduction_over_8kb": r(shared.gemini.reduction),
      "claude.post_tool_use_p50_ms": Math.round(median(shared.claudeMs)),
      "gemini.after_tool_p50_ms": Math.round(median(shared.geminiMs)),
      ...Object.fromEntries(
        Object.entries(small).map(([k, t]) => [
          `${k.replace(/\s+/g, "_").toLowerCase()}_p50_ms`,
          Math.round(median(t)),
        ]),
      ),
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchGemini();
  process.stdout.write(`${r.markdown}\n`);
}
