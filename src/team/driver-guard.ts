/**
 * Two faults of postgres.js 3.4.9 that end the process they run in when a connection
 * dies at the wrong moment (a server restart, a reset), where no caller can catch them:
 *
 * - "types-query": every new connection first runs the driver's own query for the
 *   array types (fetchArrayTypes), and the driver drops that query's promise. A reset,
 *   a refused reconnect or a terminated backend while it runs rejects it, and the
 *   rejection reaches no one: an unhandled rejection (porsager/postgres#1192, #1205,
 *   #1223). The same error fails the caller's own first query, so the round fails as it
 *   should and is retried.
 * - "write-after-close": a transaction whose connection closed under it still hands its
 *   next statement (the driver's own ROLLBACK, at least) to that connection, whose
 *   deferred write then reads the socket the close set to null: a TypeError thrown from
 *   a setImmediate (porsager/postgres#1066, #1154, #1208). The transaction has already
 *   failed for its caller (the close rejects it), so again only the round fails. The
 *   throw leaves that connection unable to write again, which does not matter here:
 *   every connect() makes a pool of its own and ends it when its work is done.
 *
 * A team process (a background sync, `cairn team …`) must not die of either: this
 * takes exactly these two, recognised by what the driver leaves on them (its query's
 * text, its function's frame), says so on stderr, keeps it for the sync (which writes it
 * to cairn's log and to the health line doctor shows), and leaves every other error to
 * end the process as Node would have.
 *
 * When it can go: checked 2026-11-30, 3.4.9 is still npm's newest postgres and upstream's
 * master has both faults. An open pull request (porsager/postgres#1155) makes the
 * deferred write skip a closed socket, which ends the second: with it applied and this
 * guard off, the fleet's restart in the middle of every push loses no machine. No change
 * found upstream catches the types query's rejection (#1081 leaves it unhandled): the
 * first needs this guard.
 */

export type DriverFaultKind = "types-query" | "write-after-close";

export interface DriverFault {
  readonly kind: DriverFaultKind;
  readonly err: unknown;
}

/** Which of the two faults `err` is, or undefined for any other error. */
export function driverFault(err: unknown): DriverFaultKind | undefined {
  if (!err || typeof err !== "object") return undefined;
  // The driver marks an error with the query it failed (connection.js queryError).
  const query = (err as { query?: unknown }).query;
  if (typeof query === "string" && TYPES_QUERY.test(query)) return "types-query";
  if (err instanceof TypeError && /\(reading 'write'\)/.test(err.message)) {
    const top = (err.stack ?? "").split("\n").find((l) => /^\s+at /.test(l));
    if (top && WRITE_FRAME.test(top)) return "write-after-close";
  }
  return undefined;
}

/** The driver's array-types query (postgres.js fetchArrayTypes), by its text. */
const TYPES_QUERY = /\bb\.typarray\b[\s\S]*\bpg_catalog\.pg_type\b[\s\S]*\btypcategory = 'A'/;
/** Its deferred write, from the package (node_modules/postgres/…) or cairn's bundle of it (dist/pkg-postgres.cjs). */
const WRITE_FRAME = /\bat (?:Immediate\.)?nextWrite \(.*postgres[^)]*\)$/;

/** How many faults this process contained, and the last few of them. */
let total = 0;
const recent: DriverFault[] = [];
const RECENT = 20;
let installed = false;

/** A mark to ask `faultsSince` from (the sync takes one before its round). */
export function faultMark(): number {
  return total;
}

/** The faults contained since `mark` (the last RECENT of them at most). */
export function faultsSince(mark: number): readonly DriverFault[] {
  const n = Math.min(total - mark, recent.length);
  return n > 0 ? recent.slice(recent.length - n) : [];
}

/**
 * Installs the filter once per process, before the driver runs. It contains only the
 * two faults; anything else goes on as without it: to the process's other listeners
 * if it has some, else it ends the process as an uncaught error (exit code 1, its stack
 * on stderr).
 */
export function containDriverFaults(): void {
  if (installed) return;
  installed = true;
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
}

function contain(err: unknown): boolean {
  const kind = driverFault(err);
  if (!kind) return false;
  total++;
  recent.push({ kind, err });
  if (recent.length > RECENT) recent.shift();
  const msg = err instanceof Error ? err.message : String(err);
  try {
    process.stderr.write(
      `cairn: the PostgreSQL driver let a failed connection escape (${kind}: ${msg}); contained: this sync round fails, the next one retries\n`,
    );
  } catch {
    // stderr closed (a detached sync): the sync's log line still says it.
  }
  return true;
}

function onRejection(reason: unknown): void {
  if (contain(reason)) return;
  if (process.listenerCount("unhandledRejection") > 1) return;
  // Node's own default, which a listener switches off: the rejection ends the process.
  throw reason;
}

function onException(err: unknown): void {
  if (contain(err)) return;
  if (process.listenerCount("uncaughtException") > 1) return;
  // Thrown from inside this listener it would end the process with code 7 and no
  // 'exit' event; thrown again without the listener it ends it as it would have (code 1).
  process.off("uncaughtException", onException);
  process.nextTick(() => {
    throw err;
  });
}
