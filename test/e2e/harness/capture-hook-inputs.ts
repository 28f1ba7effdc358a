/**
 * Regenerates the real hook-input fixtures in test/fixtures/hook-inputs/ and the sample
 * transcripts in test/fixtures/transcripts/, by running the real Claude Code CLI against
 * the mock API with the logging hook on every event.
 *
 *   npx node test/e2e/harness/capture-hook-inputs.ts        (KEEP_E2E=1 keeps the sandbox)
 *
 * Paths are stable between runs (a fixed sandbox root under os.tmpdir(), fixed session
 * and tool_use ids); timestamps, durations and prompt ids are not. Inputs are saved raw.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { RunClaudeResult } from "./claude.ts";
import { makeSandbox, REPO_ROOT, runClaude } from "./claude.ts";
import type { LoggedHookCall } from "./hooks.ts";
import { makeLoggingHook } from "./hooks.ts";
import type { Reply } from "./mock-api.ts";
import { bash, startMockApi, tool } from "./mock-api.ts";

const OUT_DIR = join(REPO_ROOT, "test", "fixtures", "hook-inputs");
const TRANSCRIPT_DIR = join(REPO_ROOT, "test", "fixtures", "transcripts");
const ROOT = join(tmpdir(), "cairn-hook-capture");
const TOOLS_SESSION = "c0ffee00-0000-4000-8000-000000000001";
const AUTO_SESSION = "c0ffee00-0000-4000-8000-000000000002";

/** tool_use id -> fixture case label. */
const labels = new Map<string, string>();
function step(label: string, name: string, input: Record<string, unknown>, text?: string): Reply {
  const id = `toolu_cap_${label.replace(/-/g, "_")}_${name.toLowerCase()}`;
  labels.set(id, label);
  return tool(name, input, text === undefined ? { id } : { id, text });
}

function bigText(lines: number): string {
  const out: string[] = [];
  for (let i = 1; i <= lines; i++) {
    out.push(
      `line ${String(i).padStart(5, "0")}: lorem ipsum dolor sit amet ${i % 7 === 0 ? "TODO check" : "ok"}`,
    );
  }
  return `${out.join("\n")}\n`;
}

const log = process.env.DEBUG_E2E === "1" ? (l: string) => process.stderr.write(`${l}\n`) : undefined;
const api = await startMockApi(log ? { log } : {});
const sb = makeSandbox({ root: ROOT });
const hook = makeLoggingHook(sb);
hook.install();
// A tiny response so the hook's output path is exercised too (never changes the inputs).
hook.setResponses({});

const p = sb.project;
sb.writeFile(
  "src/a.ts",
  'export const a = 1;\n// TODO rename\nexport function hello(): string {\n  return "hello";\n}\n',
);
sb.writeFile("src/b.ts", 'import { a } from "./a.ts";\nexport const b = a + 1; // TODO test\n');
sb.writeFile("src/util/c.ts", "export const c = 3;\n");
sb.writeFile("notes.txt", "cairn capture notes\nsecond line\n");
sb.writeFile("big.txt", bigText(1500)); // about 66 KB

const runs: { label: string; r: RunClaudeResult }[] = [];
async function run(
  label: string,
  opts: Omit<Parameters<typeof runClaude>[0], "apiUrl" | "sandbox">,
): Promise<RunClaudeResult> {
  const r = await runClaude({ sandbox: sb, apiUrl: api.url, ...opts });
  process.stderr.write(
    `${label}: exit ${r.exitCode} in ${r.durationMs} ms, ${r.transcript.length} transcript entries\n`,
  );
  if (r.exitCode !== 0) process.stderr.write(`${r.stdout}\n${r.stderr}\n`);
  runs.push({ label, r });
  return r;
}

// 1. one session exercising every built-in tool the fixtures cover
const sub = "toolu_cap_in_subagent_bash";
labels.set(sub, "in-subagent");
api.script([
  step(
    "small",
    "Bash",
    { command: "echo hello; printf 'a\\nb\\n'", description: "small output" },
    "Let me look.",
  ),
  step("persisted", "Bash", { command: "seq 1 8000", description: "large output" }),
  step("exit3", "Bash", { command: "echo oops >&2; exit 3", description: "failing command" }),
  step("small", "Read", { file_path: join(p, "src/a.ts") }),
  step("large", "Read", { file_path: join(p, "big.txt") }),
  step("offset-limit", "Read", { file_path: join(p, "big.txt"), offset: 100, limit: 20 }),
  step("missing", "Read", { file_path: join(p, "does-not-exist.txt") }),
  step("content", "Grep", { pattern: "TODO", output_mode: "content", "-n": true, path: join(p, "src") }),
  step("files-with-matches", "Grep", { pattern: "export", output_mode: "files_with_matches" }),
  step("count", "Grep", { pattern: "TODO", output_mode: "count" }),
  step("basic", "Glob", { pattern: "**/*.ts" }),
  step("basic", "Edit", {
    file_path: join(p, "src/a.ts"),
    old_string: "export const a = 1;",
    new_string: "export const a = 2;",
  }),
  step("create", "Write", { file_path: join(p, "out/new.txt"), content: "written by the capture\n" }),
  {
    tools: [
      { id: "toolu_cap_parallel_a_read", name: "Read", input: { file_path: join(p, "notes.txt") } },
      { id: "toolu_cap_parallel_b_read", name: "Read", input: { file_path: join(p, "src/b.ts") } },
    ],
  },
  step("general-purpose", "Agent", {
    description: "run sub",
    prompt: "subtask: echo something",
    subagent_type: "general-purpose",
    run_in_background: false,
  }),
  bash("echo from-subagent", { id: sub, description: "subagent command" }),
  "subagent final report.",
  "All done.",
]);
labels.set("toolu_cap_parallel_a_read", "parallel-a");
labels.set("toolu_cap_parallel_b_read", "parallel-b");
const r1 = await run("tools", { prompt: "exercise the tools", sessionId: TOOLS_SESSION });
mkdirSync(TRANSCRIPT_DIR, { recursive: true });
copyFileSync(r1.transcriptPath, join(TRANSCRIPT_DIR, "tools-session.jsonl"));
const subDir = join(dirname(r1.transcriptPath), TOOLS_SESSION, "subagents");
const subFile = existsSync(subDir) ? readdirSync(subDir).find((f) => f.endsWith(".jsonl")) : undefined;
if (subFile) copyFileSync(join(subDir, subFile), join(TRANSCRIPT_DIR, "tools-session-subagent.jsonl"));

