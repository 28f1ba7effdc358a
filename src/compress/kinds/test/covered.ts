/**
 * The rows of a long coverage table for the files the failures name: a failing test's
 * code frame or stack names the module it ran (`require('../wide/payments/paymentsPart07')`,
 * `at part (src/payments/paymentsPart07.js:6:11)`), and that module's row, with its
 * uncovered lines, is where to look next among hundreds alike. Pure.
 */

import { WORD } from "../../excerpt/mask-token.ts";

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A table row's first cell: a file's name with its extension (`paymentsPart07.js`), not a folder's. */
const FILE_CELL = /^\s*([\w$.-]+)\.[A-Za-z]\w*\s*\|/;
/** What a line's names are cut apart by: anything but a name's characters (dots are one). */
const APART = /[^\w$.-]+/;

/** The rows `from`…`to` whose file the failures (`blocks`) name, by its name less its extension. */
export function rowsNamed(
  lines: readonly string[],
  blocks: readonly Span[],
  from: number,
  to: number,
): number[] {
  if (blocks.length === 0) return [];
  // Each name the failures hold, and it less each of its extensions (`refund.service.ts`,
  // `refund.service`, `refund`): a row's file is named by any of them.
  const named = new Set<string>();
  for (const b of blocks)
    for (let i = b.start; i <= b.end; i++)
      for (let name of lines[i]!.split(APART))
        for (let dot = name.length; dot > 0; dot = name.lastIndexOf(".")) {
          name = name.slice(0, dot);
          if (name.length >= WORD) named.add(name);
        }
  const at: number[] = [];
  for (let i = from; i <= to; i++) {
    const stem = FILE_CELL.exec(lines[i]!)?.[1];
    if (stem && named.has(stem)) at.push(i);
  }
  return at;
}
