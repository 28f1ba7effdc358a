import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { PeerCertificate } from "node:tls";
import { homeDir } from "../core/paths.ts";

/**
 * The libpq connection-URL options users put in team.url, mapped onto the client: the
 * sslmode family (with sslrootcert, sslcert, sslkey and libpq's default files under
 * ~/.postgresql), the password file (~/.pgpass or PGPASSFILE or ?passfile=, so a
 * password need not be in any config file), and the client-side libpq options the
 * server would reject as unknown startup parameters. The few libpq options cairn cannot
 * honour are refused with one line, never dropped: dropping sslcrl would accept a
 * revoked certificate.
 */

export type Ssl =
  | false
  | "prefer"
  | "require"
  | {
      ca?: string;
      cert?: string;
      key?: string;
      checkServerIdentity?: (host: string, cert: PeerCertificate) => Error | undefined;
      rejectUnauthorized?: boolean;
    };

export interface ClientOptions {
  /** The URL without the options handled here. */
  readonly url: string;
  readonly ssl: Ssl;
  /** From the password file, when the URL and PGPASSWORD have none. */
  readonly pass?: string;
  /** Why cairn will not connect with these options (one line), when it will not. */
  readonly refused?: string;
}

/** libpq options that configure the client, not the server session. */
const CLIENT_SIDE = new Set([
  "sslmode",
  "sslrootcert",
  "sslcert",
  "sslkey",
  "sslpassword",
  "sslcrl",
  "sslcrldir",
  "sslsni",
  "sslcompression",
  "ssl_min_protocol_version",
  "ssl_max_protocol_version",
  "requiressl",
  "passfile",
  "channel_binding",
  "gssencmode",
  "gsslib",
  "krbsrvname",
  "service",
  "hostaddr",
  "keepalives",
  "keepalives_idle",
  "keepalives_interval",
  "keepalives_count",
  "tcp_user_timeout",
  "load_balance_hosts",
]);

/** libpq options (and their environment variables) cairn does not implement, and what they do. */
const UNSUPPORTED: readonly [string, string | undefined, string][] = [
  ["sslcrl", "PGSSLCRL", "certificate revocation lists"],
  ["sslcrldir", "PGSSLCRLDIR", "certificate revocation lists"],
  ["sslpassword", undefined, "encrypted client keys"],
  ["service", "PGSERVICE", "the connection service file (pg_service.conf)"],
];

const SSL_MODES = new Set(["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]);

type ReadText = (path: string) => string | undefined;

const readText: ReadText = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

export function clientOptions(url: string, env: NodeJS.ProcessEnv, read: ReadText = readText): ClientOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url, ssl: "prefer" };
  }
  const q = u.searchParams;
  const param = (k: string, envKey: string | undefined) =>
    q.get(k) ?? (envKey ? env[envKey] : undefined) ?? undefined;
  const tls = sslOptions(param, homeDir(env), read, u.hostname.replace(/^\[(.*)\]$/, "$1"));
  const passfile = param("passfile", "PGPASSFILE") ?? join(homeDir(env), ".pgpass");
  for (const k of [...q.keys()]) if (CLIENT_SIDE.has(k)) q.delete(k);
  const out = u.toString();
  const base = { url: out, ...tls };
  if (u.password || env.PGPASSWORD) return base;
  const pass = fromPassfile(passfile, read, {
    host: u.hostname || env.PGHOST || "localhost",
    port: u.port || env.PGPORT || "5432",
    database: decodeURIComponent(u.pathname.slice(1)) || env.PGDATABASE || "",
    user: decodeURIComponent(u.username) || env.PGUSER || env.USER || "",
  });
  return pass === undefined ? base : { ...base, pass };
}

/**
 * sslmode as libpq reads it. verify-full checks the chain and the host name,
 * verify-ca the chain only, require encrypts without checking (or like verify-ca when a
 * root certificate is there); the root certificate is sslrootcert or
 * ~/.postgresql/root.crt, and `sslrootcert=system` means the system's CAs (verify-full
 * only). A file named but unreadable is refused, as libpq refuses it.
 */
