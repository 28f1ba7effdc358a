/**
 * Shared pieces of the fuzz suite (test/unit/reliability/fuzz-*.test.ts): how many
 * cases to run, random JSON that keeps prototype keys and duplicate keys intact,
 * mutators for real captured inputs (JSON trees, text and bytes), and log-like text.
 *
 * Runs per property come from CAIRN_FUZZ_RUNS, scaled by each property's weight (the
 * CI default, 100, runs about 10,000 cases in some 15 s on two cores; a soak sets e.g.
 * CAIRN_FUZZ_RUNS=20000). `npm test` uses one fixed seed, so CI is deterministic;
 * `npm run soak` (CAIRN_FUZZ_SEED=random) tries new cases every run. A failure prints
 * CAIRN_FUZZ_SEED to replay it, and CAIRN_FUZZ_SHRINK=0 skips shrinking it.
 */

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll } from "vitest";
import { EVENT_PARTS } from "../../../src/cli/event-parts.ts";
import { resolveConfig } from "../../../src/config/resolve.ts";
import type { Logger } from "../../../src/core/log.ts";
import { cairnPaths } from "../../../src/core/paths.ts";
import type { DispatchDeps } from "../../../src/hooks/dispatch.ts";
import { openStore, type Store } from "../../../src/store/db.ts";
import { REPO } from "../../helpers/cairn.ts";
import { cpuNow } from "../../helpers/cpu-time.ts";
import { SLOWDOWN, UNIT_TIMEOUT_MS } from "../../helpers/wait.ts";

/** Cases per property at weight 1 when CAIRN_FUZZ_RUNS is not set. */
export const DEFAULT_RUNS = 100;

export const BASE_RUNS = (() => {
  const n = Number(process.env.CAIRN_FUZZ_RUNS);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : DEFAULT_RUNS;
})();

const FIXED_SEED = 20261122;
const SEED = ((v) => (v === "random" ? undefined : v ? Number(v) : FIXED_SEED))(process.env.CAIRN_FUZZ_SEED);

/** Cases for a property: cheap properties get a larger share of the budget, slow ones a smaller one. */
export function runs(weight = 1): number {
  return Math.max(1, Math.round(BASE_RUNS * weight));
}

/**
 * A hang detector that grows with the number of cases (a soak must not trip the unit
 * default, UNIT_TIMEOUT_MS). The cases are CPU-bound, so on a machine whose cores are shared many times
 * over they take that many times `msPerCase` (what one takes alone): the bound allows
 * SLOWDOWN times, so that a loaded machine makes the suite slower, not red (8 times was
 * not enough: 400 slim-plan cases took 122 s at a load of 90 on 2 cores). Super-linear
 * work is caught by CPU time where it matters (cpuNow), not by this.
 */
export function timeoutFor(weight: number, msPerCase: number): number {
  return Math.max(UNIT_TIMEOUT_MS, runs(weight) * msPerCase * SLOWDOWN);
}

/**
 * Counts the cases a test file ran and prints one line at the end, e.g.
 * `[fuzz] events: 2000 cases in 1.8 s (CAIRN_FUZZ_RUNS=100); ok 675, …`, for the suite's report.
 */
export function fuzzTally(file: string): {
  check<Ts extends [unknown, ...unknown[]]>(prop: fc.IProperty<Ts>, weight?: number): void;
  checkAsync<Ts extends [unknown, ...unknown[]]>(prop: fc.IAsyncProperty<Ts>, weight?: number): Promise<void>;
  /** Counts one occurrence of `what` (e.g. an outcome), shown after the total: evidence the cases reach deep. */
  count(what: string): void;
} {
  let total = 0;
  const counts = new Map<string, number>();
  const started = performance.now();
  afterAll(() => {
    const s = ((performance.now() - started) / 1000).toFixed(1);
    const detail = [...counts].map(([k, n]) => `${k} ${n}`).join(", ");
    console.log(
      `[fuzz] ${file}: ${total} cases in ${s} s (CAIRN_FUZZ_RUNS=${BASE_RUNS})${detail ? `; ${detail}` : ""}`,
    );
  });
  const params = (weight: number) => ({
    numRuns: runs(weight),
    ...(SEED !== undefined ? { seed: SEED } : {}),
    // Shrinking a counterexample made of megabytes of text can take minutes;
    // CAIRN_FUZZ_SHRINK=0 reports the first failing case as it is.
    endOnFailure: process.env.CAIRN_FUZZ_SHRINK === "0",
  });
  return {
    count(what) {
      counts.set(what, (counts.get(what) ?? 0) + 1);
    },
    check(prop, weight = 1) {
      const details = fc.check(prop, params(weight));
      total += details.numRuns;
      if (details.failed) throw failure(details);
    },
    async checkAsync(prop, weight = 1) {
      const details = await fc.check(prop, params(weight));
      total += details.numRuns;
      if (details.failed) throw failure(details);
    },
  };
}

