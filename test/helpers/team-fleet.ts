/**
 * A team of simulated machines on one real PostgreSQL: each a process of its own
 * (team-machine.ts) with its own cairn home, all running at once, pushing their records
 * in chunks and pulling everyone's, retrying failed rounds; the server is restarted
 * once in the middle. Afterwards it counts, by record id, what the server holds and
 * what every machine holds against the list of every record made. Used by the
 * fifty-machine bench (bench/team.ts) and, with ten, by the reliability suite.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Break, type PgProxy, startPgProxy } from "./pg-proxy.ts";
import { PG_DB, PG_PASSWORD, PG_USER, type PgServer, startPostgres } from "./postgres.ts";
import { fleetRecordId, idsHash, type MachineArgs, type MachineReport } from "./team-machine.ts";

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "..", "..");

export interface FleetOptions {
  readonly machines: number;
  /** Records each machine makes. */
  readonly records: number;
  /** In how many parts each machine makes (and pushes) them. */
  readonly chunks: number;
  /**
   * Restart the server once every machine has pushed this many of its chunks (0:
   * never); the machines keep pulling meanwhile and push the rest after it.
   */
  readonly restartAfterChunk: number;
  /** Kill whatever still runs after this long: a hang detector. */
  readonly limitMs: number;
  readonly project?: string;
  /**
   * The machines connect through a proxy that, once the server is back from its
   * restart, breaks the first connection that sends the driver's own array-types query
   * (the first query of every new connection): the moment two CI runs lost a machine
   * at (test/helpers/pg-proxy.ts, src/team/driver-guard.ts).
   */
  readonly breakAfterRestart?: Break;
  /**
   * The restart lands in the middle of the pushes instead of between them: once every
   * machine's first chunks are in, the machines push on, and the fleet restarts the
   * server (fast shutdown) while every machine's next INSERT runs in its transaction,
   * made to wait there by a row of the same id that a session of the fleet's has
   * inserted and not committed (the moment is certain; everything else is the server's
   * own, and the fast shutdown rolls those rows back). Where a transaction's ROLLBACK
   * met the connection the shutdown closed (src/team/driver-guard.ts, write-after-close).
   */
  readonly restartDuringPush?: boolean;
}

export interface FleetResult {
  readonly pg: PgServer;
  readonly project: string;
  readonly expected: number;
  readonly reports: readonly MachineReport[];
  /**
   * Machines that did not report, with their stderr's end: crashed, killed at the limit,
   * or stopped by the fleet because another one had ended without its report (their
   * stderr then starts with "stopped by the fleet ... after machine N ...": not a
   * failure of their own).
   */
  readonly silent: readonly { index: number; stderr: string }[];
  /** On the server: rows, distinct ids, made but absent, present but never made. */
  readonly server: {
    readonly rows: number;
    readonly distinct: number;
    readonly lost: number;
    readonly extra: number;
  };
  /** Machines not holding exactly every record, by id. */
  readonly incomplete: readonly number[];
  /** Rows delivered to a machine that it already held (pull), summed over machines. */
  readonly duplicatedDeliveries: number;
  /**
   * Records on the server when it was restarted (undefined: it was not): every machine's
   * first chunks (with restartDuringPush too: each machine's next INSERT waits then).
   */
  readonly restartedWith: number | undefined;
  /** Connections the proxy broke (breakAfterRestart). */
  readonly broken: number;
  readonly wallMs: number;
  cleanup(): void;
}

/**
 * A psql session that inserts a row for each of the record `ids` and keeps its
 * transaction open: a push of one of them waits on it inside its INSERT (ON CONFLICT
 * must know whether the row commits) until a restart ends them all. Resolves once
 * the rows are in.
 */
