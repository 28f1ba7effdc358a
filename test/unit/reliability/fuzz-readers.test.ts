import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { noopAnswer } from "../../../src/claude/events.ts";
import { loadConfig, projectConfigPath } from "../../../src/config/load.ts";
import { patternProblem } from "../../../src/config/patterns.ts";
import { type ConfigLayer, type ResolvedConfig, resolveConfig } from "../../../src/config/resolve.ts";
import {
  checkSetting,
  defaults,
  isSettingKey,
  SETTINGS,
  type SettingKey,
} from "../../../src/config/schema.ts";
import { projectValue } from "../../../src/config/trust.ts";
import { type CairnPaths, cairnPaths, sessionDir } from "../../../src/core/paths.ts";
import { type Baton, batonPath, claimBaton, readBaton, writeBaton } from "../../../src/memory/baton.ts";
import {
  applySlim,
  latestBackup,
  planSlim,
  slimTranscript,
  unanswered,
  undoSlim,
  validate,
} from "../../../src/memory/slim.ts";
import { runStatusline } from "../../../src/window/statusline.ts";
import { composeStatusline, renderSuffix } from "../../../src/window/statusline-format.ts";
import { CAIRN, REPO } from "../../helpers/cairn.ts";
import { cpuNow } from "../../helpers/cpu-time.ts";
import {
  anyText,
  FIXTURES,
  fuzzTally,
  type J,
  jsonTree,
  leaf,
  mutateBytes,
  mutateText,
  mutateTree,
  nastyString,
  nesting,
  Obj,
  PROTO_KEYS,
  readJsonlLines,
  realAndMutated,
  realTranscriptLines,
  realTranscripts,
  render,
  splitAt,
  type TextMutation,
  type TreeMutation,
  textMutations,
  timeoutFor,
  toJ,
  tooDeep,
  treeMutations,
} from "./fuzz-support.ts";

// The readers that take input cairn does not write itself, on random input and on real
// captures mutated (fields dropped or of another type, huge strings, control bytes,
// prototype keys, deep nesting, flipped bytes, torn writes, random chunking):
//
// - the statusline (`cairn statusline`): whatever arrives on stdin, it never throws and
//   prints one line of its format, bounded, with the context figure Claude Code sent.
//   The only thing of the input it prints is that figure, a number, so no control
//   character from the input reaches the terminal; its own colours are the only escape
//   sequences. (The user's own statusline command, which cairn runs and prints first,
//   is passed through as it is: it is the user's, colours and all.) The same with the
//   session's own files (summary, metrics, last error) corrupted;
// - `cairn slim` on mutated real transcripts: planning, applying and validating never
//   throw; the plan is typed; slimTranscript either refuses with its own error and
//   leaves the file as it was, or keeps the number of lines and every line it did not
//   slim byte for byte; undo gives back the original bytes exactly;
// - the config loader on random and mutated YAML (and JSON, which YAML reads): never
//   an exception, every resolved value of its setting's type, every leaf of a file
//   either applied or reported as an issue, the cached answer the same as the fresh one;
// - the handoff baton: never an exception, a baton either ignored or accepted with the
//   types it declares; a baton cairn wrote reads back as written;
// - `cairn hook`'s stdin reader (src/transports/stdin.ts), through the built bundle:
//   any bytes in any chunks, it answers and exits 0, decodes what arrives exactly, and
//   passes through what exceeds hook.max_stdin_mb (counting every byte).

const fuzz = fuzzTally("readers");

// biome-ignore lint/suspicious/noControlCharactersInRegex: cairn's own colours, removed before the check below
const OWN_SGR = /\x1b\[(?:0|2|31|32|33)m/g;
/** Anything a terminal acts on, and line breaks: the statusline is one line. */
const CONTROLS = "\\x00-\\x1f\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
// Built from a string: a regular expression literal with control characters trips the linter.
const ACTIVE = new RegExp(`[${CONTROLS}]`);
/** cairn's suffix without colours: the context figure, then the net figures, then the error mark. */
const SIZE = String.raw`\S+ (?:B|KB|MB)`;
const SUFFIX = new RegExp(
  String.raw`^cairn ctx (–|\S+%)( · net ${SIZE} (?:saved|cost) \(alone ${SIZE} → shown ${SIZE}, read back ${SIZE}(?:, \d+ above alone)?\))?( · ⚠ errors: cairn doctor)?$`,
);
/** A statusline is a glance: cairn's part of it is never longer than this. */
const SUFFIX_MAX = 160;

/** Reads of a few hundred KB take milliseconds; a second of CPU means super-linear work (a hung statusline). */
const SLOW_MS = 1000;

const isStackOverflow = (err: unknown) => err instanceof RangeError && /call stack/.test(err.message);

/** Fields of `record` whose value fails its check, as "name=value" for the message. */
function bad(record: object, checks: Record<string, (v: unknown) => boolean>): string[] {
  const r = record as Record<string, unknown>;
  return Object.entries(checks)
    .filter(([k, ok]) => !ok(r[k]))
    .map(([k]) => `${k}=${String(JSON.stringify(r[k]))?.slice(0, 80)}`);
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

interface LogRecord {
  readonly level: string;
  readonly msg: string;
  /** The error's message, and its stack. */
  readonly err?: string;
  readonly stack?: string;
  readonly [k: string]: unknown;
}

/** The log's lines (each case starts with none: the log rotates at 1 MB, so offsets into it do not last). */
function logLines(path: string): LogRecord[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LogRecord);
}

const numberish: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -1000, max: 2_000_000_000 }),
  fc.double(),
  fc.constantFrom(0, -0, 100, 35, 25, 1e308, -1e308, 5e-324, Number.NaN, Infinity, -Infinity),
);

// ---------------------------------------------------------------------------------

