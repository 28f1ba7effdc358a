import type { Store } from "../store/db.ts";
import { getState, sessionScope, setState } from "../store/kv.ts";

/**
 * Whether a session's failing Bash commands can reach PostToolUse (and so be
 * compressed): what SessionStart found, for `cairn report` and `cairn doctor`.
 */
export type ExitTrapState =
  | { readonly installed: true; readonly shell: string }
  | { readonly installed: false; readonly why: string };

const KEY = "run.exit_trap";

export function saveExitTrapState(store: Store, sessionId: string, state: ExitTrapState, at: number): void {
  setState(store, sessionScope(sessionId), KEY, state, at);
}

export function exitTrapState(store: Store, sessionId: string): ExitTrapState | undefined {
  return getState<ExitTrapState>(store, sessionScope(sessionId), KEY);
}

/** One sentence for people: what happens to a failing command's output in this session. */
export function describeExitTrap(state: ExitTrapState | undefined): string {
  if (!state) return "unknown (the session started before this cairn, or its SessionStart hook did not run)";
  if (state.installed) return `compressed like any other output (exit trap in ${state.shell})`;
  return `not compressed: ${state.why}`;
}