function holdRecords(
  pg: PgServer,
  project: string,
  ids: readonly string[],
): Promise<ReturnType<typeof spawn>> {
  const psql = spawn(
    "psql",
    ["-X", "-q", "-t", "-A", "-h", "127.0.0.1", "-p", String(pg.port), "-U", PG_USER, "-d", PG_DB],
    { stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, PGPASSWORD: PG_PASSWORD } },
  );
  psql.stdin.write(
    `BEGIN;\nINSERT INTO cairn_team_records (id, project, kind, machine, machine_id, user_name, at, text) VALUES ${ids.map((id) => `('${id}', '${project}', 'turn', 'fleet', 'fleet', 'fleet', 0, 'held')`).join(", ")};\n\\echo held\n`,
  );
  let out = "";
  let err = "";
  psql.stderr.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    psql.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
      if (out.includes("held")) resolve(psql);
    });
    psql.on("close", (code) =>
      reject(new Error(`psql holding ${ids.length} records ended (${code}): ${err}`)),
    );
  });
}

/** Waits until `n` pushes' INSERTs wait on a lock (a row another transaction holds); false if `go` says stop first. */
async function insertsWait(pg: PgServer, n: number, go: () => boolean): Promise<boolean> {
  const q = `SELECT count(*) FROM pg_stat_activity WHERE application_name = 'cairn'
    AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO cairn_team_records%'`;
  while (go()) {
    if (Number(pg.psql(q).trim()) >= n) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

function corpusLines(): string[] {
  const dir = join(REPO, "test", "fixtures", "outputs");
  const lines: string[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".txt"))
    .sort())
    for (const l of readFileSync(join(dir, f), "utf8").split("\n"))
      if (l.trim().length > 20) lines.push(l.trim());
  return lines;
}

