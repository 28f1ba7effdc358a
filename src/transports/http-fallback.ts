import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { commandPlan } from "../claude/install-plan.ts";
import { readRecord, sha256, writeRecord } from "../claude/install-record.ts";
import { parseSettings, stringifySettings, withCairn } from "../claude/settings.ts";
import { FILE_MODE, writeFileAtomic } from "../core/fs.ts";
import type { Logger } from "../core/log.ts";
import type { CairnPaths } from "../core/paths.ts";
import { selfInvocation } from "../core/self.ts";
import { type HttpRisk, noteHttpRisk } from "./http-risk.ts";

/**
 * Falls back from the http transport to command hooks: every install of cairn with
 * http hooks (the user's, each project's: they all post to the one port) gets command
 * hooks in their place, and its record says so, so `cairn uninstall` still restores
 * the file. Claude Code watches its settings files, so running sessions switch too,
 * after a moment. Returns the files rewritten.
 */
export function switchToCommandHooks(paths: CairnPaths): string[] {
  const switched: string[] = [];
  for (const key of httpInstalls(paths)) {
    const record = readRecord(paths, key);
    if (record?.transport !== "http") continue;
    const path = record.settingsPath;
    const before = existsSync(path) ? readFileSync(path, "utf8") : undefined;
    const parsed = parseSettings(before);
    if (!parsed.ok || before === undefined) continue;
    const text = stringifySettings(
      withCairn(parsed.settings, commandPlan(selfInvocation())),
      parsed.indent,
      parsed.trailingNewline,
    );
    writeRecord(paths, key, {
      ...record,
      transport: "command",
      // Edited by someone else since cairn wrote it: uninstall must not restore blindly.
      pristine: record.pristine && sha256(before) === record.writtenSha256,
      writtenSha256: sha256(text),
    });
    writeFileAtomic(path, text, modeOf(path));
    switched.push(path);
  }
  return switched;
}

/** The installs (records in ~/.cairn/install: the user's, each project's) that use http hooks. */
export function httpInstalls(paths: CairnPaths): string[] {
  let names: string[];
  try {
    names = readdirSync(paths.install);
  } catch {
    return [];
  }
  return names
    .filter((n) => n === "user.json" || (n.startsWith("project-") && n.endsWith(".json")))
    .map((n) => n.slice(0, -".json".length))
    .filter((key) => readRecord(paths, key)?.transport === "http");
}

/**
 * The one answer to "another user could be, or is, the listener": nothing is sent
 * there, the reason is kept for doctor, every http install goes back to command hooks,
 * and the log says so at error level (which the statusline marks). `where` says which
 * check found it. Returns the files rewritten.
 */
export function fallBackToCommandHooks(
  paths: CairnPaths,
  risk: HttpRisk,
  log: Logger,
  where: string,
  port: number,
): string[] {
  noteHttpRisk(paths, risk, where);
  const switched = switchToCommandHooks(paths);
  log.error(
    `http transport unsafe here: ${risk.reason} (found by ${where}); cairn sent nothing there${switched.length > 0 ? `; switched to command hooks in ${switched.join(", ")}` : ". Use command hooks: cairn install --transport command"}`,
    { port },
  );
  return switched;
}

function modeOf(path: string): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return FILE_MODE;
  }
}
