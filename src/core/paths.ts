import { basename, isAbsolute, join, resolve } from "node:path";
import { fnv1a64 } from "./hash.ts";
import { insideClaudeCode, trustedCairnHome } from "./session-env.ts";

/** Where cairn keeps everything it owns. All of it lives under one directory. */
export interface CairnPaths {
  readonly root: string;
  readonly db: string;
  readonly config: string;
  readonly logs: string;
  readonly log: string;
  readonly offSwitch: string;
  readonly lastError: string;
  readonly sessions: string;
  readonly projects: string;
  readonly snapshots: string;
  readonly install: string;
  readonly cache: string;
}

/**
 * HOME is honoured over the OS account entry so tests and sandboxes stay contained;
 * an empty or relative HOME is not a home (it would put cairn's state in whatever
 * directory a hook runs in), so the account's own is used then. CAIRN_HOME moves it;
 * inside a Claude Code session, where a repository's settings could have set it, only
 * to a directory that passes trustedCairnHome (core/session-env.ts).
 */
export function cairnHome(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.CAIRN_HOME;
  if (chosen && isAbsolute(chosen)) {
    const root = resolve(chosen);
    if (!insideClaudeCode(env) || trustedCairnHome(root, env)) return root;
  }
  return join(homeDir(env), ".cairn");
}

/**
 * The user's home: HOME when it is an absolute path, else the account's. node:os is
 * loaded only then: every hook asks, and loading it cost each one a module to compile.
 */
export function homeDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HOME && isAbsolute(env.HOME)) return resolve(env.HOME);
  const os = process.getBuiltinModule("node:os");
  return resolve(os.userInfo().homedir || os.homedir());
}

export function cairnPaths(root: string = cairnHome()): CairnPaths {
  const logs = join(root, "logs");
  return {
    root,
    db: join(root, "cairn.db"),
    config: join(root, "config.yaml"),
    logs,
    log: join(logs, "cairn.log"),
    offSwitch: join(root, "off"),
    lastError: join(root, "last-error.json"),
    sessions: join(root, "sessions"),
    projects: join(root, "projects"),
    snapshots: join(root, "snapshots"),
    install: join(root, "install"),
    cache: join(root, "cache"),
  };
}

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** Names Windows reserves for devices in every directory: `CON` as a folder name opens the console. */
const WINDOWS_DEVICE = /^(?:CON|PRN|AUX|NUL|COM[0-9]|LPT[0-9])$/i;

/**
 * Turns an id that came from outside (a session id on stdin) into something that is
 * safe to use as one path segment. Safe ids pass unchanged; anything else is reduced
 * to its safe characters plus a hash of the original, so `../../etc` cannot climb
 * out of a directory and two different unsafe ids cannot collide.
 */
export function safeId(raw: string): string {
  if (SAFE_ID.test(raw) && !WINDOWS_DEVICE.test(raw)) return raw;
  const kept = raw.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 64);
  const hash = fnv1a64(raw).slice(0, 12);
  // A kept part must start like a safe id (not "-", which a command would read as a flag).
  return /^[A-Za-z0-9]/.test(kept) ? `${kept}-${hash}` : `id-${kept ? `${kept}-` : ""}${hash}`;
}

/** A stable, readable key for a project directory: its name plus a short hash of its path. */
export function projectKey(projectDir: string): string {
  const dir = resolve(projectDir);
  const name =
    basename(dir)
      .replace(/[^A-Za-z0-9_.-]/g, "_")
      .slice(0, 40) || "root";
  const hash = fnv1a64(dir).slice(0, 8);
  return `${name}-${hash}`;
}

/** Linux's PATH_MAX: a longer path fails every file call anyway, so it is never accepted from outside. */
const MAX_PATH = 4096;

/**
 * Whether a directory named in hook input (the event's cwd) can stand for a place on
 * disk: absolute, without a NUL byte, not absurdly long. A relative one would be
 * resolved against whatever directory the hook happens to run in (`..` there could put
 * a notebook anywhere above it).
 */
export function isUsableDir(dir: string): boolean {
  return dir.length > 0 && dir.length <= MAX_PATH && !dir.includes("\0") && isAbsolute(dir);
}

export function sessionDir(paths: CairnPaths, sessionId: string): string {
  return join(paths.sessions, safeId(sessionId));
}

export function projectStateDir(paths: CairnPaths, projectDir: string): string {
  return join(paths.projects, projectKey(projectDir));
}

/** The notebook's place in a project (STATE.md, which the notebook feature owns). */
export function notebookPath(projectDir: string): string {
  return join(projectDir, ".cairn", "STATE.md");
}
