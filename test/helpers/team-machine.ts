/**
 * One simulated machine of the team fleet (team-fleet.ts), as its own process with its
 * own cairn home: it makes its records in chunks, as a day of work would, and after
 * each chunk runs sync rounds (push, then pull) as `cairn team sync` does until its
 * outbox is empty, retrying a failed round (a server restart, too many clients) with a
 * growing pause; halfway it keeps pulling until the fleet has restarted the server;
 * at the end it pulls until it holds every machine's records. It reports on stdout, as one
 * JSON line, what it sent and received and how long its rounds took.
 *
 * Run as `node test/helpers/team-machine.ts '<json MachineArgs>'`.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { defaults } from "../../src/config/schema.ts";
import { cairnPaths } from "../../src/core/paths.ts";
import { openStore } from "../../src/store/db.ts";
import { enqueue } from "../../src/team/collect.ts";
import { answerConsent } from "../../src/team/consent.ts";
import { type DriverFaultKind, faultsSince } from "../../src/team/driver-guard.ts";
import { machineIdentity } from "../../src/team/identity.ts";
import { outboxPending } from "../../src/team/pending.ts";
import { type RecordKind, recordId, type TeamRecord } from "../../src/team/records.ts";
import { syncOnce } from "../../src/team/sync.ts";

export interface MachineArgs {
  readonly index: number;
  readonly home: string;
  readonly url: string;
  readonly project: string;
  /** This machine's records, made in `chunks` equal parts. */
  readonly records: number;
  readonly chunks: number;
  /** Every machine's records together: pulling ends when this many are here. */
  readonly total: number;
  /** A file of text lines (real tool output) the records' texts are made of. */
  readonly corpus: string;
  /** When to give up (ms since the epoch): a hang detector, never a result. */
  readonly deadline: number;
  /**
   * After pushing this many chunks, keep pulling (nothing more to push) until `file`
   * exists: the fleet restarts the server meanwhile, with exactly those records in (or,
   * for a restart in the middle of a push, makes the file first and restarts after).
   */
  readonly barrier?: { readonly afterChunk: number; readonly file: string };
}

export interface MachineReport {
  readonly index: number;
  readonly done: boolean;
  /** Rounds that failed and were retried. */
  readonly retries: number;
  readonly errors: readonly string[];
  /** Records this machine pushed (resends after a failed round included) and the server took as new. */
  readonly sent: number;
  readonly added: number;
  /** Rows the server sent in pulls, and rows they added here: the same unless one came twice. */
  readonly received: number;
  readonly pulled: number;
  /** Records of the project here at the end, by id, and a hash of their sorted ids. */
  readonly held: number;
  readonly idsHash: string;
  /** Each successful round that pushed a chunk: ms and records. */
  readonly pushRounds: readonly { ms: number; records: number }[];
  /** From its first round to holding every record. */
  readonly pullAllMs: number;
  /** The driver's faults this process met and lived through (src/team/driver-guard.ts), by kind. */
  readonly faults: readonly DriverFaultKind[];
}

/**
 * Between rounds that only wait for others' records: about what a session's turns
 * leave between background syncs, at the short end. Every round is a new connection
 * (and a SCRAM handshake), as a background sync's is.
 */
const pause = () => new Promise((res) => setTimeout(res, 1500 + Math.random() * 1000));

const KINDS: RecordKind[] = ["turn", "turn", "turn", "summary", "decision", "dead-end"];

/** The records machine `index` makes: stable ids, so the fleet can list them all beforehand. */
export function fleetRecord(
  project: string,
  index: number,
  k: number,
  lines: readonly string[],
  machine: { id: string; name: string; user: string },
): TeamRecord {
  const kind = KINDS[k % KINDS.length]!;
  const n = index * 1_000_003 + k * 7;
  return {
    id: fleetRecordId(project, index, k),
    project,
    kind,
    machine: machine.name,
    machineId: machine.id,
    user: machine.user,
    session: `fleet-${index}-${Math.floor(k / 200)}`,
    at: Date.now(),
    text: `${lines[n % lines.length]} ${lines[(n * 31 + 5) % lines.length]}`,
    meta: kind === "turn" ? { role: k % 2 ? "assistant" : "user" } : null,
  };
}

