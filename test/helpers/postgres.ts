import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real PostgreSQL for the team tests: a fresh cluster in a temp folder, on a free
 * loopback port, started by the test and stopped after it. PostgreSQL refuses to run as
 * root (and tests run as root in CI), so then the cluster belongs to the `postgres`
 * system user the Debian package creates and every server command runs as that user.
 */

export interface PgServer {
  readonly port: number;
  readonly dir: string;
  /** A connection URL for the test role (password authentication, loopback only). */
  url(opts?: { password?: string; database?: string; host?: string }): string;
  /** Stops the server (fast shutdown) and keeps the cluster, so start() can bring it back. */
  stop(): void;
  start(): void;
  /** Runs one SQL statement as the superuser (for setting up a scenario). */
  psql(sql: string, database?: string): string;
  /** Stops the server and removes the cluster. */
  destroy(): void;
}

export const PG_USER = "cairn_test";
export const PG_PASSWORD = "s3cret-Pass";
export const PG_DB = "cairn_team";

/** Where the server binaries are, or undefined when the machine has none at all. */
export function pgBinDir(): string | undefined {
  const roots = ["/usr/lib/postgresql"];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(join(root, v, "bin", "postgres"))) return join(root, v, "bin");
  }
  const which = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" });
  const found = which.stdout.trim();
  return found ? found.replace(/\/pg_ctl$/, "") : undefined;
}

export const PG_MISSING =
  "team tests skipped: no PostgreSQL server binaries on this machine (install Debian's `postgresql`)";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function ids(name: string): { uid: number; gid: number } | undefined {
  const r = spawnSync("id", ["-u", name], { encoding: "utf8" });
  const g = spawnSync("id", ["-g", name], { encoding: "utf8" });
  if (r.status !== 0 || g.status !== 0) return undefined;
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

export interface PgOptions {
  /** max_connections (default 40): a fleet of machines, each with its own pool, needs more. */
  readonly maxConnections?: number;
}

export async function startPostgres(o: PgOptions = {}): Promise<PgServer> {
  const bin = pgBinDir();
  if (!bin) throw new Error(PG_MISSING);
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? (ids("postgres") ?? ids("nobody")) : undefined;
  if (asRoot && !owner) throw new Error("running as root and there is no `postgres` or `nobody` user");
  // The server user must reach the folder: under root, a TMPDIR inside /root would not do.
  const base = mkdtempSync(join(owner && existsSync("/tmp") ? "/tmp" : tmpdir(), "cairn-pg-"));
  chmodSync(base, 0o700);
  if (owner) chownSync(base, owner.uid, owner.gid);
  const data = join(base, "data");
  const pwfile = join(base, "pw");
  writeFileSync(pwfile, `${PG_PASSWORD}\n`, { mode: 0o600 });
  if (owner) chownSync(pwfile, owner.uid, owner.gid);
  // setpriv drops to the owner without a login shell or PAM (works where runuser is absent).
  const run = (cmd: string, args: string[]): string => {
    const full = owner
      ? [
          "setpriv",
          [
            `--reuid=${owner.uid}`,
            `--regid=${owner.gid}`,
            "--clear-groups",
            "--",
            "env",
            "-i",
            "PATH=/usr/bin:/bin",
            "LC_ALL=C",
            join(bin, cmd),
            ...args,
          ],
        ]
      : [join(bin, cmd), args];
    return execFileSync(full[0] as string, full[1] as string[], {
      encoding: "utf8",
      cwd: base,
      stdio: ["ignore", "pipe", "pipe"],
    });
  };
  run("initdb", [
    "-D",
    data,
    "-U",
    PG_USER,
    `--pwfile=${pwfile}`,
    "--auth=scram-sha-256",
    "--no-sync",
    "-E",
    "UTF8",
    "--locale=C",
  ]);
  rmSync(pwfile, { force: true });
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${base} -c fsync=off -c full_page_writes=off -c max_connections=${o.maxConnections ?? 40}`;
  const logFile = join(base, "server.log");
  const start = () => {
    run("pg_ctl", ["-D", data, "-l", logFile, "-o", opts, "-w", "-t", "60", "start"]);
  };
  const stop = () => {
    try {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
    } catch {
      // Already stopped.
    }
  };
  start();
  const psql = (sql: string, database = "postgres") =>
    execFileSync(
      "psql",
      [
        "-X",
        "-q",
        "-t",
        "-A",
        "-h",
        "127.0.0.1",
        "-p",
        String(port),
        "-U",
        PG_USER,
        "-d",
        database,
        "-c",
        sql,
      ],
      {
        encoding: "utf8",
        env: { ...process.env, PGPASSWORD: PG_PASSWORD, PGCONNECT_TIMEOUT: "10" },
        // A fleet's 100,000 record ids are a few MB.
        maxBuffer: 256 * 1024 * 1024,
      },
    );
  psql(`CREATE DATABASE ${PG_DB}`);
  return {
    port,
    dir: base,
    url: (o = {}) =>
      `postgres://${PG_USER}:${encodeURIComponent(o.password ?? PG_PASSWORD)}@${o.host ?? "127.0.0.1"}:${port}/${o.database ?? PG_DB}?sslmode=disable`,
    stop,
    start,
    psql,
    destroy() {
      stop();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