/**
 * The assertion that failed first, then how to replay it, then the counterexample cut
 * to a readable size (fast-check's own report puts a megabyte counterexample first).
 */
function failure<Ts>(details: fc.RunDetails<Ts>): Error {
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const example = fc.stringify(details.counterexample);
  const shown = example.length > 4000 ? `${example.slice(0, 4000)}… (${example.length} characters)` : example;
  return new Error(
    `${cause}\n\nReplay: CAIRN_FUZZ_SEED=${details.seed} with the same CAIRN_FUZZ_RUNS (path ${details.counterexamplePath}, shrunk ${details.numShrinks} times)\nCounterexample: ${shown}`,
  );
}

// ---------------------------------------------------------------------------------
// JSON as a tree that renders exactly as written: objects keep "__proto__" and
// duplicate keys (a plain object would turn "__proto__" into a prototype and merge
// duplicates), and deep nesting is pre-rendered so rendering never recurses deeply.

export class Obj {
  readonly entries: [string, J][];
  constructor(entries: [string, J][]) {
    this.entries = entries;
  }
}
/** Already rendered JSON text (deep nesting). */
export class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}
export type J = null | boolean | number | string | J[] | Obj | Raw;

export function toJ(value: unknown): J {
  if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "string")
    return value;
  if (Array.isArray(value)) return value.map(toJ);
  if (typeof value === "object") return new Obj(Object.entries(value).map(([k, v]) => [k, toJ(v)]));
  return null;
}

export function render(j: J): string {
  if (j instanceof Raw) return j.text;
  if (j instanceof Obj)
    return `{${j.entries.map(([k, v]) => `${JSON.stringify(k)}:${render(v)}`).join(",")}}`;
  if (Array.isArray(j)) return `[${j.map(render).join(",")}]`;
  // Non-finite numbers cannot be written in JSON; null is what JSON.stringify makes of them.
  return JSON.stringify(j) ?? "null";
}

/** Keys that reach Object.prototype when copied carelessly, or change how a value converts. */
export const PROTO_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "toJSON",
  "hasOwnProperty",
  "then",
  "length",
] as const;

/** Field names of Claude Code's hook inputs, tool outputs and transcript entries. */
export const FIELD_NAMES = [
  "session_id",
  "transcript_path",
  "cwd",
  "hook_event_name",
  "tool_name",
  "tool_input",
  "tool_response",
  "tool_use_id",
  "prompt",
  "source",
  "trigger",
  "custom_instructions",
  "reason",
  "command",
  "stdout",
  "stderr",
  "interrupted",
  "isImage",
  "noOutputExpected",
  "persistedOutputPath",
  "persistedOutputSize",
  "type",
  "file",
  "filePath",
  "content",
  "numLines",
  "startLine",
  "totalLines",
  "filenames",
  "numFiles",
  "mode",
  "result",
  "results",
  "text",
  "message",
  "usage",
  "input_tokens",
  "output_tokens",
  "cache_read_input_tokens",
  "cache_creation_input_tokens",
  "id",
  "model",
  "uuid",
  "timestamp",
  "isSidechain",
  "agentId",
  "promptId",
  "subtype",
  "compactMetadata",
  "attachment",
  "hookName",
  "is_error",
  "name",
  "input",
  "offset",
  "limit",
] as const;

const NASTY = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u202e",
  "\ufeff",
  "\uffff",
  "😀",
  "é",
  "\r\n",
  "\x1b[31m",
  "\x1b]0;t\x07",
  "\\",
  '"',
  "{",
  "NaN",
  "-0",
  "1e309",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "toString",
  "../../../etc/passwd",
  "/",
  "/dev/null",
  "C:\\Windows",
  "[cairn #1 · ",
  "[lines 1-3 omitted]",
  "<system-reminder>",
  "<synthetic>",
  "compact_boundary",
  "2026-11-22T00:17:40.226Z",
] as const;