export function fleetRecordId(project: string, index: number, k: number): string {
  return recordId(project, KINDS[k % KINDS.length]!, `fleet:${index}:${k}`);
}

export function idsHash(ids: readonly string[]): string {
  return createHash("sha256")
    .update([...ids].sort().join("\n"))
    .digest("hex");
}

async function main(a: MachineArgs): Promise<MachineReport> {
  const paths = cairnPaths(join(a.home, ".cairn"));
  mkdirSync(paths.root, { recursive: true });
  answerConsent(paths, "enabled", Date.now());
  const machine = machineIdentity(paths, { USER: `user${a.index}` });
  const lines = readFileSync(a.corpus, "utf8").split("\n").filter(Boolean);
  const store = await openStore(paths.db);
  const config = defaults();
  const errors: string[] = [];
  const pushRounds: { ms: number; records: number }[] = [];
  let retries = 0;
  let sent = 0;
  let added = 0;
  let received = 0;
  let pulled = 0;
  const held = () =>
    (
      store.db.prepare("SELECT count(*) AS n FROM team_records WHERE project = ?").get(a.project) as {
        n: number;
      }
    ).n;
  /** One round, retried until it works; false when the deadline passed. */
  const round = async (push: boolean): Promise<{ ms: number } | undefined> => {
    for (let attempt = 0; ; attempt++) {
      if (Date.now() > a.deadline) return undefined;
      const t = performance.now();
      const r = await syncOnce(store, {
        url: a.url,
        project: a.project,
        home: paths,
        config,
        machine,
        push,
        connectTimeoutS: 10,
      });
      const ms = performance.now() - t;
      sent += r.sent;
      added += r.added;
      received += r.received;
      pulled += r.pulled;
      if (r.ok) return { ms };
      retries++;
      if (errors.length < 5) errors.push(r.error ?? "unknown");
      await new Promise((res) => setTimeout(res, Math.min(2000, 100 * 2 ** attempt) * (0.5 + Math.random())));
    }
  };
  const started = performance.now();
  let done = true;
  const per = Math.ceil(a.records / a.chunks);
  for (let c = 0; c < a.chunks && done; c++) {
    const from = c * per;
    const to = Math.min(a.records, from + per);
    const chunk = Array.from({ length: to - from }, (_, j) =>
      fleetRecord(a.project, a.index, from + j, lines, machine),
    );
    store.tx(() => enqueue(store, chunk));
    // Pushed when a round with nothing left in the outbox went through.
    let ms = 0;
    while (outboxPending(store) > 0) {
      const r = await round(true);
      if (!r) {
        done = false;
        break;
      }
      ms += r.ms;
    }
    if (done) pushRounds.push({ ms, records: chunk.length });
    if (done && a.barrier && c + 1 === a.barrier.afterChunk)
      while (!existsSync(a.barrier.file)) {
        if (!(await round(false))) {
          done = false;
          break;
        }
        await pause();
      }
  }
  while (done && held() < a.total) {
    if (!(await round(false))) done = false;
    else if (held() < a.total) await pause();
  }
  const pullAllMs = performance.now() - started;
  const ids = (
    store.db.prepare("SELECT id FROM team_records WHERE project = ?").all(a.project) as { id: string }[]
  ).map((r) => r.id);
  store.close();
  return {
    index: a.index,
    done,
    retries,
    errors,
    sent,
    added,
    received,
    pulled,
    held: ids.length,
    idsHash: idsHash(ids),
    pushRounds,
    pullAllMs,
    faults: faultsSince(0).map((f) => f.kind),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  let reported = false;
  // A machine that ends without its report says how (13: the event loop emptied while
  // a sync was still pending, a promise nothing will settle), for the fleet's failure.
  process.on("exit", (code) => {
    if (!reported) process.stderr.write(`exited with code ${code} before its report\n`);
  });
  const report = await main(JSON.parse(process.argv[2] ?? "") as MachineArgs);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  reported = true;
}
