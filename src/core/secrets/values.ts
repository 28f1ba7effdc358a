import { execAt, sticky } from "./judge.ts";

/**
 * Reading the value after a secret's key, whatever its characters: a quoted string to
 * its closing quote (escapes and JSON-encoded text of any depth included), or an
 * unquoted run up to whitespace, cut where the next `key=` pair or the end of a query
 * parameter begins. Every read is bounded (MAX characters), so a value is read in
 * time linear in its length.
 */

export interface Value {
  /** The value's first character in the text. */
  readonly start: number;
  /** Just after its last character. */
  readonly end: number;
  /** Where reading stopped: after a closing quote, or `end`. */
  readonly stop: number;
  /** The value as the judge sees it: escapes decoded. */
  readonly text: string;
  /** The opening quote, "" for an unquoted value. */
  readonly quote: string;
}

const MAX = 8192;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** One character of text JSON-encoded `level` times, read at i: the character and where the next starts. */
function charAt(text: string, i: number, level: number): [string, number] | undefined {
  if (i >= text.length) return undefined;
  if (level === 0) return [text[i]!, i + 1];
  const a = charAt(text, i, level - 1);
  if (a?.[0] !== "\\") return a;
  const b = charAt(text, a[1], level - 1);
  if (!b) return undefined;
  if (b[0] !== "u") return [ESCAPES[b[0]] ?? b[0], b[1]];
  let hex = "";
  let at = b[1];
  for (let k = 0; k < 4; k++) {
    const h = charAt(text, at, level - 1);
    if (!h) return undefined;
    hex += h[0];
    at = h[1];
  }
  return /^[0-9a-fA-F]{4}$/.test(hex) ? [String.fromCharCode(Number.parseInt(hex, 16)), at] : undefined;
}

/**
 * A double-quoted string whose opening quote is at `open`, in text JSON-encoded
 * `level` times (0: `"…"`, 1: `\"…\"` inside a JSON string, 2: `\\\"…\\\"`). It ends
 * at the first unescaped quote; a line break (real or encoded) means it was no string.
 */
function readDoubleQuoted(text: string, from: number, level: number): Value | undefined {
  let out = "";
  let i = from;
  while (i - from < MAX) {
    const c = charAt(text, i, level);
    if (!c || c[0] === "\n" || c[0] === "\r") return undefined;
    if (c[0] === '"') return { start: from, end: i, stop: c[1], text: out, quote: '"' };
    if (c[0] === "\\") {
      const e = charAt(text, c[1], level);
      if (!e || e[0] === "\n") return undefined;
      if (e[0] === "u") {
        let hex = "";
        let at = e[1];
        for (let k = 0; k < 4; k++) {
          const h = charAt(text, at, level);
          if (!h) return undefined;
          hex += h[0];
          at = h[1];
        }
        out += /^[0-9a-fA-F]{4}$/.test(hex) ? String.fromCharCode(Number.parseInt(hex, 16)) : `\\u${hex}`;
        i = at;
      } else {
        out += ESCAPES[e[0]] ?? e[0];
        i = e[1];
      }
      continue;
    }
    out += c[0];
    i = c[1];
  }
  return undefined;
}

/** A single-quoted or backquoted string: to the first closing quote not escaped by a backslash. */
function readOtherQuoted(text: string, from: number, quote: string): Value | undefined {
  const limit = Math.min(text.length, from + MAX);
  let escaped = false;
  for (let i = from; i < limit; i++) {
    const c = text[i]!;
    if (c === "\n" || c === "\r") return undefined;
    if (escaped) {
      // `\n` inside JSON-encoded text is a line break: the string did not end on its line.
      if (c === "n" || c === "r") return undefined;
      escaped = false;
    } else if (c === "\\") escaped = true;
    else if (c === quote) return { start: from, end: i, stop: i + 1, text: text.slice(from, i), quote };
  }
  return undefined;
}

