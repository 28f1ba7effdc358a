/**
 * Lines that share a rare value with a line the agent asked about (intent.ts): the other
 * packages built from the source the asked one was (`libssl3` beside `openssl`, both
 * `3.0.19-1~deb12u2`, asked to check the OpenSSL version, which libssl3's row does not
 * name), the other lines of the request whose id an asked line holds. A value is rare when
 * a few lines hold it: a date or a status most lines hold relates nothing. Pure; the engine
 * (engine.ts) makes them facts beside the asked lines.
 */

import { intentLines } from "./intent.ts";

/**
 * A value that may tie lines: a run of non-space characters with a digit and a letter,
 * LONG at least (a short version, `6.3.2`, and a time, `10:00:02`, are shared by chance;
 * a source package's `3.0.19-1~deb12u2`, a request id, are not).
 */
const VALUE = /\S*\d\S*/g;
const LONG = 8;
/** A value ties at most this many lines (the asked one among them). */
const FEW = 4;
/** At most this many lines in all are kin, of at most this many asked. */
const MOST = 12;
const ASKED = 16;
/**
 * Where the intent's words hold many lines (`packages`, `installed` in a package list),
 * kin are looked for from the lines of its rarest words, this share of the lines at most.
 */
const RAREST = 0.02;

/**
 * The lines sharing a rare value with an asked line (`asked`: intentLines of `intent`), not
 * asked themselves; `keep` says which lines may count.
 */
export function kinLines(
  lines: readonly string[],
  intent: string | undefined,
  all: readonly number[],
  keep: (i: number) => boolean,
): number[] {
  const asked = all.length <= ASKED ? all : intentLines(lines, intent, keep, RAREST);
  if (asked.length === 0 || asked.length > ASKED) return [];
  const values = new Set<string>();
  for (const i of asked)
    for (const m of lines[i]!.matchAll(VALUE))
      if (m[0].length >= LONG && /[A-Za-z]/.test(m[0])) values.add(m[0]);
  if (values.size === 0) return [];
  // The lines holding each value, as whole tokens; a value held by more than FEW ties nothing.
  const holders = new Map<string, number[]>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !keep(i)) continue;
    for (const m of line.matchAll(VALUE)) {
      if (!values.has(m[0])) continue;
      const at = holders.get(m[0]) ?? [];
      if (at.length <= FEW && at[at.length - 1] !== i) at.push(i);
      holders.set(m[0], at);
    }
  }
  const isAsked = new Set(asked);
  const out = new Set<number>();
  for (const at of holders.values()) {
    if (at.length < 2 || at.length > FEW) continue;
    for (const i of at) if (!isAsked.has(i)) out.add(i);
  }
  return out.size <= MOST ? [...out].sort((a, b) => a - b) : [];
}
