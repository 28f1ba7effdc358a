/**
 * What a grown variant (variants.ts) adds: copies of the body as a larger run would print
 * new records, not the same ones again: numbers renumbered, and in a list (or a shape many
 * lines share) the parts that name each line apart, other names and ids.
 */
import { blank, shapeOfLine } from "./variant-layout.ts";

/** Numbers of three or more digits, and hex hashes of 7+ characters with a digit and a letter. */
export const TOKEN = /\b(?:\d{3,}|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,})\b/g;

/**
 * A deterministic other value of a token: same length and first character; a number never
 * above the original (so a copy is never the newest date, the largest size or the highest
 * count, which would change what the facts are), a hash any other hash.
 */
export function renumberToken(tok: string, seed: number): string {
  let h = seed * 2654435761 + 1;
  for (const ch of tok) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const hex = /[a-f]/.test(tok);
  const alphabet = hex ? "0123456789abcdef" : "0123456789";
  let out = tok[0]!;
  let below = hex;
  for (let k = 1; k < tok.length; k++) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    const top = below ? alphabet.length : alphabet.indexOf(tok[k]!) + 1;
    const d = alphabet[h % top]!;
    if (d !== tok[k]) below = true;
    out += d;
  }
  return out;
}

export function renumberLine(line: string, pinned: ReadonlySet<string>, seed: number): string {
  return line.replace(TOKEN, (t) => (pinned.has(t) ? t : renumberToken(t, seed)));
}

/** A line's words, numbers and hashes, as shapeOfLine folds them. */
const PART = /\b(?=[0-9a-f]*\d)[0-9a-f]{7,}\b|[A-Za-z_]+|\d+/g;

/**
 * For each shape of `least` lines or more, the positions of its parts that name each line apart (most of
 * its lines hold a value there of their own: a file's name, a key, a variable): a copy of the
 * line is a new entry (a larger run lists other files and keys, not the same ones again), so
 * those parts get other values in it. Parts most lines share (`warning`, `variable`) stay.
 */
export function namingParts(lines: readonly string[], least: number): Map<string, Set<number>> {
  const values = new Map<string, Set<string>[]>();
  const members = new Map<string, number>();
  const keys = new Map<string, Set<number>>();
  for (const l of lines) {
    if (blank(l)) continue;
    const sh = shapeOfLine(l);
    members.set(sh, (members.get(sh) ?? 0) + 1);
    const at = values.get(sh) ?? [];
    const keyEnd = KEY.exec(l)?.[0].length ?? 0;
    [...l.matchAll(PART)].forEach((m, k) => {
      at[k] ??= new Set();
      at[k]!.add(m[0]);
      if (m.index < keyEnd) keys.set(sh, (keys.get(sh) ?? new Set()).add(k));
    });
    values.set(sh, at);
  }
  const out = new Map<string, Set<number>>();
  for (const [sh, at] of values) {
    const n = members.get(sh)!;
    if (n < least) continue;
    const key = keys.get(sh);
    const naming = (v: Set<string>, k: number) => v.size >= 3 && v.size > n / 2 && !key?.has(k);
    out.set(sh, new Set(at.flatMap((v, k) => (naming(v, k) ? [k] : []))));
    // Where no part names most lines apart (`lib.es2015.core.d.ts`: each part shared by
    // some), the part that varies most does: a copy must not be the same line again.
    const most = at.reduce((b, v, k) => (v.size > (at[b]?.size ?? 2) && !key?.has(k) ? k : b), -1);
    if (!out.get(sh)!.size && most >= 0) out.get(sh)!.add(most);
  }
  return out;
}

/**
 * A heading key (`    Requests:`, `  Limits:`, `Conditions:`): one or two words and a colon
 * ending the line, the head of a record's nested block. It names a field, not an entry of a
 * list: a larger run prints the same block again (another container's `Requests:`), never
 * under a new name, so a copy keeps it. (A key with a value on its line may be an entry:
 * redis INFO's `cmdstat_get:calls=…` grows with the commands run.)
 */
const KEY = /^\s*[A-Za-z][\w-]*(?: [A-Za-z][\w-]*)?(?=:\s*$)/;

/**
 * Lines of one shape from which their varying parts are taken for names, outside a list: a
 * few lines alike are as likely phrases alike by chance (`pickling environment... done`,
 * `checking consistency... done`), each said once however long the run.
 */
