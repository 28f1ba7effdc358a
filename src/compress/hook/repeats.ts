/**
 * Outputs already in the live context are not sent twice. A session often prints the
 * same thing again (`git status`, `git log`, a test run with nothing changed); while
 * the earlier copy is still in what the model reads, the new one becomes one line
 * naming it and how to get the original. When the same call prints nearly the same
 * thing (a test run's timings, a diff grown by one hunk), only the changed lines are shown.
 *
 * Each output from 1 KB on leaves a fingerprint (core/hash.ts, of the text, per session and per
 * context: the main conversation and every subagent have their own) in the session's kv
 * scope, so retention's session cleanup takes them along. An output shown whole (under
 * compress.min_bytes) is stored only when it is repeated, so `cairn show` can return it. A compaction (PreCompact, and
 * SessionStart with source "compact") forgets the session's fingerprints: what was
 * summarised away is no longer in context and is shown again in full.
 */
import { fingerprint } from "../../core/hash.ts";
import type { Store } from "../../store/db.ts";
import { getState, sessionScope, setState } from "../../store/kv.ts";

const PREFIX = "repeat:";
/** The first key after every "repeat:…" key (";" follows ":"), for a range delete. */
const PREFIX_END = "repeat;";

export interface Seen {
  /** The stored output whose original this is; none yet for an output that was shown whole. */
  readonly id?: number | undefined;
  readonly label: string;
  readonly bytes: number;
}

export interface Where {
  readonly sessionId: string;
  /** The subagent whose context the output is in; the main conversation when absent. */
  readonly agentId?: string | undefined;
}

function keyOf(where: Where, text: string): string {
  const hash = fingerprint(text);
  return `${PREFIX}${where.agentId ?? "main"}:${hash}`;
}

/** The earlier filed output with exactly this text in the same live context, if it is still stored. */
export function earlierCopy(store: Store, where: Where, text: string): Seen | undefined {
  const seen = getState<Seen>(store, sessionScope(where.sessionId), keyOf(where, text));
  if (!seen) return undefined;
  if (seen.id === undefined) return seen;
  if (!Number.isInteger(seen.id)) return undefined;
  // Retention may have dropped the original since: then the reference could not be followed.
  const stored = store.db.prepare("SELECT 1 AS ok FROM outputs WHERE id = ?").get(seen.id);
  return stored ? seen : undefined;
}

export function rememberCopy(store: Store, where: Where, text: string, seen: Seen, at: number): void {
  setState(store, sessionScope(where.sessionId), keyOf(where, text), seen, at);
}

/** After a compaction nothing filed before it is known to be in context any more. */
export function forgetCopies(store: Store, sessionId: string): void {
  store.db
    .prepare("DELETE FROM kv WHERE scope = ? AND key >= ? AND key < ?")
    .run(sessionScope(sessionId), PREFIX, PREFIX_END);
}

/**
 * The one line shown instead of a repeated output. `showCommand` is the retrieval command
 * exactly as excerpt headers print it, so both stay runnable the same way. The earlier
 * copy is filed under the same number the line starts with: it is said once.
 *
 * The line follows the call it answers: when the earlier copy came from that same call
 * (`sameCall`: the same command, path or pattern) the call is not named again, as a near
 * repeat's line does not name it (a session's `npx tsc -p .` printed ten times the same
 * said its 12-character command ten times over, 25 characters more each time).
 */
export function repeatLine(
  seen: Seen & { readonly id: number },
  showCommand: string,
  size: string,
  sameCall = false,
): string {
  const what = sameCall ? "as shown earlier" : `identical to \`${shown(seen.label)}\` shown earlier`;
  return `[cairn #${seen.id} · ${size}, ${what}: not repeated · full output: ${showCommand}]`;
}

/** A call's label as a reference names it: one line, at most 80 characters. */
function shown(label: string): string {
  const one = label.replace(/\s+/g, " ").trim();
  return one.length > 80 ? `${one.slice(0, 79)}…` : one;
}

/**
 * A label with the session's working directory left out (`src/doc/Document.js`, `grep x
 * in src`): the model ran the call from there, and the full path would take a line's worth.
 */
export function labelIn(label: string, cwd: string | undefined): string {
  if (!cwd || cwd === "/") return label;
  return label.replaceAll(`${cwd.replace(/\/+$/, "")}/`, "");
}

// ------------------------------------------------------------------ near repeats

/**
 * What the model last knows in full of one call (tool and label: the command, the path,
 * the pattern): the text it saw without cairn's header, or that text and the lines a
 * delta changed since. A later output of the same call that differs in a few lines is
 * shown as those lines, against the version the model knows last; a reference to an
 * identical output changes nothing.
 */
export interface Shown {
  readonly id?: number | undefined;
  readonly body: string;
}

/** Bodies larger than this are not kept: comparing them costs more than it saves. */
const MAX_BODY_CHARS = 16_000;

function callKey(where: Where, tool: string, label: string): string {
  const hash = fingerprint(`${tool}\u0000${label}`);
  return `${PREFIX}${where.agentId ?? "main"}:call:${hash}`;
}

export function lastShown(store: Store, where: Where, tool: string, label: string): Shown | undefined {
  const shown = getState<Shown>(store, sessionScope(where.sessionId), callKey(where, tool, label));
  return typeof shown?.body === "string" ? shown : undefined;
}

export function rememberShown(
  store: Store,
  where: Where,
  tool: string,
  label: string,
  shown: Shown,
  at: number,
): void {
  if (shown.body.length > MAX_BODY_CHARS) return;
  setState(store, sessionScope(where.sessionId), callKey(where, tool, label), shown, at);
}

/**
 * The first line of a near repeat: the new output's row, what it repeats, and how much
 * changed. It follows the very call it answers, and a near repeat is always of the same
 * call (callKey): the call is not named again. "with N lines changed" says the rest is
 * as it was ("the rest identical" after it said it again on each of a session's 16 near
 * repeats); "but for timings" that no line changed but its times ("again the same lines,
 * timings aside" before, 20 characters more on each re-run of a test suite).
 */
export function deltaLine(
  id: number,
  earlierId: number | undefined,
  changed: number,
  showCommand: string,
  size: string,
): string {
  const earlier = earlierId !== undefined ? ` (#${earlierId})` : "";
  const how = changed === 0 ? "but for timings" : `with ${changed} line${changed === 1 ? "" : "s"} changed`;
  return `[cairn #${id} · ${size}, as shown earlier${earlier} ${how} · full output: ${showCommand}]`;
}
