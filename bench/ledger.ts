/**
 * The context ledger's speed on a 200 MB transcript, and the statusline's cost.
 *
 * - first read: the whole file into an empty ledger (MB/s)
 * - incremental update after one new turn: the goal is O(new bytes), under 5 ms
 *   whatever the transcript's size, so it is measured on a 1 MB and a 200 MB file
 * - a PostToolUse hook process (which catches the ledger up) next to bare node -e 0
 * - `cairn statusline` next to bare node -e 0, alone and wrapping a user command
 *
 * The transcript is synthesized at run time from real Claude Code 2.1.328 entries
 * (test/fixtures/transcripts), repeated with fresh uuids, message ids and prompt ids,
 * into a temporary file that is removed afterwards.
 *
 * Run: `npx node bench/ledger.ts` (uses dist/cairn.cjs, or CAIRN_BUNDLE).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { HookEvent } from "../src/claude/events.ts";
import { defaults } from "../src/config/schema.ts";
import { NO_DEADLINE } from "../src/core/deadline.ts";
import { createLogger } from "../src/core/log.ts";
import { cairnPaths } from "../src/core/paths.ts";
import type { HookContext } from "../src/hooks/context.ts";
import { openStore } from "../src/store/db.ts";
import { catchUpSession } from "../src/window/ledger.ts";
import { ledgerSession } from "../src/window/ledger-read.ts";
import { parts } from "../src/window/on-tool-use.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = join(REPO, "test", "fixtures");
const SESSION = "c0ffee00-0000-4000-8000-0000000000be";
const TARGET_BYTES = Number(process.env.LEDGER_BENCH_MB ?? 200) * 1024 * 1024;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A real transcript with every id made unique to repetition `k` (same session id). */
function variant(template: string, k: number, tag: string): string {
  return template
    .replace(UUID, (u) => (u.startsWith("c0ffee00") ? SESSION : fakeUuid(`${tag}${k}:${u}`)))
    .replace(/"msg_mock_(\d+)"/g, `"msg_${tag}${k}_$1"`)
    .replace(/toolu_cap_/g, `toolu_${tag}${k}_`)
    .replace(/toolu_mock_/g, `toolu_${tag}${k}m_`);
}

