/**
 * A JSON document on one line (minified), laid out on lines without changing a character
 * of it: a container that fits in `width` characters stays on one line as it was (an item
 * of a list whose items mostly fit, in twice that), a larger one has its opening, each
 * member and its closing on lines of their own, indented by depth. Every line is a slice of the original (plus indentation), so `"status":"failed"`
 * and `{"id":7,"ok":false}` are shown exactly as the tool printed them.
 */

import { stringEnd } from "./spans.ts";

/** Index of the bracket closing each opening one, found by one pass (strings skipped). */
function matches(text: string): Int32Array | undefined {
  const match = new Int32Array(text.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 123 || c === 91) stack.push(i);
    else if (c === 125 || c === 93) {
      const open = stack.pop();
      if (open === undefined) return undefined;
      match[open] = i;
    }
  }
  return stack.length === 0 ? match : undefined;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The members of the container opening at `open`: [start, end] of each (end inclusive, comma excluded). */
function membersOf(text: string, match: Int32Array, open: number): Array<[number, number]> {
  const close = match[open]!;
  const out: Array<[number, number]> = [];
  let start = open + 1;
  for (let i = open + 1; i < close; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = Math.min(stringEnd(text, i), close);
    else if (c === 123 || c === 91) i = match[i]!;
    else if (c === 44) {
      out.push([start, i - 1]);
      start = i + 1;
    }
  }
  if (close - 1 >= start) out.push([start, close - 1]);
  return out
    .map(([a, b]): [number, number] => {
      while (a <= b && isSpace(text.charCodeAt(a))) a++;
      while (b >= a && isSpace(text.charCodeAt(b))) b--;
      return [a, b];
    })
    .filter(([a, b]) => b >= a);
}

/** Where the value of a member starting at `start` begins (after `"key":`, when it has one). */
function valueStart(text: string, start: number, end: number): number {
  if (text.charCodeAt(start) !== 34) return start;
  let i = start + 1;
  for (; i <= end; i++) {
    const d = text.charCodeAt(i);
    if (d === 92) i++;
    else if (d === 34) break;
  }
  let j = i + 1;
  while (j <= end && isSpace(text.charCodeAt(j))) j++;
  if (text.charCodeAt(j) !== 58) return start;
  j++;
  while (j <= end && isSpace(text.charCodeAt(j))) j++;
  return j;
}

/** The document laid out on lines (see above), or undefined when its brackets do not match. */
export function layoutJson(text: string, width = 240): string | undefined {
  const match = matches(text);
  if (!match) return undefined;
  const out: string[] = [];
  const emit = (start: number, end: number, depth: number, comma: string, room = width): void => {
    const indent = "  ".repeat(depth);
    const v = valueStart(text, start, end);
    const c = text.charCodeAt(v);
    const container = (c === 123 || c === 91) && match[v] === end;
    if (!container || end - start + 1 <= room) {
      out.push(indent + text.slice(start, end + 1) + comma);
      return;
    }
    out.push(indent + text.slice(start, v + 1));
    const members = membersOf(text, match, v);
    // The items of a list are laid out alike: where most fit on a line, one wider by a
    // field or two (the declined order's `failure`, the rare record) stays on one line
    // too, its id beside its values as in its siblings.
    const fit = members.filter(([a, b]) => b - a + 1 <= width).length;
    const itemRoom = c === 91 && fit * 2 >= members.length ? 2 * width : width;
    members.forEach(([a, b], k) => {
      emit(a, b, depth + 1, k < members.length - 1 ? "," : "", itemRoom);
    });
    out.push(indent + text[end]! + comma);
  };
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  let j = text.length - 1;
  while (j >= i && isSpace(text.charCodeAt(j))) j--;
  if (j < i) return undefined;
  emit(i, j, 0, "");
  return out.join("\n");
}
