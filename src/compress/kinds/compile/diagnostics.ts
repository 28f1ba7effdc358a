/**
 * Compiler and linter diagnostics, whatever the tool: each tool's compressor reads its
 * lines (the diagnostics, with the lines that go with them, and the lines that sum the run
 * up), and the engine ranks them like any problem lines: every error and warning of a rare
 * kind whole with its code frame, one repeated in many places by its first and last with a
 * count (or every one, when few), the tool's summary, how the run ended.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import { E } from "../../excerpt/priorities.ts";
import { isCaret } from "../../excerpt/signals.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { firstOfEachCode } from "./first-of-code.ts";
import { packageFile } from "./package-file.ts";

/** Priorities the tools give the lines they find besides their diagnostics. */
export const D = {
  summary: MUST + 14,
  /** A line that locates an error (a template's "required from here"). */
  errorFirst: MUST + 1,
  /** A step of the build (a link, an archive): room allowing. */
  milestone: 75,
} as const;

/** A message with quoted names and numbers normalised, to tell kinds of messages apart. */
export function messageShape(message: string): string {
  return message
    .replace(/‘[^’]*’|'[^']*'|"[^"]*"|`[^`]*`/g, "Q")
    .replace(/\d+/g, "#")
    .slice(0, 80);
}

export interface DiagnosticOptions {
  /** Lines that summarise the run ("Found 3 errors", "5 errors", "✖ 12 problems"). */
  readonly summaries?: readonly number[];
  /** Other lines worth keeping at a given priority (build steps, make failures). */
  readonly extra?: readonly Pick[];
  readonly hints?: Hints;
  /** Lines that tell nothing of their own however they read (a note in a system header): never facts. */
  readonly noise?: (i: number) => boolean;
  /** Where a line's own words start, past the place it opens with (engine.ts's bodyAt). */
  readonly bodyAt?: (i: number) => number;
}

/**
 * What a compiler's line-by-line scan collects: its diagnostics, the lines that
 * summarise the run, and other lines worth keeping. Each compressor reads the lines
 * its own way; packing what it found is the same for all.
 */
export interface Findings {
  readonly doc: Doc;
  readonly lines: readonly string[];
  readonly diags: Diagnostic[];
  readonly summaries: number[];
  readonly extra: Pick[];
  /** Lines the compressor found to tell nothing of their own (engine.ts's noise), by index. */
  readonly noise: Set<number>;
  /** Packs what was found into the excerpt. */
  excerpt(name: string, budget: number, hints: Hints): Excerpt;
}

export function findingsOf(text: string): Findings {
  const doc = docOf(text);
  const diags: Diagnostic[] = [];
  const summaries: number[] = [];
  const extra: Pick[] = [];
  const noise = new Set<number>();
  return {
    doc,
    lines: doc.lines,
    diags,
    summaries,
    extra,
    noise,
    excerpt: (name, budget, hints) =>
      diagnosticExcerpt(name, doc, budget, diags, {
        summaries,
        extra,
        hints,
        ...(noise.size > 0 ? { noise: (i: number) => noise.has(i) } : {}),
      }),
  };
}

/**
 * The last line of a diagnostic's context: from `from`, the following lines while
 * `belongs` says they are its (a code frame, an indented note), at most `max` of them.
 */
export function contextEnd(
  lines: readonly string[],
  from: number,
  belongs: (line: string) => boolean,
  max = Number.POSITIVE_INFINITY,
): number {
  let end = from;
  while (end + 1 < lines.length && end - from < max && belongs(lines[end + 1]!)) end++;
  return end;
}

/** A code frame's source line: its number in the gutter (`39 |`, `  39 │`, `> 12 |`). */
const GUTTER = /^\s*>?\s*(\d+)\s*[|│]/;

/** Within a code frame (lines `from`-`to`), the source line numbered `line` in its gutter, or -1. */
export function pointedLine(lines: readonly string[], from: number, to: number, line: number): number {
  const number = String(line);
  for (let k = from; k <= to; k++) if (GUTTER.exec(lines[k]!)?.[1] === number) return k;
  return -1;
}

