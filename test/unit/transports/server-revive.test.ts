// A killed `cairn serve` comes back during the session: the statusline, which Claude
// Code runs every few seconds, restarts it. One stopped on purpose stays stopped.
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { health } from "../../../src/transports/http-client.ts";
import { readHttpInstall } from "../../../src/transports/http-config.ts";
import { runCairn } from "../../helpers/cairn.ts";
import { HANG_MS, until } from "../../helpers/wait.ts";
import { type Sandbox, sandbox } from "../../reliability/lib.ts";

let s: Sandbox;
beforeEach(() => {
  s = sandbox();
});
afterEach(async () => {
  await runCairn(["serve", "--stop"], { env: s.env, cwd: s.project });
  s.cleanup();
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

/**
 * Polls until `probe` holds (a guard against hanging, bounded by HANG_MS, not a speed
 * requirement); undefined when it never does, for the assertion to report.
 */
async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T | undefined> {
  return until(async () => (await probe()) || undefined, "never held").catch(() => undefined);
}

/** A health check that should be answered: given as long as any wait for an event. */
const answered = (install: Parameters<typeof health>[0]) => health(install, HANG_MS);

const statusline = () =>
  runCairn(["statusline"], {
    env: s.env,
    cwd: s.project,
    input: JSON.stringify({ session_id: "5e55a000-0000-4000-8000-000000000001", cwd: s.project }),
  });

it("the statusline restarts a server that was killed; a stopped one stays stopped", async () => {
  const port = await freePort();
  const started = await runCairn(["serve", "--detach", "--port", String(port)], {
    env: s.env,
    cwd: s.project,
  });
  expect(started.code, started.stderr).toBe(0);
  const paths = cairnPaths(s.cairnHome);
  const install = readHttpInstall(paths)!;
  const first = await answered(install);
  expect(first?.pid).toBeGreaterThan(0);

  process.kill(first!.pid, "SIGKILL");
  expect(await eventually(() => gone(first!.pid))).toBe(true);
  expect(await health(install, 500)).toBeUndefined();

  const line = await statusline();
  expect(line.code).toBe(0);
  expect(line.stderr).toBe("");
  const second = await eventually(() => answered(install));
  expect(second?.pid, "a new server answers").toBeGreaterThan(0);
  expect(second!.pid).not.toBe(first!.pid);

  // Stopped on purpose: no state left, the statusline does not start it (its restart
  // marker is not touched again).
  expect((await runCairn(["serve", "--stop"], { env: s.env, cwd: s.project })).code).toBe(0);
  const marker = join(s.cairnHome, "install", "serve-revived");
  const revivedAt = statSync(marker).mtimeMs;
  await statusline();
  expect(statSync(marker).mtimeMs).toBe(revivedAt);
  expect(await health(install, 500)).toBeUndefined();
  expect(readFileSync(join(s.cairnHome, "logs", "cairn.log"), "utf8")).not.toContain("could not restart");
});
