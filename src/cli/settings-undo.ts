import { existsSync, readFileSync, statSync } from "node:fs";
import { deleteRecord, type InstallRecord, sha256 } from "../claude/install-record.ts";
import { parseSettings, type SettingsFile, stringifySettings } from "../claude/settings.ts";
import { FILE_MODE, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { color, err, out } from "./io.ts";
import { removeEmptyDirs } from "./leftovers.ts";

/** What one agent's uninstall undoes: its settings file, the install record, and how to find cairn's entries in it. */
export interface SettingsUndo {
  readonly paths: CairnPaths;
  readonly key: string;
  readonly path: string;
  readonly record: InstallRecord | undefined;
  readonly dryRun: boolean;
  readonly hasCairn: (settings: SettingsFile) => boolean;
  readonly withoutCairn: (settings: SettingsFile) => SettingsFile;
  /** What to remove by hand from a file cairn cannot parse. */
  readonly byHand: string;
}

export const readText = (path: string): string | undefined =>
  existsSync(path) ? readFileSync(path, "utf8") : undefined;

export function modeOf(path: string): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return FILE_MODE;
  }
}

/**
 * Puts a settings file back as it was before cairn: byte for byte from the backup when
 * nothing else changed it since cairn wrote it (or removed, when cairn created it);
 * otherwise only cairn's entries are taken out, everything else kept. The same for
 * Claude Code's and Gemini CLI's settings.json.
 */
export function undoSettings(u: SettingsUndo): number {
  const { paths, key, path, record } = u;
  const current = readText(path);
  // Folders cairn created go once empty, whichever way the settings file is put back.
  const tidy = () => removeEmptyDirs(record?.createdDirs ?? []);
  if (record?.pristine && current !== undefined && sha256(current) === record.writtenSha256) {
    const original = record.originalPath ? readText(record.originalPath) : undefined;
    if (record.originalPath && original === undefined) {
      throw new Error(
        `the backup ${record.originalPath} is missing; remove cairn's entries by hand or reinstall`,
      );
    }
    if (u.dryRun) {
      out(
        original === undefined
          ? `would remove ${path} (cairn created it)`
          : `would restore ${path} from ${record.originalPath}`,
      );
      return 0;
    }
    if (original === undefined) safeUnlink(path);
    else writeFileAtomic(path, original, modeOf(path));
    deleteRecord(paths, key);
    tidy();
    out(`${color.green("uninstalled")}: ${path} restored byte for byte`);
    return 0;
  }
  const forget = () => {
    if (record && !u.dryRun) {
      deleteRecord(paths, key);
      tidy();
    }
  };
  if (current === undefined) {
    forget();
    out(`cairn is not installed in ${path} (no such file)`);
    return 0;
  }
  const parsed = parseSettings(current);
  if (!parsed.ok) {
    err(`${color.red("refused:")} ${path} is ${parsed.problem}`);
    err(u.byHand);
    return 1;
  }
  // Nothing of cairn's in it: the file is left exactly as it is (never reformatted).
  if (!u.hasCairn(parsed.settings)) {
    forget();
    out(`cairn is not installed in ${path}`);
    return 0;
  }
  const text = stringifySettings(u.withoutCairn(parsed.settings), parsed.indent, parsed.trailingNewline);
  if (u.dryRun) {
    out(color.dim(`# would write ${path}`));
    out(text.trimEnd());
    return 0;
  }
  writeFileAtomic(path, text, modeOf(path));
  if (record) deleteRecord(paths, key);
  tidy();
  out(
    `${color.green("uninstalled")}: removed cairn's entries from ${path} (the file had other changes, which are kept)`,
  );
  return 0;
}
