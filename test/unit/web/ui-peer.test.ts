/**
 * Security review 2026-11-28, finding 4: the dashboard answers only its own user's
 * processes, like the http transport's server. The peer lookup is injected here (a
 * second uid needs root); the root-only case below asks as `nobody` for real.
 */
import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/resolve.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import type { Peer } from "../../../src/transports/socket-owner.ts";
import { newToken } from "../../../src/web/auth.ts";
import { type RunningUi, startUiServer } from "../../../src/web/server.ts";
import { cannotRunAsNobody } from "../../helpers/other-user.ts";

/** One GET on a connection of its own (the peer is looked at once per connection). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, agent: false, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const codeOf = (link: string) => new URL(link).hash.replace(/^#code=/, "");

describe("the dashboard's peer check", () => {
  let dir: string;
  let ui: RunningUi;
  let peer: Peer = "other";
  const token = newToken();
  const asked: [number, number][] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cairn-ui-peer-"));
    ui = await startUiServer({
      paths: cairnPaths(join(dir, ".cairn")),
      config: resolveConfig([]).config,
      port: 0,
      token,
      assets: { js: "", css: "" },
      cli: "cairn",
      peer: (clientPort, serverPort) => {
        asked.push([clientPort, serverPort]);
        return peer;
      },
    });
  });
  afterAll(async () => {
    await ui?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("another user's process gets nothing, not even the page, with the token or a fresh code", async () => {
    peer = "other";
    const code = codeOf(ui.link());
    expect(await get(ui.port, "/")).toBe(403);
    expect(await get(ui.port, "/api/projects", { "x-cairn-token": token })).toBe(403);
    expect(await get(ui.port, "/api/session", { "x-cairn-code": code })).toBe(403);
    expect(asked.length).toBe(3);
    expect(asked.every(([, server]) => server === ui.port)).toBe(true);
    // Refused before the code was looked at: it is still good for our own user.
    peer = "ours";
    expect(await get(ui.port, "/api/session", { "x-cairn-code": code })).toBe(200);
    expect(await get(ui.port, "/api/session", { "x-cairn-code": code })).toBe(403);
  });

  it("our own user's process is served; where no socket table exists, the token alone decides", async () => {
    for (const p of ["ours", "unsupported"] as const) {
      peer = p;
      expect(await get(ui.port, "/"), p).toBe(200);
      // No database in this HOME: 503 means past every check.
      expect(await get(ui.port, "/api/projects", { "x-cairn-token": token }), p).toBe(503);
      expect(await get(ui.port, "/api/projects"), p).toBe(403);
    }
  });
});

const skip = cannotRunAsNobody();

describe.skipIf(skip !== undefined)("the real peer check against another uid (root only)", () => {
  let dir: string;
  let ui: RunningUi;
  const token = newToken();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cairn-ui-nobody-"));
    chmodSync(dir, 0o755);
    ui = await startUiServer({
      paths: cairnPaths(join(dir, ".cairn")),
      config: resolveConfig([]).config,
      port: 0,
      token,
      assets: { js: "", css: "" },
      cli: "cairn",
    });
  });
  afterAll(async () => {
    await ui?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("nobody holding the token and a fresh code gets 403 everywhere; we get through", async () => {
    const code = codeOf(ui.link());
    const probe = join(dir, "probe.mjs");
    writeFileSync(
      probe,
      `const h = { host: "127.0.0.1:${ui.port}" };
       const out = [];
       for (const [path, extra] of [["/", {}], ["/api/projects", { "x-cairn-token": ${JSON.stringify(token)} }], ["/api/session", { "x-cairn-code": ${JSON.stringify(code)} }]])
         out.push((await fetch("http://127.0.0.1:${ui.port}" + path, { headers: { ...h, ...extra } })).status);
       process.stdout.write(out.join(","));`,
      { mode: 0o644 },
    );
    // Not execFileSync: the server under test runs in this process and must answer meanwhile.
    const { stdout } = await promisify(execFile)(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, probe],
      { cwd: dir, encoding: "utf8" },
    );
    expect(stdout).toBe("403,403,403");
    expect(await get(ui.port, "/api/projects", { "x-cairn-token": token })).toBe(503);
    expect(await get(ui.port, "/api/session", { "x-cairn-code": code })).toBe(200);
  });
});
