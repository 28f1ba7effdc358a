/**
 * Lines one word apart from a frequent kind: a line like no other whose masked tokens are a
 * frequent kind's but for one, where that kind's lines all agree (a schema dump's one
 * `) ENGINE=MyISAM …` among eight `) ENGINE=InnoDB …`). Templates group lines by their
 * first two tokens (templates.ts), so a category written there (`ENGINE=MyISAM`) makes a
 * kind of its own instead of a rare value in the frequent one's field (outliers.ts): where
 * rare lines abound (a dump's one-off statements), the engine had no reason to keep it.
 * Pure; the engine (engine.ts rankOutliers) makes them facts.
 */

import { ANY, type Template } from "./templates.ts";

/** The frequent kind holds this many lines at least; the odd one is a kind of at most RARE. */
const FREQUENT = 8;
const RARE = 2;
/** Lines of this many tokens at least (a word apart in two is another line). */
const TOKENS = 3;
/** At most this many lines in all. */
const MOST = 8;

/** Whether `a` (a frequent kind's tokens) and `b` agree at every token but one, `a` not a wildcard there. */
function oneApart(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  let apart = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k] === ANY || a[k] === b[k]) continue;
    if (b[k] === ANY || ++apart > 1) return false;
  }
  return apart === 1;
}

/** The lines of kinds of RARE lines at most one word apart from one of `frequent` (of FREQUENT lines or more). */
export function wordApart(
  list: readonly Template[],
  frequent: readonly Template[],
  skip: (i: number) => boolean,
): number[] {
  const big = frequent.filter((f) => f.members.length >= FREQUENT && !f.strict && f.tokens.length >= TOKENS);
  if (big.length === 0) return [];
  const out: number[] = [];
  for (const tpl of list) {
    if (tpl.strict || tpl.members.length > RARE || tpl.tokens.length < TOKENS) continue;
    if (!big.some((f) => oneApart(f.tokens, tpl.tokens))) continue;
    for (const i of tpl.members) {
      if (skip(i)) continue;
      out.push(i);
      if (out.length >= MOST) return out.sort((a, b) => a - b);
    }
  }
  return out.sort((a, b) => a - b);
}
