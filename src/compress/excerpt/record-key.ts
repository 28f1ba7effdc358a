/**
 * The key of a record laid out one field a line between blank lines (mlr's XTAB, `sqlite3
 * -line`): its line of the field whose value differs in every record (`Assignment 0022A1`,
 * where every record's `Registry` is `MA-L`). A rare line of such a record (`Organization
 * Name  Huawei Symantec …`, one of a kind among 148 alike) is known by that key; alone it
 * says there is such a vendor, not which record. One line, not the record whole: the
 * other fields are the kinds every record has. Pure.
 */
import { recordAround } from "./records.ts";
import type { Templates } from "./templates.ts";

/** A field is a key where this share of its lines or more are each their own text. */
const DISTINCT = 0.9;
/** And it is held by at least this many records. */
const RECORDS = 4;

/** Per templates, each template's share of distinct texts (computed as asked). */
const distinctShare = new WeakMap<Templates, Map<number, number>>();

function shareOf(t: Templates, lines: readonly string[], tpl: number): number {
  let shares = distinctShare.get(t);
  if (!shares) {
    shares = new Map();
    distinctShare.set(t, shares);
  }
  let share = shares.get(tpl);
  if (share === undefined) {
    const m = t.list[tpl]!.members;
    share = m.length < RECORDS ? 0 : new Set(m.map((k) => lines[k])).size / m.length;
    shares.set(tpl, share);
  }
  return share;
}

/** The line (as a range) of the key of the blank-separated record holding line `i`, other than `i`. */
export function recordKey(t: Templates, lines: readonly string[], i: number): [number, number] | undefined {
  const record = recordAround(lines, i);
  if (!record) return undefined;
  for (let k = record[0]; k <= record[1]; k++) {
    if (k === i || t.of[k]! < 0) continue;
    if (shareOf(t, lines, t.of[k]!) >= DISTINCT) return [k, k];
  }
  return undefined;
}