const NASTY_CHARS = [
  "\u0000",
  "\ud800",
  "\udc00",
  "\n",
  "\r",
  "\t",
  "\x1b",
  "\u202e",
  "é",
  "😀",
  "\\",
  '"',
  "\u2028",
];

/** Strings a careful parser must survive: control bytes, lone surrogates, escapes, path tricks. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...NASTY),
  fc.string({ unit: fc.constantFrom(...NASTY_CHARS), maxLength: 30 }),
);

const key: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...FIELD_NAMES),
  fc.constantFrom(...PROTO_KEYS),
  nastyString,
);

const number: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -5, max: 300_000 }),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5, 1e-300),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const leaf: fc.Arbitrary<J> = fc.oneof(fc.constant(null), fc.boolean(), number, nastyString);

/** Any JSON value, with prototype keys and duplicate keys among its object keys. */
export const jsonTree: fc.Arbitrary<J> = fc.letrec<{ value: J; arr: J[]; obj: Obj }>((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("arr"), tie("obj")),
  arr: fc.array(tie("value"), { maxLength: 5 }),
  obj: fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }).map((e) => new Obj(e)),
})).value;

// ---------------------------------------------------------------------------------
// Mutating a JSON tree: each mutation names a container by its pre-order index (modulo
// the number of containers) and what to do there, so fast-check can shrink it.

export type TreeOp =
  | "drop"
  | "replace"
  | "retype"
  | "huge"
  | "nasty"
  | "protoKey"
  | "deep"
  | "dupKey"
  | "null";

export interface TreeMutation {
  readonly at: number;
  readonly child: number;
  readonly op: TreeOp;
  readonly value: J;
  readonly text: string;
  readonly n: number;
}

export interface MutationOptions {
  /** Largest string a "huge" mutation writes (characters). */
  readonly hugeMax?: number;
  /** Deepest nesting a "deep" mutation writes. */
  readonly deepMax?: number;
}

export function treeMutation(): fc.Arbitrary<TreeMutation> {
  return fc.record({
    at: fc.nat(),
    child: fc.nat(),
    op: fc.constantFrom<TreeOp>(
      "drop",
      "replace",
      "retype",
      "huge",
      "nasty",
      "protoKey",
      "deep",
      "dupKey",
      "null",
    ),
    value: jsonTree,
    text: nastyString,
    n: fc.nat(),
  });
}

export function treeMutations(max = 4): fc.Arbitrary<TreeMutation[]> {
  return fc.array(treeMutation(), { minLength: 1, maxLength: max });
}

function containers(j: J, out: (J[] | Obj)[] = []): (J[] | Obj)[] {
  if (j instanceof Obj) {
    out.push(j);
    for (const [, v] of j.entries) containers(v, out);
  } else if (Array.isArray(j)) {
    out.push(j);
    for (const v of j) containers(v, out);
  }
  return out;
}

function clone(j: J): J {
  if (j instanceof Obj) return new Obj(j.entries.map(([k, v]) => [k, clone(v)]));
  if (Array.isArray(j)) return j.map(clone);
  return j;
}

/** The same value as another JSON type: what a schema that checks types must reject or survive. */
function retype(v: J, n: number): J {
  const options: J[] = [
    null,
    true,
    0,
    -1,
    1e308,
    "",
    typeof v === "string" ? Number(v.length) : render(v).slice(0, 200),
    [],
    new Obj([]),
    [v],
    new Obj([["value", v]]),
    new Obj([["toString", 1]]),
  ];
  return options[n % options.length]!;
}

const HUGE_CHARS = ["x", "é", "😀", "\n", "line\n", "\u0000", "FAIL x.test.ts\n"];

export function hugeString(n: number, max: number): string {
  const piece = HUGE_CHARS[n % HUGE_CHARS.length]!;
  const lengths = [1_000, 10_000, 100_000, 1_000_000].filter((l) => l <= max);
  const len = lengths[Math.floor(n / HUGE_CHARS.length) % lengths.length] ?? max;
  return piece.repeat(Math.ceil(len / piece.length)).slice(0, len);
}

