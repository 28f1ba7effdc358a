import { boundedPattern } from "../config/patterns.ts";
import { formatBytes, groupDigits } from "../core/format.ts";
import type { Store } from "../store/db.ts";
import { lineStarts, sliceLines } from "../store/line-starts.ts";
import { highestId } from "../store/never-reuse.ts";
import { getOutput, type OutputRow } from "../store/outputs.ts";

/**
 * Getting an original back: the one reader behind `cairn show`, the MCP tool
 * show_output and the dashboard's outputs API, with one meaning for every request
 * (whole, a line range, matching lines, both, a page) and the same words for what it
 * cannot give. Whole and by range it is the stored bytes themselves (secrets that were
 * masked before storing stay masked); matching lines come with their line numbers.
 */

export interface ReadSpec {
  /** "A-B", "A-" (to the end) or "A": 1-based, inclusive. */
  readonly lines?: string | undefined;
  /** A regular expression, checked and run like config patterns (config/patterns.ts). */
  readonly grep?: string | undefined;
  readonly ignoreCase?: boolean | undefined;
  /** Lines of context around each match (default 2). */
  readonly context?: number | undefined;
  /** What the model was sent for the output, instead of its original. */
  readonly shown?: boolean | undefined;
  /** Pages of at most `chars` characters; this one (1-based) is given. */
  readonly paging?: { readonly chars: number; readonly page: number } | undefined;
}

/** Who asks for an output: the project they may read, and how they run cairn. */
export interface Asker {
  /** Only outputs of this project's sessions; undefined reads any project's. */
  readonly project?: string | undefined;
  /** How this cairn is run (core/self printedCli), for the commands the messages name. */
  readonly cli: string;
}

/** Why nothing could be given; each surface prints `message` as it is. */
export type Refusal =
  /** The request itself is wrong (a range written backwards, a pattern that is refused). */
  "bad-request" | "not-found" | "removed" | "pruned" | "other-project" | "no-match" | "past-end";

export interface Page {
  readonly number: number;
  readonly count: number;
  /** The first and last line (the original's numbers) on each page. */
  readonly ranges: readonly (readonly [number, number])[];
}

export type Read =
  | {
      readonly ok: true;
      readonly row: OutputRow;
      /** What was asked for: exactly these bytes are printed. */
      readonly bytes: Uint8Array;
      /** Lines of the text read (the original's, or the shown text's). */
      readonly totalLines: number;
      /** Set when the answer is one page of several. */
      readonly page?: Page | undefined;
    }
  | Refused;

const DEFAULT_CONTEXT = 2;

type Refused = { readonly ok: false; readonly why: Refusal; readonly message: string };
const refuse = (why: Refusal, message: string): Refused => ({ ok: false, why, message });

/** An output's record, if it is stored and the asker may read it: `--info` reads only this. */
export function findOutput(
  store: Store,
  id: number,
  asker: Asker,
): { readonly ok: true; readonly row: OutputRow } | Refused {
  const row = getOutput(store, id);
  if (!row) {
    // Ids are never given twice (src/store/never-reuse.ts): one at or below the highest
    // ever given was an output whose record retention has since removed.
    return id <= highestId(store.db, "outputs")
      ? refuse(
          "removed",
          `output #${id} was removed by the retention policy (its original first, then its record) to keep the database under retention.max_mb.`,
        )
      : refuse("not-found", `no stored output #${id}. \`${asker.cli} show\` lists the recent ones.`);
  }
  if (asker.project !== undefined && projectOfOutput(store, id) !== asker.project)
    return refuse(
      "other-project",
      `output #${id} is not from this project (${asker.project}); \`${asker.cli} show ${id} --all-projects\` reads another project's outputs.`,
    );
  return { ok: true, row };
}

