import { readFileSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import type { PeerCertificate } from "node:tls";
import { homeDir } from "../core/paths.ts";
import { insideClaudeCode } from "../core/session-env.ts";

/**
 * The libpq connection-URL options users put in team.url, mapped onto the client: the
 * sslmode family (with sslrootcert, sslcert, sslkey and libpq's default files under
 * ~/.postgresql), the password file (~/.pgpass or PGPASSFILE or ?passfile=, so a
 * password need not be in any config file), and the client-side libpq options the
 * server would reject as unknown startup parameters. The few libpq options cairn cannot
 * honour are refused with one line, never dropped: dropping sslcrl would accept a
 * revoked certificate.
 *
 * Two departures from libpq, both for a tool that ships conversations: without an
 * sslmode in the URL (or PGSSLMODE), the connection is verify-full, against
 * ~/.postgresql/root.crt when it exists and the system's CAs otherwise (libpq's
 * default, prefer, lets an active attacker downgrade or impersonate the server); and
 * inside a Claude Code session the libpq environment (PGHOST, PGSSLMODE, ...) is not
 * read, since a repository's settings `env` could have set it: the URL in the user's
 * config is the whole story there, pinned so the driver does not read it either.
 */

export type Ssl =
  | false
  | "prefer"
  | "require"
  | {
      ca?: string | string[];
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
  /** The TLS in effect and where it came from, in one line (doctor, team status). */
  readonly tls: string;
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
  // Inside a session the environment may be a repository's: only the real home counts
  // (HOME is Claude Code's own; a project's settings cannot change it) and PGPASSWORD,
  // which can only supply a password to the server the URL names.
  const inside = insideClaudeCode(env);
  const pgEnv: NodeJS.ProcessEnv = inside ? { HOME: env.HOME, PGPASSWORD: env.PGPASSWORD } : env;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // A form only the driver reads (several hosts with ports): its options cannot be
    // mapped, so no sslmode is honoured from it; the default holds.
    if (/[?&]sslmode=/.test(url))
      return {
        url,
        ssl: false,
        tls: "",
        refused:
          "team.url: cairn cannot read the options of this URL form; give one host, or leave sslmode out",
      };
    const tls = sslOptions(() => undefined, homeDir(pgEnv), read, "");
    return { url, ...tls };
  }
  const q = u.searchParams;
  const param = (k: string, envKey: string | undefined) =>
    q.get(k) ?? (envKey ? pgEnv[envKey] : undefined) ?? undefined;
  if (inside) pinEndpoint(u);
  const tls = sslOptions(param, homeDir(pgEnv), read, u.hostname.replace(/^\[(.*)\]$/, "$1"));
  const passfile = param("passfile", "PGPASSFILE") ?? join(homeDir(pgEnv), ".pgpass");
  for (const k of [...q.keys()]) if (CLIENT_SIDE.has(k)) q.delete(k);
  const out = u.toString();
  const base = { url: out, ...tls };
  if (u.password || pgEnv.PGPASSWORD) return base;
  const pass = fromPassfile(passfile, read, {
    host: u.hostname || pgEnv.PGHOST || "localhost",
    port: u.port || pgEnv.PGPORT || "5432",
    database: decodeURIComponent(u.pathname.slice(1)) || pgEnv.PGDATABASE || "",
    user: decodeURIComponent(u.username) || pgEnv.PGUSER || pgEnv.USER || "",
  });
  return pass === undefined ? base : { ...base, pass };
}

/**
 * Writes libpq's defaults for what the URL leaves out (host, port, user, database)
 * into it, so the PostgreSQL driver, which reads PGHOST and the rest from the process
 * environment, has nothing left to take from there.
 */
function pinEndpoint(u: URL): void {
  if (!u.hostname) u.hostname = "localhost";
  if (!u.port) u.port = "5432";
  if (!u.username) u.username = encodeURIComponent(userInfo().username);
  if (u.pathname.length <= 1) u.pathname = `/${u.username}`;
}

/**
 * sslmode as libpq reads it, with verify-full as the default. verify-full checks the
 * chain and the host name, verify-ca the chain only, require encrypts without checking
 * (or like verify-ca when a root certificate is there); the root certificate is
 * sslrootcert or ~/.postgresql/root.crt, and `sslrootcert=system` means the system's
 * CAs (verify-full only), as does the default when there is no root.crt. A file named
 * but unreadable is refused, as libpq refuses it.
 */