/** A mutated copy of `root`; the original is not touched. */
export function mutateTree(root: J, muts: readonly TreeMutation[], opts: MutationOptions = {}): J {
  const hugeMax = opts.hugeMax ?? 100_000;
  const deepMax = opts.deepMax ?? 5_000;
  let tree = clone(root);
  for (const m of muts) {
    const all = containers(tree);
    if (all.length === 0) {
      tree = m.op === "replace" || m.op === "retype" ? retype(tree, m.n) : m.value;
      continue;
    }
    const c = all[m.at % all.length]!;
    const size = c instanceof Obj ? c.entries.length : c.length;
    const i = size === 0 ? 0 : m.child % size;
    const current: J = c instanceof Obj ? (c.entries[i]?.[1] ?? null) : (c[i] ?? null);
    const set = (v: J) => {
      if (c instanceof Obj) {
        if (size === 0) c.entries.push([FIELD_NAMES[m.n % FIELD_NAMES.length]!, v]);
        else c.entries[i]![1] = v;
      } else if (size === 0) c.push(v);
      else c[i] = v;
    };
    switch (m.op) {
      case "drop":
        if (c instanceof Obj) c.entries.splice(i, 1);
        else c.splice(i, 1);
        break;
      case "replace":
        set(m.value);
        break;
      case "retype":
        set(retype(current, m.n));
        break;
      case "huge":
        set(hugeString(m.n, hugeMax));
        break;
      case "nasty":
        set(m.text);
        break;
      case "null":
        set(null);
        break;
      case "protoKey": {
        const k = PROTO_KEYS[m.n % PROTO_KEYS.length]!;
        if (c instanceof Obj) c.entries.splice(i, 0, [k, m.value]);
        else c.splice(i, 0, new Obj([[k, m.value]]));
        break;
      }
      case "deep": {
        const depth = 1 + (m.n % deepMax);
        const [open, close] = m.n % 2 === 0 ? ["[", "]"] : ['{"a":', "}"];
        set(new Raw(`${open.repeat(depth)}${render(current)}${close.repeat(depth)}`));
        break;
      }
      case "dupKey":
        if (c instanceof Obj && size > 0) c.entries.push([c.entries[i]![0], m.value]);
        else set(m.value);
        break;
    }
  }
  return tree;
}

// ---------------------------------------------------------------------------------
// Mutating text and bytes: truncation, byte flips, insertions, deletions, repeats.

export type TextOp = "truncate" | "flip" | "insert" | "delete" | "repeat" | "crlf" | "ansi";

export interface TextMutation {
  readonly op: TextOp;
  readonly at: number;
  readonly len: number;
  readonly text: string;
  readonly byte: number;
}

export function textMutations(max = 4): fc.Arbitrary<TextMutation[]> {
  return fc.array(
    fc.record({
      op: fc.constantFrom<TextOp>("truncate", "flip", "insert", "delete", "repeat", "crlf", "ansi"),
      at: fc.nat(),
      len: fc.nat({ max: 2000 }),
      text: nastyString,
      byte: fc.integer({ min: 0, max: 255 }),
    }),
    { minLength: 1, maxLength: max },
  );
}

/** Applies byte-level mutations (a flipped byte may leave invalid UTF-8, as a torn write does). */
export function mutateBytes(input: Buffer, muts: readonly TextMutation[]): Buffer {
  let b = Buffer.from(input);
  for (const m of muts) {
    const at = b.length === 0 ? 0 : m.at % (b.length + 1);
    switch (m.op) {
      case "truncate":
        b = b.subarray(0, at);
        break;
      case "flip":
        if (b.length > 0) {
          const i = m.at % b.length;
          b = Buffer.from(b);
          b[i] = b[i]! ^ (m.byte || 1);
        }
        break;
      case "insert":
        b = Buffer.concat([b.subarray(0, at), Buffer.from(m.text, "utf8"), b.subarray(at)]);
        break;
      case "delete":
        b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + m.len))]);
        break;
      case "repeat": {
        const piece = b.subarray(at, Math.min(b.length, at + 1 + (m.len % 200)));
        b = Buffer.concat([
          b.subarray(0, at),
          ...Array<Buffer>(1 + (m.byte % 50)).fill(piece),
          b.subarray(at),
        ]);
        break;
      }
      case "crlf":
        b = Buffer.from(b.toString("latin1").replace(/\n/g, "\r\n"), "latin1");
        break;
      case "ansi":
        b = Buffer.concat([b.subarray(0, at), Buffer.from(`\x1b[${m.byte % 108}m`), b.subarray(at)]);
        break;
    }
  }
  return b;
}

