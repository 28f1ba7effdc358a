import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readJsonIfExists, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { projectKey } from "../core/paths.ts";
import type { ExtrasRecord } from "./extras.ts";
import type { SettingsScope } from "./paths.ts";

/**
 * What cairn remembers about one install, so uninstall can put things back exactly:
 * the original bytes (or that there was no file), the hash of what cairn wrote, and
 * the user's own statusline command that cairn's statusline wraps.
 */
export interface InstallRecord {
  readonly version: 1;
  readonly scope: SettingsScope;
  readonly settingsPath: string;
  /** The settings file as it was before cairn first touched it; null when there was none. */
  readonly originalPath: string | null;
  /** False once the file was changed by someone else between two cairn installs. */
  readonly pristine: boolean;
  readonly writtenSha256: string;
  readonly userStatusLine: unknown;
  readonly transport: "command" | "http";
  /** The MCP server and /handoff command cairn added (absent on installs before they existed). */
  readonly extras?: ExtrasRecord;
  /** Folders cairn's install created (for settings.json, commands/): uninstall removes them when empty. */
  readonly createdDirs?: readonly string[];
  readonly installedAt: string;
}

export function recordKey(scope: SettingsScope, settingsPath: string): string {
  return scope === "user" ? "user" : `project-${projectKey(join(settingsPath, "..", ".."))}`;
}

function recordPath(paths: CairnPaths, key: string): string {
  return join(paths.install, `${key}.json`);
}

export function originalCopyPath(paths: CairnPaths, key: string): string {
  return join(paths.install, `${key}.settings.original`);
}

export function readRecord(paths: CairnPaths, key: string): InstallRecord | undefined {
  return readJsonIfExists<InstallRecord>(recordPath(paths, key));
}

export function writeRecord(paths: CairnPaths, key: string, record: InstallRecord): void {
  writeFileAtomic(recordPath(paths, key), `${JSON.stringify(record, null, 2)}\n`);
}

export function deleteRecord(paths: CairnPaths, key: string): void {
  const rec = readRecord(paths, key);
  if (rec?.originalPath) safeUnlink(rec.originalPath);
  safeUnlink(recordPath(paths, key));
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The user statusline saved by the install of this scope (the user scope wins when both exist). */
export function savedUserStatusLine(paths: CairnPaths, projectDir: string | undefined): string | undefined {
  const keys = ["user"];
  if (projectDir) keys.unshift(`project-${projectKey(projectDir)}`);
  for (const key of keys) {
    const sl = readRecord(paths, key)?.userStatusLine as { command?: unknown } | undefined;
    if (typeof sl?.command === "string") return sl.command;
  }
  return undefined;
}

/** Every install this machine's cairn remembers, by key (`user`, `project-<name>-<hash>`). */
export function allRecords(paths: CairnPaths): { key: string; record: InstallRecord }[] {
  let names: string[] = [];
  try {
    names = readdirSync(paths.install);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(".json") && (n === "user.json" || n.startsWith("project-")))
    .sort()
    .flatMap((n) => {
      const record = readRecord(paths, n.slice(0, -5));
      return record ? [{ key: n.slice(0, -5), record }] : [];
    });
}

/** The project a project install's settings file belongs to (<project>/.claude/settings.json). */
export function recordProjectDir(record: InstallRecord): string {
  return join(record.settingsPath, "..", "..");
}

/** Whether another install (another scope) than this one uses the http transport. */
export function otherHttpInstall(paths: CairnPaths, key: string): boolean {
  return allRecords(paths).some((r) => r.key !== key && r.record.transport === "http");
}
