import { existsSync, lstatSync, readdirSync, rmSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { homeLauncherPath } from "../claude/home-launcher.ts";
import { allRecords, recordProjectDir } from "../claude/install-record.ts";
import type { CairnPaths } from "../core/paths.ts";
import { readHttpInstall } from "../transports/http-config.ts";
import { color, out } from "./io.ts";

/**
 * `cairn uninstall --purge`, after every install is out: deletes what cairn stored. Its
 * home (database, logs, snapshots, install records and backups) and the .cairn/ folder
 * of every project it knows of: the projects of its sessions, of its install records,
 * and this one. Everything is listed before anything goes; a .cairn that is a link, or
 * not a folder, is named and left (deleting through it could reach anywhere).
 */

interface Doomed {
  readonly path: string;
  readonly what: string;
}

/** Bytes and files under a folder, links not followed. */
function sizeOf(path: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (p: string) => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      let names: string[] = [];
      try {
        names = readdirSync(p);
      } catch {
        return;
      }
      for (const n of names) walk(join(p, n));
    } else {
      bytes += st.size;
      files++;
    }
  };
  walk(path);
  return { bytes, files };
}

function human(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The project folders cairn's sessions ran in, from its database (read-only; none when there is none). */
async function sessionProjects(paths: CairnPaths): Promise<string[]> {
  if (!existsSync(paths.db)) return [];
  try {
    const { openStore } = await import("../store/db.ts");
    const store = await openStore(paths.db, { readOnly: true, busyTimeoutMs: 2000 });
    try {
      return store.db
        .prepare("SELECT DISTINCT project_dir AS dir FROM sessions WHERE project_dir IS NOT NULL")
        .all()
        .map((r) => String((r as { dir: unknown }).dir));
    } finally {
      store.close();
    }
  } catch {
    return [];
  }
}

function isRealDir(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** What --purge deletes, and what it leaves because it is not a plain folder. */
async function purgeList(
  paths: CairnPaths,
  projectDir: string,
): Promise<{ doomed: Doomed[]; left: string[] }> {
  const doomed: Doomed[] = [];
  const left: string[] = [];
  if (isRealDir(paths.root))
    doomed.push({ path: paths.root, what: "cairn's home: database, logs, snapshots" });
  const launcherDir = dirname(homeLauncherPath());
  if (isRealDir(launcherDir) && !launcherDir.startsWith(paths.root + sep))
    doomed.push({ path: launcherDir, what: "the home launcher" });
  const projects = new Set([
    projectDir,
    ...(await sessionProjects(paths)),
    ...allRecords(paths)
      .filter((r) => r.record.scope === "project")
      .map((r) => recordProjectDir(r.record)),
  ]);
  for (const dir of [...projects].sort()) {
    const notebook = join(dir, ".cairn");
    if (notebook === paths.root) continue;
    if (isRealDir(notebook)) doomed.push({ path: notebook, what: "the project's notebook (STATE.md)" });
    else if (isLink(notebook)) left.push(notebook);
  }
  return { doomed, left };
}

export async function purge(paths: CairnPaths, projectDir: string, dryRun: boolean): Promise<number> {
  const { doomed, left } = await purgeList(paths, projectDir);
  if (doomed.length === 0) {
    out("Nothing of cairn's is stored here: nothing to purge.");
    return 0;
  }
  out(dryRun ? "cairn uninstall --purge would delete:" : "cairn uninstall --purge deletes:");
  for (const d of doomed) {
    const { bytes, files } = sizeOf(d.path);
    out(`  ${d.path}  (${d.what}; ${files} file${files === 1 ? "" : "s"}, ${human(bytes)})`);
  }
  for (const l of left) out(`  ${color.yellow("left:")} ${l} is a link, not a folder of cairn's`);
  if (dryRun) {
    out(color.dim("nothing deleted (--dry-run)"));
    return 0;
  }
  // A server still running would write its state file and logs back.
  const http = readHttpInstall(paths);
  if (http) {
    const { stopServer } = await import("../transports/stop-server.ts");
    await stopServer(paths, http);
  }
  let failed = 0;
  for (const d of doomed) {
    try {
      rmSync(d.path, { recursive: true, force: true });
    } catch (e) {
      failed++;
      out(`${color.red("could not delete")} ${d.path}: ${(e as Error).message}`);
    }
  }
  out(
    failed
      ? color.red(`purged with ${failed} failure(s)`)
      : color.green(`purged: ${doomed.length} folder(s) deleted`),
  );
  return failed ? 1 : 0;
}
