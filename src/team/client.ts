import type postgres from "postgres";
import { visibleLine } from "../core/terminal-text.ts";
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

export async function connect(url: string, opts: ConnectOptions = {}): Promise<Sql> {
  // Under Node's ESM loader the package is its `default`; bundled as CommonJS it is the module itself.
  const mod = (await import("postgres")) as unknown as { default?: typeof postgres };
  const pg = mod.default ?? (mod as unknown as typeof postgres);
  const hasTimeout = /[?&]connect_timeout=/.test(url);
  const o = clientOptions(url, process.env);
  if (o.refused) throw Object.assign(new Error(o.refused), { code: "CAIRN_URL_OPTION" });
  return pg(o.url, {
    ssl: o.ssl,
    ...(o.pass !== undefined ? { pass: o.pass } : {}),
    max: 2,
    idle_timeout: 5,
    ...(hasTimeout ? {} : { connect_timeout: opts.connectTimeoutS ?? 5 }),
    onnotice: () => {},
    // A server that accepts and then stalls must not hold a sync (or its push lock) forever.
    connection: { application_name: "cairn", statement_timeout: 60_000 },
  });
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