function sslOptions(
  param: (k: string, envKey: string | undefined) => string | undefined,
  home: string,
  read: ReadText,
  host: string,
): { ssl: Ssl; refused?: string } {
  for (const [k, envKey, what] of UNSUPPORTED)
    if (param(k, envKey) !== undefined)
      return {
        ssl: false,
        refused: `team.url${envKey && param(k, undefined) === undefined ? ` (through ${envKey})` : ""} asks for ${k} (${what}), which cairn's PostgreSQL client does not support: remove it, or use a URL without it`,
      };
  const mode = param("sslmode", "PGSSLMODE") ?? "prefer"; // libpq's default
  if (!SSL_MODES.has(mode))
    return {
      ssl: false,
      refused: `team.url: invalid sslmode "${mode}" (disable, allow, prefer, require, verify-ca or verify-full)`,
    };
  if (mode === "disable") return { ssl: false };
  const dotPg = join(home, ".postgresql");
  const rootParam = param("sslrootcert", "PGSSLROOTCERT");
  if (rootParam === "system") {
    if (mode !== "verify-full")
      return {
        ssl: false,
        refused: `team.url: sslrootcert=system needs sslmode=verify-full (not "${mode}"), as with libpq`,
      };
  }
  const files: { ca?: string; cert?: string; key?: string } = {};
  const load = (k: "ca" | "cert" | "key", given: string | undefined, fallback: string) => {
    const text = read(given ?? fallback);
    if (text !== undefined) files[k] = text;
    return given !== undefined && text === undefined
      ? `team.url: cannot read ${given} (${k === "ca" ? "sslrootcert" : k === "cert" ? "sslcert" : "sslkey"})`
      : undefined;
  };
  const unreadable =
    (rootParam === "system" ? undefined : load("ca", rootParam, join(dotPg, "root.crt"))) ??
    load("cert", param("sslcert", "PGSSLCERT"), join(dotPg, "postgresql.crt")) ??
    load("key", param("sslkey", "PGSSLKEY"), join(dotPg, "postgresql.key"));
  if (unreadable) return { ssl: false, refused: unreadable };
  const verifying = mode === "verify-ca" || mode === "verify-full";
  if (verifying && !files.ca && rootParam !== "system")
    return {
      ssl: false,
      refused: `team.url: sslmode=${mode} needs a root certificate: set sslrootcert (or put it at ${join(dotPg, "root.crt")}, or sslrootcert=system for the system's CAs)`,
    };
  const noHostCheck = { checkServerIdentity: () => undefined };
  if (mode === "verify-full") {
    // Against the URL's host, always: the client names no TLS server for an IP address,
    // and Node would then check the certificate against "localhost" instead.
    const checkServerIdentity = (_: string, cert: PeerCertificate) =>
      process.getBuiltinModule("node:tls").checkServerIdentity(host, cert);
    return { ssl: { ...files, checkServerIdentity } };
  }
  if (mode === "verify-ca" || (mode === "require" && files.ca)) return { ssl: { ...files, ...noHostCheck } };
  // Encrypted, not verified, and with the client certificate when there is one.
  if (mode === "require") return { ssl: files.cert ? { ...files, rejectUnauthorized: false } : "require" };
  return { ssl: "prefer" };
}

/**
 * The password for a connection from a libpq password file: the first line whose
 * host:port:database:user match (`*` matches anything; `\:` and `\\` escape). Like
 * libpq, a file others can read is ignored.
 */
export function fromPassfile(
  path: string,
  read: ReadText,
  c: { host: string; port: string; database: string; user: string },
): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || (st.mode & 0o077) !== 0) return undefined;
  } catch {
    return undefined;
  }
  const text = read(path);
  if (!text) return undefined;
  for (const line of text.split(/\r?\n/)) {
    if (!line || line.startsWith("#")) continue;
    const fields = splitPassLine(line);
    if (fields.length < 5) continue;
    const [host, port, db, user] = fields;
    const want = [c.host, c.port, c.database, c.user];
    if ([host, port, db, user].every((f, i) => f === "*" || f === want[i])) return fields.slice(4).join(":");
  }
  return undefined;
}

function splitPassLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === "\\" && i + 1 < line.length) cur += line[++i];
    else if (ch === ":" && out.length < 4) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}
