/**
 * The rare values of a list's last column. Where many lines share one shape (the same indent,
 * the same number of words) and their last word takes few values, most lines one of them
 * (apt-cache showpkg's reverse dependencies, each `name,libxml2 2.7.4`), the line whose last
 * word is held by one or two lines (`ruby-libxml,libxml2 2.9.12`: the one that needs more)
 * is the news of the list. Each line names its own first word, so no kind of line holds
 * them together for the engine's rare values (outliers.ts) to find: they are found here.
 * Pure; the structure rules (structure.ts) make them facts.
 */

/** A list is read from this many lines of one shape on, spanning at most TOGETHER times as many. */
const FEWEST = 50;
const TOGETHER = 1.25;
/** Its last column holds at most this many values, one of them (holding a digit) on at least four lines in five. */
const VALUES = 24;
const MAIN = 0.8;
/** A value on at most this many lines is rare… */
const RARE = 2;
/** …rare lines are at most this share of the list… */
const FEW = 0.05;
/** …and at most this many of them are facts per list (the first ones). */
const MOST = 24;
/** A space or a tab. */
const isSpace = (code: number) => code === 32 || code === 9;
/** A run's last words take at most this many values in all, its lists' and the rest's. */
const SPREAD = 64;
/** Lines other than a list's allowed between two of its lines. */
const GAP = 4;
/** Lines past this many are not read. */
const READ = 20_000;

/** Whether line[from, to) holds a digit. */
function hasDigit(line: string, from: number, to: number): boolean {
  for (let c = from; c < to; c++) {
    const code = line.charCodeAt(c);
    if (code >= 48 && code <= 57) return true;
  }
  return false;
}

/**
 * Where a list may stand, read cheaply (its lines' indent and last word only, most outputs
 * none): runs of FEWEST lines or more of one indent whose last word holds a digit, a few
 * other lines allowed between them (GAP), as [first, last] line ranges.
 */
function listRuns(lines: readonly string[]): [number, number][] {
  const runs: [number, number][] = [];
  let first = -1;
  let last = -1;
  let count = 0;
  let indent = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    let c = 0;
    while (c < line.length && isSpace(line.charCodeAt(c))) c++;
    if (c === line.length) continue;
    let e = line.length;
    while (isSpace(line.charCodeAt(e - 1))) e--;
    let s = e;
    while (s > c && !isSpace(line.charCodeAt(s - 1))) s--;
    if (s === c || !hasDigit(line, s, e)) continue;
    if (c === indent && i - last <= GAP) {
      last = i;
      count++;
      continue;
    }
    if (count >= FEWEST) runs.push([first, last]);
    first = i;
    last = i;
    count = 1;
    indent = c;
  }
  if (count >= FEWEST) runs.push([first, last]);
  return runs;
}

export function rareLastValues(lines: readonly string[]): number[] {
  if (lines.length < FEWEST || lines.length > READ) return [];
  const out: number[] = [];
  for (const [from, to] of listRuns(lines)) out.push(...rareIn(lines, from, to));
  return out;
}

/**
 * Whether the last words of lines[from, to] take few values in all (SPREAD), the cheap
 * test first: a table's last column of ids or amounts has a value a row and is left at once.
 */
function fewLastWords(lines: readonly string[], from: number, to: number): boolean {
  const seen = new Set<string>();
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    let e = line.length;
    while (e > 0 && isSpace(line.charCodeAt(e - 1))) e--;
    let s = e;
    while (s > 0 && !isSpace(line.charCodeAt(s - 1))) s--;
    if (s === e) continue;
    seen.add(line.slice(s, e));
    if (seen.size > SPREAD) return false;
  }
  return true;
}

/** The rare lines of lines[from, to] (rareLastValues). */
function rareIn(lines: readonly string[], from: number, to: number): number[] {
  if (!fewLastWords(lines, from, to)) return [];
  // Lines by shape: their indent and number of words; of each, where its last word starts.
  const shapes = new Map<number, { at: number[]; last: string[] }>();
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    const n = line.length;
    let c = 0;
    while (c < n && isSpace(line.charCodeAt(c))) c++;
    if (c === n) continue;
    const indent = c;
    let words = 0;
    let lastAt = c;
    let end = c;
    while (c < n) {
      lastAt = c;
      words++;
      while (c < n && !isSpace(line.charCodeAt(c))) c++;
      end = c;
      while (c < n && isSpace(line.charCodeAt(c))) c++;
    }
    if (words < 2) continue;
    const key = indent * 4096 + Math.min(words, 4095);
    let s = shapes.get(key);
    if (!s) {
      s = { at: [], last: [] };
      shapes.set(key, s);
    }
    s.at.push(i);
    s.last.push(line.slice(lastAt, end));
  }
  const out: number[] = [];
  for (const { at, last } of shapes.values()) {
    // A list: its lines stand together (a log's lines of one length are strewn among others).
    if (at.length < FEWEST || at[at.length - 1]! - at[0]! + 1 > TOGETHER * at.length) continue;
    const counts = new Map<string, number>();
    for (const v of last) {
      counts.set(v, (counts.get(v) ?? 0) + 1);
      if (counts.size > VALUES) break;
    }
    if (counts.size > VALUES) continue;
    let top = 0;
    let main = "";
    for (const [v, n] of counts)
      if (n > top) {
        top = n;
        main = v;
      }
    // A column of values (versions, counts): its main value holds a digit; a sentence's last word does not.
    if (top < MAIN * at.length || !/\d/.test(main)) continue;
    // Exceptions are few: else the column is a spread of values (peers, sizes), not one value's.
    let rare = 0;
    for (const n of counts.values()) if (n <= RARE) rare += n;
    if (rare > FEW * at.length) continue;
    let kept = 0;
    for (let k = 0; k < at.length && kept < MOST; k++)
      if (counts.get(last[k]!)! <= RARE) {
        out.push(at[k]!);
        kept++;
      }
  }
  return out.sort((a, b) => a - b);
}