export function mutateText(input: string, muts: readonly TextMutation[]): string {
  return mutateBytes(Buffer.from(input, "utf8"), muts).toString("utf8");
}

// ---------------------------------------------------------------------------------
// Log-like text: lines made of tokens from build, test and log output, so compressors
// detect it as their own and take their specific paths rather than the generic one.

export const LOG_TOKENS = [
  "FAIL",
  "PASS",
  "ok",
  "not ok",
  "✓",
  "×",
  "✗",
  "❯",
  "→",
  "error",
  "Error:",
  "error:",
  "error[E0308]:",
  "warning:",
  "TypeError:",
  "AssertionError:",
  "expected",
  "received",
  "at",
  "Object.<anonymous>",
  "(src/cart.ts:12:5)",
  "src/a.ts(3,7):",
  "error TS2322:",
  "src/main.c:27:20:",
  "-->",
  "|",
  "^",
  "~~~~",
  "=",
  "panic:",
  "thread 'main' panicked at",
  "Traceback (most recent call last):",
  'File "app.py", line 3, in <module>',
  "E  ",
  "assert",
  "==",
  "===== FAILURES =====",
  "----",
  "---",
  "+++",
  "@@ -1,3 +1,4 @@",
  "diff --git a/x b/x",
  "index 83db48f..bf269f4 100644",
  "commit 3f2a9c1",
  "Author:",
  "Date:",
  "modified:",
  "On branch main",
  "Tests",
  "Test Files",
  "failed",
  "passed",
  "skipped",
  "Duration",
  "1..4",
  "#",
  "--- FAIL: TestParse (0.00s)",
  "=== RUN",
  "test result: FAILED.",
  "running 3 tests",
  "npm ERR!",
  "npm warn",
  "added 120 packages",
  "ERESOLVE",
  "Collecting",
  "Successfully installed",
  "Get:1 http://deb.debian.org",
  "Setting up",
  "Compiling serde v1.0.0",
  "INFO",
  "WARN",
  "ERROR",
  "DEBUG",
  "2026-11-22T00:23:51Z",
  "2026-11-22 00:23:51",
  '127.0.0.1 - - [22/Nov/2026:00:23:51 +0000] "GET / HTTP/1.1" 200 612',
  "Caused by:",
  "...",
  "{",
  "}",
  "[",
  "]",
  '"key":',
  '"value",',
  "null",
  "drwxr-xr-x",
  "-rw-r--r--",
  "./src/index.ts",
  "src/a.ts:2:// TODO",
  "Filesystem",
  "Size",
  "Used",
  "Avail",
  "PID",
  "USER",
  "%CPU",
  "├──",
  "└──",
  "\t",
  "  ",
  "\x1b[31m",
  "\x1b[0m",
  "\r",
  "0x7ffd1234",
  "42",
  "3.14",
  "[cairn #7 · 2 KB]",
  "[line 4 omitted]",
  "L12:",
] as const;

/** One log-like line: up to a dozen tokens, sometimes indented. */
export const logLine: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("", "", "  ", "    ", "\t"),
    fc.array(fc.constantFrom(...LOG_TOKENS), { maxLength: 12 }),
  )
  .map(([indent, words]) => indent + words.join(" "));

/**
 * Log-like text: lines, often repeated in runs (logs repeat themselves), sometimes a
 * long line; from a few lines up to a few thousand.
 */
export const logText: fc.Arbitrary<string> = fc
  .array(fc.tuple(logLine, fc.oneof(fc.constant(1), fc.constant(1), fc.integer({ min: 2, max: 300 }))), {
    maxLength: 300,
  })
  .map((runs) => runs.flatMap(([line, n]) => Array<string>(n).fill(line)).join("\n"));

/**
 * Lines that repeat one short token many times and end in a character that breaks the
 * pattern: what makes an ambiguous regular expression backtrack exponentially. The
 * count stays low enough that such a pattern is slow, measurably, rather than hung.
 */
