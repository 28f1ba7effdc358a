/**
 * A line too long to show whole that opens with an exception (`ValidationError: 'Api'
 * depends on 'Data' ({…}.addDependency({…}), … 13 KB …). Adding this dependency (Data ->
 * Api/Fn/SecurityGroup) would create a cyclic reference.`): an error message that lists
 * what it is about in its middle and says the conclusion in its last sentence. It is a
 * problem however long (problem words are read only in lines of at most 4,000 characters,
 * so aws-cdk's cyclic reference, one 13 KB line, was no problem at all and left out), and
 * when cut it shows its head and its closing sentence, each copied exactly.
 */
import { piecesLine } from "./framing.ts";

/** An exception's name then its message, at the line's start: `Error: x`, `aws.ValidationError: x`. */
const OPENS_WITH_EXCEPTION = /^\s{0,8}[\w$.]*(?:Error|Exception):\s\S/;

/** Whether a line opens with an exception (read in its first 200 characters only). */
export function opensWithException(line: string): boolean {
  return OPENS_WITH_EXCEPTION.test(line.length > 200 ? line.slice(0, 200) : line);
}

/**
 * A line over `max` characters that opens with an exception and ends with a sentence of at
 * most half of `max`, shown as its head (cut at a blank, up to half of `max`) and that
 * sentence; undefined for any other line.
 */
export function exceptionWithEnd(line: string, max: number): string | undefined {
  if (line.length <= max || !opensWithException(line)) return undefined;
  const end = line.trimEnd().length;
  if (!/[.!?]/.test(line[end - 1]!)) return undefined;
  const from = Math.max(
    line.lastIndexOf(". ", end - 2),
    line.lastIndexOf("! ", end - 2),
    line.lastIndexOf("? ", end - 2),
  );
  if (from < 0 || end - (from + 2) > max / 2) return undefined;
  let head = Math.floor(max / 2);
  while (head > 0 && line[head] !== " ") head--;
  if (head === 0 || head >= from) return undefined;
  return piecesLine(line, [
    [0, head],
    [from + 2, end],
  ]);
}