export const MANY = 8;

/**
 * Whether a run's lines are a list: one line each, sorted (by text or by their first
 * number, either way) or keyed (`key:value`, `key = value`, each key once). Its entries
 * are entries however few share a shape.
 */
export function isList(lines: readonly string[]): boolean {
  const ls = lines.filter((l) => !blank(l));
  if (ls.length < 3) return false;
  const pairs = ls.length - 1;
  const first = ls.map((l) => Number.parseFloat(/\d+(\.\d+)?/.exec(l)?.[0] ?? "NaN"));
  let up = 0;
  let down = 0;
  let upN = 0;
  let downN = 0;
  for (let k = 1; k < ls.length; k++) {
    if (ls[k - 1]! <= ls[k]!) up++;
    if (ls[k - 1]! >= ls[k]!) down++;
    if (first[k - 1]! <= first[k]!) upN++;
    if (first[k - 1]! >= first[k]!) downN++;
  }
  if (Math.max(up, down, upN, downN) >= 0.9 * pairs) return true;
  const keys = ls.map((l) => /^\s*([\w.-]+)\s*[:=]/.exec(l)?.[1]);
  const named = keys.filter((k) => k !== undefined);
  return named.length >= 0.8 * ls.length && new Set(named).size === named.length;
}

/** A word of the same length, case and underscores, other letters (deterministic per seed). */
function renameWord(word: string, seed: number): string {
  let h = seed * 2654435761 + 7;
  for (const ch of word) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  let out = "";
  for (const ch of word) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    const c = String.fromCharCode(97 + (h % 26));
    out += ch === "_" ? ch : ch === ch.toUpperCase() ? c.toUpperCase() : c;
  }
  return out;
}

/**
 * A copy of a unit as a new entry: the words and ids at its lines' naming parts other values
 * wherever they stand in it (a record's name in its hint line too), its other numbers
 * renumbered.
 */
function newEntry(
  lines: readonly string[],
  naming: ReadonlyMap<string, ReadonlySet<number>>,
  pinned: ReadonlySet<string>,
  seed: number,
): string[] {
  const names = new Set<string>();
  for (const line of lines) {
    const at = naming.get(shapeOfLine(line));
    if (!at) continue;
    [...line.matchAll(PART)].forEach((m, k) => {
      if (at.has(k) && !pinned.has(m[0])) names.add(m[0]);
    });
  }
  const other = (line: string, t: string, pos: number): string => {
    if (/^[A-Za-z_]+$/.test(t)) return names.has(t) ? renameWord(t, seed) : t;
    // A name's number (`shape_23`, `es2015`) is an id, not an amount: any other value.
    const id = /[A-Za-z_]$/.test(line.slice(0, pos));
    if (names.has(t) && id) return renameNumber(t, seed);
    return names.has(t) || (TOKEN_ONE.test(t) && !pinned.has(t)) ? renumberToken(t, seed) : t;
  };
  return lines.map((line) => {
    let out = "";
    let at = 0;
    for (const m of line.matchAll(PART)) {
      const t = other(line, m[0], m.index);
      out += line.slice(at, m.index) + t;
      at = m.index + m[0].length;
      // An id a digit longer takes it from the padding after it: a table's columns stay put.
      if (t.length > m[0].length && line.startsWith("  ", at)) at++;
    }
    return out + line.slice(at);
  });
}

/** Another id, a digit longer (a larger run numbers its new entries on; deterministic per seed). */
function renameNumber(num: string, seed: number): string {
  let h = seed * 40503 + num.length;
  for (const ch of num) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  let out = "";
  for (let i = 0; i <= num.length; i++) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    out += i === 0 ? String(1 + (h % 9)) : String(h % 10);
  }
  return out;
}

const TOKEN_ONE = /^(?:\d{3,}|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,})$/;

/** newEntry with other seeds where it made a line holding a fact; the lines renumbered only at last. */
export function freshEntry(
  must: readonly string[],
  lines: readonly string[],
  naming: ReadonlyMap<string, ReadonlySet<number>>,
  pinned: ReadonlySet<string>,
  round: number,
): string[] {
  for (let k = 0; k < 8; k++) {
    const made = newEntry(lines, naming, pinned, round + 1000 * k);
    if (!made.some((l) => must.some((f) => l.includes(f)))) return made;
  }
  return lines.map((l) => renumberLine(l, pinned, round));
}
