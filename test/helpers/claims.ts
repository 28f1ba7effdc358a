/**
 * What an excerpt's framing says, checked against the original (the work order's first
 * rule: nothing cairn shows may make the model believe something false). The framing's
 * grammar is src/compress/excerpt/framing.ts's; this reads it back, independently of the
 * code that wrote it, and recounts what it can:
 *
 * - position: a shown line stands where the markers put it: after `[lines A-B omitted]`
 *   it is line B+1, and lines between markers follow one another (kinds that keep lines in
 *   order); a marker's A is the line after the one shown before it; Read's `L<n>:` is line n;
 * - `[×N]`: the line stood N times in a row there;
 * - `[×N like this, lines A-B]`: line A is the line shown, line B and at least N-1 other
 *   lines of A-B are alike to it by a looser test than the templates' (ALIKE below);
 * - `… [+N chars]`, `[N of M chars shown]`: the counts are exact;
 * - `dir/: name name`, `version: name name`: each name is an entry of that dir (a path of
 *   the original ending in dir/name) or a package the original puts at that version;
 * - notes that count (claim-counts.ts): recounted from the original.
 *
 * Usable from a test (corpus.test.ts) and a bench (bench/claims.ts).
 */
import { docOf } from "../../src/compress/excerpt/doc.ts";
import { OMISSION } from "../../src/compress/excerpt/framing.ts";
import { countClaims } from "./claim-counts.ts";
import { num } from "./claim-said.ts";

export interface Claim {
  /** The claim's form: `position`, `repeat`, `alike`, `cut`, `pieces`, `group`, `note:rows`, … */
  readonly form: string;
  readonly ok: boolean;
  /** The excerpt's line that makes it, and why it is false. */
  readonly line: string;
  readonly why?: string;
}

export interface Excerpted {
  readonly text: string;
  readonly compressor: string;
  readonly kept: string;
}

/** Kinds whose excerpt shows the original's lines in their order (everything else may group or reorder). */
const UNORDERED = new Set(["listing", "git-status", "git-log", "npm-ls", "json"]);
/** Kinds that leave lines out without a marker, saying so in a note (a diff's context lines). */
const UNMARKED = new Set(["git-diff"]);