export async function runFleet(o: FleetOptions): Promise<FleetResult> {
  if (o.restartDuringPush && Math.ceil(o.records / o.chunks) * o.restartAfterChunk >= o.records)
    throw new Error("restartDuringPush needs records left to push after the restart's chunk");
  const project = o.project ?? "example.org/fleet/app";
  // Each machine holds at most two connections at once (team/client.ts).
  const pg = await startPostgres({ maxConnections: o.machines * 2 + 20 });
  const proxy: PgProxy | undefined = o.breakAfterRestart
    ? await startPgProxy({
        url: pg.url(),
        port: pg.port,
        when: "b.typarray",
        how: o.breakAfterRestart,
        armed: false,
      })
    : undefined;
  const root = mkdtempSync(join(tmpdir(), "cairn-fleet-"));
  const corpus = join(root, "corpus.txt");
  writeFileSync(corpus, corpusLines().join("\n"));
  const expected = o.machines * o.records;
  const started = performance.now();
  const deadline = Date.now() + o.limitMs;
  const silent: { index: number; stderr: string }[] = [];
  /** The machines' barrier: past it they push the rest (after the restart, or into it). */
  const goOn = join(root, "go-on");
  const reports: MachineReport[] = [];
  const children: ReturnType<typeof spawn>[] = [];
  /** Why the fleet itself ended a machine, when it did. */
  const ended = new Map<ReturnType<typeof spawn>, string>();
  const exits = Array.from({ length: o.machines }, (_, index) => {
    const args: MachineArgs = {
      index,
      home: join(root, `m${index}`),
      url: proxy?.url ?? pg.url(),
      project,
      records: o.records,
      chunks: o.chunks,
      total: expected,
      corpus,
      deadline,
      ...(o.restartAfterChunk > 0 ? { barrier: { afterChunk: o.restartAfterChunk, file: goOn } } : {}),
    };
    const child = spawn(process.execPath, [join(HERE, "team-machine.ts"), JSON.stringify(args)], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CAIRN_TEAM_URL: "", HOME: args.home },
    });
    children.push(child);
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      err = (err + d).slice(-2000);
    });
    const kill = setTimeout(() => {
      ended.set(child, "killed by the fleet at its limit (a hang)");
      child.kill("SIGKILL");
    }, o.limitMs + 30_000);
    return new Promise<void>((resolve) => {
      child.on("close", (code, signal) => {
        clearTimeout(kill);
        try {
          reports.push(JSON.parse(out.trim().split("\n").at(-1) ?? "") as MachineReport);
        } catch {
          // A SIGTERM ends a machine without a word of its own (no exit handler runs):
          // the fleet says who ended it and why, so one death does not read as ten.
          const why = ended.get(child) ?? (signal ? `ended by ${signal}` : `exit code ${code}`);
          silent.push({ index, stderr: `${why}\n${err}` });
          // A machine gone without its report never pushes the rest of its records, so
          // the others would pull until the deadline: stop them now, and say why.
          for (const c of children)
            if (c !== child && c.exitCode === null && c.signalCode === null && !ended.has(c)) {
              ended.set(c, `stopped by the fleet (SIGTERM) after machine ${index} ended without its report`);
              c.kill("SIGTERM");
            }
        }
        resolve();
      });
    });
  });

  // The restart in the middle: once every machine's first chunks are in (the machines
  // wait for it, pulling), a fast shutdown (open transactions abort, connections are
  // cut) and a start a moment later; then the machines push the rest. With
  // restartDuringPush the machines push the rest first, and the restart comes while
  // each machine's first INSERT of them waits in its transaction.
  let restartedWith: number | undefined;
  let running = true;
  const all = Promise.all(exits).then(() => {
    running = false;
  });
  const half = o.machines * Math.min(o.records, Math.ceil(o.records / o.chunks) * o.restartAfterChunk);
  const countOnServer = (): number | undefined => {
    try {
      // The first machine to connect creates the table.
      if (pg.psql("SELECT to_regclass('public.cairn_team_records') IS NOT NULL", "cairn_team").trim() !== "t")
        return undefined;
      return Number(
        pg.psql(`SELECT count(*) FROM cairn_team_records WHERE project = '${project}'`, "cairn_team").trim(),
      );
    } catch {
      return undefined;
    }
  };
  while (o.restartAfterChunk > 0 && running && restartedWith === undefined) {
    await new Promise((r) => setTimeout(r, 500));
    const n = countOnServer();
    if (n === undefined || n < half) continue;
    let blocker: ReturnType<typeof spawn> | undefined;
    if (o.restartDuringPush) {
      const next = Math.ceil(o.records / o.chunks) * o.restartAfterChunk;
      const ids = Array.from({ length: o.machines }, (_, i) => fleetRecordId(project, i, next));
      blocker = await holdRecords(pg, project, ids);
      writeFileSync(goOn, "");
      // The machines never all got there (gone, or the limit): no restart, and the
      // result says so (restartedWith undefined).
      if (!(await insertsWait(pg, o.machines, () => running && Date.now() < deadline))) {
        blocker.kill();
        break;
      }
    }
    // Counted again for a restart into the pushes (NaN, failing the count, if it cannot be).
    restartedWith = o.restartDuringPush ? (countOnServer() ?? Number.NaN) : n;
    pg.stop();
    blocker?.kill();
    await new Promise((r) => setTimeout(r, 1500));
    pg.start();
    proxy?.arm();
    writeFileSync(goOn, "");
  }
  await all;
  const wallMs = performance.now() - started;
  const broken = proxy?.broken() ?? 0;
  await proxy?.close();

  const ids = pg
    .psql(`SELECT id FROM cairn_team_records WHERE project = '${project}'`, "cairn_team")
    .split("\n")
    .filter(Boolean);
  const made = new Set<string>();
  for (let i = 0; i < o.machines; i++)
    for (let k = 0; k < o.records; k++) made.add(fleetRecordId(project, i, k));
  const onServer = new Set(ids);
  const server = {
    rows: ids.length,
    distinct: onServer.size,
    lost: [...made].filter((id) => !onServer.has(id)).length,
    extra: [...onServer].filter((id) => !made.has(id)).length,
  };
  const want = idsHash([...made]);
  const incomplete = reports
    .filter((r) => !r.done || r.held !== expected || r.idsHash !== want)
    .map((r) => r.index)
    .concat(silent.map((s) => s.index))
    .sort((a, b) => a - b);
  return {
    pg,
    project,
    expected,
    reports: reports.sort((a, b) => a.index - b.index),
    silent,
    server,
    incomplete,
    duplicatedDeliveries: reports.reduce((s, r) => s + (r.received - r.pulled), 0),
    restartedWith,
    broken,
    wallMs,
    cleanup() {
      pg.destroy();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
