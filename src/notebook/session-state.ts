import { statSync } from "node:fs";
import { resolve } from "node:path";
import { homeDir } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import { getState, sessionScope, setState } from "../store/kv.ts";

/**
 * What the notebook's parts remember between events, per session, in the kv table.
 * One place for the keys and their shapes, so the parts agree on them.
 */

/** The anchor last sent (or the notebook restore that counts as one): to skip repeats. */
interface AnchorMemo {
  readonly key: string;
  readonly level: string;
  readonly at: number;
}

/** Where the notebook stood when the turn began: a change by Stop means a task boundary. */
interface TurnMemo {
  readonly mtimeMs: number | null;
  readonly at: number;
}

interface BoundaryMemo {
  readonly at: number;
  readonly reason: "notebook" | "done";
}

/** A request to update STATE.md (after cairn held back a compaction), active until the file changes. */
interface DueMemo {
  readonly at: number;
  /** The notebook's mtime when the request was made. */
  readonly mtimeMs: number;
  readonly outputTokens: number;
  /** Whether the one-off reminder has gone out with a tool result. */
  readonly delivered: boolean;
}

interface BlockedMemo {
  readonly at: number;
  readonly outputTokens: number;
}

interface Shapes {
  "notebook.anchor": AnchorMemo;
  "notebook.turn": TurnMemo;
  "notebook.boundary": BoundaryMemo;
  "notebook.due": DueMemo;
  "notebook.precompact_blocked": BlockedMemo;
}

type MemoKey = keyof Shapes;

export function recall<K extends MemoKey>(store: Store, sessionId: string, key: K): Shapes[K] | undefined {
  return getState<Shapes[K] | null>(store, sessionScope(sessionId), key) ?? undefined;
}

export function remember<K extends MemoKey>(
  store: Store,
  sessionId: string,
  key: K,
  value: Shapes[K],
  at?: number,
): void {
  setState(store, sessionScope(sessionId), key, value, at);
}

/**
 * The home directory is not a project: ~/.claude there is Claude Code's own folder.
 * No notebook is kept in it and no compaction is ever blocked there.
 */
export function isHomeDir(projectDir: string, env: NodeJS.ProcessEnv): boolean {
  const home = homeDir(env);
  return resolve(projectDir) === resolve(home);
}

/**
 * Where a notebook may be kept: an existing directory that is neither the home
 * directory nor the filesystem root. cairn never creates a project's directory.
 */
export function isNotebookPlace(projectDir: string, env: NodeJS.ProcessEnv): boolean {
  const dir = resolve(projectDir);
  if (dir === resolve(dir, "..") || isHomeDir(dir, env)) return false;
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** A due request is active while the notebook has not changed since it was made. */
export function dueActive(due: DueMemo | undefined, notebookMtimeMs: number | undefined): boolean {
  return !!due && (notebookMtimeMs ?? 0) <= due.mtimeMs;
}

/** The warning while a notebook update is due; `cli` is how cairn runs from the session's Bash (core/self.ts). */
export function dueWarning(cli: string): string {
  return `cairn held back an automatic compaction because STATE.md is stale. Update it now (Now, Decisions, Dead-ends, and Goal if it moved; \`${cli} state set|add|write\` through Bash): the next compaction goes ahead and the notebook is what survives it.`;
}