export const repetitiveText: fc.Arbitrary<string> = fc
  .record({
    token: fc.oneof(
      fc.constantFrom("ab/", "Du ", "a ", "A ", "a.", "a-", "0:", "ab\\", "│   ", "-- ", "x, ", "\t", "e "),
      fc.constantFrom(...LOG_TOKENS).map((t) => `${t} `),
      fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 3 }),
    ),
    head: fc.constantFrom("", "Tests ", "PID ", "src/", "  at ", "./", "error: ", "{ "),
    count: fc.integer({ min: 1, max: 24 }),
    tail: fc.constantFrom("", ":", ": x", "!", " ", "\t", ")", "(", '"', "é", "x.js:12: TODO"),
    lines: fc.integer({ min: 1, max: 6 }),
    filler: fc.array(logLine, { maxLength: 4 }),
  })
  .map((r) => {
    const line = `${r.head}${r.token.repeat(r.count)}${r.tail}`;
    return [...r.filler, ...Array<string>(r.lines).fill(line)].join("\n");
  });

/** Random text of every kind: unicode, binary-ish, or log-like. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 3000 }),
  fc.string({ unit: "binary", maxLength: 3000 }),
  fc.string({ unit: fc.constantFrom(...NASTY_CHARS, "a", "b", " "), maxLength: 5000 }),
  logText,
  repetitiveText,
);

// ---------------------------------------------------------------------------------
// Real inputs.

export const FIXTURES = join(REPO, "test", "fixtures");

export function readJsonlLines(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim());
}

/** The real transcript files: captured from Claude Code 2.1.328 and the recorded sessions. */
function realTranscriptFiles(): string[] {
  const captures = join(FIXTURES, "claude-code-captures");
  return [
    ...readdirSync(captures)
      .filter((f) => f.startsWith("transcript-") && f.endsWith(".jsonl"))
      .map((f) => join(captures, f)),
    ...readdirSync(join(FIXTURES, "transcripts"))
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(FIXTURES, "transcripts", f)),
  ];
}

/** Every real transcript line. */
export function realTranscriptLines(): string[] {
  return realTranscriptFiles().flatMap(readJsonlLines);
}

/** The real transcripts, each whole: its lines in order (tool calls next to their results). */
export function realTranscripts(): string[][] {
  return realTranscriptFiles().map(readJsonlLines);
}

/** How deeply arrays and objects nest in a JSON text (strings skipped). */
export function nesting(raw: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") max = Math.max(max, ++depth);
    else if (ch === "]" || ch === "}") depth--;
  }
  return max;
}

/**
 * JSON.parse reads nesting thousands deep that JSON.stringify cannot write back (it runs
 * out of stack). Claude Code writes everything with a JSON writer, so such input never
 * arrives; where it does in a fuzz case, a clean refusal is the code doing its job.
 */
export const tooDeep = (raw: string): boolean => nesting(raw) > 1000;

/** Every real hook input: the single-event captures and the session captures. */
export function realHookInputs(): Record<string, unknown>[] {
  const dir = join(FIXTURES, "hook-inputs");
  const singles = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>);
  const captures = join(FIXTURES, "claude-code-captures");
  const sessions = readdirSync(captures)
    .filter((f) => f.startsWith("hook-inputs-") && f.endsWith(".jsonl"))
    .flatMap((f) => readJsonlLines(join(captures, f)).map((l) => JSON.parse(l) as Record<string, unknown>));
  return [...singles, ...sessions];
}

