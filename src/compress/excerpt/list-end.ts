/**
 * What a list ended with, before the closing block that counts it: black's last `would
 * reformat …/urls.py` over a blank line, `Oh no!` and `108 files would be reformatted`.
 * The engine keeps the last lines (the verdict, the exit); the item just above the blank
 * line that sets them apart is the end of what they count. Only where that block totals a
 * run or says how it ended (isSummary): the last lines of a source file set apart by a
 * blank line end no list. Pure.
 */
import { isSummary } from "./signals.ts";

/** The closing block is at most this many lines. */
const CLOSING = 3;

/** The last line before the blank line that opens the closing block; -1 where there is none. */
export function listEnd(lines: readonly string[]): number {
  let i = lines.length - 1;
  while (i >= 0 && lines[i]!.trim() === "") i--;
  let kept = 0;
  let summary = false;
  while (i >= 0 && lines[i]!.trim() !== "" && kept < CLOSING) {
    summary ||= isSummary(lines[i]!);
    i--;
    kept++;
  }
  if (i < 0 || lines[i]!.trim() !== "" || !summary) return -1;
  while (i >= 0 && lines[i]!.trim() === "") i--;
  return i;
}
