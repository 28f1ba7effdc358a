import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compressors, compressText } from "../../../src/compress/compress-text.ts";
import { factCap, SMALL_OUTPUT } from "../../../src/compress/excerpt/budget.ts";
import { docOf, forgetDoc } from "../../../src/compress/excerpt/doc.ts";
import { OMISSION } from "../../../src/compress/excerpt/framing.ts";
import type { Excerpt, Hints } from "../../../src/compress/excerpt/types.ts";
import { cpuNow } from "../../helpers/cpu-time.ts";
import { hintsFor, loadCorpus, readText } from "../compress/corpus.ts";
import {
  anyText,
  fuzzTally,
  logLine,
  mutateText,
  nastyString,
  textMutations,
  timeoutFor,
} from "./fuzz-support.ts";

// Every compressor, and compressText as the hook calls it, on random text, log-like
// lines and mutated real outputs from the corpus. What is asserted, for each case:
//
// - nothing throws (a compressor on its own, not only behind compressText's fallback);
// - detect() gives a finite score in [0, 1];
// - the excerpt stays within compressText's bound: 1.6 x the budget, or the cap facts
//   may take it to (factCap: half an output over 8 KB) when larger, + 200 characters (the
//   limit is max(200, budget)); compressText falls back to the generic cut past it. An
//   output of 8 KB or less may come back whole (its excerpt would have left a fact out);
// - compressText's excerpt is never longer than the original for every tool but Read.
//   Read excerpts number each kept line ("L12: ") and are never whole, so a short Read
//   can come out longer; the hook only files Reads of 24,000+ characters, where the
//   bound above keeps the excerpt far smaller (fuzz-events checks that end to end);
// - no ESC or control byte other than tab and newline reaches the excerpt;
// - omission markers go forward, stay inside the original's lines and count their
//   lines right (unless the original itself contains marker-like lines).

const fuzz = fuzzTally("compress");

const corpus = loadCorpus().map((e) => ({ entry: e, text: readText(e), hints: hintsFor(e) }));

const MARKER = new RegExp(OMISSION.source, "gm");
const MARKER_LIKE = new RegExp(`^\\s*${OMISSION.source.slice(1)}`);
// biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes must not reach the model
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

/**
 * Compression runs inside a hook whose timer cannot interrupt it: a regular expression
 * that backtracks badly hangs the session. Each case here is at most a few hundred KB,
 * which takes milliseconds; a second of CPU (time waiting for a core does not count)
 * means super-linear work.
 */
const SLOW_MS = 1000;
function slow(started: number, text: string, where: string): void {
  const ms = cpuNow() - started;
  expect(ms, `${where}: ${Math.round(ms)} ms for ${text.length} characters`).toBeLessThan(SLOW_MS);
}

const limitOf = (budget: number) => Math.max(200, Math.floor(budget));
/** As compressText's safety net: a diff may declare a higher ceiling (every changed line). */
const boundOf = (budget: number, size: number, ceiling = 0, tool?: string) =>
  Math.max(
    limitOf(budget) * 1.6,
    factCap(limitOf(budget), size, tool),
    ceiling,
    size <= SMALL_OUTPUT ? size : 0,
  ) + 200;

/** Problems with the omission markers of `text` for an original of `total` lines, or "". */
function markerProblems(text: string, total: number): string {
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    if (a <= last) return `marker ${m[0]} does not come after line ${last}`;
    if (b > total) return `marker ${m[0]} goes past the last line ${total}`;
    if (a >= b && m[2] !== undefined) return `marker ${m[0]} is reversed or names one line as a range`;
    last = b;
  }
  return "";
}

function checkExcerpt(e: Excerpt, original: string, budget: number, where: string, tool?: string): void {
  expect(typeof e.text, where).toBe("string");
  expect(typeof e.compressor, where).toBe("string");
  expect(typeof e.kept, where).toBe("string");
  expect(e.text.length, `${where}: over the bound`).toBeLessThanOrEqual(
    boundOf(budget, original.length, e.ceiling, tool),
  );
  forgetDoc();
  const doc = docOf(original);
  // An original that holds marker-like lines itself (after colour codes go) proves nothing.
  if (!doc.lines.some((l) => MARKER_LIKE.test(l))) expect(markerProblems(e.text, doc.total), where).toBe("");
  forgetDoc();
}

const TOOLS = ["Bash", "Read", "Grep", "Glob", "WebFetch", "WebSearch", "mcp__srv__tool"] as const;
const COMMANDS = [
  ...new Set(corpus.map((c) => c.entry.command)),
  "",
  "npx vitest run",
  "cat x.log",
  "git diff",
];

const hintsArb: fc.Arbitrary<Hints> = fc
  .record({
    tool: fc.constantFrom(...TOOLS),
    command: fc.oneof(fc.constantFrom(...COMMANDS), nastyString),
    exitCode: fc.option(fc.integer({ min: -1, max: 255 }), { nil: undefined }),
    filePath: fc.oneof(
      fc.constantFrom("/p/src/a.ts", "/p/README.md", "/p/data.json", "/p/x.yaml", "/p/blob.bin", "Makefile"),
      nastyString,
    ),
    firstLine: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
    offset: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    limit: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
  })
  .map((h): Hints => {
    // Shaped as the hook builds them: a command for Bash, a path and region for Read.
    if (h.tool === "Bash")
      return {
        tool: h.tool,
        command: h.command,
        ...(h.exitCode !== undefined ? { exitCode: h.exitCode } : {}),
      };
    if (h.tool === "Read") {
      return {
        tool: h.tool,
        filePath: h.filePath,
        ...(h.firstLine !== undefined ? { firstLine: h.firstLine } : {}),
        ...(h.offset !== undefined ? { offset: h.offset } : {}),
        ...(h.limit !== undefined ? { limit: h.limit } : {}),
      };
    }
    return { tool: h.tool };
  });

