// A failing command whose 64 MB output is hostile to the masker (`://` or `key=`
// repeated, a few MB/s where plain text runs at a hundred and more): the PostToolUse
// hook must answer within hook.budget_ms (default 4,000 ms) and state the exit status
// (review 2026-11-28, finding 8). Paired, round by round, with a bare `node -e 0`, so
// the machine's noise hits both; medians and the slowest run are reported.
// Run alone: npx node bench/budget.ts   (BENCH_RUNS=N, default 5)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { median, ms, ratio, table } from "./lib/stats.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = process.env.CAIRN_BUNDLE ?? join(REPO, "dist", "cairn.cjs");
/** Just under the 64 MB that the hook reads whole (exit-trap/persisted-output.ts); past it only the tail is read. */
const SIZE = 64 * 1024 * 1024 - 4096;
const BUDGET_MS = 4000;
const SID = "b0d9e7a1-0000-4000-8000-000000000064";
const KINDS = [
  { name: "`://` repeated", unit: "://" },
  { name: "`key=` repeated", unit: "key=" },
  { name: "plain log lines", unit: "GET /api/v1/items?page=2 200 12ms\n" },
];

interface Timed {
  /** Until the answer's first byte on stdout. */
  readonly answerMs: number;
  /** Until the process exited. */
  readonly exitMs: number;
  readonly stdout: string;
}

function timed(args: string[], input: string, env: NodeJS.ProcessEnv): Promise<Timed> {
  return new Promise((res, rej) => {
    const t = performance.now();
    let answerMs = Number.NaN;
    let stdout = "";
    const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (!stdout) answerMs = performance.now() - t;
      stdout += d;
    });
    child.on("error", rej);
    child.on("close", () =>
      res({
        answerMs: Number.isNaN(answerMs) ? performance.now() - t : answerMs,
        exitMs: performance.now() - t,
        stdout,
      }),
    );
    child.stdin.end(input);
  });
}

/** A sandbox HOME whose session spilled a failing command's 64 MB output, the trap's marker at its end. */
function sandbox(unit: string): { root: string; env: NodeJS.ProcessEnv; input: (n: number) => string } {
  const root = mkdtempSync(join(tmpdir(), "cairn-bench-budget-"));
  const home = join(root, "home");
  const project = join(root, "project");
  mkdirSync(project, { recursive: true });
  const env = { ...process.env, HOME: home, CAIRN_HOME: "", CLAUDE_PROJECT_DIR: project, CAIRN_TRACE: "" };
  // The session's nonce, as SessionStart would issue it.
  const startup = JSON.parse(
    readFileSync(join(REPO, "test/fixtures/hook-inputs/SessionStart-startup.json"), "utf8"),
  );
  const projects = join(home, ".claude", "projects", "-bench-project");
  const transcript = join(projects, `${SID}.jsonl`);
  mkdirSync(join(projects, SID, "tool-results"), { recursive: true });
  writeFileSync(transcript, "");
  const envFile = join(root, "env.sh");
  writeFileSync(envFile, "");
  const start = { ...startup, session_id: SID, transcript_path: transcript, cwd: project };
  const ss = spawnSyncHook(["hook", "SessionStart"], JSON.stringify(start), {
    ...env,
    CLAUDE_ENV_FILE: envFile,
  });
  const nonce = /\[cairn-exit ([0-9a-f]+) %s\]/.exec(readFileSync(envFile, "utf8"))?.[1];
  if (!nonce) throw new Error(`SessionStart put no trap in the env file (${ss})`);
  const output = unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);
  const spill = join(projects, SID, "tool-results", "bbench64m.txt");
  writeFileSync(spill, `${output}\n\n[cairn-exit ${nonce} 6]\n`);
  const post = JSON.parse(
    readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
  );
  return {
    root,
    env,
    input: (n) =>
      JSON.stringify({
        ...post,
        session_id: SID,
        transcript_path: transcript,
        cwd: project,
        tool_use_id: `toolu_budget_${n}`,
        tool_input: { command: "python3 gen.py; exit 6" },
        tool_response: {
          stdout: output.slice(0, 30_000),
          stderr: "",
          interrupted: false,
          isImage: false,
          noOutputExpected: false,
          persistedOutputPath: spill,
          persistedOutputSize: SIZE + 60,
        },
      }),
  };
}

function spawnSyncHook(args: string[], input: string, env: NodeJS.ProcessEnv): string {
  const r = spawnSync(process.execPath, [BUNDLE, ...args], { input, env, encoding: "utf8" });
  return `${r.status} ${r.stderr}`;
}

export async function benchBudget(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const rows: string[][] = [];
  const summary: Record<string, number> = {};
  for (const kind of KINDS) {
    const sb = sandbox(kind.unit);
    try {
      const bare: number[] = [];
      const answer: number[] = [];
      const exit: number[] = [];
      const ratios: number[] = [];
      let stated = 0;
      let filed = 0;
      for (let i = 0; i < runs; i++) {
        const b = await timed(["-e", "0"], "", sb.env);
        const c = await timed([BUNDLE, "hook", "PostToolUse"], sb.input(i), sb.env);
        const stdout = String(JSON.parse(c.stdout).hookSpecificOutput?.updatedToolOutput?.stdout ?? "");
        if (stdout.startsWith("Exit code 6\n")) stated += 1;
        if (/^Exit code 6\n\[cairn #\d+/.test(stdout)) filed += 1;
        bare.push(b.exitMs);
        answer.push(c.answerMs);
        exit.push(c.exitMs);
        ratios.push(c.answerMs / b.exitMs);
      }
      const key = kind.unit.trim().replace(/[^a-z]/g, "") || "colonslash";
      summary[`${key}_answer_ms`] = median(answer);
      summary[`${key}_max_answer_ms`] = Math.max(...answer);
      summary[`${key}_stated`] = stated / runs;
      rows.push([
        kind.name,
        ms(median(bare)),
        ms(median(answer)),
        ms(Math.max(...answer)),
        ms(median(exit)),
        ratio(median(ratios), 1),
        `${stated}/${runs}`,
        `${filed}/${runs}`,
      ]);
    } finally {
      rmSync(sb.root, { recursive: true, force: true });
    }
  }
  const markdown = [
    "## PostToolUse on a 64 MB failing output within hook.budget_ms",
    "",
    `A failing command's 64 MB output, spilled by Claude Code, through \`cairn hook PostToolUse\` with the default budget (${BUDGET_MS} ms), paired round by round with a bare \`node -e 0\` (${runs} rounds; times in ms, medians unless marked). "answer" is the first byte of the hook's answer; "exit" the process's end (the event's record is written after the answer). "status stated": the answer starts with \`Exit code 6\`; "filed": it is also an excerpt of the stored original (else Claude Code's own output, with the status, went to the model and the log says why).`,
    "",
    table(
      [
        "output",
        "bare node",
        "answer",
        "answer, slowest",
        "exit",
        "answer / bare node",
        "status stated",
        "filed",
      ],
      rows,
    ),
  ].join("\n");
  return { markdown, summary };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchBudget();
  process.stdout.write(`${r.markdown}\n`);
}