function fakeUuid(seed: string): string {
  const h = createHash("md5").update(seed).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** One ordinary turn from real entries: prompt, a small Bash call and its result, a closing answer. */
function oneTurnTemplate(tools: string): string {
  const lines = tools.split("\n").filter(Boolean);
  const pick = (pred: (l: string) => boolean) => lines.filter(pred);
  const chosen = [
    ...pick((l) => l.startsWith('{"type":"queue-operation"')),
    ...pick((l) => l.includes('"content":"exercise the tools"') && l.includes('"type":"user"')),
    lines.find((l) => l.startsWith('{"type":"api-request",'))!,
    ...pick((l) => l.includes('"id":"msg_mock_1"')),
    ...pick((l) => l.includes('"tool_use_id":"toolu_cap_small_bash"') && l.includes('"type":"user"')),
    lines.filter((l) => l.startsWith('{"type":"api-request",'))[1]!,
    ...pick((l) => l.includes('"id":"msg_mock_18"')),
    ...pick((l) => l.includes('"subtype":"stop_hook_summary"')),
    ...pick((l) => l.startsWith('{"type":"last-prompt"')).slice(-1),
    ...pick((l) => l.startsWith('{"type":"cost-state"')),
  ];
  return `${chosen.join("\n")}\n`;
}

function synthesize(
  path: string,
  bytes: number,
  tools: string,
  auto: string,
): { turns: number; size: number } {
  const fd = openSync(path, "w", 0o600);
  let size = 0;
  let k = 0;
  try {
    while (size < bytes) {
      // Every 40th turn compacts, as long sessions do.
      const text = k % 40 === 39 ? variant(auto, k, "a") : variant(tools, k, "t");
      size += writeSync(fd, text);
      k++;
    }
  } finally {
    closeSync(fd);
  }
  return { turns: k, size };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

/** Wall time of one process run. */
function once(cmd: string, args: string[], input: string, env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { input, env, encoding: "utf8" });
  const dt = performance.now() - t;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr}`);
  return dt;
}

interface Paired {
  /** Median of the reference process (bare node). */
  readonly base: number;
  /** Median of the process measured. */
  readonly run: number;
  /** Median of the per-pair differences: what the process adds to bare node, noise paired away. */
  readonly added: number;
}

/**
 * Runs the reference and the measured process alternately, so that the machine's
 * noise (shared, 2 cores) falls on both alike; `before` runs ahead of each measured run.
 */
function paired(
  base: () => number,
  run: () => number,
  runs: number,
  before: (i: number) => void = () => {},
): Paired {
  const b: number[] = [];
  const r: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const tb = base();
    before(i);
    const tr = run();
    if (i >= 2) {
      b.push(tb);
      r.push(tr);
    }
  }
  return { base: median(b), run: median(r), added: median(r.map((x, i) => x - b[i]!)) };
}

async function incremental(
  dbPath: string,
  path: string,
  turn: string,
  runs: number,
): Promise<{ median: number; p95: number; bytes: number; idle: number }> {
  const store = await openStore(dbPath);
  try {
    catchUpSession(store, SESSION, path);
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      appendFileSync(path, variant(turn, 100_000 + i, "n"));
      const t = performance.now();
      const s = catchUpSession(store, SESSION, path);
      times.push(performance.now() - t);
      bytes = s.bytes;
    }
    const idle: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      catchUpSession(store, SESSION, path);
      idle.push(performance.now() - t);
    }
    return { median: median(times), p95: p95(times), bytes, idle: median(idle) };
  } finally {
    store.close();
  }
}

/** The context monitor's PostToolUse part alone, in-process, with the store open as a hook has it. */
async function partTime(
  home: string,
  dbPath: string,
  path: string,
  turn: string,
  runs: number,
): Promise<number> {
  const store = await openStore(dbPath);
  const paths = cairnPaths(join(home, ".cairn"));
  const ctx: HookContext = {
    paths,
    config: defaults(),
    log: createLogger(paths),
    projectDir: home,
    env: process.env,
    store: async () => store,
    now: Date.now,
    deadline: NO_DEADLINE,
    self: { command: process.execPath, args: ["cairn.cjs"] },
    cli: () => `${process.execPath} cairn.cjs`,
    afterAnswer: () => {},
  };
  const post = JSON.parse(readFileSync(join(FIXTURES, "hook-inputs", "PostToolUse-Bash-small.json"), "utf8"));
  const event = {
    ...post,
    session_id: SESSION,
    transcript_path: path,
    cwd: home,
  } as HookEvent<"PostToolUse">;
  const part = parts.PostToolUse!;
  try {
    await part.run(event, ctx, {}); // loads the lazily imported modules once
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      appendFileSync(path, variant(turn, 300_000 + i, "p"));
      // The hook is about the tool call of the turn just written, as in a real session.
      const now = { ...event, tool_use_id: `toolu_p${300_000 + i}_small_bash` };
      const t = performance.now();
      await part.run(now, ctx, {});
      times.push(performance.now() - t);
    }
    return median(times);
  } finally {
    store.close();
  }
}

export async function benchLedger(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const tools = readFileSync(join(FIXTURES, "transcripts", "tools-session.jsonl"), "utf8");
  const auto = readFileSync(join(FIXTURES, "transcripts", "autocompact-session.jsonl"), "utf8");
  const turn = oneTurnTemplate(tools);
  const dir = mkdtempSync(join(tmpdir(), "cairn-bench-ledger-"));
  const home = join(dir, "home");
  mkdirSync(join(home, ".cairn"), { recursive: true });
  try {
    // A small transcript, and the big one.
    const small = join(dir, "small.jsonl");
    synthesize(small, 1024 * 1024, tools, auto);
    const smallInc = await incremental(join(dir, "small.db"), small, turn, 50);

    const big = join(dir, "home", ".claude", "projects", "p", `${SESSION}.jsonl`);
    mkdirSync(dirname(big), { recursive: true });
    const gen = synthesize(big, TARGET_BYTES, tools, auto);
    const dbPath = join(home, ".cairn", "cairn.db");
    const store = await openStore(dbPath);
    let firstMs: number;
    let responses: number;
    try {
      const t = performance.now();
      catchUpSession(store, SESSION, big);
      firstMs = performance.now() - t;
      responses = (store.db.prepare("SELECT count(*) AS n FROM ledger_responses").get() as { n: number }).n;
      if (!ledgerSession(store, SESSION)?.contextTokens) throw new Error("the ledger found no context");
    } finally {
      store.close();
    }
    const bigInc = await incremental(dbPath, big, turn, 50);
    const part = await partTime(home, dbPath, big, turn, 30);
    const turnBytes = Buffer.byteLength(variant(turn, 0, "n"));

    // Processes: bare node, the PostToolUse hook on the big transcript, the statusline.
    const bundle = process.env.CAIRN_BUNDLE ?? join(REPO, "dist", "cairn.cjs");
    if (!existsSync(bundle))
      throw new Error(`no bundle at ${bundle}: run npm run build (or set CAIRN_BUNDLE)`);
    const env = { ...process.env, HOME: home, CAIRN_HOME: "", NO_COLOR: "1", CLAUDE_PROJECT_DIR: "" };
    const runs = 15;
    const bare = () => once(process.execPath, ["-e", "0"], "", env);
    const post = JSON.parse(
      readFileSync(join(FIXTURES, "hook-inputs", "PostToolUse-Bash-small.json"), "utf8"),
    );
    // Each hook run first meets one new turn in the 200 MB transcript, and is about that
    // turn's tool call (its tool_use entry is there, as Claude Code writes it first).
    let postInput = "";
    const hook = paired(
      bare,
      () => once(process.execPath, [bundle, "hook", "PostToolUse"], postInput, env),
      runs,
      (i) => {
        appendFileSync(big, variant(turn, 200_000 + i, "h"));
        postInput = JSON.stringify({
          ...post,
          session_id: SESSION,
          transcript_path: big,
          cwd: dir,
          tool_use_id: `toolu_h${200_000 + i}_small_bash`,
        });
      },
    );
    const statuslineInput = readFileSync(
      join(FIXTURES, "claude-code-captures", "statusline-stdin.jsonl"),
      "utf8",
    )
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((x) => x.context_window?.used_percentage === 35);
    const slInput = JSON.stringify({ ...statuslineInput, session_id: SESSION });
    const statusline = paired(bare, () => once(process.execPath, [bundle, "statusline"], slInput, env), runs);
    // With a user statusline saved at install (the record cairn install writes).
    mkdirSync(join(home, ".cairn", "install"), { recursive: true });
    appendFileSync(
      join(home, ".cairn", "install", "user.json"),
      JSON.stringify({
        version: 1,
        scope: "user",
        userStatusLine: { type: "command", command: "echo mine" },
      }),
    );
    const echo = () => once("/bin/sh", ["-c", "echo mine"], "", env);
    const statuslineUser = paired(
      () => bare() + echo(),
      () => once(process.execPath, [bundle, "statusline"], slInput, env),
      runs,
    );

    const mb = gen.size / 1024 / 1024;
    const summary: Record<string, number> = {
      transcript_mb: Math.round(mb * 10) / 10,
      first_read_ms: Math.round(firstMs),
      first_read_mb_per_s: Math.round((mb / firstMs) * 1000),
      incremental_1turn_ms_200mb: round2(bigInc.median),
      incremental_1turn_p95_ms_200mb: round2(bigInc.p95),
      incremental_1turn_ms_1mb: round2(smallInc.median),
      incremental_bytes_read: bigInc.bytes,
      monitor_part_ms: round2(part),
      no_change_check_ms: round2(bigInc.idle),
      node_bare_ms: round2(statusline.base),
      hook_posttooluse_ms: round2(hook.run),
      hook_posttooluse_added_ms: round2(hook.added),
      statusline_ms: round2(statusline.run),
      statusline_added_ms: round2(statusline.added),
      statusline_with_user_cmd_ms: round2(statuslineUser.run),
      statusline_with_user_cmd_added_ms: round2(statuslineUser.added),
    };
    const markdown = [
      "## Context ledger",
      "",
      `Synthesized transcript: ${mb.toFixed(1)} MB, ${gen.turns} turns of real Claude Code 2.1.328 entries (every 40th compacts), ${responses} API responses. One new turn = ${turnBytes} bytes.`,
      "",
      "| measurement | result |",
      "|---|---|",
      `| first read of ${mb.toFixed(0)} MB | ${Math.round(firstMs)} ms (${summary.first_read_mb_per_s} MB/s) |`,
      `| incremental update after 1 new turn, ${mb.toFixed(0)} MB transcript | median ${ms(bigInc.median)}, p95 ${ms(bigInc.p95)} (read ${bigInc.bytes} bytes) |`,
      `| incremental update after 1 new turn, 1 MB transcript | median ${ms(smallInc.median)}, p95 ${ms(smallInc.p95)} |`,
      `| catch-up with nothing new (fingerprint check) | ${ms(bigInc.idle)} |`,
      `| the PostToolUse context-monitor part in-process, after 1 new turn (catch-up, usage, debounce, statusline summary) | median ${ms(part)} |`,
      "",
      `Processes (median of ${runs} runs, each alternated with its reference so the machine's noise falls on both):`,
      "",
      "| process | median | reference | added (median of pairs) |",
      "|---|---|---|---|",
      `| \`cairn hook PostToolUse\`, one new turn in the ${mb.toFixed(0)} MB transcript | ${ms(hook.run)} | node -e 0: ${ms(hook.base)} | ${ms(hook.added)} |`,
      `| \`cairn statusline\` (no user statusline) | ${ms(statusline.run)} | node -e 0: ${ms(statusline.base)} | ${ms(statusline.added)} |`,
      `| \`cairn statusline\` wrapping \`echo mine\` | ${ms(statuslineUser.run)} | node -e 0 + sh -c 'echo mine': ${ms(statuslineUser.base)} | ${ms(statuslineUser.added)} |`,
      "",
      "Goal: an incremental update costs O(new bytes), under 5 ms for one new turn whatever the transcript's size.",
    ].join("\n");
    return { markdown, summary };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { markdown, summary } = await benchLedger();
  process.stdout.write(`${markdown}\n\n${JSON.stringify(summary, null, 2)}\n`);
}
