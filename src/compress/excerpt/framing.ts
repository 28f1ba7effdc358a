/**
 * The framing of an excerpt: everything in it that is not text of the original. It is a
 * short fixed grammar, written here and nowhere else, so that a reader (the model) never
 * has to expand anything: every name, path, id and message of the original is written
 * whole, exactly as it was, and what cairn adds says where the rest is.
 *
 *   header      two lines before the excerpt: `[cairn #N · sizes, lines → excerpt (kind: what was kept) · exit N]`
 *               and `[full output: cairn show N · a part: add --lines A-B or --grep 'PATTERN']` (header.ts);
 *               a kind's method after what was kept (`grep: 9 matches in 3 files: each kind of match once, …`),
 *               a Read's `L<n>: line n of the file (…)` and ` or --grep 'PATTERN'` (` · a part: add --grep 'PATTERN'`
 *               where the header names no range) are said by the first header of a context only
 *               (header.ts legendsOf), and again after a compaction
 *   omission    `[lines A-B omitted]`: original lines A to B are not shown (`[line A omitted]`: one)
 *   repeats     `<line>  [×N]`: the line, shown once, stood N times in a row
 *   alike       `<line>  [×N like this, lines A-B]`: N lines between A and B are of this one's template
 *               (this is the first of them): the words the template fixes stand in each, and what
 *               it found to vary differs: numbers, ids, times, paths, and names or other words
 *               (a reflog's subjects, a table's names, an underline's length); like, not equal
 *   cut         `<start of a line> … [+N chars]`: a line too long to show, cut after a whole word
 *   pieces      `<piece> … <piece> … <piece>  [N of M chars shown]`: pieces of one very long line (minified
 *               code), each copied exactly and cut only where a word ends
 *   group       `<dir>/: name name …` a directory written once and then the whole names of its
 *               entries; `<version>: name name …` a version written once before whole package names
 *   note        `[<words>]`: a sentence of cairn's own (what was counted, how to list the rest)
 *   numbered    `L<n>: <line>`: line n of a file (Read excerpts, whose lines are not contiguous)
 *   repeat      `[cairn #N, as shown earlier · full output: cairn show N]`: an output
 *               the same as one the model already read (hook/repeats.ts; ` · full output: …` only the first
 *               time a context is told N's command; no size, said with the copy it names); a near repeat's
 *               first line says `[cairn #N · size, as shown earlier (#M) with N lines changed]` (#M the call's last whole showing, never a
 *               delta; `as last shown whole` where that showing had no number; `but for timings` where no
 *               line changed but its times; without ` · size` where the model has the output from that
 *               showing and the lines (given back exactly, or the same but for its times); where the showing was an excerpt and the output is not known
 *               the same but for times, `with N lines of its excerpt changed` or `but for lines its excerpt
 *               leaves out`, since an excerpt's lines say nothing of the rest; without ` · full output: …`
 *               where that showing and the delta give the output back exactly, or where that showing's header
 *               or an earlier line of the call printed it: `cairn show` with this line's number) and is
 *               followed by its delta (hook/delta.ts):
 *               `@@ <earlier lines> → <lines now>`, `-<line>` gone, `+<line>` come, `@@ L<a> → L<b> moved: <line>`,
 *               `= lines #K added at L<a>-<b>` come, the lines the delta #K (of the same call, told against the
 *               same showing) printed as `+<line>` at L<a>-<b> of its output, runs named one after another
 *               on one line (`= lines #K added at L<a>-<b>, #M at L<c>-<d>`);
 *               `= lines #K moved to L<a>-<b>, now to L<c>-<d>`, the moves #K printed as `moved:` lines to
 *               L<a>-<b> made again, each from the same line, landing in the same order at L<c>-<d>
 *
 * Nothing else: no brace groups, no ranges to expand, no ellipsis inside a word.
 */

/**
 * `[lines A-B omitted]`, `[line A omitted]`: the range says how many, and a marker
 * stands in an excerpt as often as a kept line, so it says nothing twice, and nothing
 * but that: an ellipsis on each side (`[… lines A-B omitted …]`, as it was) took four
 * characters and eight bytes more of every marker, over 2,300 markers in the open sets'
 * excerpts over 8 KB, to say again what `omitted` says.
 */
export function omissionMarker(first: number, last: number): string {
  return first === last ? `[line ${first} omitted]` : `[lines ${first}-${last} omitted]`;
}

/** `[N lines omitted]`: lines left out of a text shown otherwise than it came (pretty-printed). */
export function countMarker(n: number): string {
  return `[${n} ${n === 1 ? "line" : "lines"} omitted]`;
}