/**
 * Lines [from, to] locating a diagnostic of a kind already located, as room allows: more of
 * what locates a problem (`locator`), which the room past the facts is not for (packer.ts).
 */
function moreLocator(from: number, to: number, at: number): Pick {
  return { from, to, prio: E.moreLocator + 1, with: at, why: "locator" };
}

/**
 * "3 errors in 2 files, 5 warnings": what the excerpt holds, for the header; a file by its
 * package and path where a task runner prefixes the lines (package-file.ts).
 */
function countsOf(diags: readonly Diagnostic[]): string {
  const files = new Set<string>();
  let errors = 0;
  let warnings = 0;
  for (const d of diags) {
    if (d.severity === "error") {
      errors++;
      files.add(packageFile(d.file));
    } else if (d.severity === "warning") warnings++;
  }
  const parts: string[] = [];
  if (errors > 0) parts.push(`${plural(errors, "error")}${files.size > 1 ? ` in ${files.size} files` : ""}`);
  if (warnings > 0) parts.push(plural(warnings, "warning"));
  return parts.length > 0 ? parts.join(", ") : "output";
}

/**
 * The excerpt of diagnostics: the engine's ranking with every diagnostic's first line a
 * problem, and what goes with each: the line above that says where (gcc's "In
 * function"), the file it is under (ESLint's header), its details (javac's "symbol:"),
 * then its code frame as room allows.
 */
export function diagnosticExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  diags: readonly Diagnostic[],
  options: DiagnosticOptions,
): Excerpt {
  const picks: Pick[] = [...(options.extra ?? [])];
  for (const i of options.summaries ?? []) picks.push({ from: i, to: i, prio: D.summary });
  // The first of each code before any other diagnostic, when they outgrow the cap.
  for (const i of firstOfEachCode(diags)) picks.push({ from: i, to: i, prio: E.problem + 1 });
  const header = new Uint8Array(doc.lines.length);
  const kinds = new Set<string>();
  for (const d of diags) {
    header[d.at] = 1;
    // What locates it goes with it, at the engine's priority for its severity; the file a
    // line is under (ESLint's header) before any of them, so none is read under another file.
    const where = d.severity === "error" ? E.locator : E.warnLocator;
    const first = !kinds.has(d.kind);
    kinds.add(d.kind);
    // The function it is in (gcc's "In function"), as its source line: with the first of
    // its kind, else as room allows (the same warning in 36 functions is told by its lines).
    if (d.context !== undefined)
      picks.push(
        first
          ? { from: d.context, to: d.context, prio: where, with: d.at }
          : moreLocator(d.context, d.context, d.at),
      );
    for (const k of d.details ?? []) picks.push({ from: k, to: k, prio: where, with: d.at });
    if (d.needs !== undefined) picks.push({ from: d.needs, to: d.needs, prio: E.problem + 2 });
    const end = d.end ?? d.headerEnd ?? d.at;
    // The rest of its lines (quoted code, labels) as room: code quoted under a problem,
    // which the room past the facts is not for (packer.ts).
    if (end > d.at)
      picks.push({ from: d.at + 1, to: end, prio: 80, split: "head", with: d.at, why: "code-frame" });
    // The source line it points at, and the caret under it, come before the rest of its
    // frame (rustc quotes the lines of other labels first): with the first diagnostic of
    // each kind as what locates it, with the others as room allows, so that an output of
    // many diagnostics keeps diagnostics before frames.
    const pointed = d.line === undefined ? -1 : pointedLine(doc.lines, d.at + 1, end, d.line);
    if (pointed >= 0) {
      const to = pointed + 1 <= end && isCaret(doc.lines[pointed + 1]!) ? pointed + 1 : pointed;
      picks.push(first ? { from: pointed, to, prio: where, with: d.at } : moreLocator(pointed, to, d.at));
    }
  }
  const bodyAt = options.bodyAt;
  return excerpt(name, doc, budget, {
    picks,
    kept: countsOf(diags),
    engine: {
      problem: (i) => header[i] === 1,
      ...(options.noise ? { noise: options.noise } : {}),
      ...(bodyAt ? { bodyAt } : {}),
    },
    hints: options.hints,
  });
}
