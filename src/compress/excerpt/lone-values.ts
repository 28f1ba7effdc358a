/**
 * The one line apart in a kind read as rare: in a long output a kind of a few lines counts
 * as rare (work.ts rareLimit: eight of 2,000 lines), its lines ranked as rare lines, not
 * facts where the output varies, and the rare-value reader (outliers.ts) reads only kinds
 * larger than that. Where a kind of six lines or more all hold one value and one line holds
 * another (a CloudFormation template's seven functions, six at `MemorySize: 512`, one at
 * 256), that line is the exception the kind was read for. Pure; the engine ranks by it.
 */

import { outliers } from "./outliers.ts";

/** A kind this size or larger tells its one line apart. */
const LONE_KIND = 6;

/** The lines of kinds (past those read already) whose value at some field no other line of the kind holds. */
export function loneValues(
  lines: readonly string[],
  kinds: readonly { readonly members: readonly number[] }[],
  bodyAt: (i: number) => number,
  noise: (i: number) => boolean,
): number[] {
  const out: number[] = [];
  for (const tpl of kinds) {
    if (tpl.members.length < LONE_KIND || noise(tpl.members[0]!)) continue;
    const found = new Map<string, number[]>();
    outliers(lines, tpl, found, bodyAt);
    for (const at of found.values()) if (at.length === 1 && !out.includes(at[0]!)) out.push(at[0]!);
  }
  return out;
}