describe("fuzz: statusline", () => {
  it(
    "renderSuffix and composeStatusline: one bounded line, only cairn's colours, linear time",
    () => {
      // What a user's statusline command may print: any text, and long runs of blanks.
      const userOutput = fc.oneof(
        anyText,
        fc
          .tuple(
            fc.constantFrom(" ", "\t", "\n", " \n", "\r\n", "\u00a0", "\u3000"),
            fc.integer({ min: 1, max: 200_000 }),
            nastyString,
          )
          .map(([ws, n, tail]) => `${ws.repeat(n)}${tail}`),
      );
      fuzz.check(
        fc.property(
          fc.record({
            usedPct: fc.option(numberish, { nil: null }),
            remainingPct: fc.option(numberish, { nil: null }),
            outputs: numberish,
            counterfactualBytes: numberish,
            shownBytes: numberish,
            retrievedBytes: numberish,
            netBytes: numberish,
            moreThanAlone: numberish,
            error: fc.boolean(),
            warnPct: numberish,
            criticalPct: numberish,
            color: fc.boolean(),
          }),
          userOutput,
          (facts, user) => {
            const suffix = renderSuffix(facts);
            const plain = suffix.replace(OWN_SGR, "");
            if (!facts.color) expect(plain).toBe(suffix);
            expect(plain).not.toMatch(ACTIVE);
            expect(plain.length).toBeLessThanOrEqual(SUFFIX_MAX);
            expect(plain).toMatch(/^cairn ctx /);

            const started = cpuNow();
            const line = composeStatusline(user, suffix);
            const ms = cpuNow() - started;
            expect(ms, `${Math.round(ms)} ms for ${user.length} characters`).toBeLessThan(SLOW_MS);
            // The user's statusline as it was, then the suffix on its last line.
            const kept = user.trimEnd();
            expect(line.startsWith(kept)).toBe(true);
            expect(line.endsWith(suffix)).toBe(true);
            expect(line.length).toBe(kept.length + (kept ? 2 : 0) + suffix.length);
            expect(composeStatusline(user, "")).toBe(kept);
          },
        ),
        10,
      );
    },
    timeoutFor(10, 20),
  );

  const realInputs = readJsonlLines(join(FIXTURES, "claude-code-captures", "statusline-stdin.jsonl"));
  const SID = (JSON.parse(realInputs[0]!) as { session_id: string }).session_id;

  /** What Claude Code may send: real captures, mutated as JSON or as bytes, random JSON, garbage. */
  const stdinArb: fc.Arbitrary<Buffer> = fc.oneof(
    ...realAndMutated(realInputs, { hugeMax: 1_000_000, treeMutations: 4, weights: [2, 6, 2] }),
    { weight: 1, arbitrary: jsonTree.map((j: J) => Buffer.from(render(j))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)) },
  );

  let home: string;
  let paths: CairnPaths;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "cairn-fuzz-sl-"));
    paths = cairnPaths(join(home, ".cairn"));
    vi.stubEnv("CAIRN_HOME", paths.root);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(home, { recursive: true, force: true });
  });

  /** `cairn statusline` in-process: stdin delivered in `chunks`, every stdout write kept. */
  async function statusline(chunks: Buffer[], color: boolean): Promise<string[]> {
    const writes: string[] = [];
    const stdin = Readable.from(chunks);
    const getStdin = vi
      .spyOn(process, "stdin", "get")
      .mockReturnValue(stdin as unknown as typeof process.stdin);
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => {
      writes.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8"));
      return true;
    });
    vi.stubEnv("NO_COLOR", color ? "" : "1");
    try {
      await runStatusline();
    } finally {
      write.mockRestore();
      getStdin.mockRestore();
    }
    return writes;
  }

  /** Checks the one line printed: cairn's suffix (or nothing), of its format, bounded, no foreign controls. */
  function checkLine(writes: string[], color: boolean, where: string): string {
    expect(writes.length, where).toBe(1);
    const out = writes[0]!;
    expect(out.endsWith("\n"), where).toBe(true);
    const line = out.slice(0, -1);
    const plain = line.replace(OWN_SGR, "");
    if (!color) expect(plain, where).toBe(line);
    expect(plain, where).not.toMatch(ACTIVE);
    expect(plain.length, where).toBeLessThanOrEqual(SUFFIX_MAX);
    if (plain !== "") expect(plain, where).toMatch(SUFFIX);
    return plain;
  }

  /** Errors cairn logged while it ran (it logs, rather than throws, what fails in its own work). */
  function loggedErrors(): LogRecord[] {
    return logLines(paths.log).filter((l) => l.level === "error");
  }

  /** A clean slate for the next case: no log, no error mark. */
  function forgetLog(): void {
    rmSync(paths.log, { force: true });
    rmSync(paths.lastError, { force: true });
  }

  it(
    "runStatusline on whatever arrives on stdin: one line of its format, the figure Claude Code sent",
    async () => {
      await fuzz.checkAsync(
        fc.asyncProperty(
          stdinArb,
          fc.array(fc.nat(), { maxLength: 8 }),
          fc.boolean(),
          async (raw, cuts, color) => {
            const text = raw.toString("utf8");
            const where = text.length > 300 ? `${text.slice(0, 300)}… (${text.length})` : text;
            forgetLog();
            const writes = await statusline(splitAt(raw, cuts), color);
            const plain = checkLine(writes, color, where);

            // What cairn shows, read independently from the same bytes.
            const parsed = tryJson(text);
            const input = parsed.ok && parsed.value && typeof parsed.value === "object" ? parsed.value : {};
            const { session_id: sid, context_window: cw } = input as {
              session_id?: unknown;
              context_window?: { used_percentage?: unknown };
            };
            const errors = loggedErrors();
            if (errors.length > 0 && tooDeep(text)) {
              // Metrics nested too deeply to write back: logged, and the suffix left out.
              expect(
                errors.every((e) => /call stack/.test(String(e.err))),
                JSON.stringify(errors),
              ).toBe(true);
              expect(plain, where).toBe("");
              fuzz.count("statusline: too deep to keep");
              return;
            }
            expect(errors, `${JSON.stringify(errors)}\non: ${where}`).toEqual([]);
            if (typeof sid !== "string" || sid === "") {
              expect(plain, where).toBe("");
              fuzz.count("statusline: nothing to add");
              return;
            }
            const used = cw && typeof cw.used_percentage === "number" ? `${cw.used_percentage}%` : "–";
            expect(plain.startsWith(`cairn ctx ${used}`), where).toBe(true);
            fuzz.count(used === "–" ? "statusline: no figure" : "statusline: figure");
          },
        ),
        3,
      );
    },
    timeoutFor(3, 40),
  );

  it(
    "runStatusline with the session's own files corrupted: still one line of its format, nothing logged",
    async () => {
      const summary = {
        at: 1_795_000_000_000,
        outputs: 3,
        saved_bytes: 98_000,
        warn_pct: 35,
        critical_pct: 25,
      };
      const metrics = { ...JSON.parse(realInputs[1]!), at: Date.now() };
      const lastError = { t: new Date().toISOString(), msg: "x", event: "Stop" };
      /** A file's content: a real one mutated, random JSON, garbage, or none. */
      const fileArb = (real: object) =>
        fc.oneof(
          fc.constant(undefined),
          fc.constant(JSON.stringify(real)),
          treeMutations(3).map((m) => render(mutateTree(toJ(real), m, { hugeMax: 100_000, deepMax: 50 }))),
          jsonTree.map(render),
          textMutations(2).map((m) => mutateText(JSON.stringify(real), m)),
        );
      await fuzz.checkAsync(
        fc.asyncProperty(
          fileArb(summary),
          fileArb(metrics),
          fileArb(lastError),
          fc.nat(),
          fc.boolean(),
          async (s, m, e, i, color) => {
            const dir = sessionDir(paths, SID);
            mkdirSync(dir, { recursive: true });
            const files: [string, string | undefined][] = [
              [join(dir, "summary.json"), s],
              [join(dir, "statusline.json"), m],
              [paths.lastError, e],
            ];
            for (const [path, content] of files) {
              if (content === undefined) rmSync(path, { force: true });
              else writeFileSync(path, content);
            }
            const where = JSON.stringify({ summary: s, metrics: m?.slice(0, 300), lastError: e });
            rmSync(paths.log, { force: true });
            const raw = Buffer.from(realInputs[i % realInputs.length]!);
            const plain = checkLine(await statusline([raw], color), color, where);
            expect(loggedErrors(), where).toEqual([]);
            expect(plain, where).toMatch(/^cairn ctx /);
          },
        ),
        1,
      );
    },
    timeoutFor(1, 40),
  );
});

