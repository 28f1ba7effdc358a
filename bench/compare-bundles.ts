// Two (or more) builds of cairn side by side on the PostToolUse filing of a 50 KB Bash
// output, in CPU time (user + sys of the hook process, from bash's `time`), which a
// loaded machine disturbs far less than wall time. Rounds interleave the builds and
// bare `node -e 0`; each build has its own sandbox with a real transcript, so the
// ledger reads as in a session. Medians are reported.
//
//   node scripts/build.mjs /tmp/a && git stash && node scripts/build.mjs /tmp/b && git stash pop
//   RUNS=30 npx node bench/compare-bundles.ts /tmp/a/cairn.cjs /tmp/b/cairn.cjs
import { spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./lib/stats.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CAPTURE_ROOT = "/tmp/cairn-hook-capture";

interface Box {
  readonly root: string;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** The next PostToolUse: a new tool call with a new 50 KB output, its tool_use already in the transcript. */
  input(): string;
}

function sandbox(): Box {
  const root = mkdtempSync(join(tmpdir(), "cairn-compare-"));
  const fixture = readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8");
  const post = JSON.parse(fixture.replaceAll(CAPTURE_ROOT, root));
  const output = readFileSync(join(REPO, "test/fixtures/outputs/log-nginx-access.txt"), "utf8")
    .slice(0, 50 * 1024)
    .split("\n");
  const transcript = post.transcript_path as string;
  mkdirSync(dirname(transcript), { recursive: true });
  copyFileSync(join(REPO, "test/fixtures/transcripts/tools-session.jsonl"), transcript);
  const cwd = join(root, "project");
  mkdirSync(cwd, { recursive: true });
  let calls = 0;
  return {
    root,
    cwd,
    env: { ...process.env, HOME: join(root, "home"), CLAUDE_PROJECT_DIR: cwd, CAIRN_TRACE: "" },
    input() {
      calls++;
      const k = calls % output.length;
      const p = structuredClone(post);
      p.tool_use_id = `toolu_compare_${calls}`;
      p.tool_input.command = `cat /var/log/nginx/access.log.${calls}`;
      p.tool_response.stdout = [...output.slice(k), ...output.slice(0, k)].join("\n");
      const use = { type: "tool_use", id: p.tool_use_id, name: "Bash", input: p.tool_input };
      const usage = {
        input_tokens: 52000,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        output_tokens: 40,
      };
      const entry = {
        type: "assistant",
        message: { id: `msg_${calls}`, role: "assistant", content: [use], usage },
      };
      appendFileSync(
        transcript,
        `${JSON.stringify({ ...entry, uuid: `u-${calls}`, timestamp: new Date().toISOString() })}\n`,
      );
      return JSON.stringify(p);
    },
  };
}

/** CPU milliseconds (user + sys) of one process, measured by bash's `time`. */
function cpuMs(args: string[], input: string, env: NodeJS.ProcessEnv, cwd: string): number {
  const script = 'TIMEFORMAT="%3U %3S"; { time "$0" "$@" >/dev/null 2>/dev/null; } 2>&1';
  const r = spawnSync("bash", ["-c", script, process.execPath, ...args], {
    input,
    env,
    cwd,
    encoding: "utf8",
  });
  const [user, sys] = r.stdout.trim().split(" ").map(Number);
  return ((user ?? Number.NaN) + (sys ?? Number.NaN)) * 1000;
}

const bundles = process.argv.slice(2).map((b) => resolve(b));
if (bundles.length === 0) {
  console.error("usage: npx node bench/compare-bundles.ts BUNDLE.cjs [BUNDLE.cjs ...]");
  process.exit(2);
}
const runs = Number(process.env.RUNS ?? 30);
const boxes = bundles.map(() => sandbox());
const cpu: number[][] = bundles.map(() => []);
const bare: number[] = [];
for (let i = -3; i < runs; i++) {
  // The first rounds warm the file cache and make each sandbox's database: not counted.
  const b = cpuMs(["-e", "0"], "", process.env, REPO);
  const t = boxes.map((box, j) => cpuMs([bundles[j]!, "hook", "PostToolUse"], box.input(), box.env, box.cwd));
  if (i < 0) continue;
  bare.push(b);
  for (const [j, ms] of t.entries()) cpu[j]!.push(ms);
}
console.log(`bare node -e 0: CPU median ${median(bare).toFixed(1)} ms (${runs} runs)`);
bundles.forEach((b, j) => {
  const m = median(cpu[j]!);
  console.log(`${b}: PostToolUse CPU median ${m.toFixed(1)} ms = ${(m / median(bare)).toFixed(2)}x bare`);
});
for (const box of boxes) rmSync(box.root, { recursive: true, force: true });
