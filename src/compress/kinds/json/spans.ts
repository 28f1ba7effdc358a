/** Where each container of a JSON text starts and ends: its lines, found by one pass. */

export interface Spans {
  /** Original first and last line of each container, in document order. */
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** Index of the first container after each one's subtree. */
  readonly next: Int32Array;
}

/**
 * Where the string opening at `open` (a quote) ends: its closing quote, the first not
 * escaped (after an even run of backslashes), found natively; the text's length when none.
 */
export function stringEnd(text: string, open: number): number {
  for (let q = open; ; ) {
    q = text.indexOf('"', q + 1);
    if (q < 0) return text.length;
    let b = q - 1;
    while (b > open && text.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q;
  }
}

/** Line spans of every container, in document order, by one pass over the text (strings skipped natively). */
export function scanSpans(text: string, firstLine: number): Spans | undefined {
  const first: number[] = [];
  const last: number[] = [];
  const next: number[] = [];
  const stack: number[] = [];
  // The line of position i: the newlines before it, counted as a container needs it.
  let line = firstLine;
  let newline = text.indexOf("\n");
  const lineAt = (i: number) => {
    while (newline >= 0 && newline < i) {
      line++;
      newline = text.indexOf("\n", newline + 1);
    }
    return line;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i);
    else if (c === 123 || c === 91) {
      stack.push(first.length);
      const at = lineAt(i);
      first.push(at);
      last.push(at);
      next.push(0);
    } else if (c === 125 || c === 93) {
      const k = stack.pop();
      if (k === undefined) return undefined;
      last[k] = lineAt(i);
      next[k] = first.length;
    }
  }
  return { first: Int32Array.from(first), last: Int32Array.from(last), next: Int32Array.from(next) };
}
