/**
 * `close` gives postgres.js's end() a few seconds, then goes on: its end() can hang for
 * good after the server dropped a connection (porsager/postgres#1097), and by then no
 * socket or timer of the driver's may be left. The wait itself must then keep the
 * process alive, or Node ends it in the middle of the await (exit 13, an unsettled
 * top-level await) and whatever came after the sync (its report, the CLI's output) is lost.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../../helpers/cairn.ts";

const CLIENT = join(REPO, "src", "team", "client.ts");

describe("closing a pool whose end() never settles", () => {
  it("the process goes on after the bounded wait instead of ending in the middle of it", () => {
    // An end() that never settles and holds nothing open, as after a dropped connection.
    const script = `
      const { close } = await import(${JSON.stringify(CLIENT)});
      const hung = { end: () => new Promise(() => {}) };
      await close(hung);
      console.log("went on");
    `;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.stderr).not.toContain("unsettled top-level await");
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe("went on");
  });
});