// 2. resume it with a manual /compact
api.setCompactionSummary("Capture session: ran Bash, Read, Grep, Glob, Edit, Write and a subagent.");
await run("compact", { prompt: "/compact keep the numbers", resume: TOOLS_SESSION });
api.script(["resumed after compaction."]);
await run("resume", { prompt: "continue", resume: TOOLS_SESSION });

// 3. a separate session that auto-compacts (a small window and inflated usage make Claude Code compact)
const inflated = { input_tokens: 95_000 };
api.setCompactionSummary("Auto session: counted 1 to 9 with seq.");
api.script([
  bash("seq 1 3", { id: "toolu_cap_auto_1" }),
  bash("seq 4 6", { id: "toolu_cap_auto_2" }),
  bash("seq 7 9", { id: "toolu_cap_auto_3", usage: inflated }),
  bash("seq 10 12", { id: "toolu_cap_auto_4" }),
  "auto session done.",
]);
for (const id of ["toolu_cap_auto_1", "toolu_cap_auto_2", "toolu_cap_auto_3", "toolu_cap_auto_4"])
  labels.set(id, "autocompact");
const r3 = await run("autocompact", {
  prompt: "count in steps",
  sessionId: AUTO_SESSION,
  args: ["--autocompact", "100000"],
});
copyFileSync(r3.transcriptPath, join(TRANSCRIPT_DIR, "autocompact-session.jsonl"));

// ---- name and write the fixtures (first capture of a name wins)
function caseOf(c: LoggedHookCall): string {
  const i = c.input;
  const id = typeof i.tool_use_id === "string" ? i.tool_use_id : undefined;
  const toolName = typeof i.tool_name === "string" ? i.tool_name : undefined;
  if (toolName) return `${c.event}-${toolName}-${(id && labels.get(id)) ?? "other"}`;
  switch (c.event) {
    case "SessionStart":
      return `SessionStart-${i.source}`;
    case "PreCompact":
    case "PostCompact":
      return `${c.event}-${i.trigger}`;
    case "SessionEnd":
      return `SessionEnd-${i.reason}`;
    case "SubagentStart":
    case "SubagentStop":
      // Compaction runs as a forked agent with an empty agent_type.
      return `${c.event}-${i.agent_type || "compaction"}`;
    case "PostToolBatch": {
      const calls = (i.tool_calls as { tool_name: string; tool_use_id: string }[] | undefined) ?? [];
      if (calls.length > 1) return "PostToolBatch-parallel";
      const first = calls[0];
      return `PostToolBatch-${first?.tool_name ?? "none"}-${(first && labels.get(first.tool_use_id)) ?? "other"}`;
    }
    default:
      return `${c.event}-basic`;
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const written = new Map<string, LoggedHookCall>();
const counts = new Map<string, number>();
for (const c of hook.calls()) {
  const name = caseOf(c);
  counts.set(name, (counts.get(name) ?? 0) + 1);
  if (!written.has(name)) written.set(name, c);
}
for (const [name, c] of written)
  writeFileSync(join(OUT_DIR, `${name}.json`), `${JSON.stringify(c.input, null, 2)}\n`);
for (const f of readdirSync(OUT_DIR)) {
  if (f.endsWith(".json") && !written.has(f.slice(0, -5)))
    process.stderr.write(`not regenerated (stale?): ${f}\n`);
}

const mainCount = api.mainRequests().length;
process.stderr.write(
  `requests: ${api.requests.length} (main ${mainCount}, subagent ${api.byKind("subagent").length}, compaction ${api.compactionRequests().length}, auxiliary ${api.auxiliaryRequests().length})\n`,
);
for (const [name] of [...written].sort())
  process.stdout.write(`${name}.json${(counts.get(name) ?? 0) > 1 ? ` (${counts.get(name)} seen)` : ""}\n`);
for (const { r } of runs) if (r.exitCode !== 0) process.exitCode = 1;
await api.close();
sb.cleanup();
