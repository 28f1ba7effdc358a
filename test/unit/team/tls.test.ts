import { execFileSync } from "node:child_process";
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../src/store/db.ts";
import { clientOptions } from "../../../src/team/libpq.ts";
import { syncOnce } from "../../../src/team/sync.ts";
import {
  PG_DB,
  PG_PASSWORD,
  PG_USER,
  type PgServer,
  pgBinDir,
  startPostgres,
} from "../../helpers/postgres.ts";
import { until } from "../../helpers/wait.ts";

/**
 * sslmode against a real PostgreSQL serving TLS with a certificate from a CA made here
 * with openssl, for the name `localhost` only: verify-full checks the host name (so
 * 127.0.0.1 fails and localhost passes), verify-ca checks only the chain (both pass,
 * another CA fails), require checks nothing unless given a root certificate.
 */
const dir = mkdtempSync(join(tmpdir(), "cairn-tls-"));
const ssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });

function makeCa(name: string): void {
  ssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    `/CN=${name}`,
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.crt`,
  );
}

const hasTools =
  !!pgBinDir() &&
  (() => {
    try {
      execFileSync("openssl", ["version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();

describe.skipIf(!hasTools)("sslmode against a real PostgreSQL with TLS", () => {
  let pg: PgServer;
  let store: Store;
  const home = join(dir, "home"); // no ~/.postgresql: only what the URL names counts
  const url = (host: string, query: string) =>
    `postgres://${PG_USER}:${PG_PASSWORD}@${host}:${pg.port}/${PG_DB}?${query}`;
  const attempt = async (u: string) => {
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      return await syncOnce(store, { url: u, project: "p", connectTimeoutS: 10 });
    } finally {
      process.env.HOME = saved;
    }
  };

  beforeAll(async () => {
    mkdirSync(home, { recursive: true });
    makeCa("team-ca");
    makeCa("other-ca");
    ssl(
      "req",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-subj",
      "/CN=localhost",
      "-keyout",
      "server.key",
      "-out",
      "server.csr",
    );
    writeFileSync(join(dir, "san.ext"), "subjectAltName=DNS:localhost\n");
    ssl(
      "x509",
      "-req",
      "-in",
      "server.csr",
      "-CA",
      "team-ca.crt",
      "-CAkey",
      "team-ca.key",
      "-CAcreateserial",
      "-days",
      "2",
      "-extfile",
      "san.ext",
      "-out",
      "server.crt",
    );
    pg = await startPostgres();
    const data = join(pg.dir, "data");
    const owner = statSync(data);
    for (const f of ["server.crt", "server.key"]) {
      writeFileSync(join(data, f), readFileSync(join(dir, f)), { mode: 0o600 });
      chownSync(join(data, f), owner.uid, owner.gid);
    }
    pg.psql("ALTER SYSTEM SET ssl = on");
    pg.psql("SELECT pg_reload_conf()");
    // The reload is asynchronous: wait until a new connection is offered TLS.
    await until(
      () => (pg.psql("SHOW ssl").includes("on") ? true : undefined),
      "PostgreSQL never turned TLS on",
    );
    store = await openStore(join(dir, "cairn.db"));
  });
  afterAll(() => {
    store?.close();
    pg?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it("verify-full checks the host name; verify-ca does not, but checks the chain", async () => {
    const ca = `sslrootcert=${join(dir, "team-ca.crt")}`;
    expect(await attempt(url("localhost", `sslmode=verify-full&${ca}`))).toMatchObject({ ok: true });
    const wrongName = await attempt(url("127.0.0.1", `sslmode=verify-full&${ca}`));
    expect(wrongName.ok).toBe(false);
    expect(wrongName.error).toMatch(/IP: 127\.0\.0\.1 is not in the cert's list|does not match/i);
    expect(await attempt(url("127.0.0.1", `sslmode=verify-ca&${ca}`))).toMatchObject({ ok: true });
    const otherCa = `sslrootcert=${join(dir, "other-ca.crt")}`;
    for (const mode of ["verify-ca", "verify-full", "require"]) {
      const r = await attempt(url("localhost", `sslmode=${mode}&${otherCa}`));
      expect(r.ok, mode).toBe(false);
      expect(r.error, mode).toMatch(/certificate/i);
    }
    // require without a root certificate encrypts and checks nothing, as with libpq.
    expect(await attempt(url("127.0.0.1", "sslmode=require"))).toMatchObject({ ok: true });
    // The system's CAs do not know this CA.
    expect((await attempt(url("localhost", "sslmode=verify-full&sslrootcert=system"))).ok).toBe(false);
  });

  it("refuses, in one line, what it cannot honour instead of connecting without it", async () => {
    const ca = `sslrootcert=${join(dir, "team-ca.crt")}`;
    for (const [query, want] of [
      [
        `sslmode=verify-full&${ca}&sslcrl=${join(dir, "none.crl")}`,
        /asks for sslcrl \(certificate revocation lists\)/,
      ],
      [`sslmode=verify-full&${ca}&sslcrldir=${dir}`, /asks for sslcrldir/],
      [`sslmode=require&sslpassword=x`, /asks for sslpassword \(encrypted client keys\)/],
      [`service=team`, /asks for service \(the connection service file/],
      [`sslmode=verify-ca`, /sslmode=verify-ca needs a root certificate: set sslrootcert/],
      [
        `sslmode=verify-full&sslrootcert=${join(dir, "missing.crt")}`,
        /cannot read .*missing\.crt \(sslrootcert\)/,
      ],
      [`sslmode=require&sslrootcert=system`, /sslrootcert=system needs sslmode=verify-full/],
      [`sslmode=verify_full`, /invalid sslmode "verify_full"/],
    ] as const) {
      const r = await attempt(url("localhost", query));
      expect(r.ok, query).toBe(false);
      expect(r.error, query).toMatch(want);
      expect(r.error!.split("\n"), query).toHaveLength(1);
    }
    expect(clientOptions("postgres://u@h/d", { PGSERVICE: "team" }, () => undefined).refused).toMatch(
      /through PGSERVICE/,
    );
  });
});