// ---------------------------------------------------------------------------------

describe("fuzz: cairn slim", () => {
  const realLines = realTranscriptLines();
  const realFiles = realTranscripts();

  /** A tool call and its result, the result large or not, of one of the shapes a result has. */
  const toolPair: fc.Arbitrary<string[]> = fc
    .record({
      id: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom("toolu_1", "toolu_2", "toolu_3") },
        { weight: 1, arbitrary: nastyString },
      ),
      name: fc.oneof(fc.constantFrom("Bash", "Read", "Grep"), nastyString),
      size: fc.oneof(
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 300, max: 6000 }),
        fc.constantFrom(100_000, 300_000),
      ),
      shape: fc.constantFrom("string", "blocks", "image", "excerpt"),
      isError: fc.boolean(),
      answered: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
    })
    .map((p) => {
      const piece = ["x", "é", "line\n", "😀", "\u0000"][p.size % 5]!;
      const text = piece.repeat(Math.ceil(p.size / piece.length)).slice(0, p.size);
      const content =
        p.shape === "string"
          ? text
          : p.shape === "blocks"
            ? [{ type: "text", text }]
            : p.shape === "image"
              ? [
                  { type: "image", source: { type: "base64", data: "AAAA" } },
                  { type: "text", text },
                ]
              : `[cairn #4 · 2 KB] ${text}`;
      const use = {
        type: "assistant",
        uuid: `a-${p.id}`,
        message: {
          role: "assistant",
          content: [{ type: "tool_use", id: p.id, name: p.name, input: { command: "ls" } }],
        },
      };
      const result = {
        type: "user",
        uuid: `u-${p.id}`,
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: p.id, content, is_error: p.isError }],
        },
      };
      return p.answered ? [JSON.stringify(use), JSON.stringify(result)] : [JSON.stringify(use)];
    });

  /** Transcript lines: real, real and mutated (as JSON or as bytes), tool pairs, random JSON. */
  const lineArb: fc.Arbitrary<Buffer[]> = fc.oneof(
    ...realAndMutated(realLines, { hugeMax: 200_000, treeMutations: 3, weights: [4, 4, 2] }).map((w) => ({
      weight: w.weight,
      arbitrary: w.arbitrary.map((b) => [b]),
    })),
    { weight: 3, arbitrary: toolPair.map((ls) => ls.map((l) => Buffer.from(l))) },
    {
      weight: 2,
      // One line of the pair mutated: mutateTree puts the mutations' values into the tree
      // itself, so the same mutations applied twice could make a value contain itself.
      arbitrary: fc
        .tuple(toolPair, treeMutations(2), fc.nat())
        .map(([ls, muts, n]) =>
          ls.map((l, i) =>
            Buffer.from(i === n % ls.length ? render(mutateTree(toJ(JSON.parse(l)), muts)) : l),
          ),
        ),
    },
    { weight: 1, arbitrary: jsonTree.map((j: J) => [Buffer.from(render(j))]) },
  );

  /** One change to a whole transcript: a line mutated (as JSON or as bytes), a tool call inserted, a line gone. */
  type Edit = { at: number } & (
    | { kind: "tree"; muts: TreeMutation[] }
    | { kind: "bytes"; muts: TextMutation[] }
    | { kind: "insert"; pair: string[] }
    | { kind: "drop" }
  );
  const editArb: fc.Arbitrary<Edit> = fc.oneof(
    {
      weight: 2,
      arbitrary: fc.record({ at: fc.nat(), kind: fc.constant("tree" as const), muts: treeMutations(3) }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ at: fc.nat(), kind: fc.constant("bytes" as const), muts: textMutations(2) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ at: fc.nat(), kind: fc.constant("insert" as const), pair: toolPair }),
    },
    { weight: 1, arbitrary: fc.record({ at: fc.nat(), kind: fc.constant("drop" as const) }) },
  );

  /** A whole real transcript (tool calls next to their results, so there is something to slim), edited. */
  const wholeArb: fc.Arbitrary<Buffer[]> = fc
    .tuple(fc.nat(), fc.array(editArb, { minLength: 1, maxLength: 6 }))
    .map(([f, edits]) => {
      const lines: Buffer[] = realFiles[f % realFiles.length]!.map((l) => Buffer.from(l));
      for (const e of edits) {
        const i = e.at % (lines.length + 1);
        if (e.kind === "insert") lines.splice(i, 0, ...e.pair.map((l) => Buffer.from(l)));
        else if (i === lines.length) continue;
        else if (e.kind === "drop") lines.splice(i, 1);
        else if (e.kind === "bytes") lines[i] = mutateBytes(lines[i]!, e.muts);
        else {
          const text = lines[i]!.toString("utf8");
          const parsed = tryJson(text);
          // A line an earlier edit nested deeply is left as it is (toJ and render recurse).
          if (parsed.ok && nesting(text) < 200)
            lines[i] = Buffer.from(
              render(mutateTree(toJ(parsed.value), e.muts, { hugeMax: 200_000, deepMax: 20_000 })),
            );
        }
      }
      return lines;
    });

  /** A transcript file: lines joined by newlines, ending in one or not (a torn last line). */
  const transcriptArb: fc.Arbitrary<Buffer> = fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: wholeArb },
        { weight: 1, arbitrary: fc.array(lineArb, { maxLength: 24 }).map((g) => g.flat()) },
      ),
      fc.boolean(),
    )
    .map(([lines, torn]) =>
      Buffer.concat(lines.flatMap((l, i) => (torn && i === lines.length - 1 ? [l] : [l, nl]))),
    );
  const nl = Buffer.from("\n");
  /** Mostly small: most real results are short (a few dozen characters), the inserted ones up to 300,000. */
  const minCharsArb = fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 1, max: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 8000 }) },
  );
  const keepRecentArb = fc.oneof(fc.constant(0), fc.nat({ max: 3 }));

  /** The transcript's lines as `cairn slim` reads them. */
  function linesOf(buf: Buffer): string[] {
    const lines = buf.toString("utf8").split("\n");
    if (lines.at(-1) === "") lines.pop();
    return lines;
  }

  /** The file's lines as bytes (what "kept byte for byte" compares). */
  function byteLines(buf: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let from = 0;
    for (let i = buf.indexOf(0x0a); i !== -1; i = buf.indexOf(0x0a, from)) {
      out.push(buf.subarray(from, i));
      from = i + 1;
    }
    out.push(buf.subarray(from));
    return out;
  }

  const excerptArb = fc.tuple(fc.nat({ max: 999 }), nastyString).map(([n, t]) => `[cairn #${n} · 1 KB] ${t}`);

  it(
    "planSlim, validate, unanswered, applySlim: never throw, the plan typed, other lines kept as they are",
    async () => {
      await fuzz.checkAsync(
        fc.asyncProperty(
          transcriptArb,
          minCharsArb,
          keepRecentArb,
          excerptArb,
          async (buf, minChars, keepRecent, excerpt) => {
            const lines = linesOf(buf);
            const where = lines.map((l) => l.slice(0, 200)).join("\n");
            const v = validate(lines);
            expect(v === undefined || typeof v === "string", where).toBe(true);
            expect(unanswered(lines)).toBeInstanceOf(Set);
            for (const id of unanswered(lines)) expect(typeof id, where).toBe("string");

            const plan = planSlim(lines, minChars, keepRecent);
            expect(Number.isSafeInteger(plan.kept) && plan.kept >= 0 && plan.kept <= keepRecent).toBe(true);
            expect(plan.totalChars).toBe(plan.results.reduce((n, r) => n + r.text.length, 0));
            const problems = plan.results.flatMap((r) =>
              bad(r, {
                line: (v) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) < lines.length,
                toolUseId: (v) => typeof v === "string" && v !== "",
                toolName: (v) => typeof v === "string",
                input: isObj,
                text: (v) => typeof v === "string" && v.length >= minChars && !/^\[cairn #\d+/.test(v),
                isError: (v) => typeof v === "boolean",
              }),
            );
            expect(problems, where).toEqual([]);
            fuzz.count(plan.results.length > 0 ? "slim plan: something" : "slim plan: nothing");

            let out: string[];
            try {
              out = await applySlim(lines, plan, async () => excerpt);
            } catch (err) {
              if (isStackOverflow(err) && plan.results.some((r) => tooDeep(lines[r.line]!))) {
                fuzz.count("slim plan: too deep to write back");
                return;
              }
              throw err;
            }
            expect(out.length).toBe(lines.length);
            const slimmed = new Set(plan.results.map((r) => r.line));
            for (const [i, line] of out.entries()) {
              if (!slimmed.has(i)) {
                expect(line === lines[i], `line ${i} changed`).toBe(true);
                continue;
              }
              expect(line.includes("\n")).toBe(false);
              const content = (JSON.parse(line) as { message: { content: unknown[] } }).message.content;
              for (const r of plan.results.filter((x) => x.line === i)) {
                const blocks = content.filter(
                  (b) => isObj(b) && b.type === "tool_result" && b.tool_use_id === r.toolUseId,
                );
                expect(blocks.length).toBeGreaterThan(0);
                for (const b of blocks) expect((b as { content: unknown }).content).toBe(excerpt);
              }
            }
          },
        ),
        4,
      );
    },
    timeoutFor(4, 30),
  );

  let dir: string;
  let paths: CairnPaths;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-fuzz-slim-"));
    paths = cairnPaths(join(dir, ".cairn"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** slimTranscript's own refusals: anything else escaping it is a bug. */
  const REFUSAL =
    /does not validate as it is|is not valid UTF-8|the slimmed transcript is invalid|lost its tool_result|the written file does not validate/;

  it(
    "slimTranscript then undoSlim on a file: refused with the file untouched, or slimmed line for line and undone exactly",
    async () => {
      let n = 0;
      await fuzz.checkAsync(
        fc.asyncProperty(
          transcriptArb,
          minCharsArb,
          keepRecentArb,
          excerptArb,
          async (buf, minChars, keepRecent, excerpt) => {
            n++;
            const sid = `fuzz-${n}`;
            const path = join(dir, `${sid}.jsonl`);
            writeFileSync(path, buf);
            const lines = linesOf(buf);
            const where = lines.map((l) => l.slice(0, 200)).join("\n");
            const plan = planSlim(lines, minChars, keepRecent);
            if (plan.results.length === 0) {
              // `cairn slim` stops here ("nothing to slim").
              fuzz.count("slim file: nothing to slim");
              rmSync(path);
              return;
            }
            const seen: string[] = [];
            let outcome: Awaited<ReturnType<typeof slimTranscript>> | undefined;
            let error: unknown;
            try {
              outcome = await slimTranscript(
                paths,
                path,
                sid,
                plan,
                async (r) => {
                  seen.push(r.toolUseId);
                  return excerpt;
                },
                n,
              );
            } catch (err) {
              error = err;
            }
            const after = readFileSync(path);
            if (error !== undefined) {
              expect(after.equals(buf), `a refused slim changed the file: ${String(error)}`).toBe(true);
              if (isStackOverflow(error) && lines.some(tooDeep)) {
                fuzz.count("slim file: too deep to write back");
              } else {
                expect(error, where).toBeInstanceOf(Error);
                expect((error as Error).constructor, `${String(error)}\n${where}`).toBe(Error);
                expect((error as Error).message, where).toMatch(REFUSAL);
                fuzz.count("slim file: refused");
              }
              rmSync(path);
              return;
            }
            fuzz.count("slim file: slimmed");
            expect(outcome?.replaced).toBe(plan.results.length);
            expect(seen).toEqual(plan.results.map((r) => r.toolUseId));
            const before = byteLines(buf);
            const now = byteLines(after);
            expect(now.length, where).toBe(before.length);
            const slimmed = new Set(plan.results.map((r) => r.line));
            for (const [i, line] of now.entries()) {
              if (slimmed.has(i)) expect(tryJson(line.toString("utf8")).ok, where).toBe(true);
              else expect(line.equals(before[i]!), `line ${i} changed\n${where}`).toBe(true);
            }
            expect(validate(linesOf(after))).toBeUndefined();
            expect(readFileSync(outcome!.backup).equals(buf)).toBe(true);

            undoSlim(paths, sid, false);
            expect(readFileSync(path).equals(buf), "undo did not restore the original bytes").toBe(true);
            expect(latestBackup(paths, sid)).toBeUndefined();
            rmSync(path);
          },
        ),
        2,
      );
    },
    timeoutFor(2, 60),
  );
});