export function readOutput(store: Store, id: number, spec: ReadSpec, asker: Asker): Read {
  const found = findOutput(store, id, asker);
  if (!found.ok) return found;
  const { row } = found;
  const text = spec.shown ? shownBytes(store, row) : originalBytes(store, row);
  if (!text && spec.shown)
    return refuse("not-found", `cairn kept no record of what the model was shown for #${id}.`);
  if (!text)
    return refuse(
      "pruned",
      `the original of #${id} (${formatBytes(row.original_bytes)}) was removed by the retention policy on ${utcMinute(row.pruned_at ?? 0)} UTC to keep the database under retention.max_mb; its record stays: \`${asker.cli} show ${id} --info\`.`,
    );
  const starts = lineStarts(text);
  let range: [number, number] = [1, starts.length];
  if (spec.lines !== undefined) {
    const parsed = parseRange(spec.lines, starts.length);
    if (typeof parsed === "string") return refuse("bad-request", parsed);
    if (parsed[0] > starts.length && starts.length > 0)
      return refuse("past-end", `#${id} has ${groupDigits(starts.length)} lines`);
    range = parsed;
  }
  let bytes: Uint8Array;
  let numbers: readonly (number | null)[] | undefined;
  if (spec.grep !== undefined) {
    const re = boundedPattern(spec.grep, spec.ignoreCase ? "i" : "");
    if (typeof re === "string") return refuse("bad-request", `the pattern /${spec.grep}/ is refused: ${re}`);
    const found = grepLines(text, starts, range, re, spec.context ?? DEFAULT_CONTEXT);
    if (!found)
      return refuse(
        "no-match",
        `no line${spec.lines !== undefined ? ` in ${range[0]}-${range[1]}` : ""} matches /${spec.grep}/${spec.ignoreCase ? "i" : ""}`,
      );
    bytes = Buffer.from(found.text, "utf8");
    numbers = found.numbers;
  } else {
    bytes = spec.lines !== undefined ? sliceLines(text, starts, range[0], range[1]) : text;
  }
  const base = { ok: true as const, row, totalLines: starts.length };
  if (!spec.paging) return { ...base, bytes };
  const paged = pageOf(bytes, spec.paging.chars, spec.paging.page, numbers ?? range[0]);
  if (typeof paged === "string") return refuse("past-end", paged);
  return paged.page.count > 1 ? { ...base, bytes: paged.bytes, page: paged.page } : { ...base, bytes };
}

/** The project of the session an output was filed in (undefined when cairn no longer knows it). */
function projectOfOutput(store: Store, id: number): string | undefined {
  const r = store.db
    .prepare("SELECT s.project_dir AS p FROM outputs o JOIN sessions s ON s.id = o.session_id WHERE o.id = ?")
    .get(id) as { p: string | null } | undefined;
  return r?.p ?? undefined;
}

function originalBytes(store: Store, row: OutputRow): Uint8Array | undefined {
  if (row.pruned_at !== null) return undefined;
  const r = store.db.prepare("SELECT original FROM outputs WHERE id = ?").get(row.id) as
    | { original: Uint8Array }
    | undefined;
  return r?.original;
}

/**
 * What the model was sent for the output: as counted when it was shown (the tool's
 * rendering included: a Read's line numbers, Claude Code's notice when the answer was
 * over the tool's limit), else the excerpt with its header as filed (older records), or
 * the original itself when no excerpt was shorter (filed with a compressor, no excerpt).
 */
function shownBytes(store: Store, row: OutputRow): Uint8Array | undefined {
  const sent = row.tool_use_id
    ? (store.db
        .prepare("SELECT shown FROM call_figures WHERE session_id = ? AND tool_use_id = ? AND changed = 1")
        .get(row.session_id, row.tool_use_id) as { shown: string | null } | undefined)
    : undefined;
  const text = sent?.shown ?? row.excerpt;
  if (text !== null) return Buffer.from(text, "utf8");
  return row.compressor !== null ? originalBytes(store, row) : undefined;
}

const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

/** "A-B", "A-", "-B" or "A", or why not. */
export function parseRange(spec: string, total: number): [number, number] | string {
  const m = /^(\d+)?\s*(?:-\s*(\d+)?)?$/.exec(spec.trim());
  if (!m || (m[1] === undefined && m[2] === undefined))
    return `--lines expects a line range like 120-260, 120- or 120, got "${spec}"`;
  const from = m[1] !== undefined ? Number(m[1]) : 1;
  const to = spec.includes("-") ? (m[2] !== undefined ? Number(m[2]) : total) : from;
  if (from < 1) return `--lines ${spec}: lines are numbered from 1`;
  // A reversed range is a typo, not a request for nothing: say which way round it goes.
  if (m[2] !== undefined && to < from)
    return `--lines ${spec} is reversed: the first line comes first (--lines ${to}-${from})`;
  return [from, Math.max(from, Math.min(to, total))];
}

/**
 * Matching lines of `range` with `context` lines around each, numbered as `grep -n`
 * prints them (`12: match`, `11- context`, `--` between groups), the numbers padded to
 * the original's widest. Returns each printed line's number too (null for `--`).
 */
