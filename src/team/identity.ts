import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";

/**
 * Who and where: the project as the team knows it (the same repository cloned at two
 * paths is one project) and this machine and user, stamped on every shared record.
 */

/**
 * A remote URL reduced to host/path, so every spelling of one repository is one
 * project: `git@host:org/repo.git`, `ssh://git@host:22/org/repo`, `https://user@host/org/repo.git/`
 * all become `host/org/repo`. Hosts are case-insensitive; paths are kept as written
 * (some hosts distinguish case). Local paths and unparseable URLs give undefined: a
 * remote on this disk names nothing another machine can share.
 */
export function normalizeRemote(raw: string): string | undefined {
  const url = raw.trim();
  if (!url) return undefined;
  let host: string;
  let path: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:]+)(?::\d*)?(\/.*)?$/i.exec(url);
  if (scheme) {
    if (scheme[1]!.toLowerCase() === "file") return undefined;
    host = scheme[2]!;
    path = scheme[3] ?? "";
  } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    return undefined; // a URL without a host (file:///srv/repo.git)
  } else {
    // scp-like: [user@]host:path (no slash before the colon).
    const scp = /^(?:[^@/]+@)?([^/:]+):(.+)$/.exec(url);
    if (!scp || isAbsolute(url)) return undefined;
    host = scp[1]!;
    path = scp[2]!;
  }
  path = path
    .replace(/^\/+/, "")
    .replace(/\/+$/, "")
    .replace(/\.git$/, "")
    .replace(/\/+$/, "");
  if (!host || !path) return undefined;
  return `${host.toLowerCase()}/${path}`;
}

/** The `url` of `[remote "origin"]` in a git config file's text. */
export function originFromConfig(text: string): string | undefined {
  let inOrigin = false;
  for (const line of text.split(/\r?\n/)) {
    const section = /^\s*\[\s*([^\]]+?)\s*\]/.exec(line);
    if (section) {
      inOrigin = /^remote\s+"origin"$/.test(section[1]!);
      continue;
    }
    if (!inOrigin) continue;
    const kv = /^\s*url\s*=\s*(.*?)\s*$/.exec(line);
    if (kv) return kv[1]!.replace(/^"(.*)"$/, "$1");
  }
  return undefined;
}

const MAX_CONFIG_BYTES = 256 * 1024;

function readSmall(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_CONFIG_BYTES) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The git config of the repository holding `dir`, read as a file (no git process on
 * the hook path): `.git` is a directory, or a file pointing at a worktree's gitdir
 * whose `commondir` holds the shared config.
 */
export function gitConfigPath(dir: string): string | undefined {
  let here = resolve(dir);
  for (let i = 0; i < 64; i++) {
    const dotGit = join(here, ".git");
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(dotGit);
    } catch {
      st = undefined;
    }
    if (st?.isDirectory()) return join(dotGit, "config");
    if (st?.isFile()) {
      const m = /^gitdir:\s*(.+?)\s*$/m.exec(readSmall(dotGit) ?? "");
      if (!m) return undefined;
      const gitdir = resolve(here, m[1]!);
      const common = readSmall(join(gitdir, "commondir"))?.trim();
      return join(common ? resolve(gitdir, common) : gitdir, "config");
    }
    const up = dirname(here);
    if (up === here) return undefined;
    here = up;
  }
  return undefined;
}

export interface ProjectIdentity {
  /** The key records are shared under, e.g. `github.com/org/repo`. */
  readonly id: string;
  readonly source: "team.project" | "origin";
}

export function projectIdentity(projectDir: string, configured: string): ProjectIdentity | undefined {
  const named = configured.trim();
  if (named) return { id: named, source: "team.project" };
  const cfg = gitConfigPath(projectDir);
  const origin = cfg ? originFromConfig(readSmall(cfg) ?? "") : undefined;
  const id = origin ? normalizeRemote(origin) : undefined;
  return id ? { id, source: "origin" } : undefined;
}

export interface Machine {
  /** Random, made once per cairn home: two homes on one host are two machines. */
  readonly id: string;
  readonly name: string;
  readonly user: string;
}

export function machineIdentity(paths: CairnPaths, env: NodeJS.ProcessEnv = process.env): Machine {
  const file = join(paths.root, "team-machine.json");
  let id = readJsonIfExists<{ id?: unknown }>(file)?.id;
  if (typeof id !== "string" || !/^[A-Za-z0-9-]{8,64}$/.test(id)) {
    // Loaded here, not at the top: the hooks that only need the project identity skip
    // node:crypto and node:os (several milliseconds of start-up each).
    id = process.getBuiltinModule("node:crypto").randomUUID();
    writeFileAtomic(file, `${JSON.stringify({ id })}\n`);
  }
  const os = process.getBuiltinModule("node:os");
  let user = env.USER || env.LOGNAME || "";
  if (!user) {
    try {
      user = os.userInfo().username;
    } catch {
      user = "unknown";
    }
  }
  return { id: id as string, name: os.hostname(), user };
}