const PATH_LIST = /^\[[\d,]+ paths in [\d,]+ director(?:y|ies): /m;
const ALIKE_SUFFIX = / {2}\[×(\d+) like this, lines (\d+)-(\d+)\]$/;
const REPEAT_SUFFIX = / {2}\[×(\d+)\]$/;
const CUT_SUFFIX = / … \[\+([\d,]+) chars\]$/;
const PIECES_SUFFIX = / {2}\[([\d,]+) of ([\d,]+) chars shown\]$/;
const LABEL = /^L(\d+): /;

/** A word of a line as the test of alike reads it (alike below). */
function wordOf(w: string): string {
  // JSON's `"key":value`: the field, whatever its value (lines of one shape are alike).
  const field = /^[{[]*"([^"]+)":/.exec(w);
  if (field) return `"${field[1]}"`;
  // A path, a file's name, a number or an id (a hash all of digits, `HEAD@{26}:`, a
  // package@version): one value.
  if (/[/\\]|\.[A-Za-z]\w*(?::|$)|\d/.test(w)) return "0";
  // A run of one mark (an underline `^-----^`, a rule): its length says nothing.
  return w.replace(/([^\w\s])\1+/g, "$1");
}

/** The words of a line: a table's row by its cells, any other line by its blanks and `,` `;`. */
export function wordsOf(line: string): string[] {
  const text = line
    // grep's `path:12:` or `path-12-` before the text, which it says no more of than its file;
    // rg's without numbers, `path:` or `path-` (a file name with its extension).
    .replace(/^[^\s:]+[:-]\d+[:-]|^[^\s:]*\.[A-Za-z]\w{0,5}[:-](?=\s|[^\s\d])/, "")
    .trim();
  // A row opens with its border, or has two borders set off by blanks (a shell's `||` is none).
  const cells = /^[|│]/.test(text) || (text.match(/ [|│] /g) ?? []).length >= 2;
  // A quoted text (from a blank, to its closing quote or the line's end) is one word.
  const words = text.match(/(?<=^|[\s(=])(?:'[^']*'?|"[^"]*"?)|[^\s,;]+/g) ?? [];
  return (cells ? text.split(/[|│]/).map((c) => c.trim()) : words).map((c) =>
    cells && /\s/.test(c) ? c.split(/\s+/).map(wordOf).join(" ") : wordOf(c),
  );
}

/** The longest run of words the two lines share in their order. */
function common(a: readonly string[], b: readonly string[]): number {
  let prev = new Uint16Array(b.length + 1);
  let row = new Uint16Array(b.length + 1);
  for (const wa of a) {
    for (let k = 0; k < b.length; k++)
      row[k + 1] = wa === b[k] ? prev[k]! + 1 : Math.max(prev[k + 1]!, row[k]!);
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/**
 * The test of alike, looser than the templates' (which mask a word that varies among many
 * lines too): words are cut at blanks and `,` `;`, a quoted text one word (a table's row,
 * drawn with `|` or `│`, at its borders: a cell is one word); a word holding a `/` or a
 * `.name` (a file name, a path) or a digit (a number, an id) is one value, JSON's `"key":value` its
 * key, a run of one mark (`^----^`) one mark; the lines have the same first word, and half
 * their words or more are the same, in the same order.
 */
export function alike(a: string, b: string): boolean {
  const wa = wordsOf(a);
  const wb = wordsOf(b);
  if (wa[0] !== wb[0]) return false;
  return common(wa, wb) * 2 >= Math.max(wa.length, wb.length);
}

interface Shown {
  body: string;
  label?: number;
  repeat?: number;
  alike?: [number, number, number];
  cut?: number;
  pieces?: [number, number];
}

/** A shown line read back: its label, its body and the suffixes the grammar allows. */
function parseShown(line: string): Shown {
  const s: Shown = { body: line };
  const label = LABEL.exec(s.body);
  if (label) {
    s.label = Number(label[1]);
    s.body = s.body.slice(label[0].length);
  }
  const a = ALIKE_SUFFIX.exec(s.body);
  if (a) {
    s.alike = [Number(a[1]), Number(a[2]), Number(a[3])];
    s.body = s.body.slice(0, a.index);
  }
  const r = REPEAT_SUFFIX.exec(s.body);
  if (r) {
    s.repeat = Number(r[1]);
    s.body = s.body.slice(0, r.index);
  }
  const c = CUT_SUFFIX.exec(s.body);
  if (c) {
    s.cut = num(c[1]!);
    s.body = s.body.slice(0, c.index);
  }
  const p = PIECES_SUFFIX.exec(s.body);
  if (p) {
    s.pieces = [num(p[1]!), num(p[2]!)];
    s.body = s.body.slice(0, p.index);
  }
  return s;
}

/** Whether a shown body is the original line: whole, or its start cut, or its pieces. */
function showsLine(s: Shown, line: string): boolean {
  if (s.pieces) {
    const parts = s.body.replace(/^… /, "").replace(/ …$/, "").split(" … ");
    let from = 0;
    for (const part of parts) {
      const at = line.indexOf(part, from);
      if (at < 0) return false;
      from = at + part.length;
    }
    return true;
  }
  if (s.cut !== undefined) return line.startsWith(s.body);
  return s.body === line || s.body === line.trimEnd();
}

/** The claims of one shown line at its original index `i`. */
function lineClaims(
  s: Shown,
  raw: string,
  lines: readonly string[],
  i: number,
  out: Claim[],
  from = i,
  base = 0,
): void {
  const line = lines[i]!;
  if (s.cut !== undefined)
    out.push({
      form: "cut",
      ok: line.length - s.body.length === s.cut,
      line: raw,
      why: `line is ${line.length} chars`,
    });
  if (s.pieces) {
    const parts = s.body.replace(/^… /, "").replace(/ …$/, "").split(" … ");
    const shown = parts.reduce((n, p) => n + p.length, 0);
    // Each piece is trimmed where it is joined: the count may hold a blank or two more.
    const ok = s.pieces[1] === line.length && Math.abs(s.pieces[0] - shown) <= parts.length * 2;
    out.push({ form: "pieces", ok, line: raw, why: `line is ${line.length} chars, pieces ${shown}` });
  }
  if (s.repeat !== undefined) {
    let n = 0;
    while (i + n < lines.length && lines[i + n] === line) n++;
    out.push({ form: "repeat", ok: n === s.repeat, line: raw, why: `stood ${n} times` });
  }
  if (s.alike) {
    // Numbered as the markers are: a Read of lines 520-869 of a file says `lines 520-…`.
    const [n, a, b] = [s.alike[0], s.alike[1] - base, s.alike[2] - base];
    let count = 0;
    const head = a - 1 >= from && a - 1 <= i ? lines[a - 1]! : line;
    for (let k = Math.max(0, a - 1); k < b && k < lines.length; k++) if (alike(head, lines[k]!)) count++;
    // A statement of several lines carries it on its last line (read/statements.ts): A is its first.
    const first = a - 1 >= from && a - 1 <= i ? a - 1 : i;
    const ok = a === first + 1 && b <= lines.length && alike(lines[first]!, lines[b - 1] ?? "") && count >= n;
    out.push({ form: "alike", ok, line: raw, why: `shown line is ${i + 1}; ${count} alike in ${a}-${b}` });
  }
}

/** Where a shown body is in the original, from `from` on, else anywhere: -1 when nowhere. */
function findLine(s: Shown, lines: readonly string[], from: number): number {
  for (let k = Math.max(0, from); k < lines.length; k++) if (showsLine(s, lines[k]!)) return k;
  for (let k = 0; k < Math.min(from, lines.length); k++) if (showsLine(s, lines[k]!)) return k;
  return -1;
}

/**
 * The number the excerpt gives the original's first line: a Read's own (`firstLine`), or
 * the file's line a `sed -n 'A,Bp' file` (or `sed -n Ap`) starts at when the excerpt is a
 * Read's (the read kind labels a printed part of a file by the file's numbers); else 1.
 */
export function firstLineOf(hints: { firstLine?: number; command?: string }, compressor: string): number {
  if (hints.firstLine !== undefined) return hints.firstLine;
  const sed = /^\s*sed\s+-n\s+(['"]?)(\d+)(?:,(?:\d+|\$))?p\1\s+\S+\s*$/.exec(hints.command ?? "");
  return compressor === "read" && sed ? Number(sed[2]) : 1;
}

/** Every claim an excerpt's framing makes that can be read back, true or false. */
export function checkClaims(original: string, e: Excerpted, firstLine = 1, intent?: string): Claim[] {
  const out: Claim[] = [];
  if (e.kept === "everything") return out;
  const lines = docOf(original).lines;
  // A list of paths (grep -l, find) is grouped by directory: its lines keep no order.
  const ordered = !UNORDERED.has(e.compressor) && !PATH_LIST.test(e.text);
  const base = firstLine - 1;
  // The index of the next original line the excerpt's order implies; -1 when not known.
  let cursor = 0;
  let afterMarker = false;
  // The first original index of the run of lines shown one after another up to here.
  let runFrom = 0;
  const unplaced: string[] = [];
  for (const raw of e.text.split("\n")) {
    const m = OMISSION.exec(raw);
    if (m) {
      const [a, b] = [Number(m[1]) - base, Number(m[2] ?? m[1]) - base];
      if (cursor >= 0)
        out.push({ form: "omission", ok: a - 1 === cursor, line: raw, why: `the line before is ${cursor}` });
      out.push({ form: "omission-range", ok: a <= b && b <= lines.length, line: raw });
      cursor = b;
      afterMarker = true;
      continue;
    }
    if (/^\[\d+ lines? omitted\]$/.test(raw)) {
      cursor = -1;
      continue;
    }
    const s = parseShown(raw);
    let at = -1;
    if (s.label !== undefined) {
      at = s.label - firstLine;
      const ok = at >= 0 && at < lines.length && showsLine(s, lines[at]!);
      out.push({
        form: "label",
        ok,
        line: raw,
        why: `line ${s.label} is ${JSON.stringify(lines[at] ?? "")}`,
      });
      if (!ok) continue;
    } else if (cursor >= 0 && cursor < lines.length && showsLine(s, lines[cursor]!)) at = cursor;
    else if (/^\[.*\]$/.test(raw)) {
      // A note of cairn's own (it stands before the line it is about: the cursor stays).
      continue;
    } else {
      at = findLine(s, lines, cursor);
      if (at < 0) {
        unplaced.push(raw);
        continue;
      }
      if (ordered && cursor >= 0 && (afterMarker || (s.body.trim() !== "" && !UNMARKED.has(e.compressor))))
        out.push({
          form: "position",
          ok: false,
          line: raw,
          why: `is line ${at + 1}, expected ${cursor + 1}`,
        });
    }
    if (cursor >= 0 && at === cursor) out.push({ form: "position", ok: true, line: raw });
    if (!(at === cursor && !afterMarker)) runFrom = at;
    lineClaims(s, raw, lines, at, out, runFrom, base);
    // A run of blank lines is shown as one, without a count (pack-layout.ts): it says nothing.
    let run = s.repeat ?? 1;
    if (s.body.trim() === "") while (at + run < lines.length && lines[at + run] === lines[at]) run++;
    cursor = at + run;
    afterMarker = false;
  }
  out.push(...countClaims(lines, e, unplaced, firstLine, intent));
  return out;
}
