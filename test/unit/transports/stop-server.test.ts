import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { allowHttpWithOtherUsers, runCairn, tempHome } from "../../helpers/cairn.ts";

// Uninstall of an http install stops its server (transports/stop-server.ts), through the
// real bundle: the server is the detached process `cairn install --transport http` starts.

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("stopping the http transport's server", () => {
  const t = tempHome("cairn-stop-");
  allowHttpWithOtherUsers(t.home);
  const install = join(t.home, ".cairn", "install");
  afterAll(async () => {
    await runCairn(["serve", "--stop"], { env: t.env });
    t.cleanup();
  });

  it("uninstall stops the server it started, and its state file goes", async () => {
    const inst = await runCairn(["install", "--transport", "http"], { env: t.env });
    expect(inst.code, inst.stderr).toBe(0);
    const status = await runCairn(["serve", "--status", "--json"], { env: t.env });
    const pid = (JSON.parse(status.stdout) as { pid: number }).pid;
    expect(alive(pid)).toBe(true);

    const un = await runCairn(["uninstall"], { env: t.env });
    expect(un.code, un.stderr).toBe(0);
    expect(un.stdout).toContain(`stopped cairn serve (pid ${pid})`);
    expect((await runCairn(["serve", "--status"], { env: t.env })).code).toBe(1);
    expect(existsSync(join(t.home, ".cairn", "serve.json"))).toBe(false);
  });

  it("uninstall without the http install's file stops nothing and creates nothing", async () => {
    expect((await runCairn(["install", "--transport", "http"], { env: t.env })).code).toBe(0);
    await runCairn(["serve", "--stop"], { env: t.env });
    rmSync(join(install, "http.json"));
    const un = await runCairn(["uninstall"], { env: t.env });
    expect(un.code, un.stderr).toBe(0);
    expect(un.stdout).toContain("cairn serve is not running");
    expect(existsSync(join(install, "http.json"))).toBe(false);
  });
});