// ---------------------------------------------------------------------------------

describe("fuzz: config loader", () => {
  const KEYS = Object.keys(SETTINGS) as SettingKey[];
  const DEFAULTS = defaults() as Record<string, unknown>;

  /** Values near a default: the same, of another type, out of range, in a list. */
  function variants(d: unknown): J[] {
    if (typeof d === "number") return [d, d + 1, d - 1, -d, d * 1000, 0.5, 1e308, String(d), [d]];
    if (typeof d === "boolean") return [!d, String(d), d ? 1 : 0, "yes", null];
    if (typeof d === "string") return [d, "", `${d}x`, d.toUpperCase(), 1, [d]];
    if (Array.isArray(d)) return [[], ["^ssh "], ["a", 1], "Bash", [null], [["x"]]];
    return [null];
  }

  /** One entry of a config file: a setting (valid-ish or not), a typo, or any key; dotted or nested. */
  const entryArb: fc.Arbitrary<[string, J]> = fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...KEYS) },
        { weight: 1, arbitrary: fc.constantFrom(...KEYS).map((k) => `${k}s`) },
        { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
        { weight: 1, arbitrary: nastyString },
      ),
      fc.nat(),
      fc.oneof(leaf, jsonTree, fc.constant<J>(null)),
      fc.nat(),
      fc.boolean(),
    )
    .map(([key, pick, any, i, nested]): [string, J] => {
      const near = variants(DEFAULTS[key]);
      const value = pick % 3 === 0 ? any : near[i % near.length]!;
      const parts = key.split(".");
      if (!nested || parts.length < 2) return [key, value];
      // compress.min_bytes → { compress: { min_bytes: … } }
      let v: J = value;
      for (const p of parts.slice(1).reverse()) v = new Obj([[p, v]]);
      return [parts[0]!, v];
    });

  /** A config file's data, as a tree that keeps prototype keys and duplicates. */
  const configTree: fc.Arbitrary<J> = fc.oneof(
    { weight: 6, arbitrary: fc.array(entryArb, { maxLength: 12 }).map((e) => new Obj(e)) },
    { weight: 1, arbitrary: jsonTree },
  );

  /** Leaves of a mapping as `flatten` is documented to see them, a later duplicate winning. */
  function leavesOf(obj: Record<string, unknown>, prefix = "", out = new Map<string, unknown>()) {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (isObj(v) && !isSettingKey(key)) leavesOf(v, key, out);
      else out.set(key, v);
    }
    return out;
  }

  /** The resolved config's values all of their setting's type, and provenance and issues typed. */
  function checkTypes(r: ResolvedConfig, where: string): void {
    for (const key of KEYS) {
      const value = (r.config as Record<string, unknown>)[key];
      const checked = checkSetting(key, value);
      expect(checked.ok, `${key}=${JSON.stringify(value)}: ${where}`).toBe(true);
      expect(["default", "user", "project"]).toContain(r.origin[key]);
    }
    expect(Object.keys(r.config).sort()).toEqual([...KEYS].sort());
    for (const issue of r.issues) {
      expect(typeof issue.path).toBe("string");
      expect(issue.key === undefined || typeof issue.key === "string").toBe(true);
      expect(typeof issue.problem === "string" && issue.problem !== "").toBe(true);
    }
  }

  /** Every leaf of every layer either in effect or reported, and nothing else in effect. */
  function checkAccounted(r: ResolvedConfig, layers: readonly ConfigLayer[], where: string): void {
    const expected = new Map<string, { value: unknown; source: string }>();
    for (const layer of layers) {
      const issues = r.issues.filter((i) => i.path === layer.path);
      if (layer.parseError !== undefined) {
        expect(
          issues.some((i) => i.key === undefined && /cannot parse/.test(i.problem)),
          where,
        ).toBe(true);
        continue;
      }
      if (layer.data === null || layer.data === undefined) continue;
      if (!isObj(layer.data)) {
        expect(
          issues.some((i) => i.key === undefined && /mapping/.test(i.problem)),
          where,
        ).toBe(true);
        continue;
      }
      for (const [key, value] of leavesOf(layer.data)) {
        const checked = isSettingKey(key) ? checkSetting(key, value) : undefined;
        if (checked?.ok) {
          // Refused patterns are dropped (and reported); a project's value only tightens
          // (config/trust.ts): what is refused is reported, what is merged is merged.
          let accepted = checked.value;
          if (Array.isArray(accepted) && /\.never$/.test(key)) {
            const kept = accepted.filter((p) => patternProblem(p) === undefined);
            if (kept.length !== accepted.length)
              expect(
                issues.some((i) => i.key === key && i.refused),
                where,
              ).toBe(true);
            accepted = kept;
          }
          if (layer.source === "project") {
            const judged = projectValue(
              SETTINGS[key as SettingKey].trust,
              accepted,
              expected.get(key)?.value ?? DEFAULTS[key],
            );
            if (!judged.ok) {
              expect(
                issues.some((i) => i.key === key && i.refused),
                `${key} refused, not reported: ${where}`,
              ).toBe(true);
              continue;
            }
            accepted = judged.value;
          }
          expected.set(key, { value: accepted, source: layer.source });
        } else
          expect(
            issues.some((i) => i.key === key),
            `${JSON.stringify(key)} neither applied nor reported: ${where}`,
          ).toBe(true);
      }
    }
    for (const key of KEYS) {
      const e = expected.get(key);
      expect((r.config as Record<string, unknown>)[key], `${key}: ${where}`).toEqual(
        e ? e.value : DEFAULTS[key],
      );
      expect(r.origin[key], `${key}: ${where}`).toBe(e ? e.source : "default");
    }
  }

  it(
    "resolveConfig on any data: every value of its type, every leaf applied or reported",
    () => {
      const layerArb = (source: "user" | "project"): fc.Arbitrary<ConfigLayer> =>
        fc.oneof(
          {
            weight: 8,
            arbitrary: configTree.map((t) => ({
              source,
              path: `${source}.yaml`,
              data: JSON.parse(render(t)),
            })),
          },
          { weight: 1, arbitrary: fc.constant({ source, path: `${source}.yaml`, data: undefined }) },
          {
            weight: 1,
            arbitrary: nastyString.map((e) => ({
              source,
              path: `${source}.yaml`,
              data: undefined,
              parseError: e || "x",
            })),
          },
        );
      fuzz.check(
        fc.property(fc.array(fc.oneof(layerArb("user"), layerArb("project")), { maxLength: 2 }), (layers) => {
          const where = JSON.stringify(layers).slice(0, 1000);
          const r = resolveConfig(layers);
          checkTypes(r, where);
          checkAccounted(r, layers, where);
        }),
        10,
      );
    },
    timeoutFor(10, 10),
  );

  const README = readFileSync(join(REPO, "README.md"), "utf8");
  const readmeYaml = /```yaml\n([\s\S]*?)```/.exec(README)?.[1] ?? "compress:\n  min_bytes: 4096\n";
  const fullNested = (() => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const key of KEYS) {
      const [head, ...rest] = key.split(".");
      if (rest.length === 0) continue;
      out[head!] ??= {};
      out[head!]![rest.join(".")] = DEFAULTS[key];
    }
    return stringifyYaml(out);
  })();

  /** A config file's text: real examples, random config trees as YAML or JSON, mutated, garbage. */
  const fileText: fc.Arbitrary<string> = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(readmeYaml, fullNested, "", "# nothing\n", "---\n", "null\n") },
    {
      weight: 4,
      arbitrary: configTree.map((t) => {
        try {
          return stringifyYaml(JSON.parse(render(t)));
        } catch {
          return render(t);
        }
      }),
    },
    { weight: 2, arbitrary: configTree.map(render) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(readmeYaml, fullNested), textMutations(3))
        .map(([t, m]) => mutateText(t, m)),
    },
    { weight: 1, arbitrary: anyText },
  );

  it(
    "loadConfig on random and mutated YAML files: never throws, values typed, all accounted for, cache faithful",
    async () => {
      const base = mkdtempSync(join(tmpdir(), "cairn-fuzz-cfg-"));
      // The YAML parser reports warnings (an unknown tag, say) through process.emitWarning.
      const quiet = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
      let n = 0;
      try {
        await fuzz.checkAsync(
          fc.asyncProperty(
            fc.option(fileText, { nil: undefined }),
            fc.option(fileText, { nil: undefined }),
            async (userText, projectText) => {
              // A new home each time: the cache is keyed by modification time, which a
              // file rewritten within the same clock tick at the same size would not change.
              const home = join(base, `h${n++}`);
              const paths = cairnPaths(join(home, ".cairn"));
              const project = join(home, "project");
              const files: { source: "user" | "project"; path: string; text: string | undefined }[] = [
                { source: "user", path: paths.config, text: userText },
                { source: "project", path: projectConfigPath(project), text: projectText },
              ];
              const layers: ConfigLayer[] = [];
              for (const f of files) {
                if (f.text === undefined) continue;
                mkdirSync(join(f.path, ".."), { recursive: true });
                writeFileSync(f.path, f.text);
                try {
                  layers.push({ source: f.source, path: f.path, data: parseYaml(f.text) });
                } catch {
                  layers.push({ source: f.source, path: f.path, data: undefined, parseError: "(any)" });
                }
              }
              const where = JSON.stringify({ userText, projectText }).slice(0, 1500);
              const first = await loadConfig(paths, project);
              checkTypes(first, where);
              checkAccounted(first, layers, where);
              // A parse error is reported by its first line, the one that says where.
              for (const issue of first.issues.filter((i) => /^cannot parse/.test(i.problem)))
                expect(issue.problem.includes("\n"), where).toBe(false);
              const cached = await loadConfig(paths, project);
              checkTypes(cached, where);
              expect(JSON.stringify(cached), where).toBe(JSON.stringify(first));
              fuzz.count(first.issues.length > 0 ? "config: issues" : "config: clean");
              rmSync(home, { recursive: true, force: true });
            },
          ),
          2,
        );
      } finally {
        quiet.mockRestore();
        rmSync(base, { recursive: true, force: true });
      }
    },
    timeoutFor(2, 40),
  );
});

