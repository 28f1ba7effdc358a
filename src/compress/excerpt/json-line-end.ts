/**
 * A JSON log line too long to show whole (pino's `{"level":30,…,"err":{"type":"Error",
 * "message":…,"stack":"… 1 KB …"},"msg":"body/minutes must be equal to one of the allowed
 * values"}`): the record's own fields after its last nested value (an error object, a
 * request) are what the line says, its `msg`, and a cut after its start dropped them. When
 * cut it shows its head and those closing fields, each copied exactly.
 */
import { cutLine, piecesLine } from "./framing.ts";

/** Characters after which the head may be cut when no blank is in reach. */
const BREAK = /[,;(){}[\]<>|]/;

/**
 * Where the top-level fields after a JSON object line's last nested value start (the
 * character after that value's closing bracket), or -1: not one object, or no nested value.
 */
export function topLevelEnd(line: string): number {
  const end = line.trimEnd().length;
  if (line[0] !== "{" || line[end - 1] !== "}") return -1;
  let depth = 0;
  let after = -1;
  let inString = false;
  for (let k = 0; k < end; k++) {
    const c = line.charCodeAt(k);
    if (inString) {
      // A backslash: the next character is escaped.
      if (c === 92) k++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 1) after = k + 1;
      else if (depth === 0 && k !== end - 1) return -1;
    }
  }
  return depth === 0 ? after : -1;
}

/**
 * A JSON object line over `max` characters whose fields after its last nested value take
 * at most a third of `max`, shown as its head and those fields (about `max` characters in
 * all); undefined for any other line, and where cutLine shows a second piece (an exception
 * past the cut, found by `causeAt`).
 */
export function jsonLineWithEnd(
  line: string,
  max: number,
  causeAt?: (line: string, from: number) => number,
): string | undefined {
  if (line.length <= max || line[0] !== "{") return undefined;
  const after = topLevelEnd(line);
  if (after < 0) return undefined;
  const from = line[after] === "," ? after + 1 : after;
  const end = line.trimEnd().length;
  if (end - from > max / 3 || from <= end - from) return undefined;
  // Where cutLine shows the line whole or a second piece (an exception past the cut), it stands.
  if (!/ … \[\+[\d,]+ chars\]$/.test(cutLine(line, max, causeAt))) return undefined;
  let at = Math.min(from, max - (end - from));
  const least = max >> 2;
  while (at > least && line[at] !== " " && !BREAK.test(line[at - 1]!)) at--;
  if (at <= least || at >= from) return undefined;
  return piecesLine(line, [
    [0, at],
    [from, end],
  ]);
}
