// The soak, as a long-lived install sees it: many hook events through `cairn serve`
// (and some through command hooks), with a small retention cap so retention prunes
// all along. Reports per-event-type latency (p50/p95/p99) for both transports, the
// server's RSS (first/max/last sample), the database against its cap, and how many
// ids announced to the model were later given to another output (must be 0).
// Reduced scale by default; BENCH_SOAK_EVENTS=20000 BENCH_SOAK_COMMAND=1000 for the
// issue's figures. Run alone: npx node bench/soak.ts
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_ARGS, serverEnv } from "../src/transports/server-process.ts";
import { ms, quantile, table } from "./lib/stats.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = process.env.CAIRN_BUNDLE ?? join(REPO, "dist", "cairn.cjs");
const CAPTURE_ROOT = "/tmp/cairn-hook-capture";
const HTTP_EVENTS = Number(process.env.BENCH_SOAK_EVENTS) || 2000;
const COMMAND_EVENTS = Number(process.env.BENCH_SOAK_COMMAND) || 100;
const CAP_MB = Number(process.env.BENCH_SOAK_CAP_MB) || 16;
/** Events per session before the next one starts. */
const SESSION_EVENTS = 400;

type Kind = "SessionStart" | "UserPromptSubmit" | "PreToolUse" | "PostToolUse" | "Stop";

const corpus = (() => {
  const out: string[] = [];
  for (const dir of ["outputs", "outputs-extra"])
    for (const f of readdirSync(join(REPO, "test/fixtures", dir)).sort())
      if (f.endsWith(".txt")) out.push(readFileSync(join(REPO, "test/fixtures", dir, f), "utf8"));
  return out;
})();

function home(root: string): NodeJS.ProcessEnv {
  const cairn = join(root, "home", ".cairn");
  mkdirSync(cairn, { recursive: true });
  mkdirSync(join(root, "project"), { recursive: true });
  writeFileSync(join(cairn, "config.yaml"), `retention:\n  max_mb: ${CAP_MB}\n  every_min: 1\n`);
  return {
    ...process.env,
    HOME: join(root, "home"),
    CLAUDE_PROJECT_DIR: join(root, "project"),
    CAIRN_TRACE: "",
  };
}

/** The n-th event of the stream: a session start, then prompt, Bash call and result rounds, a Stop every few. */
function event(root: string, n: number): { kind: Kind; body: string; toolUseId?: string } {
  const fixture = (f: string) =>
    JSON.parse(
      readFileSync(join(REPO, "test/fixtures/hook-inputs", f), "utf8").replaceAll(CAPTURE_ROOT, root),
    );
  const session = `50a50000-0000-4000-8000-${String(Math.floor(n / SESSION_EVENTS)).padStart(12, "0")}`;
  const i = n % SESSION_EVENTS;
  const round = Math.floor((i - 1) / 4);
  const step = i === 0 ? -1 : (i - 1) % 4;
  const kind: Kind =
    step === -1
      ? "SessionStart"
      : (["UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"] as const)[step]!;
  const base =
    kind === "SessionStart"
      ? fixture("SessionStart-startup.json")
      : kind === "UserPromptSubmit"
        ? fixture("UserPromptSubmit-basic.json")
        : kind === "PreToolUse"
          ? fixture("PreToolUse-Bash-small.json")
          : kind === "PostToolUse"
            ? fixture("PostToolUse-Bash-small.json")
            : fixture("Stop-basic.json");
  base.session_id = session;
  const toolUseId = `toolu_soak_${n}`;
  if (kind === "PreToolUse" || kind === "PostToolUse") {
    base.tool_use_id = toolUseId;
    base.tool_input.command = `./check ${round}`;
  }
  if (kind === "PostToolUse") base.tool_response.stdout = corpus[n % corpus.length];
  return { kind, body: JSON.stringify(base), ...(kind === "PostToolUse" ? { toolUseId } : {}) };
}

const freePort = () =>
  new Promise<number>((res) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });

function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/);
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

