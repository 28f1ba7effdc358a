/** Where each container of a JSON text starts and ends: its lines, found by one pass. */

export interface Spans {
  /** Original first and last line of each container, in document order. */
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** Index of the first container after each one's subtree. */
  readonly next: Int32Array;
}

/** Line spans of every container, in document order, by one pass over the text. */
export function scanSpans(text: string, firstLine: number): Spans | undefined {
  const first: number[] = [];
  const last: number[] = [];
  const next: number[] = [];
  const stack: number[] = [];
  let line = firstLine;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      else if (c === 10) line++;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 10) line++;
    else if (c === 123 || c === 91) {
      stack.push(first.length);
      first.push(line);
      last.push(line);
      next.push(0);
    } else if (c === 125 || c === 93) {
      const k = stack.pop();
      if (k === undefined) return undefined;
      last[k] = line;
      next[k] = first.length;
    }
  }
  return { first: Int32Array.from(first), last: Int32Array.from(last), next: Int32Array.from(next) };
}
