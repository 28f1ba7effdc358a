import { existsSync, readFileSync, statSync } from "node:fs";
import { commandPlan } from "../claude/install-plan.ts";
import { readRecord, sha256, writeRecord } from "../claude/install-record.ts";
import { parseSettings, stringifySettings, withCairn } from "../claude/settings.ts";
import { FILE_MODE, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, projectKey } from "../core/paths.ts";
import { selfInvocation } from "../core/self.ts";

/**
 * Falls back from the http transport to command hooks: each install of cairn with
 * http hooks (the user's, this project's) gets command hooks in their place, and its
 * record says so, so `cairn uninstall` still restores the file. Claude Code watches
 * its settings files, so the running session switches too (after a moment: the
 * SessionStart hook that calls this waits for it). Returns the files rewritten.
 */
export function switchToCommandHooks(paths: CairnPaths, projectDir: string | undefined): string[] {
  const keys = ["user", ...(projectDir ? [`project-${projectKey(projectDir)}`] : [])];
  const switched: string[] = [];
  for (const key of keys) {
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

function modeOf(path: string): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return FILE_MODE;
  }
}