function sslOptions(
  param: (k: string, envKey: string | undefined) => string | undefined,
  home: string,
  read: ReadText,
  host: string,
): { ssl: Ssl; tls: string; refused?: string } {
  const refuse = (refused: string) => ({ ssl: false as const, tls: "", refused });
  for (const [k, envKey, what] of UNSUPPORTED)
    if (param(k, envKey) !== undefined)
      return refuse(
        `team.url${envKey && param(k, undefined) === undefined ? ` (through ${envKey})` : ""} asks for ${k} (${what}), which cairn's PostgreSQL client does not support: remove it, or use a URL without it`,
      );
  const given = param("sslmode", "PGSSLMODE");
  const from =
    given === undefined
      ? "the default"
      : param("sslmode", undefined) === undefined
        ? "PGSSLMODE"
        : "team.url";
  const mode = given ?? "verify-full";
  if (!SSL_MODES.has(mode))
    return refuse(
      `team.url: invalid sslmode "${mode}" (disable, allow, prefer, require, verify-ca or verify-full)`,
    );
  const said = `sslmode=${mode} (${from})`;
  if (mode === "disable") return { ssl: false, tls: `${said}: not encrypted` };
  const dotPg = join(home, ".postgresql");
  const defaultRoot = join(dotPg, "root.crt");
  const rootParam =
    param("sslrootcert", "PGSSLROOTCERT") ??
    (given === undefined && read(defaultRoot) === undefined ? "system" : undefined);
  if (rootParam === "system" && mode !== "verify-full")
    return refuse(`team.url: sslrootcert=system needs sslmode=verify-full (not "${mode}"), as with libpq`);
  const files: { ca?: string | string[]; cert?: string; key?: string } = {};
  const load = (k: "ca" | "cert" | "key", givenPath: string | undefined, fallback: string) => {
    const text = read(givenPath ?? fallback);
    if (text !== undefined) files[k] = text;
    return givenPath !== undefined && text === undefined
      ? `team.url: cannot read ${givenPath} (${k === "ca" ? "sslrootcert" : k === "cert" ? "sslcert" : "sslkey"})`
      : undefined;
  };
  const unreadable =
    (rootParam === "system" ? undefined : load("ca", rootParam, defaultRoot)) ??
    load("cert", param("sslcert", "PGSSLCERT"), join(dotPg, "postgresql.crt")) ??
    load("key", param("sslkey", "PGSSLKEY"), join(dotPg, "postgresql.key"));
  if (unreadable) return refuse(unreadable);
  if (rootParam === "system") files.ca = process.getBuiltinModule("node:tls").getCACertificates("system");
  const cas = rootParam === "system" ? "the system's CAs" : (rootParam ?? defaultRoot);
  const verifying = mode === "verify-ca" || mode === "verify-full";
  if (verifying && !files.ca)
    return refuse(
      `team.url: sslmode=${mode} needs a root certificate: set sslrootcert (or put it at ${defaultRoot}, or sslrootcert=system for the system's CAs)`,
    );
  const noHostCheck = { checkServerIdentity: () => undefined };
  if (mode === "verify-full") {
    // Against the URL's host, always: the client names no TLS server for an IP address,
    // and Node would then check the certificate against "localhost" instead.
    const checkServerIdentity = (_: string, cert: PeerCertificate) =>
      process.getBuiltinModule("node:tls").checkServerIdentity(host, cert);
    return {
      ssl: host ? { ...files, checkServerIdentity } : files,
      tls: `${said}: the server's certificate is checked against ${cas} and its host name`,
    };
  }
  if (mode === "verify-ca" || (mode === "require" && files.ca))
    return {
      ssl: { ...files, ...noHostCheck },
      tls: `${said}: the server's certificate is checked against ${cas}, not its host name`,
    };
  const unverified = `${said}: encrypted, but the server is not verified (an active attacker can impersonate it)`;
  // Encrypted, not verified, and with the client certificate when there is one.
  if (mode === "require")
    return { ssl: files.cert ? { ...files, rejectUnauthorized: false } : "require", tls: unverified };
  return {
    ssl: "prefer",
    tls: `${said}: encrypted only if the server offers it, never verified (an active attacker can downgrade or impersonate it)`,
  };
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
