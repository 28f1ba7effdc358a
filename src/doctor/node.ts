import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { Check } from "../core/check.ts";
import { errorMessage } from "../core/fs.ts";
import { MIN_NODE_TEXT, nodeVersionOk } from "../core/node-min.ts";
import { onPath as firstNode } from "../core/process.ts";
import { bundledLauncher, shellQuote } from "../core/self.ts";
import { runsVersion } from "./self.ts";

/** doctor's checks of the Node.js that runs cairn: the one the launcher finds, and this one's node:sqlite. */

/**
 * The Node that runs cairn outside this process. The plugin's hooks and the `cairn`
 * command go through cairn's launcher (bin/cairn), which tries the recorded node, the
 * one npm installed cairn with, node on PATH and the clone's own before giving up; so
 * the question is whether the launcher finds one, in the user's environment. An old
 * node first on PATH is fine when another candidate runs cairn, and fails the check
 * when none does. Without the launcher (a bare bundle), node on PATH is what runs.
 */
function checkNodeOnPath(env: NodeJS.ProcessEnv = process.env): Check {
  const fix = `install Node.js ${MIN_NODE_TEXT} or newer (\`npm install --prefix ~/.cairn/node node@24\`), or put one first on PATH`;
  const onPath = firstNode("node", env);
  const pathVersion = onPath
    ? spawnSync(onPath, ["--version"], { encoding: "utf8", timeout: 10_000 }).stdout?.trim() || "not runnable"
    : "absent";
  const launcher = bundledLauncher();
  if (launcher && existsSync(launcher)) {
    const { ok, said } = runsVersion(`sh ${shellQuote(launcher)}`, env);
    if (ok)
      return {
        name: "node",
        status: "ok",
        detail: `${launcher} finds a node that runs cairn (node on PATH: ${pathVersion})`,
      };
    return {
      name: "node",
      status: "fail",
      detail: `no node that runs cairn: node on PATH is ${pathVersion}; ${launcher}: ${said}`,
      fix,
    };
  }
  if (!onPath)
    return {
      name: "node",
      status: "fail",
      detail: `no node on PATH (this doctor runs on ${process.execPath})`,
      fix,
    };
  const probe = spawnSync(
    onPath,
    [
      "-e",
      "const {DatabaseSync}=require('node:sqlite');new DatabaseSync(':memory:').exec('CREATE VIRTUAL TABLE t USING fts5(x)');process.stdout.write(process.version)",
    ],
    { encoding: "utf8", timeout: 10_000, env: { ...env, NODE_NO_WARNINGS: "1" } },
  );
  const version = probe.stdout?.trim() ?? "";
  if (probe.status !== 0 || !nodeVersionOk(version))
    return {
      name: "node",
      status: "fail",
      detail: `${onPath} is ${version || pathVersion}${probe.status === 0 ? "" : ", without node:sqlite (FTS5)"}: hooks it runs answer nothing, so cairn does nothing`,
      fix,
    };
  return { name: "node", status: "ok", detail: `${version} at ${onPath}, with node:sqlite and FTS5` };
}

export async function checkNode(): Promise<Check[]> {
  const checks: Check[] = [checkNodeOnPath()];
  try {
    const { DatabaseSync } = await import("node:sqlite");
    const db = new DatabaseSync(":memory:");
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x)");
    db.close();
    checks.push({ name: "node:sqlite", status: "ok", detail: `${process.version}: available, with FTS5` });
  } catch (err) {
    checks.push({
      name: "node:sqlite",
      status: "fail",
      detail: errorMessage(err),
      fix: `use Node.js ${MIN_NODE_TEXT}+ built with SQLite`,
    });
  }
  return checks;
}