/** A plain, printable description of an error, for assertion messages. */
export function describeError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}\n${err.stack ?? ""}` : String(err);
}

// ---------------------------------------------------------------------------------
// The dispatcher in-process, as the command transport runs it, in a throwaway home.

export interface LogLine {
  readonly level: "debug" | "info" | "warn" | "error";
  readonly msg: string;
  readonly err?: unknown;
}

export interface HookHarness {
  readonly home: string;
  readonly project: string;
  readonly deps: DispatchDeps;
  readonly store: Store;
  /** Every log line since the last drain. */
  drain(): LogLine[];
  cleanup(): void;
}

/** A temp CAIRN home and project, one open store, a logger that keeps its lines, and config overrides. */
export async function hookHarness(settings: Record<string, unknown> = {}): Promise<HookHarness> {
  const home = mkdtempSync(join(tmpdir(), "cairn-fuzz-"));
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  const paths = cairnPaths(join(home, ".cairn"));
  const store = await openStore(paths.db);
  let lines: LogLine[] = [];
  const keep =
    (level: LogLine["level"]) =>
    (msg: string, fields?: { err?: unknown }): void => {
      lines.push({ level, msg, ...(fields?.err !== undefined ? { err: fields.err } : {}) });
    };
  const log: Logger = { debug: keep("debug"), info: keep("info"), warn: keep("warn"), error: keep("error") };
  const deps: DispatchDeps = {
    paths,
    resolved: resolveConfig([{ source: "user", path: "(fuzz)", data: settings }]),
    log,
    env: { HOME: home, CAIRN_HOME: paths.root, PATH: process.env.PATH ?? "" },
    // The cairn the printed commands name (excerpt headers, nudges) is never run here.
    self: { command: process.execPath, args: [join(home, "cairn.cjs")] },
    openStore: async () => store,
    parts: EVENT_PARTS,
    // Never the event's cwd: a mutated cwd ("/") must not get a notebook written into it.
    projectDir: project,
    // hook.budget_ms on this process's CPU time, as the in-process drivers keep it: a wait
    // for a core (or for vitest to hand over a module on a loaded machine) spends none of
    // it, so load cannot turn an answer into the budget's no-op. The tests of the budget
    // itself pass their own clock.
    clock: cpuNow,
  };
  return {
    home,
    project,
    deps,
    store,
    drain() {
      const out = lines;
      lines = [];
      return out;
    },
    cleanup() {
      store.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * Logged errors that are bugs: an exception a part did not expect. An I/O error on a
 * path the input named (ENOENT, EISDIR, a NUL in a path) is the input's fault and is
 * rightly logged; a TypeError, RangeError or SQLite misuse is cairn's.
 */
export function bugsIn(lines: readonly LogLine[]): string[] {
  return lines
    .filter((l) => l.err instanceof Error && !isInputError(l.err))
    .map((l) => `${l.level}: ${l.msg}: ${describeError(l.err)}`);
}

/** Throws with every bug in full (vitest would cut a long expected string short). */
export function expectNoBugs(lines: readonly LogLine[], where: string): void {
  const bugs = bugsIn(lines);
  if (bugs.length > 0) throw new Error(`${bugs.join("\n\n")}\n\non: ${where}`);
}

function isInputError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code !== "string") return false;
  if (/^E[A-Z0-9]+$/.test(code)) return true; // errno from the file system
  return code === "ERR_INVALID_ARG_VALUE" && /null bytes/.test(err.message);
}

// ---------------------------------------------------------------------------------
// Chunked input: what a pipe delivers in pieces.

/** `buf` cut at `cuts` (positions taken modulo its length + 1): how a pipe may hand it over. */
export function splitAt(buf: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (buf.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const c of at) {
    out.push(buf.subarray(from, c));
    from = c;
  }
  out.push(buf.subarray(from));
  return out;
}

/**
 * Real JSON texts as fuzz input, weighted for fc.oneof: as they are, mutated as JSON
 * trees (values up to `hugeMax` characters), and mutated as bytes.
 */
export function realAndMutated(
  pool: readonly string[],
  o: { hugeMax: number; treeMutations: number; weights: readonly [number, number, number] },
): { weight: number; arbitrary: fc.Arbitrary<Buffer> }[] {
  const pick = (i: number) => pool[i % pool.length]!;
  return [
    { weight: o.weights[0], arbitrary: fc.nat().map((i) => Buffer.from(pick(i))) },
    {
      weight: o.weights[1],
      arbitrary: fc
        .tuple(fc.nat(), treeMutations(o.treeMutations))
        .map(([i, muts]) =>
          Buffer.from(
            render(mutateTree(toJ(JSON.parse(pick(i))), muts, { hugeMax: o.hugeMax, deepMax: 20_000 })),
          ),
        ),
    },
    {
      weight: o.weights[2],
      arbitrary: fc
        .tuple(fc.nat(), textMutations(3))
        .map(([i, muts]) => mutateBytes(Buffer.from(pick(i)), muts)),
    },
  ];
}
