/**
 * Team memory on PostgreSQL (a real server: a fresh cluster on a free loopback port,
 * as the tests start it):
 * - fifty machines (processes with their own cairn homes, test/helpers/team-fleet.ts)
 *   pushing and pulling one project at once, with retries and a server restart in the
 *   middle: records lost and duplicated, counted by id; push and pull times; then the
 *   full-text search over the 100,000 records they made;
 * - push of 10,000 records from one machine's outbox, and pull of them into another
 *   machine's store; then a sync with nothing new (what every later turn costs);
 * - SessionStart and Stop hooks (the built bundle, as Claude Code runs them) with team
 *   memory off, on with the server up (10,000 records pulled locally), and on with the
 *   server down, interleaved round by round.
 *
 * Record texts are lines of the real outputs in test/fixtures/outputs. Standalone:
 * `npm run build && npx node bench/team.ts` (BENCH_ONLY_TEAM=fleet for the fleet alone).
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { defaults } from "../src/config/schema.ts";
import { cairnPaths } from "../src/core/paths.ts";
import { openStore } from "../src/store/db.ts";
import { runningSyncs } from "../src/team/background.ts";
import { connect } from "../src/team/client.ts";
import { enqueue } from "../src/team/collect.ts";
import { answerConsent } from "../src/team/consent.ts";
import { machineIdentity } from "../src/team/identity.ts";
import { type RecordKind, recordId, type TeamRecord } from "../src/team/records.ts";
import { searchTeam } from "../src/team/search.ts";
import { syncOnce } from "../src/team/sync.ts";
import { freePort, PG_MISSING, pgBinDir, startPostgres } from "../test/helpers/postgres.ts";
import { runFleet } from "../test/helpers/team-fleet.ts";
import { median, ms, p95, quantile, table } from "./lib/stats.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CAIRN = join(REPO, "dist", "cairn.cjs");
const RECORDS = Number(process.env.BENCH_TEAM_RECORDS ?? 10_000);
const MACHINES = Number(process.env.BENCH_TEAM_MACHINES ?? 50);
const FLEET_RECORDS = Number(process.env.BENCH_TEAM_FLEET_RECORDS ?? 2000);
const FLEET_CHUNKS = 4;
/** A hang detector for the whole fleet, not a result: far past what the run takes on a loaded 2-core machine. */
const FLEET_LIMIT_MS = 40 * 60_000;
const SEARCH_QUERIES = 60;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 12);
const PROJECT = "example.org/bench/team";

function realLines(): string[] {
  const dir = join(REPO, "test", "fixtures", "outputs");
  const lines: string[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".txt"))
    .sort())
    for (const l of readFileSync(join(dir, f), "utf8").split("\n"))
      if (l.trim().length > 20) lines.push(l.trim());
  return lines;
}

function makeRecords(n: number): TeamRecord[] {
  const lines = realLines();
  const kinds: RecordKind[] = ["turn", "turn", "turn", "summary", "decision", "dead-end"];
  const base = Date.now() - n * 1000;
  return Array.from({ length: n }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    const text = [lines[i % lines.length], lines[(i * 7 + 3) % lines.length]].join(" ");
    return {
      id: recordId(PROJECT, kind, `bench:${i}`),
      project: PROJECT,
      kind,
      machine: "bench-a",
      machineId: "bench-machine-a",
      user: "alice",
      session: `bench-session-${Math.floor(i / 200)}`,
      at: base + i * 1000,
      text,
      meta: kind === "turn" ? { role: i % 2 ? "assistant" : "user" } : null,
    };
  });
}

function hookOnce(event: string, input: string, env: NodeJS.ProcessEnv, cwd: string): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, [CAIRN, "hook", event], {
    input,
    env,
    cwd,
    stdio: ["pipe", "pipe", "ignore"],
  });
  const took = performance.now() - t;
  if (r.status !== 0) throw new Error(`cairn hook ${event} exited ${r.status}`);
  return took;
}

/**
 * A loopback port that never answers a connection: a socket that listens with a
 * backlog of one and never accepts, its queue filled, so the kernel drops every further
 * SYN as a blackholed address would. Python's socket module can listen without
 * accepting (Node's server always accepts); without python3 the variant is left out.
 */