/** A quoted value whose opening (backslashes then a quote) is at `at`. */
export function readQuoted(text: string, at: number): Value | undefined {
  let b = 0;
  while (text.charCodeAt(at + b) === 92 && b < 3) b++;
  const q = text[at + b];
  if (q === '"') {
    const level = b === 0 ? 0 : b === 1 ? 1 : b === 3 ? 2 : -1;
    return level < 0 ? undefined : readDoubleQuoted(text, at + b + 1, level);
  }
  if ((q === "'" || q === "`") && b <= 1) return readOtherQuoted(text, at + b + 1, q);
  return undefined;
}

/** After `;`, `&` or `,`: the next pair of a list (`;Encrypt=True`, `&user=x`, `, user: x`). */
const NEXT_PAIR = sticky(String.raw`[ \t]*[A-Za-z_][\w.-]{0,60}[ \t]*[=:]`);
const OPENS: Record<string, string> = { ")": "(", "]": "[", "}": "{", ">": "<" };

/**
 * Where an unquoted run ends: whitespace, a quote, a JSON escape (`\n`, `\"`), a closing
 * tag, the next pair of a list, and in a query `&` or `#`.
 */
function unquotedEnd(text: string, from: number, run: Run): number {
  const limit = Math.min(text.length, from + MAX);
  const query = run === "query";
  const list = run !== "alone";
  const code = run === "code";
  let depth = 0;
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 34 || c === 39 || c === 96 || c === 127) return i;
    if (c === 92 && /[nrt"'u]/.test(text[i + 1] ?? "")) return i;
    if (c === 60 && text[i + 1] === "/") return i;
    if (query && (c === 38 || c === 35)) return i;
    if (list && (c === 59 || c === 38 || c === 44) && execAt(NEXT_PAIR, text, i + 1)) return i;
    if (code) {
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) {
        if (depth === 0) return i;
        depth--;
      } else if ((c === 44 || c === 59) && depth === 0) return i;
    }
  }
  return limit;
}

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i >= 0; i = s.indexOf(c, i + 1)) n++;
  return n;
}

/**
 * Where an unquoted value stands: in a query (`?a=x&b=y`), in a list of pairs (YAML
 * flow, a connection string), in code (an expression: it ends at `,`, `;` or a closer
 * it did not open), or alone (a .env line: every character but a space).
 */
export type Run = "query" | "list" | "code" | "alone";

/**
 * An unquoted value from `from`: the run up to whitespace, cut before the next pair
 * of a list (`Password=x;Encrypt=True`, `f(token=x, user=y)`), before `&` and `#` in a
 * query, and without the punctuation that closes what the value stands in
 * (`f(token=x)`, `{a: x,}`). A value alone on its line (`DB_PASSWORD=x;y,z`) is the
 * whole run: a `.env` value may hold any character but a space.
 */
export function readUnquoted(text: string, from: number, run_: Run = "list"): Value | undefined {
  let run = text.slice(from, unquotedEnd(text, from, run_));
  for (; run_ !== "alone"; ) {
    const last = run.at(-1);
    if (last === "," || last === ";" || last === ":") run = run.slice(0, -1);
    else if (last && last in OPENS && count(run, last) > count(run, OPENS[last]!)) run = run.slice(0, -1);
    else break;
  }
  if (run === "") return undefined;
  const end = from + run.length;
  return { start: from, end, stop: end, text: run, quote: "" };
}

/** The rest of the line from `from`, without a trailing ` # comment` and trailing spaces. */
export function restOfLine(text: string, from: number): string {
  let end = from;
  const limit = Math.min(text.length, from + 400);
  while (
    end < limit &&
    text[end] !== "\n" &&
    text[end] !== "\r" &&
    !(text[end] === "\\" && /[nr"]/.test(text[end + 1] ?? ""))
  )
    end++;
  const line = text.slice(from, end);
  const comment = line.search(/[ \t]#/);
  return (comment >= 0 ? line.slice(0, comment) : line).trimEnd();
}