// ---------------------------------------------------------------------------------

describe("fuzz: handoff baton", () => {
  const real: Baton = {
    version: 1,
    sessionId: "036f1196-9d1c-4602-91c6-233dac7ee60b",
    projectDir: "/home/dev/work/p3",
    transcriptPath: "/home/dev/.claude/projects/-home-dev-work-p3/036f1196-9d1c-4602-91c6-233dac7ee60b.jsonl",
    createdAt: 1_795_000_000_000,
  };

  const batonArb: fc.Arbitrary<Baton> = fc.record(
    {
      version: fc.constant(1 as const),
      sessionId: nastyString,
      projectDir: nastyString,
      transcriptPath: nastyString,
      createdAt: fc.oneof(fc.integer(), fc.maxSafeNat()),
    },
    { requiredKeys: ["version", "sessionId", "projectDir", "createdAt"] },
  );

  const fileArb: fc.Arbitrary<Buffer> = fc.oneof(
    { weight: 1, arbitrary: batonArb.map((b) => Buffer.from(`${JSON.stringify(b)}\n`)) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.oneof(fc.constant(real), batonArb), treeMutations(3))
        .map(([b, m]) => Buffer.from(render(mutateTree(toJ(b), m, { hugeMax: 100_000, deepMax: 20_000 })))),
    },
    {
      weight: 2,
      arbitrary: textMutations(3).map((m) => mutateBytes(Buffer.from(`${JSON.stringify(real)}\n`), m)),
    },
    { weight: 1, arbitrary: jsonTree.map((j: J) => Buffer.from(render(j))) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((b) => Buffer.from(b)) },
  );

  /** A baton's declared fields (a deep extra field would only slow the comparison down). */
  const declared = (b: Baton | undefined) =>
    b && {
      version: b.version,
      sessionId: b.sessionId,
      projectDir: b.projectDir,
      transcriptPath: b.transcriptPath,
      createdAt: b.createdAt,
    };

  /** The baton a reader must accept from `text`: the parsed object when every field has its type. */
  function acceptable(text: string): Baton | undefined {
    const p = tryJson(text);
    if (!p.ok || !isObj(p.value)) return undefined;
    const b = p.value;
    const ok =
      b.version === 1 &&
      typeof b.sessionId === "string" &&
      typeof b.projectDir === "string" &&
      typeof b.createdAt === "number" &&
      (b.transcriptPath === undefined || typeof b.transcriptPath === "string");
    return ok ? (b as unknown as Baton) : undefined;
  }

  let dir: string;
  let paths: CairnPaths;
  const project = "/home/dev/work/p3";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-fuzz-baton-"));
    paths = cairnPaths(join(dir, ".cairn"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    "readBaton and claimBaton: never throw; a baton is ignored or accepted with its declared types",
    () => {
      const path = batonPath(paths, project);
      fuzz.check(
        fc.property(fileArb, (buf) => {
          mkdirSync(join(path, ".."), { recursive: true });
          writeFileSync(path, buf);
          const text = buf.toString("utf8");
          const where = text.slice(0, 500);
          const want = acceptable(text);
          const got = readBaton(paths, project);
          if (got !== undefined) {
            expect(got.version, where).toBe(1);
            expect(typeof got.sessionId, where).toBe("string");
            expect(typeof got.projectDir, where).toBe("string");
            expect(typeof got.createdAt, where).toBe("number");
            expect(got.transcriptPath === undefined || typeof got.transcriptPath === "string", where).toBe(
              true,
            );
          }
          expect(declared(got), where).toEqual(declared(want));
          fuzz.count(got ? "baton: accepted" : "baton: ignored");

          // Taken, put back unchanged, taken again for good.
          const claim = claimBaton(paths, project);
          expect(declared(claim?.baton), where).toEqual(declared(want));
          claim!.release();
          expect(readFileSync(path).equals(buf)).toBe(true);
          claimBaton(paths, project)!.consumed();
          expect(readdirSync(join(path, ".."))).toEqual([]);
          expect(claimBaton(paths, project)).toBeUndefined();
        }),
        4,
      );
    },
    timeoutFor(4, 10),
  );

  it(
    "a baton cairn wrote reads back as written",
    () => {
      fuzz.check(
        fc.property(batonArb, (b) => {
          const written = { ...b, projectDir: project };
          writeBaton(paths, written);
          expect(readBaton(paths, project)).toEqual(written);
        }),
        2,
      );
    },
    timeoutFor(2, 10),
  );
});