/** Reads an omission marker back: its first line, and its last when it stands for more than one. */
export const OMISSION = /^\[lines? (\d+)(?:-(\d+))? omitted\]$/;

/** `  [×N]`: a line repeated N times in a row, shown once. */
export function repeatSuffix(n: number): string {
  return `  [×${n}]`;
}

/** `  [×N like this, lines A-B]`: the first of N lines alike but for their variable fields. */
export function alikeSuffix(n: number, first: number, last: number): string {
  return `  [×${n} like this, lines ${first}-${last}]`;
}

/** Reads an alike suffix back: N, A and B. */
const ALIKE = /^ {2}\[×(\d+) like this, lines (\d+)-(\d+)\]$/;

/**
 * A suffix with its line numbers counted from `base` on: an alike suffix is made with the
 * numbers of the text it was read from, and a Read of a file's lines 520-869 numbers them
 * as the file does (`L520:`), as its markers do; any other suffix as it is.
 */
export function rebasedSuffix(suffix: string, base: number): string {
  const m = ALIKE.exec(suffix);
  return m && base !== 0 ? alikeSuffix(Number(m[1]), Number(m[2]) + base, Number(m[3]) + base) : suffix;
}

/** Characters after which a cut may fall when a line has no blank in reach. */
const BREAK = /[,;(){}[\]<>|]/;

/**
 * A line cut to about `max` characters after a whole word (never inside one), and how
 * many characters were left: `<start> … [+N chars]`. It is cut at a blank when there is
 * one in reach, else after punctuation; a line with neither is shown whole. When
 * `causeAt(line, from)` finds an exception printed past the cut, its clause is shown too,
 * as pieces: `<start> … <clause> …  [N of M chars shown]`. A row of a delimited table
 * (`cell`: its delimiter) is cut at the end of a cell where one ends after the last blank
 * in reach: the cells before it stay whole (bandit's line number before its URL).
 */
export function cutLine(
  line: string,
  max: number,
  causeAt?: (line: string, from: number) => number,
  cell?: string,
): string {
  if (line.length <= max) return line;
  let at = max;
  while (at > max / 2 && line[at] !== " " && line[at] !== "\t") at--;
  if (cell) at = Math.max(at, line.lastIndexOf(cell, max - 1));
  if (at <= max / 2) {
    at = max;
    while (at > max / 2 && !BREAK.test(line[at - 1]!)) at--;
  }
  if (at <= max / 2) {
    at = max;
    while (at < line.length && line[at] !== " " && !BREAK.test(line[at - 1]!)) at++;
    if (at >= line.length - 16) return line;
  }
  let head = line.slice(0, at).trimEnd();
  // An exception printed past the cut (a JSON log line's `caused by: Error:` deep in its
  // stack) is shown too, as a second piece.
  const cause = causeAt ? causeAt(line, at) : -1;
  const [start, end] = cause < 0 ? [at, at] : clauseAround(line, cause, at, Math.max(100, max >> 2));
  if (start <= at) {
    if (end === line.length) return line;
    head = line.slice(0, Math.max(at, end)).trimEnd();
    return `${head} … [+${line.length - head.length} chars]`;
  }
  const piece = line.slice(start, end).trim();
  const shown = (head.length + piece.length).toLocaleString("en-US");
  const more = end < line.length ? " …" : "";
  return `${head} … ${piece}${more}  ${note(`${shown} of ${line.length.toLocaleString("en-US")} chars shown`)}`;
}

/** How far before an exception its clause may start. */
const CLAUSE_BACK = 60;

/** Whether a clause starts at `k`: after a quote, a bracket, a separator or an escaped newline or tab (`\n`). */
function clauseStarts(line: string, k: number): boolean {
  const c = line[k - 1]!;
  if (c === '"' || c === "{" || c === "[" || c === "(" || c === "," || c === ";" || c === "|") return true;
  return (c === "n" || c === "t") && line[k - 2] === "\\";
}

/** Whether a clause ends at `k`: at a quote or an escaped newline or tab. */
function clauseEnds(line: string, k: number): boolean {
  const c = line[k]!;
  return c === '"' || (c === "\\" && (line[k + 1] === "n" || line[k + 1] === "t"));
}

/**
 * The span of the clause around an exception at `p` (not before `from`), at most about
 * `most` characters: from where the clause starts (or a blank) to where it ends (or a
 * blank or break), never inside a word.
 */