/** Line-level edits of a real output: a window of it, lines dropped, repeated, or foreign ones inserted. */
const corpusText = (maxLines: number): fc.Arbitrary<{ text: string; hints: Hints; source: string }> =>
  fc
    .record({
      i: fc.nat(),
      from: fc.nat(),
      count: fc.integer({ min: 1, max: maxLines }),
      drops: fc.array(fc.nat(), { maxLength: 20 }),
      inserts: fc.array(fc.tuple(fc.nat(), logLine), { maxLength: 10 }),
      repeat: fc.option(fc.tuple(fc.nat(), fc.integer({ min: 2, max: 500 })), { nil: undefined }),
      bytes: fc.option(textMutations(3), { nil: undefined }),
    })
    .map((r) => {
      const c = corpus[r.i % corpus.length]!;
      const all = c.text.split("\n");
      const from = r.from % all.length;
      let lines = all.slice(from, from + r.count);
      for (const d of r.drops) if (lines.length > 1) lines.splice(d % lines.length, 1);
      for (const [at, line] of r.inserts) lines.splice(at % (lines.length + 1), 0, line);
      if (r.repeat) {
        const [at, n] = r.repeat;
        const line = lines[at % Math.max(1, lines.length)] ?? "";
        lines = [...lines, ...Array<string>(n).fill(line)];
      }
      const joined = lines.join("\n");
      return {
        text: r.bytes ? mutateText(joined, r.bytes) : joined,
        hints: c.hints,
        source: `${c.entry.file} lines ${from + 1}+${r.count}`,
      };
    });

const textCase = (maxLines: number) =>
  fc.oneof(
    fc.record({ text: anyText, hints: hintsArb, source: fc.constant("random") }),
    corpusText(maxLines),
    // A real output under hints that do not match it (a log read as a file, a diff from an MCP tool).
    fc.tuple(corpusText(maxLines), hintsArb).map(([c, hints]) => ({ ...c, hints })),
  );

const budgetArb = fc.oneof(fc.integer({ min: 0, max: 8000 }), fc.constantFrom(1200, 6000, 200, 500));

describe("fuzz: every compressor on its own", () => {
  for (const c of compressors) {
    it(
      `${c.name}: never throws, scores in [0, 1], stays bounded, markers consistent`,
      () => {
        fuzz.check(
          fc.property(textCase(1500), budgetArb, ({ text, hints, source }, budget) => {
            const where = `${c.name} on ${source} (${hints.tool}, budget ${budget})`;
            forgetDoc();
            const started = cpuNow();
            const score = c.detect(text, hints);
            expect(Number.isFinite(score), where).toBe(true);
            expect(score, where).toBeGreaterThanOrEqual(0);
            expect(score, where).toBeLessThanOrEqual(1);
            forgetDoc();
            const e = c.compress(text, hints, limitOf(budget));
            slow(started, text, where);
            checkExcerpt(e, text, budget, where, hints.tool);
            expect(CONTROL.test(e.text), `${where}: control bytes`).toBe(false);
          }),
          1,
        );
      },
      timeoutFor(1, 20),
    );
  }
});

describe("fuzz: compressText as the hook calls it", () => {
  it(
    "never throws, never longer than the original (but Read), bounded, clean, markers consistent",
    () => {
      fuzz.check(
        fc.property(textCase(4000), budgetArb, ({ text, hints, source }, budget) => {
          const where = `compressText on ${source} (${hints.tool}, budget ${budget})`;
          const started = cpuNow();
          const e = compressText(text, hints, budget);
          slow(started, text, where);
          checkExcerpt(e, text, budget, where, hints.tool);
          if (hints.tool !== "Read")
            expect(e.text.length, `${where}: longer than the original`).toBeLessThanOrEqual(text.length);
          expect(CONTROL.test(e.text), `${where}: control bytes`).toBe(false);
        }),
        10,
      );
    },
    timeoutFor(10, 10),
  );

  it(
    "whole mutated real outputs with the hook's budget rule",
    () => {
      fuzz.check(
        fc.property(fc.nat(), textMutations(4), (i, muts) => {
          const c = corpus[i % corpus.length]!;
          const text = mutateText(c.text, muts);
          const budget = Math.floor(Math.min(6000, Math.max(1200, 0.08 * text.length)));
          const where = `compressText on mutated ${c.entry.file}`;
          const e = compressText(text, c.hints, budget);
          checkExcerpt(e, text, budget, where, c.hints.tool);
          if (c.hints.tool !== "Read") expect(e.text.length, where).toBeLessThanOrEqual(text.length);
          expect(CONTROL.test(e.text), `${where}: control bytes`).toBe(false);
        }),
        1,
      );
    },
    timeoutFor(1, 60),
  );
});