// ---------------------------------------------------------------------------------

describe("fuzz: cairn hook's stdin reader, through the built bundle", () => {
  const MAX_MB = 1;
  const MAX = MAX_MB * 1024 * 1024;
  let home: string;
  let project: string;
  let log: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "cairn-fuzz-stdin-"));
    project = join(home, "project");
    mkdirSync(project, { recursive: true });
    mkdirSync(join(home, ".cairn"), { recursive: true });
    writeFileSync(join(home, ".cairn", "config.yaml"), `hook:\n  max_stdin_mb: ${MAX_MB}\n`);
    log = join(home, ".cairn", "logs", "cairn.log");
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /** `cairn hook Stop` with its stdin written in `chunks`, a pause now and then. */
  function hook(
    chunks: Buffer[],
    pauses: readonly number[],
  ): Promise<{ code: number | null; stdout: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CAIRN, "hook", "Stop"], {
        cwd: project,
        env: {
          ...process.env,
          HOME: home,
          CAIRN_HOME: "",
          CLAUDE_PROJECT_DIR: project,
          CLAUDECODE: "",
          CLAUDE_CODE_SESSION_ID: "",
        },
        stdio: ["pipe", "pipe", "ignore"],
      });
      const out: Buffer[] = [];
      child.stdout.on("data", (c: Buffer) => out.push(c));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out).toString("utf8") }));
      child.stdin.on("error", () => {
        // The hook may answer before reading everything.
      });
      void (async () => {
        for (const [i, c] of chunks.entries()) {
          if (!child.stdin.write(c)) await new Promise((r) => child.stdin.once("drain", r));
          const pause = pauses[i % Math.max(1, pauses.length)] ?? 0;
          if (pause > 0) await new Promise((r) => setTimeout(r, pause));
        }
        child.stdin.end();
      })();
    });
  }

  /**
   * The input: a Stop event whose stop_hook_active is a string, so the dispatcher's
   * contract check quotes it back in the log exactly as it was decoded; padded with
   * blanks (valid JSON) to around the size limit; or random bytes.
   */
  const inputArb = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({
          marker: fc.oneof(nastyString, fc.string({ unit: "binary", maxLength: 200 })),
          size: fc.oneof(
            fc.constant(0),
            fc.integer({ min: 0, max: 100_000 }),
            // At the limit, one under it, one over it: where an off-by-one shows.
            fc.constantFrom(-2, -1, 0, 0, 1, 2).map((d) => MAX + d),
          ),
        })
        .map(({ marker, size }) => {
          const event = Buffer.from(
            JSON.stringify({
              session_id: "fuzz-stdin",
              transcript_path: join(project, "none.jsonl"),
              cwd: project,
              permission_mode: "default",
              hook_event_name: "Stop",
              stop_hook_active: marker,
            }),
          );
          const pad = Math.max(0, size - event.length);
          return { marker, raw: Buffer.concat([event, Buffer.alloc(pad, 0x20)]) };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 3000 })
        .map((b) => ({ marker: undefined as string | undefined, raw: Buffer.from(b) })),
    },
  );

  it(
    "any bytes in any chunks: exit 0 with the answer, decoded exactly, oversize passed through",
    async () => {
      await fuzz.checkAsync(
        fc.asyncProperty(
          inputArb,
          fc.array(fc.nat(), { maxLength: 12 }),
          fc.array(fc.nat({ max: 3 }), { maxLength: 4 }),
          async ({ marker, raw }, cuts, pauses) => {
            rmSync(log, { force: true });
            const r = await hook(splitAt(raw, cuts), pauses);
            const where = `${raw.length} bytes: ${raw.subarray(0, 200).toString("utf8")}`;
            expect(r.code, where).toBe(0);
            expect(r.stdout, where).toBe(noopAnswer("Stop"));
            const lines = logLines(log);
            expect(
              lines.filter((l) => l.level === "error"),
              where,
            ).toEqual([]);
            if (raw.length > MAX) {
              const over = lines.find((l) => /exceeds hook.max_stdin_mb/.test(l.msg));
              expect(over?.bytes, where).toBe(raw.length);
              fuzz.count("stdin: oversize");
              return;
            }
            expect(
              lines.some((l) => /exceeds/.test(l.msg)),
              where,
            ).toBe(false);
            if (marker === undefined) {
              fuzz.count("stdin: garbage");
              return;
            }
            const contract = lines.find((l) => /does not match the contract/.test(l.msg));
            expect(String(contract?.problem), where).toContain(`received "${marker}"`);
            fuzz.count(raw.length > MAX - 3 ? "stdin: at the limit" : "stdin: decoded");
          },
        ),
        0.2,
      );
    },
    timeoutFor(0.2, 1000),
  );
});
