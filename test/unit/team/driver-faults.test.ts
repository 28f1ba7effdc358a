/**
 * A team machine survives the two connection faults postgres.js 3.4.9 lets escape where
 * no caller can catch them (src/team/driver-guard.ts), met at the moment they happen:
 * a loopback proxy breaks the connection when the driver sends its own array-types
 * query (the fleet's ECONNRESET on 2026-11-28 and 11-30: porsager/postgres#1192, #1223)
 * or when a push sends its INSERT inside its transaction, as a fast shutdown does
 * (porsager/postgres#1154, #1208). Each machine is a process of its own, as a
 * background sync is: without the guard it dies there. And the guard takes nothing
 * else: an error of the same kind from anywhere but the driver still ends the process.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../../helpers/cairn.ts";
import { type Break, startPgProxy } from "../../helpers/pg-proxy.ts";
import { type PgServer, pgBinDir, startPostgres } from "../../helpers/postgres.ts";
import type { MachineArgs, MachineReport } from "../../helpers/team-machine.ts";
import { HANG_MS } from "../../helpers/wait.ts";

const MACHINE = join(REPO, "test", "helpers", "team-machine.ts");
const GUARD = join(REPO, "src", "team", "driver-guard.ts");
const RECORDS = 12;

/** Runs one machine to its end (or kills it at the hang bound): exit code, report, stderr. */
function runMachine(
  a: MachineArgs,
): Promise<{ code: number | null; report?: MachineReport; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MACHINE, JSON.stringify(a)], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, CAIRN_TEAM_URL: "", HOME: a.home },
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      err += d;
    });
    const hang = setTimeout(() => child.kill("SIGKILL"), HANG_MS);
    child.on("close", (code) => {
      clearTimeout(hang);
      let report: MachineReport | undefined;
      try {
        report = JSON.parse(out.trim().split("\n").at(-1) ?? "") as MachineReport;
      } catch {
        report = undefined;
      }
      resolve({ code, report, stderr: err });
    });
  });
}

describe.skipIf(!pgBinDir())(
  "a team machine whose connection breaks where the driver cannot be caught",
  () => {
    let pg: PgServer;
    let root: string;
    beforeAll(async () => {
      pg = await startPostgres();
      root = mkdtempSync(join(tmpdir(), "cairn-driver-faults-"));
      writeFileSync(
        join(root, "corpus.txt"),
        "a line of tool output long enough\nanother line of tool output here\n",
      );
    });
    afterAll(() => {
      pg?.destroy();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    const cases: { name: string; when: string; how: Break; kind: string; error: RegExp }[] = [
      // The fleet's failure: a reset while the driver fetches the array types.
      {
        name: "reset at the driver's types query",
        when: "b.typarray",
        how: "reset",
        kind: "types-query",
        error: /ECONNRESET/,
      },
      // A backend stopped there by a restart: the driver reconnects, then fails both ways.
      {
        name: "restart at the driver's types query",
        when: "b.typarray",
        how: "terminate",
        kind: "types-query",
        error: /administrator command|CONNECTION/,
      },
      // A restart in the middle of a push's transaction.
      {
        name: "restart at a push's INSERT",
        when: "INSERT INTO cairn_team_records",
        how: "terminate",
        kind: "write-after-close",
        error: /CONNECTION_CLOSED|administrator command/,
      },
    ];

    it.each(cases)("$name: the machine lives, retries the round and logs the fault", async (c) => {
      const proxy = await startPgProxy({ url: pg.url(), port: pg.port, when: c.when, how: c.how });
      const project = `example.org/faults/${c.kind}-${c.how}`;
      const home = join(root, `${c.kind}-${c.how}`);
      try {
        const r = await runMachine({
          index: 0,
          home,
          url: proxy.url,
          project,
          records: RECORDS,
          chunks: 2,
          total: RECORDS,
          corpus: join(root, "corpus.txt"),
          deadline: Date.now() + HANG_MS,
        });
        expect(proxy.broken()).toBe(1);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toContain(`(${c.kind}:`);
        expect(r.report?.done).toBe(true);
        expect(r.report?.held).toBe(RECORDS);
        // The broken round failed and the next one went through.
        expect(r.report?.retries).toBeGreaterThanOrEqual(1);
        expect(r.report?.errors[0]).toMatch(c.error);
        const log = join(home, ".cairn", "logs", "cairn.log");
        expect(existsSync(log)).toBe(true);
        const faults = readFileSync(log, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as { event?: string; kind?: string; level?: string })
          .filter((l) => l.event === "team.driver-fault");
        expect(faults.map((f) => [f.level, f.kind])).toEqual([["warn", c.kind]]);
      } finally {
        await proxy.close();
      }
    });
  },
);

describe("the guard takes the driver's two faults only", () => {
  /** A process with the guard installed that then meets `code`'s error. */
  const run = (code: string) =>
    spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `(await import(${JSON.stringify(GUARD)})).containDriverFaults();\n${code}`,
      ],
      { encoding: "utf8", timeout: HANG_MS },
    );

  it("a reset nobody awaited, not the driver's, still ends the process", () => {
    const r =
      run(`Promise.reject(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET", query: "SELECT 1" }));
      setTimeout(() => console.log("lived on"), 500);`);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain("lived on");
    expect(r.stderr).toContain("read ECONNRESET");
    expect(r.stderr).not.toContain("contained");
  });

  it("a write to a closed socket of anyone but the driver still ends the process", () => {
    const r = run(`function nextWrite() { const socket = null; socket.write("x"); }
      setImmediate(nextWrite);
      setTimeout(() => console.log("lived on"), 500);`);
    expect(r.status).toBe(1);
    expect(r.stdout).not.toContain("lived on");
    expect(r.stderr).toContain("Cannot read properties of null (reading 'write')");
    expect(r.stderr).not.toContain("contained");
  });
});