function grepLines(
  text: Uint8Array,
  starts: readonly number[],
  range: readonly [number, number],
  re: RegExp,
  context: number,
): { text: string; numbers: (number | null)[] } | undefined {
  const lines = Buffer.from(sliceLines(text, starts, range[0], range[1]))
    .toString("utf8")
    .split("\n");
  if (lines.at(-1) === "") lines.pop();
  const width = String(starts.length).length;
  const out: string[] = [];
  const numbers: (number | null)[] = [];
  let next = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!re.test(lines[i]!)) continue;
    const from = Math.max(next, i - context);
    if (next > 0 && from > next) {
      out.push("--");
      numbers.push(null);
    }
    for (let j = from; j <= Math.min(lines.length - 1, i + context); j++) {
      const n = range[0] + j;
      out.push(`${String(n).padStart(width)}${j === i || re.test(lines[j]!) ? ":" : "-"} ${lines[j]!}`);
      numbers.push(n);
      next = j + 1;
    }
  }
  return out.length ? { text: `${out.join("\n")}\n`, numbers } : undefined;
}

/**
 * Page `page` of `bytes` cut into pages of at most `chars` characters (what Claude Code
 * counts): each ends at a line's end when one falls in its second half, else at the
 * limit (a line longer than a page continues on the next). `numbers` names each
 * printed line's line in the original, or is the first one's when they run on.
 */
function pageOf(
  bytes: Uint8Array,
  chars: number,
  page: number,
  numbers: readonly (number | null)[] | number,
): { bytes: Uint8Array; page: Page } | string {
  const text = Buffer.from(bytes).toString("utf8");
  const cuts = pageCuts(text, chars);
  const count = cuts.length - 1;
  if (page < 1 || page > count) return `there ${count === 1 ? "is 1 page" : `are ${count} pages`}`;
  const lineAt = lineNumbering(text, numbers);
  const ranges = cuts
    .slice(0, -1)
    .map((start, i) => [lineAt(start, 1), lineAt(cuts[i + 1]! - 1, -1)] as const);
  return {
    bytes: Buffer.from(text.slice(cuts[page - 1], cuts[page]), "utf8"),
    page: { number: page, count, ranges },
  };
}

/** Where each page starts, and the text's end. */
function pageCuts(text: string, chars: number): number[] {
  const cuts = [0];
  let at = 0;
  while (text.length - at > chars) {
    const limit = at + chars;
    const nl = text.lastIndexOf("\n", limit - 1);
    let end = nl >= at + chars / 2 ? nl + 1 : limit;
    // Never between the two halves of a surrogate pair.
    if (end === limit && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    cuts.push(end);
    at = end;
  }
  cuts.push(text.length);
  return cuts;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * The original's line number of the printed line holding character `at`; a `--`
 * separator has none, so the nearest numbered line in direction `dir` stands for it.
 */
function lineNumbering(
  text: string,
  numbers: readonly (number | null)[] | number,
): (at: number, dir: 1 | -1) => number {
  const lineStartsAt: number[] = [0];
  for (let i = text.indexOf("\n"); i !== -1 && i + 1 < text.length; i = text.indexOf("\n", i + 1))
    lineStartsAt.push(i + 1);
  return (at, dir) => {
    let lo = 0;
    let hi = lineStartsAt.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStartsAt[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    if (typeof numbers === "number") return numbers + lo;
    for (let i = lo; i >= 0 && i < numbers.length; i += dir) if (numbers[i] !== null) return numbers[i]!;
    return numbers[lo - dir] ?? 0;
  };
}

/**
 * The lines under a page: where this page is and how to go on. `next(n)` is the
 * command (or tool call) that gives page n, written as the surface runs it.
 */
export function pageFooter(
  id: number,
  read: { page: Page; totalLines: number },
  next: (n: number) => string,
): string {
  const { number, count, ranges } = read.page;
  const [first, last] = ranges[number - 1]!;
  const head = [
    `cairn #${id}`,
    `page ${number} of ${count}`,
    `lines ${groupDigits(first)}-${groupDigits(last)} of ${groupDigits(read.totalLines)}`,
  ];
  head.push(number < count ? `next page: ${next(number + 1)}` : `last page; the first: ${next(1)}`);
  const shown = ranges.length <= MAX_LISTED ? ranges : [...ranges.slice(0, MAX_LISTED - 1)];
  const listed = shown.map(([a, b], i) => `${i + 1}: ${a}-${b}`).join(" · ");
  const more =
    ranges.length > shown.length ? ` · … ${count - shown.length} more, to line ${ranges.at(-1)![1]}` : "";
  return `[${head.join(" · ")}]\n[pages by line: ${listed}${more}]\n`;
}
const MAX_LISTED = 12;
