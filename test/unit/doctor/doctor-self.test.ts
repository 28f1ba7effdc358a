import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAIRN, REPO, runCairn, tempHome } from "../../helpers/cairn.ts";

// `cairn doctor` checks that what cairn prints runs: the retrieval command, through
// /bin/sh as printed, and an installed plugin's launcher, which must find a new enough
// node. Both checks can fail.

const OLD_NODE = "/usr/bin/node";
const oldVersion = spawnSync(OLD_NODE, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
const haveOldNode = /^v(1\d|20|21|22\.(\d|1[0-2]))\./.test(oldVersion);

interface Check {
  name: string;
  status: string;
  detail: string;
  fix?: string;
}

describe("doctor: the commands cairn prints", () => {
  let sb: ReturnType<typeof tempHome>;
  const doctor = async (env: NodeJS.ProcessEnv = {}) => {
    const r = await runCairn(["doctor", "--json"], { env: { ...sb.env, ...env }, cwd: sb.project });
    return JSON.parse(r.stdout) as { ok: boolean; checks: Check[] };
  };
  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("the retrieval command as printed runs in /bin/sh", async () => {
    const r = await doctor();
    const check = r.checks.find((c) => c.name === "printed command");
    expect(check?.status, JSON.stringify(check)).toBe("ok");
    expect(check?.detail).toContain(`${process.execPath} ${CAIRN} show ID`);
  });

  it.skipIf(!haveOldNode)(
    "an installed plugin whose launcher finds only an old node fails, with the fix",
    async () => {
      const folder = join(sb.home, ".claude", "plugins", "cache", "cairn", "cairn", "0.1.0");
      cpSync(join(REPO, "bin"), join(folder, "bin"), { recursive: true });
      cpSync(dirname(CAIRN), join(folder, "dist"), { recursive: true });
      writeFileSync(
        join(sb.home, ".claude", "plugins", "installed_plugins.json"),
        JSON.stringify({ version: 2, plugins: { "cairn@cairn": [{ scope: "user", installPath: folder }] } }),
      );
      const old = await doctor({ PATH: `${dirname(OLD_NODE)}:/bin` });
      const check = old.checks.find((c) => c.name === "plugin node");
      expect(check?.status).toBe("fail");
      expect(check?.detail).toContain(`needs Node.js 22.13 or newer and found ${oldVersion} at ${OLD_NODE}`);
      expect(check?.fix).toBe(
        `npm install --prefix ${sb.home}/.cairn/node node@24, then start a new session.`,
      );
      expect(old.ok).toBe(false);
      // With a newer node where the fix puts it, the same check passes.
      mkdirSync(join(sb.home, ".cairn", "node", "node_modules", ".bin"), { recursive: true });
      symlinkSync(process.execPath, join(sb.home, ".cairn", "node", "node_modules", ".bin", "node"));
      const fixed = await doctor({ PATH: `${dirname(OLD_NODE)}:/bin` });
      expect(fixed.checks.find((c) => c.name === "plugin node")?.status).toBe("ok");
    },
  );
});
