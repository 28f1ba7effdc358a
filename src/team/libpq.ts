import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { homeDir } from "../core/paths.ts";

/**
 * The libpq connection-URL options users put in team.url, mapped onto the client: the
 * sslmode family (with sslrootcert, sslcert, sslkey), the password file (~/.pgpass or
 * PGPASSFILE or ?passfile=, so a password need not be in any config file), and the
 * client-side libpq options the server would reject as unknown startup parameters.
 */

export type Ssl =
  | false
  | "prefer"
  | "require"
  | "verify-full"
  | { ca?: string; cert?: string; key?: string; checkServerIdentity?: () => undefined };

export interface ClientOptions {
  /** The URL without the options handled here. */
  readonly url: string;
  readonly ssl: Ssl;
  /** From the password file, when the URL and PGPASSWORD have none. */
  readonly pass?: string;
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
  const param = (k: string, envKey: string) => q.get(k) ?? env[envKey] ?? undefined;
  const mode = param("sslmode", "PGSSLMODE") ?? "prefer"; // libpq's default
  const file = (k: string, envKey: string) => {
    const path = param(k, envKey);
    return path ? read(path) : undefined;
  };
  const ca = file("sslrootcert", "PGSSLROOTCERT");
  const cert = file("sslcert", "PGSSLCERT");
  const key = file("sslkey", "PGSSLKEY");
  const files = { ...(ca ? { ca } : {}), ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
  const anyFile = Object.keys(files).length > 0;
  let ssl: Ssl;
  switch (mode) {
    case "disable":
      ssl = false;
      break;
    case "allow":
    case "prefer":
      ssl = "prefer";
      break;
    case "require":
      // libpq: with a root certificate, require verifies the chain like verify-ca.
      ssl = ca ? { ...files, checkServerIdentity: () => undefined } : "require";
      break;
    case "verify-ca":
      ssl = { ...files, checkServerIdentity: () => undefined };
      break;
    default: // verify-full, and anything unknown: the strictest
      ssl = anyFile ? files : "verify-full";
  }
  const passfile = param("passfile", "PGPASSFILE") ?? join(homeDir(env), ".pgpass");
  for (const k of [...q.keys()]) if (CLIENT_SIDE.has(k)) q.delete(k);
  const out = u.toString();
  if (u.password || env.PGPASSWORD) return { url: out, ssl };
  const pass = fromPassfile(passfile, read, {
    host: u.hostname || env.PGHOST || "localhost",
    port: u.port || env.PGPORT || "5432",
    database: decodeURIComponent(u.pathname.slice(1)) || env.PGDATABASE || "",
    user: decodeURIComponent(u.username) || env.PGUSER || env.USER || "",
  });
  return pass === undefined ? { url: out, ssl } : { url: out, ssl, pass };
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