function clauseAround(line: string, p: number, from: number, most: number): [number, number] {
  const back = Math.max(from, p - CLAUSE_BACK);
  let start = p;
  while (start > back && !clauseStarts(line, start)) start--;
  if (start === back && start > from) {
    start = back;
    while (start < p && line[start - 1] !== " ") start++;
  }
  const limit = Math.min(line.length, start + most);
  let end = p + 1;
  while (end < limit && !clauseEnds(line, end)) end++;
  if (end === limit && limit < line.length) {
    while (end > p && line[end] !== " " && !BREAK.test(line[end - 1]!)) end--;
    if (end === p) end = limit;
  }
  // A few characters left after the piece are shown rather than counted.
  return [start, line.length - end < 16 ? line.length : end];
}

/**
 * Pieces of one long line, each `[from, to)` copied exactly, in order, joined by ` … `
 * (overlapping or touching pieces are merged), with how much of the line they show.
 */
export function piecesLine(line: string, spans: ReadonlyArray<readonly [number, number]>): string {
  const merged: Array<[number, number]> = [];
  for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else if (b > a) merged.push([a, b]);
  }
  const shown = merged.reduce((n, [a, b]) => n + b - a, 0);
  const body = merged.map(([a, b]) => line.slice(a, b).trim()).join(" … ");
  const lead = merged[0] && merged[0][0] > 0 ? "… " : "";
  const end = merged.length > 0 && merged[merged.length - 1]![1] < line.length ? " …" : "";
  return `${lead}${body}${end}  ${note(`${shown.toLocaleString("en-US")} of ${line.length.toLocaleString("en-US")} chars shown`)}`;
}

/** A name as a group line writes it: whole, quoted when it holds a blank or a quote. */
export function shownName(name: string): string {
  if (!/[\s'"]/.test(name)) return name;
  return name.includes("'") ? `"${name}"` : `'${name}'`;
}

/**
 * Lines of a group: `prefix: name name …`, every name whole. (The prefix is a directory
 * ending in `/` or a version.) One line however many names, unless a `width` is given (a
 * lockfile's entries, packed by the line): a prefix written again on a wrapped line says
 * nothing new (a grep of 100 files repeated `src/compose/: ` five times).
 */
export function groupLines(
  prefix: string,
  names: readonly string[],
  width = Number.POSITIVE_INFINITY,
): string[] {
  const out: string[] = [];
  let line = `${prefix}:`;
  let count = 0;
  for (const name of names) {
    const shown = shownName(name);
    if (count > 0 && line.length + 1 + shown.length > width) {
      out.push(line);
      line = `${prefix}:`;
      count = 0;
    }
    line += ` ${shown}`;
    count++;
  }
  if (count > 0) out.push(line);
  return out;
}

/** `[<sentence>]`: a note of cairn's own. */
export function note(sentence: string): string {
  return `[${sentence}]`;
}

/**
 * The words cairn's framing uses (notes, markers, suffixes, the header). The readability
 * test holds every word of an excerpt to being a word of the original or one of these (or
 * a number, a range, a count): a new note's words are added here, nowhere else.
 */
export const FRAMING_WORDS: ReadonlySet<string> = new Set(
  `cairn full output show a part add or lines line omitted like this chars excerpt kept exit masked secret secrets
  of the and in on at to for by with from each every first last more not shown all but one their its is are was were
  it itself that which what whole names name paths path files file directories directory directory's entries entry match
  matches problem problems error errors warning warnings failing failed failure failures test tests summary
  summaries kind kinds count counts counted number numbers list lists them header's command grep --grep --lines Read
  offset limit L<n>: n before after alike times time id ids value values rows row columns column schema keys key
  items item array object structure sample rare outline declarations declaration headings heading imports import
  commits commit authors author changed changes change hunks hunk packages package version versions tree trace
  traces frame frames beginning end start region note notes only here there where these those as hash subject
  subjects dates bodies most stats stat edit edits made many places once context top level drew other details large
  then asked drawn project's own empty document document's printing pretty-printed dependencies dependency drawing repeat
  repeats room allows rest`
    .split(/\s+/)
    .filter(Boolean),
);

/** Whether a word is framing: a listed word, a number, a range, a count (`×12`, `12-40`, `(3`, `+63`, `[+87`, `L16-L1205`). */
export function isFramingWord(word: string): boolean {
  const w = word.replace(/^[[(…·→:,;'"]+|[\]),…·→:;,.'"]+$/g, "");
  if (w === "" || FRAMING_WORDS.has(w) || FRAMING_WORDS.has(w.toLowerCase())) return true;
  // Punctuation alone (a pretty-printed JSON's braces) says no word.
  if (/^[{}[\](),:;]+$/.test(w)) return true;
  return /^(?:[×+-]?[\d,]+(?:\.\d+)?(?:-[\d,]+)?|[\d.]+ ?(?:KB|MB|GB|B)|#\d+|L\d+(?:-L\d+)?)$/.test(w);
}