const ANNOUNCED = /\[cairn #(\d+)/g;

interface Run {
  readonly times: Map<Kind, number[]>;
  /** id → the tool call whose output it was announced for. */
  readonly announced: Map<number, string>;
  readonly failures: number;
}

function record(run: Run, kind: Kind, ms: number, answer: string, toolUseId: string | undefined): void {
  run.times.get(kind)?.push(ms) ?? run.times.set(kind, [ms]);
  if (toolUseId) for (const m of answer.matchAll(ANNOUNCED)) run.announced.set(Number(m[1]), toolUseId);
}

async function httpRun(root: string, env: NodeJS.ProcessEnv): Promise<Run & { rss: number[] }> {
  const port = await freePort();
  // Started as cairn starts it in the background (src/transports/server-process.ts).
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, BUNDLE, "serve", "--port", String(port)],
    {
      env: serverEnv(env),
      stdio: "ignore",
    },
  );
  let secret = "";
  for (let i = 0; i < 200 && !secret; i++) {
    try {
      secret = JSON.parse(readFileSync(join(env.HOME!, ".cairn", "install", "http.json"), "utf8")).secret;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const postOnce = (kind: Kind, body: string) =>
    new Promise<{ ms: number; text: string; status: number }>((res, rej) => {
      const t = performance.now();
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: `/cairn/hook/${kind}`,
          method: "POST",
          agent,
          headers: { "x-cairn-secret": secret },
        },
        (r) => {
          let text = "";
          r.setEncoding("utf8").on("data", (c) => (text += c));
          r.on("end", () => res({ ms: performance.now() - t, text, status: r.statusCode ?? 0 }));
        },
      );
      req.on("error", rej);
      req.end(body);
    });
  const post = (kind: Kind, body: string) => postOnce(kind, body).catch(() => postOnce(kind, body));
  for (let i = 0; i < 200; i++) {
    try {
      await post("Stop", "{}");
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const run = {
    times: new Map<Kind, number[]>(),
    announced: new Map<number, string>(),
    failures: 0,
    rss: [] as number[],
  };
  run.rss.push(rssMb(child.pid!));
  for (let n = 0; n < HTTP_EVENTS; ) {
    // Bursts: the Bash rounds of a few parallel tool calls arrive together.
    const burst = Array.from({ length: Math.min(4, HTTP_EVENTS - n) }, (_, k) => event(root, n + k));
    const answers = await Promise.all(burst.map((e) => post(e.kind, e.body)));
    answers.forEach((a, k) => {
      if (a.status !== 200) run.failures += 1;
      record(run, burst[k]!.kind, a.ms, a.text, burst[k]!.toolUseId);
    });
    n += burst.length;
    if (Math.floor(n / 250) !== Math.floor((n - burst.length) / 250)) run.rss.push(rssMb(child.pid!));
  }
  run.rss.push(rssMb(child.pid!));
  agent.destroy();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  return run;
}

function commandRun(root: string, env: NodeJS.ProcessEnv): Run {
  const run = { times: new Map<Kind, number[]>(), announced: new Map<number, string>(), failures: 0 };
  for (let n = 0; n < COMMAND_EVENTS; n++) {
    const e = event(root, n);
    const t = performance.now();
    const r = spawnSync(process.execPath, [BUNDLE, "hook", e.kind], { input: e.body, env, encoding: "utf8" });
    if (r.status !== 0) run.failures += 1;
    record(run, e.kind, performance.now() - t, r.stdout ?? "", e.toolUseId);
  }
  return run;
}

/** Ids announced for one tool call whose row now belongs to another: a reused id. */
function reusedIds(db: DatabaseSync, announced: Map<number, string>): number {
  const row = db.prepare("SELECT tool_use_id FROM outputs WHERE id = ?");
  let reused = 0;
  for (const [id, toolUseId] of announced) {
    const r = row.get(id) as { tool_use_id: string } | undefined;
    if (r && r.tool_use_id !== toolUseId) reused += 1;
  }
  return reused;
}

function dbFigures(envHome: string): {
  usedMb: number;
  fileMb: number;
  rows: number;
  pruned: number;
  db: DatabaseSync;
} {
  const db = new DatabaseSync(join(envHome, ".cairn", "cairn.db"), { readOnly: true });
  const one = (sql: string) => Number(Object.values(db.prepare(sql).get() as Record<string, number>)[0]);
  const page = one("PRAGMA page_size");
  return {
    usedMb: ((one("PRAGMA page_count") - one("PRAGMA freelist_count")) * page) / 1048576,
    fileMb: (one("PRAGMA page_count") * page) / 1048576,
    rows: one("SELECT count(*) FROM outputs"),
    pruned: one("SELECT count(*) FROM outputs WHERE pruned_at IS NOT NULL"),
    db,
  };
}

export async function benchSoak(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const root = mkdtempSync(join(tmpdir(), "cairn-soak-"));
  try {
    const httpRoot = join(root, "http");
    const cmdRoot = join(root, "command");
    const httpEnv = home(httpRoot);
    const cmdEnv = home(cmdRoot);
    const h = await httpRun(httpRoot, httpEnv);
    const c = commandRun(cmdRoot, cmdEnv);
    const hd = dbFigures(httpEnv.HOME!);
    const cd = dbFigures(cmdEnv.HOME!);
    const reused = reusedIds(hd.db, h.announced) + reusedIds(cd.db, c.announced);
    hd.db.close();
    cd.db.close();
    const kinds: Kind[] = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];
    const rows: string[][] = [];
    const summary: Record<string, number> = {};
    for (const [name, run] of [
      ["http", h],
      ["command", c],
    ] as const) {
      for (const k of kinds) {
        const xs = run.times.get(k) ?? [];
        if (xs.length === 0) continue;
        const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(xs, q));
        rows.push([name, k, String(xs.length), ms(p50!), ms(p95!), ms(p99!)]);
        summary[`${name}.${k}.p50_ms`] = p50!;
        summary[`${name}.${k}.p99_ms`] = p99!;
      }
    }
    const rssFirst = h.rss[0]!;
    const rssMax = Math.max(...h.rss);
    const rssLast = h.rss.at(-1)!;
    Object.assign(summary, {
      http_events: HTTP_EVENTS,
      command_events: COMMAND_EVENTS,
      rss_first_mb: rssFirst,
      rss_max_mb: rssMax,
      rss_last_mb: rssLast,
      db_used_mb: hd.usedMb,
      cap_mb: CAP_MB,
      reused_ids: reused,
      failures: h.failures + c.failures,
    });
    const markdown = [
      "## Soak: a long-lived install",
      "",
      `${HTTP_EVENTS} hook events through \`cairn serve\` (bursts of 4) and ${COMMAND_EVENTS} through command hooks, sessions of ${SESSION_EVENTS} events (prompt, Bash call, its real output from the corpus, Stop), retention cap ${CAP_MB} MB. Times in ms. \`BENCH_SOAK_EVENTS=20000 BENCH_SOAK_COMMAND=1000 npx node bench/soak.ts\` runs the issue's scale.`,
      "",
      table(["transport", "event", "n", "p50", "p95", "p99"], rows),
      "",
      table(
        ["figure", "value"],
        [
          [
            "server RSS first / max / last",
            `${rssFirst.toFixed(0)} / ${rssMax.toFixed(0)} / ${rssLast.toFixed(0)} MB`,
          ],
          [
            "database data (http) against the cap",
            `${hd.usedMb.toFixed(1)} MB of ${CAP_MB} MB (file ${hd.fileMb.toFixed(1)} MB; ${hd.rows} records, ${hd.pruned} pruned)`,
          ],
          ["database data (command)", `${cd.usedMb.toFixed(1)} MB (${cd.rows} records)`],
          ["ids announced", String(h.announced.size + c.announced.size)],
          ["announced ids given to another output", String(reused)],
          ["non-200 answers / failed hook processes", String(h.failures + c.failures)],
        ],
      ),
    ].join("\n");
    return { markdown, summary };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSoak();
  console.log(r.markdown);
}
