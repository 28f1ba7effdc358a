import type postgres from "postgres";
import { visibleLine } from "../core/terminal-text.ts";
import { containDriverFaults } from "./driver-guard.ts";
import { clientOptions } from "./libpq.ts";
import { maskSecretIn, serverLabel } from "./url.ts";

/**
 * The boundary with PostgreSQL. The client package is imported here only, lazily: the
 * sync path (`cairn team …`, `cairn search --team`, the background push) loads it; a
 * hook never does.
 */
export type Sql = postgres.Sql;
/** Inside `sql.begin`. */
export type Tx = postgres.TransactionSql;

export interface ConnectOptions {
  /** Seconds to wait for the server to answer a connection (unreachable hosts). */
  readonly connectTimeoutS?: number;
}

/**
 * A pool for the URL, with the server known to answer: its first query (`SELECT 1`)
 * must come back within the connect timeout and a few seconds. postgres.js 3.4.9 can
 * wait forever for a server that closes each new connection while it starts up (it
 * reconnects without end: porsager/postgres#1193); a restart would otherwise hang the
 * sync that met it. The process is first guarded against the driver's two faults that
 * no caller can catch (driver-guard.ts): whatever process connects, a server restart
 * fails its round instead of ending it.
 */
export async function connect(url: string, opts: ConnectOptions = {}): Promise<Sql> {
  containDriverFaults();
  // Under Node's ESM loader the package is its `default`; bundled as CommonJS it is the module itself.
  const mod = (await import("postgres")) as unknown as { default?: typeof postgres };
  const pg = mod.default ?? (mod as unknown as typeof postgres);
  const given = /[?&]connect_timeout=(\d+)/.exec(url);
  const o = clientOptions(url, process.env);
  if (o.refused) throw Object.assign(new Error(o.refused), { code: "CAIRN_URL_OPTION" });
  const sql = pg(o.url, {
    ssl: o.ssl,
    ...(o.pass !== undefined ? { pass: o.pass } : {}),
    max: 2,
    idle_timeout: 5,
    ...(given ? {} : { connect_timeout: opts.connectTimeoutS ?? 5 }),
    onnotice: () => {},
    // A server that accepts and then stalls must not hold a sync (or its push lock) forever.
    connection: { application_name: "cairn", statement_timeout: 60_000 },
  });
  const connectS = given ? Number(given[1]) : (opts.connectTimeoutS ?? 5);
  try {
    await within(sql`SELECT 1`, (connectS + 5) * 1000);
  } catch (err) {
    void close(sql);
    throw err;
  }
  return sql;
}

/** The promise, or a CONNECT_TIMEOUT error (describeError's "no answer") after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    // Not unref'd: with the driver stuck and nothing of its own open, this timer is what
    // keeps the process alive to hear the answer (cleared as soon as there is one).
    timer = setTimeout(() => reject(Object.assign(new Error("no answer"), { code: "CONNECT_TIMEOUT" })), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * Closes a pool without waiting on a dead connection: postgres.js 3.4.9's end() can
 * hang for good after the server dropped a connection (porsager/postgres#1097), so it
 * gets a few seconds, then the process goes on (the sockets are closed with it).
 */
export async function close(sql: Sql | undefined): Promise<void> {
  if (!sql) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    sql.end({ timeout: 1 }).catch(() => {}),
    // Not unref'd: a hung end() may leave nothing open, and Node would end the process
    // in the middle of this wait (exit 13), losing what the caller does next.
    new Promise<void>((r) => {
      timer = setTimeout(r, 3000);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * One line saying what went wrong, for `cairn team status`, doctor and the log; never
 * with the password.
 */
export function describeError(err: unknown, url: string): string {
  const e = err as { code?: string; message?: string; errno?: string; address?: string; port?: number };
  const where = serverLabel(url);
  // The server wrote part of this: one line, no control characters for a terminal to obey.
  const msg = visibleLine(
    maskSecretIn(String(e?.message ?? err), url)
      .split("\n")[0]!
      .slice(0, 500),
  );
  switch (e?.code) {
    case "28P01":
    case "28000":
      return `authentication failed at ${where} (wrong user or password?): ${msg}`;
    case "CAIRN_URL_OPTION":
      return msg;
    case "3D000":
      return `no such database at ${where}: ${msg}`;
    case "ECONNREFUSED":
      return `cannot reach ${where}: connection refused (is PostgreSQL running there?)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `cannot reach ${where}: unknown host`;
    case "CONNECT_TIMEOUT":
    case "ETIMEDOUT":
      return `cannot reach ${where}: no answer within the connect timeout`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `cannot reach ${where}: host unreachable`;
    default:
      return `${where}: ${msg}`;
  }
}
