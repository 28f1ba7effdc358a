import { type Check, verdict } from "../core/check.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { checkDisk } from "../doctor/disk.ts";
import { checkHttp } from "../doctor/http.ts";
import { checkLog } from "../doctor/log.ts";
import { checkNode } from "../doctor/node.ts";
import { checkConfig, checkNotebookFile, checkSwitches } from "../doctor/project.ts";
import { checkRegistration } from "../doctor/registration.ts";
import { checkRetention, checkStore } from "../doctor/store.ts";
import { checkExitTrap } from "../exit-trap/doctor-check.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { parse } from "./args.ts";
import type { Command } from "./command.ts";
import { color, json, out } from "./io.ts";

/**
 * Every check, in the order printed. A check is a function of the paths and the
 * project that returns its lines; a new one is one more entry here (in a module of
 * its own under src/doctor/ when it is more than a few lines).
 */
const CHECKS: readonly ((paths: CairnPaths, projectDir: string) => Check[] | Promise<Check[]>)[] = [
  () => checkNode(),
  (_paths, projectDir) => checkRegistration(projectDir),
  async (_paths, projectDir) => (await import("../doctor/gemini.ts")).checkGemini(projectDir),
  checkHttp,
  checkDisk,
  checkStore,
  checkRetention,
  checkConfig,
  checkExitTrap,
  (_paths, projectDir) => checkNotebookFile(projectDir),
  (paths, projectDir) => [checkSwitches(paths, projectDir)],
  (paths) => [checkLog(paths)],
  async () => {
    const m = await import("../doctor/self.ts");
    return [m.checkPrintedCommand(), ...m.checkPluginLauncher()];
  },
  async (paths, projectDir) => (await import("../team/doctor-check.ts")).checkTeam(paths, projectDir),
];

async function runChecks(paths: CairnPaths, projectDir: string): Promise<Check[]> {
  const checks: Check[] = [];
  for (const check of CHECKS) checks.push(...(await check(paths, projectDir)));
  return checks;
}

const MARK: Record<Check["status"], string> = {
  ok: color.green("✓"),
  warn: color.yellow("!"),
  fail: color.red("✗"),
};

export const doctor: Command = {
  usage: `Usage: cairn doctor [--json]

Checks the Node on PATH and node:sqlite, hook registration (user, project, plugin, Gemini CLI) and
that the registered command runs, the http server when hooks use it, free space and
write access where cairn writes, the database (read-only: doctor never creates it),
its size against the retention policy and how the last retention run ended, whether
compression works, the config, the kill switches and the last errors in the log.
Prints how to fix each problem. "healthy" only when every check passes; exits 1 when
one fails.`,
  async run(argv) {
    const { values } = parse(argv, { json: { type: "boolean" } });
    const checks = await runChecks(cairnPaths(), commandProjectDir());
    const v = verdict(checks);
    if (values.json) {
      json({ ok: v === "healthy", verdict: v, checks });
      return v === "failing" ? 1 : 0;
    }
    for (const c of checks) {
      out(`${MARK[c.status]} ${color.bold(c.name)}: ${c.detail}`);
      if (c.fix && c.status !== "ok") out(`    ${color.dim("fix:")} ${c.fix}`);
    }
    out("");
    const warned = checks.filter((c) => c.status === "warn").length;
    out(
      v === "failing"
        ? color.red("cairn needs attention")
        : v === "warnings"
          ? color.yellow(`cairn works, with ${warned} warning(s) above`)
          : color.green("cairn is healthy"),
    );
    return v === "failing" ? 1 : 0;
  },
};
