/**
 * A top-level declaration of a source file read that runs past the line limit (a
 * Makefile's `CONFIG_ARGS=	 '--enable-shared' '--prefix=/usr' … 'CFLAGS=-g …'` of 553
 * characters, configure's every argument) is kept whole up to WHOLE characters: cut in its
 * middle, the words of its value there were lost, and each is what the declaration says.
 * Longer lines (minified code, a data blob) are cut as before. Pure.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";

/** A declaration's line is kept whole up to this many characters. */
const WHOLE = 1000;

/** Marks as wide the one-line top-level declarations (MUST picks) between maxLine and WHOLE characters. */
export function wholeDeclarations(
  doc: Doc,
  picks: readonly Pick[],
  wide: Set<number>,
  maxLine: number,
): void {
  for (const p of picks) {
    if (p.prio < MUST || p.from !== p.to) continue;
    const line = doc.lines[p.from]!;
    if (line.length > maxLine && line.length <= WHOLE && line === line.trimStart()) wide.add(p.from);
  }
}
