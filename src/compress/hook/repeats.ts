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
import type { Printed } from "./delta.ts";

const PREFIX = "repeat:";
/** The first key after every "repeat:…" key (";" follows ":"), for a range delete. */
const PREFIX_END = "repeat;";

export interface Seen {
  /** The stored output whose original this is; none yet for an output that was shown whole. */
  readonly id?: number | undefined;
  readonly label: string;
  readonly bytes: number;
  /**
   * Whether the model has read this number's retrieval command in this context: in the
   * excerpt's header, a delta's line or an earlier reference. A reference to it then
   * does not print it again (absent: not known, printed).
   */
  readonly told?: boolean | undefined;
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

/**
 * Whether this context has read a header's legend (header.ts legendsOf: a kind's method,
 * how a Read excerpt's lines are numbered): a header says each once per context. Kept
 * with the fingerprints, so a compaction forgets it and the next header says it again.
 */
export function legendTold(store: Store, where: Where, legend: string): boolean {
  return getState<boolean>(store, sessionScope(where.sessionId), legendKey(where, legend)) === true;
}

export function rememberLegends(store: Store, where: Where, legends: readonly string[], at: number): void {
  for (const legend of legends)
    setState(store, sessionScope(where.sessionId), legendKey(where, legend), true, at);
}

function legendKey(where: Where, legend: string): string {
  return `${PREFIX}${where.agentId ?? "main"}:legend:${fingerprint(legend)}`;
}

/** After a compaction nothing filed before it is known to be in context any more. */
export function forgetCopies(store: Store, sessionId: string): void {
  store.db
    .prepare("DELETE FROM kv WHERE scope = ? AND key >= ? AND key < ?")
    .run(sessionScope(sessionId), PREFIX, PREFIX_END);
}

/**
 * The one line shown instead of a repeated output. `showCommand` is the retrieval command
 * exactly as excerpt headers print it, so both stay runnable the same way; it is left out
 * (undefined) where the model has read it for this number already (Seen.told): a session's
 * `npx tsc -p .` repeated ten times printed the same 50-character command ten times, and
 * the earlier copy the line names is in context, either whole or under a header printing
 * that command. The earlier copy is filed under the same number the line starts with: it
 * is said once.
 *
 * The line follows the call it answers: when the earlier copy came from that same call
 * (`sameCall`: the same command, path or pattern) the call is not named again, as a near
 * repeat's line does not name it (a session's `npx tsc -p .` printed ten times the same
 * said its 12-character command ten times over, 25 characters more each time). It says
 * what the output is, as a near repeat's line does (`as shown earlier (#M) but for
 * timings`), and nothing after: `: not repeated` said again what the line standing for
 * the output shows, 14 characters on each of a session's 31 repeats. Nor its size: the
 * copy it names is in context, under a header that said its size or whole, as was the
 * output (a session's 31 repeats said 9 characters each of what the model had read).
 */
export function repeatLine(
  seen: Seen & { readonly id: number },
  showCommand: string | undefined,
  sameCall = false,
): string {
  const what = sameCall ? "as shown earlier" : `identical to \`${shown(seen.label)}\` shown earlier`;
  return `[cairn #${seen.id}, ${what}${retrieval(showCommand)}]`;
}

/** A line's closing retrieval command, when it has one. */
function retrieval(showCommand: string | undefined): string {
  return showCommand === undefined ? "" : ` · full output: ${showCommand}`;
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
 * What the model last read whole of one call (tool and label: the command, the path, the
 * pattern): the text it saw without cairn's header, and the number that header named (none
 * when the output was shown as it came). A later output of the same call that differs in a
 * few lines is shown as those lines against it, and it stays the one they are told
 * against until the call is shown whole again: a delta is never told against another
 * delta, which a reader would have to follow back and apply in order (a chain of five
 * re-runs of a test suite named the one before each time). Lines an earlier such delta
 * printed may be named by it (delta.ts tellDelta: one look back, each to lines printed as
 * they are). A reference to an identical output changes nothing.
 */
export interface Shown {
  readonly id?: number | undefined;
  readonly body: string;
  /**
   * What telling the deltas since this showing against it rather than against the output
   * before each has cost, in characters: the changes they said again (deltaWorthIt).
   */
  readonly excess?: number | undefined;
  /** The last output of the call (its excerpt's body), when a delta stands for it. */
  readonly lastBody?: string | undefined;
  /** Runs of lines (added, or moved: Printed.moved) the deltas since this showing printed as they are, which later deltas name. */
  readonly printed?: readonly Printed[] | undefined;
  /**
   * Whether the model has read a retrieval command of this call since this showing (its
   * excerpt's header, or a delta's line): a later delta's line names its number alone, the
   * command being that one with this number (a session's `npx vitest run` re-run eight
   * times, its timings changed each time, printed the same 50-character command eight times).
   */
  readonly commandTold?: boolean | undefined;
}

/**
 * Whether telling a delta of `deltaChars` against the last whole showing is worth it, or
 * the output should be shown whole again (`wholeChars`) and become what later deltas are
 * told against. A delta says again every change since that showing: an output that
 * changes a little more each run (a status one file longer each round) repeats its older
 * changes each time, which a new whole showing costs once to end. How the call goes on is
 * unknown, so the rule is the one that never spends more than twice what the best choice
 * made knowing it would (as renting skis until the rent paid would have bought them):
 * the output is shown whole again once the repeats paid since the showing (`excess`: each
 * delta's size beyond what it would have been against the output before it), this one's
 * included, reach what showing it whole costs beyond this delta. A reference must be much
 * shorter than the text it replaces: what the delta says otherwise than as the lines are
 * (its first line, hunk heads, lines gone, moves, names) is never shown from half the size
 * of the rest of the output it stands for. Lines it adds as they are (`asIs`, with their
 * `+`) replace nothing and count on neither side: a diff grown by a file was shown whole
 * again (882 characters where its delta took 530) because the new file's lines, said
 * either way, counted as if the delta stood for them.
 */
export function deltaWorthIt(
  deltaChars: number,
  bodyChars: number,
  wholeChars: number,
  paid: number,
  asIs = 0,
): boolean {
  if (deltaChars - asIs >= (bodyChars - asIs) / 2) return false;
  return paid < wholeChars - deltaChars;
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
  setState(store, sessionScope(where.sessionId), callKey(where, tool, label), kept(shown), at);
}

/** The record with only the latest printed runs that fit in MAX_BODY_CHARS (the oldest go first), and a last body that fits. */
function kept(shown: Shown): Shown {
  const runs = shown.printed ?? [];
  let room = MAX_BODY_CHARS;
  let from = runs.length;
  while (from > 0) {
    room -= runs[from - 1]!.lines.reduce((n, line) => n + line.length + 1, 0);
    if (room < 0) break;
    from--;
  }
  const lastBody = (shown.lastBody?.length ?? 0) > MAX_BODY_CHARS ? undefined : shown.lastBody;
  return { ...shown, printed: runs.slice(from), lastBody };
}

/**
 * What a near repeat's lines are lines of: the output itself (it was shown as it came, or
 * its excerpt stands for an output known the same but for times), or an excerpt of it.
 */
export type DeltaOf = "output" | "excerpt";

/**
 * The first line of a near repeat: the new output's row, what it repeats, and how much
 * changed. It follows the very call it answers, and a near repeat is always of the same
 * call (callKey): the call is not named again. What it is told against is the last
 * whole showing of the call (Shown): `(#M)`, the number in that showing's header, or
 * without one "as last shown whole" (the output was shown as it came, with no number, and
 * later near repeats may stand between). "with N lines changed" says the rest is as it
 * was; "but for timings" that no line changed but its times. Where the lines are an
 * excerpt's (`of`), they say nothing of the lines it leaves out: "with N lines of its
 * excerpt changed", and "but for lines its excerpt leaves out" where the excerpt is the
 * same but the output is not (a grep re-run whose new matches fall in omitted ranges).
 * The retrieval command is left out (undefined) where the showing and the lines give
 * back the output exactly (it was shown as it came, not as an excerpt, and no line
 * changed but for its times): the model has all of it; and where a line or header of the same call printed it since the
 * showing (Shown.commandTold): the number this line starts with is all that differs.
 * The output's size is left out (undefined) where the model has the output from the
 * showing and the lines, as an identical output's line leaves it out (repeatLine): given
 * back exactly, or the same but for its times (a test suite re-run eight times said
 * `1.9 KB` eight times over, a status and a diff grown each round their sizes each time).
 */
export function deltaLine(
  id: number,
  earlierId: number | undefined,
  changed: number,
  showCommand: string | undefined,
  size: string | undefined,
  of: DeltaOf = "output",
): string {
  const earlier = earlierId !== undefined ? `as shown earlier (#${earlierId})` : "as last shown whole";
  const lines = `${changed} line${changed === 1 ? "" : "s"}`;
  const how =
    of === "excerpt"
      ? changed === 0
        ? "but for lines its excerpt leaves out"
        : `with ${lines} of its excerpt changed`
      : changed === 0
        ? "but for timings"
        : `with ${lines} changed`;
  return `[cairn #${id}${size === undefined ? "" : ` · ${size}`}, ${earlier} ${how}${retrieval(showCommand)}]`;
}
