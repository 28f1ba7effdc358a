import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../../src/store/db.ts";
import { clientOptions, fromPassfile } from "../../../src/team/libpq.ts";
import { syncOnce } from "../../../src/team/sync.ts";
import {
  PG_DB,
  PG_PASSWORD,
  PG_USER,
  type PgServer,
  pgBinDir,
  startPostgres,
} from "../../helpers/postgres.ts";

const dir = mkdtempSync(join(tmpdir(), "cairn-libpq-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("libpq URL options", () => {
  it("maps sslmode and drops the client-side options the server would refuse", () => {
    const o = clientOptions(
      "postgres://u@db.example.org:6543/team?sslmode=require&keepalives=1&application_name=x&passfile=/nope",
      {},
    );
    expect(o.ssl).toBe("require");
    expect(o.url).toBe("postgres://u@db.example.org:6543/team?application_name=x");
    expect(clientOptions("postgres://u@h/d?sslmode=prefer", {}).ssl).toBe("prefer");
    expect(clientOptions("postgres://u@h/d?sslmode=disable", {}).ssl).toBe(false);
    // As libpq: verifying needs a root certificate (sslrootcert, ~/.postgresql/root.crt or system).
    expect(clientOptions("postgres://u@h/d", { PGSSLMODE: "verify-full", HOME: dir }).refused).toMatch(
      /^team\.url: sslmode=verify-full needs a root certificate/,
    );
    const ca = join(dir, "root.crt");
    writeFileSync(ca, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const full = clientOptions(`postgres://u@h/d?sslmode=verify-full&sslrootcert=${ca}`, {}).ssl;
    expect(full).toEqual({
      ca: expect.stringContaining("BEGIN CERTIFICATE"),
      checkServerIdentity: expect.any(Function),
    });
    const verifyCa = clientOptions(`postgres://u@h/d?sslmode=verify-ca&sslrootcert=${ca}`, {}).ssl as {
      checkServerIdentity?: () => undefined;
    };
    expect(typeof verifyCa.checkServerIdentity).toBe("function");
  });

  it("reads a password file like libpq: first match, wildcards, escapes, and never a file others can read", () => {
    const file = join(dir, "pgpass");
    writeFileSync(
      file,
      "# comment\nother:5432:*:u:nope\ndb.example.org:6543:team:u:pa\\:ss\\\\1\n*:*:*:u:fallback\n",
    );
    chmodSync(file, 0o600);
    const read = (p: string) => (p === file ? readFileSync(p, "utf8") : undefined);
    expect(
      fromPassfile(file, read, { host: "db.example.org", port: "6543", database: "team", user: "u" }),
    ).toBe("pa:ss\\1");
    expect(fromPassfile(file, read, { host: "x", port: "1", database: "y", user: "u" })).toBe("fallback");
    expect(fromPassfile(file, read, { host: "x", port: "1", database: "y", user: "v" })).toBeUndefined();
    chmodSync(file, 0o644);
    expect(fromPassfile(file, read, { host: "x", port: "1", database: "y", user: "u" })).toBeUndefined();
  });
});

describe.skipIf(!pgBinDir())("libpq options against a real PostgreSQL", () => {
  let pg: PgServer;
  let store: Store;
  beforeAll(async () => {
    pg = await startPostgres();
    store = await openStore(join(dir, "cairn.db"));
  });
  afterAll(() => {
    store?.close();
    pg?.destroy();
  });

  it("connects with the password from PGPASSFILE, so team.url need not hold it", async () => {
    const file = join(dir, "team.pgpass");
    writeFileSync(file, `127.0.0.1:${pg.port}:${PG_DB}:${PG_USER}:${PG_PASSWORD}\n`, { mode: 0o600 });
    const url = `postgres://${PG_USER}@127.0.0.1:${pg.port}/${PG_DB}?sslmode=disable&passfile=${file}`;
    expect(await syncOnce(store, { url, project: "p" })).toMatchObject({ ok: true });
    chmodSync(file, 0o644);
    const refused = await syncOnce(store, { url, project: "p" });
    expect(refused.error).toMatch(/^authentication failed at 127\.0\.0\.1/);
  });

  it("sslmode=prefer falls back on a server without TLS; require, verify-full and the default (verify-full) refuse it", async () => {
    const base = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${pg.port}/${PG_DB}`;
    expect(await syncOnce(store, { url: `${base}?sslmode=prefer`, project: "p" })).toMatchObject({
      ok: true,
    });
    for (const [mode, url] of [
      ["require", `${base}?sslmode=require`],
      ["verify-full", `${base}?sslmode=verify-full&sslrootcert=system`],
      ["no sslmode", base],
    ] as const) {
      const r = await syncOnce(store, { url, project: "p", connectTimeoutS: 5 });
      expect(r.ok, mode).toBe(false);
      expect(r.error!.split("\n")).toHaveLength(1);
      expect(r.error).not.toContain(PG_PASSWORD);
    }
  });
});