async function blackhole(): Promise<{ port: number; stop(): void } | undefined> {
  const script = [
    "import socket, sys",
    "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(0)",
    "port = s.getsockname()[1]; fill = []",
    "for _ in range(4):",
    "    c = socket.socket(); c.setblocking(False); c.connect_ex(('127.0.0.1', port)); fill.append(c)",
    "print(port, flush=True)",
    "sys.stdin.read()",
  ].join("\n");
  const child = spawn("python3", ["-c", script], { stdio: ["pipe", "pipe", "ignore"] });
  const port = await new Promise<number>((resolve) => {
    child.once("error", () => resolve(0));
    child.once("exit", () => resolve(0));
    child.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()) || 0));
  });
  if (!port) {
    child.kill();
    return undefined;
  }
  return { port, stop: () => child.kill() };
}

async function settle(home: string): Promise<void> {
  const paths = cairnPaths(join(home, ".cairn"));
  const until = Date.now() + 60_000;
  while (runningSyncs(paths).length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

/** Words of the corpus, one or two a query, as someone would search for an error or a name. */
function searchQueries(n: number): string[] {
  const words = [
    ...new Set(
      realLines()
        .join(" ")
        .split(/[^A-Za-z]+/)
        .filter((w) => w.length >= 5 && w.length <= 14),
    ),
  ];
  const step = Math.max(1, Math.floor(words.length / n));
  return Array.from({ length: n }, (_, i) =>
    i % 3 === 2
      ? `${words[(i * step) % words.length]} ${words[(i * step + 7) % words.length]}`
      : words[(i * step) % words.length]!,
  );
}

/**
 * Fifty machines, one project, one server restarted halfway: what reached the server
 * and every machine, by record id, and how long pushing, pulling and searching took.
 */
async function benchFleet(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const f = await runFleet({
    machines: MACHINES,
    records: FLEET_RECORDS,
    chunks: FLEET_CHUNKS,
    restartAfterChunk: FLEET_CHUNKS / 2,
    limitMs: FLEET_LIMIT_MS,
  });
  try {
    const complete = MACHINES - f.incomplete.length;
    const pushMs = f.reports.flatMap((r) => r.pushRounds.map((p) => p.ms));
    const pushRate = f.reports.flatMap((r) => r.pushRounds.map((p) => p.records / (p.ms / 1000)));
    const pullAll = f.reports.map((r) => r.pullAllMs);
    const retries = f.reports.reduce((n, r) => n + r.retries, 0);
    const sql = await connect(f.pg.url());
    const search: number[] = [];
    let hits = 0;
    try {
      const queries = searchQueries(SEARCH_QUERIES);
      await searchTeam(sql, { project: f.project, query: queries[0]!, limit: 20 }); // warm the connection
      for (const q of queries) {
        const t = performance.now();
        const found = await searchTeam(sql, { project: f.project, query: q, limit: 20 });
        search.push(performance.now() - t);
        if (found.length) hits++;
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
    const errs = [
      ...new Set(f.reports.flatMap((r) => r.errors).map((e) => e.replace(/:\d+\//, ":PORT/"))),
    ].slice(0, 3);
    const markdown = [
      "### Fifty machines at once",
      "",
      `${MACHINES} machines, each a process with its own cairn home, on one PostgreSQL 15 on loopback, all started together on this 2-core machine. Each makes ${FLEET_RECORDS.toLocaleString("en")} records (texts from the real outputs corpus) in ${FLEET_CHUNKS} chunks and after each chunk syncs (pushes its outbox, pulls the project) until its outbox is empty, retrying a failed round after a growing pause; when every machine has pushed half, the server is stopped (fast shutdown: open transactions abort, connections are cut) and started again 1.5 s later while the machines keep pulling; then they push the rest and pull until each holds every record. Counted by record id against the list of every record made.`,
      "",
      table(
        ["what", "result"],
        [
          ["records made", (MACHINES * FLEET_RECORDS).toLocaleString("en")],
          [
            "on the server",
            `${f.server.distinct.toLocaleString("en")} distinct ids in ${f.server.rows.toLocaleString("en")} rows`,
          ],
          ["lost (made, not on the server)", String(f.server.lost)],
          [
            "duplicated (rows per id over 1; rows delivered to a machine that held them)",
            `${f.server.rows - f.server.distinct}; ${f.duplicatedDeliveries}`,
          ],
          ["machines holding exactly every record, by id", `${complete} of ${MACHINES}`],
          ["server restarted with", `${(f.restartedWith ?? 0).toLocaleString("en")} records in`],
          [
            "rounds retried (restart, refused connections)",
            `${retries}${errs.length ? ` (e.g. ${errs.join("; ")})` : ""}`,
          ],
          ["wall time, all machines", `${(f.wallMs / 1000).toFixed(1)} s`],
        ],
      ),
      "",
      table(
        ["step", "p50", "p95", "max"],
        [
          [
            `push one chunk of ${FLEET_RECORDS / FLEET_CHUNKS} records (ms, retries included)`,
            ms(median(pushMs)),
            ms(p95(pushMs)),
            ms(Math.max(...pushMs)),
          ],
          [
            "push rate per machine (records/s)",
            String(Math.round(median(pushRate))),
            String(Math.round(quantile(pushRate, 0.05))) + " (p5)",
            "–",
          ],
          [
            `start to holding all ${(MACHINES * FLEET_RECORDS).toLocaleString("en")} records, per machine (s)`,
            (median(pullAll) / 1000).toFixed(1),
            (p95(pullAll) / 1000).toFixed(1),
            (Math.max(...pullAll) / 1000).toFixed(1),
          ],
          [
            `\`cairn search --team\` over ${f.server.distinct.toLocaleString("en")} records, ${SEARCH_QUERIES} queries (ms; ${hits} with hits)`,
            ms(median(search)),
            ms(p95(search)),
            ms(Math.max(...search)),
          ],
        ],
      ),
    ].join("\n");
    if (
      f.server.lost ||
      f.server.extra ||
      f.server.rows !== f.server.distinct ||
      f.duplicatedDeliveries ||
      f.incomplete.length
    )
      throw new Error(
        `fleet: ${JSON.stringify({ server: f.server, dup: f.duplicatedDeliveries, incomplete: f.incomplete, silent: f.silent })}\n\n${markdown}`,
      );
    return {
      markdown,
      summary: {
        fleet_machines: MACHINES,
        fleet_records: MACHINES * FLEET_RECORDS,
        fleet_lost: f.server.lost,
        fleet_duplicated: f.server.rows - f.server.distinct + f.duplicatedDeliveries,
        fleet_complete_machines: complete,
        fleet_retries: retries,
        fleet_wall_s: f.wallMs / 1000,
        fleet_push_chunk_p50_ms: median(pushMs),
        fleet_push_chunk_p95_ms: p95(pushMs),
        fleet_pull_all_p50_s: median(pullAll) / 1000,
        fleet_pull_all_p95_s: p95(pullAll) / 1000,
        fleet_search_p50_ms: median(search),
        fleet_search_p95_ms: p95(search),
      },
    };
  } finally {
    f.cleanup();
  }
}

export async function benchTeam(): Promise<{ markdown: string; summary: Record<string, number> }> {
  if (!pgBinDir())
    return { markdown: `## Team memory on PostgreSQL\n\nSkipped: ${PG_MISSING}.`, summary: {} };
  const fleet = await benchFleet();
  if (process.env.BENCH_ONLY_TEAM === "fleet")
    return { markdown: `## Team memory on PostgreSQL\n\n${fleet.markdown}`, summary: fleet.summary };
  const rest = await benchPairs();
  return {
    markdown: rest.markdown.replace(
      "## Team memory on PostgreSQL\n",
      `## Team memory on PostgreSQL\n\n${fleet.markdown}\n\n### Two machines, and the hooks\n`,
    ),
    summary: { ...fleet.summary, ...rest.summary },
  };
}

async function benchPairs(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const pg = await startPostgres();
  const root = mkdtempSync(join(tmpdir(), "cairn-bench-team-"));
  let hole: { port: number; stop(): void } | undefined;
  try {
    // Push and pull.
    const aPaths = cairnPaths(join(root, "a"));
    mkdirSync(aPaths.root, { recursive: true });
    answerConsent(aPaths, "enabled", Date.now());
    const a = await openStore(aPaths.db);
    const b = await openStore(join(root, "b", "cairn.db"));
    const recs = makeRecords(RECORDS);
    a.tx(() => enqueue(a, recs));
    let t = performance.now();
    const pushed = await syncOnce(a, {
      url: pg.url(),
      project: undefined,
      home: aPaths,
      config: defaults(),
      machine: machineIdentity(aPaths, { USER: "alice" }),
    });
    const pushMs = performance.now() - t;
    if (!pushed.ok || pushed.added !== RECORDS) throw new Error(`push: ${JSON.stringify(pushed)}`);
    t = performance.now();
    const pulled = await syncOnce(b, { url: pg.url(), project: PROJECT });
    const pullMs = performance.now() - t;
    if (!pulled.ok || pulled.pulled !== RECORDS) throw new Error(`pull: ${JSON.stringify(pulled)}`);
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      const r = await syncOnce(b, { url: pg.url(), project: PROJECT });
      idle.push(performance.now() - t);
      if (r.sent || r.pulled) throw new Error("a sync with nothing new moved records");
    }
    a.close();

    // Hooks: three homes, the same project (one origin remote), the same inputs.
    const project = join(root, "project");
    mkdirSync(project, { recursive: true });
    execFileSync("git", ["init", "-q", project]);
    execFileSync("git", ["-C", project, "remote", "add", "origin", `https://${PROJECT}.git`]);
    const downPort = await freePort();
    hole = await blackhole();
    const on = (url: string) => `team:\n  url: "${url}"\n  push_delay_s: 0\n`;
    const homes: Record<string, string> = {
      off: "",
      up: on(pg.url()),
      cold: on(pg.url()),
      down: on(`postgres://u:pw@127.0.0.1:${downPort}/team`),
      ...(hole ? { blackhole: on(`postgres://u:pw@127.0.0.1:${hole.port}/team`) } : {}),
    };
    const env = (home: string): NodeJS.ProcessEnv => ({
      ...process.env,
      HOME: home,
      CAIRN_HOME: "",
      CLAUDE_PROJECT_DIR: project,
      CAIRN_TEAM_URL: "", // each home's config decides
      USER: "bob",
    });
    for (const [name, cfg] of Object.entries(homes)) {
      const home = join(root, `home-${name}`);
      mkdirSync(join(home, ".cairn"), { recursive: true });
      if (cfg) writeFileSync(join(home, ".cairn", "config.yaml"), cfg);
      // Users who answered whether they share (the first session would ask otherwise).
      answerConsent(cairnPaths(join(home, ".cairn")), "enabled", Date.now());
    }
    // The "up" machines have the 10,000 records pulled, as after a day of teamwork.
    for (const name of ["up", "cold"]) {
      const s = await openStore(join(root, `home-${name}`, ".cairn", "cairn.db"));
      await syncOnce(s, { url: pg.url(), project: PROJECT });
      s.close();
    }
    b.close();

    const fixture = (n: string) =>
      JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs", n), "utf8"));
    const transcript = join(REPO, "test/fixtures/transcripts/tools-session.jsonl");
    const times: Record<string, { start: number[]; stop: number[] }> = {};
    for (const name of Object.keys(homes)) times[name] = { start: [], stop: [] };
    let injected = 0;
    let total = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(homes)) {
        const home = join(root, `home-${name}`);
        const sid = `00000000-0000-4000-8000-${String(round).padStart(12, "0")}`;
        const start = JSON.stringify({
          ...fixture("SessionStart-startup.json"),
          session_id: sid,
          cwd: project,
        });
        if (name === "cold") {
          const s = await openStore(join(home, ".cairn", "cairn.db"));
          s.db.prepare("DELETE FROM kv WHERE scope = 'team' AND key = 'lastPull'").run();
          s.close();
        }
        times[name]!.start.push(hookOnce("SessionStart", start, env(home), project));
        // A turn ends seconds after a session starts: measure Stop without the start's pull running beside it.
        await settle(home);
        const stop = JSON.stringify({
          ...fixture("Stop-basic.json"),
          session_id: sid,
          cwd: project,
          transcript_path: transcript,
        });
        times[name]!.stop.push(hookOnce("Stop", stop, env(home), project));
        await settle(home);
      }
    }
    {
      const r = spawnSync(process.execPath, [CAIRN, "hook", "SessionStart"], {
        input: JSON.stringify({
          ...fixture("SessionStart-startup.json"),
          session_id: "bench-last",
          cwd: project,
        }),
        env: env(join(root, "home-up")),
        cwd: project,
        encoding: "utf8",
      });
      const ac: string = JSON.parse(r.stdout || "{}")?.hookSpecificOutput?.additionalContext ?? "";
      const at = ac.indexOf("Team memory for ");
      injected = at < 0 ? 0 : ac.length - at;
      total = ac.length;
      await settle(join(root, "home-up"));
    }

    const rows = Object.entries(times).map(([name, x]) => [
      {
        off: "team memory off",
        up: "on, server up (10,000 records pulled)",
        cold: "on, server up, last pull forgotten (starts one)",
        down: "on, server down (closed port)",
        blackhole: "on, server blackholed (no answer)",
      }[name] ?? name,
      ms(median(x.start)),
      ms(p95(x.start)),
      ms(median(x.stop)),
      ms(p95(x.stop)),
    ]);
    const markdown = [
      "## Team memory on PostgreSQL",
      "",
      `A real PostgreSQL 15 cluster on loopback. ${RECORDS.toLocaleString("en")} records (texts from the real outputs corpus) pushed from one machine's outbox and pulled into another's store; a sync with nothing new is what every later turn's background push costs.`,
      "",
      table(
        ["step", "time (ms)", "records/s"],
        [
          [`push ${RECORDS.toLocaleString("en")}`, ms(pushMs), String(Math.round(RECORDS / (pushMs / 1000)))],
          [`pull ${RECORDS.toLocaleString("en")}`, ms(pullMs), String(Math.round(RECORDS / (pullMs / 1000)))],
          ["sync with nothing new (median of 5)", ms(median(idle)), "–"],
        ],
      ),
      "",
      `Hooks (the built bundle, one process per call as Claude Code runs them), ${ROUNDS} interleaved rounds. No hook waits on the network: SessionStart injects what was last pulled and then starts a detached pull (none while one runs, after one under a minute old, or within a minute of a failure; "last pull forgotten" starts one every time), and Stop starts the detached push (which fills the outbox, then pushes unless the server failed under a minute ago) unless one is pending; the bench sets team.push_delay_s to 0, so a Stop here finds none pending more often than with the default 15 s. Each hook's background process is left to finish before the next hook (a turn ends seconds after a session starts). "Blackholed" is a loopback port whose listen queue is full, so connections get no answer until connect_timeout. The team part of the injection was ${injected} characters (team.inject_chars 2,500), the whole SessionStart injection ${total} (cap 9,800).`,
      "",
      table(["variant", "SessionStart median", "p95", "Stop median", "p95"], rows),
    ].join("\n");
    return {
      markdown,
      summary: {
        push_ms: pushMs,
        pull_ms: pullMs,
        idle_sync_ms: median(idle),
        session_start_off_ms: median(times.off!.start),
        session_start_up_ms: median(times.up!.start),
        session_start_cold_ms: median(times.cold!.start),
        session_start_down_ms: median(times.down!.start),
        ...(times.blackhole
          ? {
              session_start_blackhole_ms: median(times.blackhole.start),
              stop_blackhole_ms: median(times.blackhole.stop),
            }
          : {}),
        stop_off_ms: median(times.off!.stop),
        stop_up_ms: median(times.up!.stop),
        stop_down_ms: median(times.down!.stop),
        injected_chars: injected,
        session_start_chars: total,
      },
    };
  } finally {
    hole?.stop();
    pg.destroy();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = await benchTeam();
  console.log(r.markdown);
  console.log(JSON.stringify(r.summary, null, 2));
}
