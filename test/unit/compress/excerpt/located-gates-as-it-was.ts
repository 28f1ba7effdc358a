/**
 * locatedBefore, sameFinding and largestSized as they were at 212c1f9 (before tagOf was told
 * by a line's last character, locatedBefore read hasLocation once a line, and largestSized
 * looked for `B)`): the reference located-gates-corpus.test.ts compares against.
 */

import { hasLocation, isCaret, isFrame, isProblem } from "../../../../src/compress/excerpt/signals.ts";

const TAG = /[([][^()[\]]{1,40}[)\]]\s*$/;

function tagOf(line: string): string | undefined {
  const m = TAG.exec(line);
  return m ? m[0].trimEnd().replace(/\d+/g, "#") : undefined;
}

export function sameFinding(above: string, line: string): boolean {
  const tag = tagOf(line);
  return tag !== undefined && tagOf(above) === tag;
}

export function locatedBefore(lines: readonly string[], i: number): number {
  let from = i > 0 && isCaret(lines[i]!) ? i - 1 : i;
  const placed = from === i && hasLocation(lines[i]!);
  let blanks = 0;
  for (let k = i - 1; k >= 0 && i - k <= 5; k--) {
    const line = lines[k]!;
    if (line.trim() === "") {
      if (++blanks > 1) break;
      continue;
    }
    if (blanks > 0 && isFrame(line)) break;
    const caret = isCaret(line);
    if (caret && placed) break;
    if (caret) from = Math.max(0, k - 1);
    else if (placed && hasLocation(line) && sameFinding(line, lines[i]!)) break;
    else if (line.length < 300 && hasLocation(line) && !isProblem(line)) from = k;
    else if (from > k) break;
  }
  return from;
}

const SIZE_AT_END = /\((\d+(?:\.\d+)?) ?([kKMG]i?)?B\)$/;
const SCALE: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  ki: 1024,
  Ki: 1024,
  M: 1e6,
  Mi: 1 << 20,
  G: 1e9,
  Gi: 1 << 30,
};

export function largestSized(lines: readonly string[]): number[] {
  const sized: [number, number][] = [];
  let nonBlank = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length === 0) continue;
    nonBlank++;
    if (line.charCodeAt(line.length - 1) !== 41) continue;
    const m = SIZE_AT_END.exec(line);
    if (m) sized.push([i, Number(m[1]) * (m[2] ? (SCALE[m[2]] ?? 1) : 1)]);
  }
  if (sized.length < 8 || sized.length < nonBlank * 0.2) return [];
  return sized
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([i]) => i);
}
