/**
 * A line of minified code (a bundle read whole): its beginning, the pieces a reader looks
 * for in it (what it exports, the names of its public functions and classes, its version
 * and other configuration strings) and its end, each piece copied exactly. A piece starts
 * and ends at a punctuation mark that separates words (`,` `(` `)` `=` `:` and quotes),
 * never inside a name, and the pieces are joined by the framing's ` … `.
 */

import { piecesLine } from "../../excerpt/framing.ts";

/** What a reader of a bundle looks for, most wanted first. */
const WANTED: readonly RegExp[] = [
  /\bmodule\.exports\s*=|\bexports\.[\w$]{2,}\s*=|\bexport\s*(?:default\b|\{|(?:async\s+)?function\b|class\b|const\b|let\b|var\b)/g,
  /["']?version["']?\s*[:=]\s*["'][^"']{1,40}["']/g,
  /\b[\w$]+\.(?!prototype\b)[\w$]{3,}\s*=\s*(?:async\s+)?function\b/g,
  /\b(?:function\*?|class)\s+[\w$]{3,}\b/g,
  /\b(?:var|let|const)\s+[\w$]{3,}\s*=/g,
  /["'](?:https?:\/\/|\/api\/)[^"'\s]{3,80}["']/g,
  /\b[\w$]{3,}\s*:\s*["'][^"']{2,60}["']/g,
];

/** A piece may begin after, and end with, one of these (the readability rule's word parts). */
const SEP = /[\s/@:=,()'"`]/;

function startAt(line: string, at: number): number {
  for (let p = at; p > Math.max(0, at - 24); p--) if (SEP.test(line[p - 1]!)) return p;
  for (let p = at; p < Math.min(line.length, at + 24); p++) if (SEP.test(line[p - 1] ?? "")) return p;
  return at;
}

function endAt(line: string, at: number): number {
  for (let p = at; p < Math.min(line.length, at + 40); p++) if (SEP.test(line[p - 1]!)) return p;
  for (let p = at; p > at - 40 && p > 0; p--) if (SEP.test(line[p - 1]!)) return p;
  return at;
}

/** The spans of `line` worth showing, most wanted first, until about `room` characters. */
function wantedSpans(line: string, room: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let used = 0;
  const seen = new Set<string>();
  for (const re of WANTED) {
    re.lastIndex = 0;
    for (let m = re.exec(line); m !== null && used < room; m = re.exec(line)) {
      const from = startAt(line, m.index);
      const to = endAt(line, Math.min(line.length, m.index + Math.max(m[0].length, 60)));
      if (to <= from) continue;
      const text = line.slice(from, to);
      if (seen.has(text) || spans.some(([a, b]) => from < b && to > a)) continue;
      seen.add(text);
      spans.push([from, to]);
      used += to - from + 3;
    }
  }
  return spans;
}

/**
 * The line as its beginning, the wanted pieces in order and its end, in about `room`
 * characters (at least its beginning and end).
 */
export function minifiedLine(line: string, room: number): string {
  const head: [number, number] = [0, endAt(line, Math.min(line.length, 200))];
  const tail: [number, number] = [startAt(line, Math.max(head[1], line.length - 80)), line.length];
  const inner = wantedSpans(line, Math.max(0, room - (head[1] - head[0]) - (tail[1] - tail[0])))
    .filter(([a, b]) => a >= head[1] && b <= tail[0])
    .sort((x, y) => x[0] - y[0]);
  return piecesLine(line, [head, ...inner, tail]);
}
