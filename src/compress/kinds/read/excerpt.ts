/**
 * Read results (raw file text): an outline where every kept line carries its line
 * number as `L<n>: `, so the agent can Read the right offset. Code: imports summed up,
 * top-level declarations (types before functions before variables, exported first),
 * then class members. Prose: headings. JSON and other data: the shallow keys. Always
 * the beginning of the file, and the requested region (offset/limit) in full if it fits.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { numberedSize, sampleOf } from "../../excerpt/doc.ts";
import { type EngineOptions, rank } from "../../excerpt/engine.ts";
import { BUILD_FILE, CODE_EXT, printedFile } from "../../excerpt/files.ts";
import { rebasedSuffix } from "../../excerpt/framing.ts";
import { docOf, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick, pack, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { logs } from "../log/detect.ts";
import { logPicks } from "../log/excerpt.ts";
import { tablePicks } from "../table/excerpt.ts";
import { codePicks } from "./code.ts";
import { dataPicks, prosePicks } from "./docs.ts";
import { errorDirectivePicks } from "./error-directives.ts";
import { lockEntryPicks } from "./lock-entries.ts";
import { LOCK_KEY, lockOutline } from "./lockfile.ts";
import { minifiedLine } from "./minified.ts";
import { statementPicks } from "./statements.ts";
import { wholeDeclarations } from "./whole-declarations.ts";

type Flavour = "code" | "prose" | "data" | "json" | "records" | "minified" | "text";

const PROSE_EXT =
  /\.(?:md|markdown|mdx|rst|adoc|txt|org|tex)$|(?:^|\/)(?:README|CHANGELOG|LICENSE|NOTICE|CONTRIBUTING|HISTORY)[^/]*$/i;
const DATA_EXT = /\.(?:ya?ml|toml|ini|cfg|conf|properties|env|xml|plist|csv|tsv)$/i;
const JSON_EXT = /\.(?:json|jsonc|json5|lock|webmanifest|map)$/i;
const RECORDS_EXT = /\.(?:ndjson|jsonl)$/i;

/**
 * JSON lines: one object a line (an audit log, an export). Read as records, not as one
 * JSON document: the rare ones (a failed login among thousands of views) are the news.
 */
function jsonLines(lines: readonly string[]): boolean {
  let objects = 0;
  let seen = 0;
  for (let i = 0; i < lines.length && seen < 50; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    seen++;
    if (line.startsWith("{") && line.endsWith("}")) objects++;
  }
  return seen >= 10 && objects >= seen * 0.9;
}

function flavourOf(doc: Doc, path: string | undefined): Flavour {
  const { lines } = doc;
  let long = 0;
  for (let i = 0; i < Math.min(lines.length, 5); i++) if (lines[i]!.length > 1000) long++;
  if (long > 0 && lines.length < 50) return "minified";
  if (path && RECORDS_EXT.test(path)) return "records";
  if (jsonLines(lines)) return "records";
  if (path) {
    if (JSON_EXT.test(path)) return "json";
    if (CODE_EXT.test(path) || BUILD_FILE.test(path)) return "code";
    if (PROSE_EXT.test(path)) return "prose";
    if (DATA_EXT.test(path)) return "data";
  }
  const head = lines.slice(0, 200).join("\n");
  if (/^\s*[[{]/.test(head)) return "json";
  if (/^#{1,6} \S/m.test(head)) return "prose";
  if (/^(?:import|export|def|class|function|fn|func|package|#include|use)\b/m.test(head)) return "code";
  return "text";
}

/** What a flavour's outline proposes, and how the header names what was kept. */
interface Outline {
  readonly picks: Pick[];
  readonly notes: Note[];
  /** Lines shown otherwise than they are (a lockfile entry on one line, a long line cut in the middle). */
  readonly display: Map<number, string>;
  /** Lines kept whole however long: every name in them is substance (export lists). */
  readonly wide: Set<number>;
  what: string;
  /** Where the file's head stops short of its first six lines (at the imports the outline sums up). */
  headEnd?: number;
  /** Whether MUST picks are the file's substance (then they may take more room). */
  substance: boolean;
  /** The engine's ranking, with what the kind knows, for a file read as lines (a log). */
  engine?: EngineOptions;
  /** After a line: how many lines of its kind it stands for (`  [×N like this, lines A-B]`). */
  readonly suffix: Map<number, string>;
}

function outlineOf(doc: Doc, flavour: Flavour, text: string, hints: Hints, budget: number): Outline {
  const o: Outline = {
    picks: [],
    notes: [],
    display: new Map(),
    wide: new Set(),
    what: "",
    substance: false,
    suffix: new Map(),
  };
  const { lines } = doc;
  // A lockfile of text blocks (Cargo.lock, yarn.lock, go.sum…): each package with its version.
  const locked = flavour === "code" ? 0 : lockEntryPicks(doc, hints.filePath, o.picks);
  if (locked > 0) {
    // (No count: a package the cap leaves out would make it false.)
    o.what = "lockfile: package names and versions";
    o.substance = true;
    o.engine = {};
    return o;
  }
  if (flavour === "code") {
    const { decls, firstImport } = codePicks(doc, o.picks, o.notes, o.wide);
    // A preprocessor's `#error` and the condition that reaches it: what the build needs.
    errorDirectivePicks(doc, o.picks);
    o.what = `outline: ${plural(decls, "declaration")}`;
    if (firstImport >= 0) o.headEnd = firstImport;
    o.substance = true;
    // A language whose declarations the outline does not know (an SQL schema): its
    // statements at the top level are its outline.
    const statements = decls === 0 ? statementPicks(doc, o.picks, o.suffix) : 0;
    if (statements > 0) o.what = `outline: ${plural(statements, "top-level statement")}`;
    // Statements that are most of the file (an SQL dump, a row a line) outline nothing:
    // they are read as records, each kind once, the rare ones and the rare values whole.
    if (decls === 0 && statements === 0) {
      o.engine = { outliers: true };
      o.what = "statements: rare ones, each kind once";
    }
  } else if (flavour === "prose") {
    o.what = `outline: ${plural(prosePicks(doc, o.picks), "heading")}`;
  } else if (flavour === "json" && LOCK_KEY.test(lines.slice(0, 60).join("\n"))) {
    o.what = lockOutline(doc, o.picks, o.notes, budget, substanceCap(budget, doc.size), hints.firstLine ?? 1);
    o.substance = true;
  } else if (flavour === "data" && /\.(?:csv|tsv)$/i.test(hints.filePath ?? "")) {
    // A CSV file read: a table (header, row count, the rows with rare values).
    const table = tablePicks(doc, hints, budget);
    o.picks.push(...table.picks);
    o.notes.push(...table.notes);
    o.what = table.kept;
    o.substance = true;
  } else if (flavour === "records") {
    // Each kind of record once with its count, every rare one and every outlier whole.
    o.engine = { outliers: true };
    o.what = "records: rare ones, each kind once";
    o.substance = true;
  } else if (flavour === "json" || flavour === "data") {
    dataPicks(doc, o.picks);
    // Values too: the one record whose value is rare among its siblings'.
    o.engine = { outliers: true };
    o.what = "outline: shallow keys, rare values";
  } else if (flavour === "text" && logs.detect(sampleOf(text), hints) >= 0.4) {
    // A log read with Read: its errors and warnings are what the agent reads it for.
    const log = logPicks(doc);
    o.picks.push(...log.picks);
    o.engine = { problem: log.problem, classOf: log.classOf };
    o.what = ["log: problems, rare lines, each kind of line once", log.kept].filter(Boolean).join(", ");
    o.substance = true;
  } else if (flavour === "text") {
    // Text of no known shape (a log whose timestamps no detector knows, a report): read
    // as lines like any output, each kind once and the rare ones, not its two ends alone.
    o.engine = {};
    o.what = "lines: rare ones, each kind once";
    o.substance = true;
  } else {
    o.what = "beginning and end of each long line";
  }
  return o;
}

/** The beginning of the file, its end, and the region that was asked for (whole when it fits). */
function framePicks(doc: Doc, flavour: Flavour, hints: Hints, budget: number, o: Outline): void {
  const { lines } = doc;
  const firstLine = hints.firstLine ?? 1;
  const head = Math.min(lines.length, 6, o.headEnd ?? 6);
  if (head > 0) o.picks.push({ from: 0, to: head - 1, prio: flavour === "code" ? 70 : 84, split: "head" });
  o.picks.push({ from: lines.length - 2, to: lines.length - 1, prio: 40, split: "tail" });
  if (hints.offset === undefined && hints.limit === undefined) return;
  // The region asked for, in full when it fits; else its beginning, with the outline.
  const from = Math.max(0, (hints.offset ?? firstLine) - firstLine);
  const to = Math.min(lines.length - 1, from + (hints.limit ?? lines.length) - 1);
  const fits = numberedSize(doc, from, to, firstLine, budget) <= budget * 0.9;
  o.picks.push({ from, to: fits ? to : Math.min(to, from + 5), prio: fits ? MUST + 10 : 86, split: "head" });
  if (fits) o.what += `, lines ${from + firstLine}-${to + firstLine} in full`;
}

/**
 * Long lines (minified code): the beginning and end of each, and between them the pieces
 * a reader looks for (exports, public names, version and configuration strings).
 */
function cutLongLines(doc: Doc, o: Outline, budget: number): void {
  const long = doc.lines.filter((line, i) => line.length > 400 && !o.wide.has(i)).length;
  if (long === 0) return;
  const room = Math.max(400, Math.floor((budget * 0.8) / long));
  doc.lines.forEach((line, i) => {
    if (line.length > 400 && !o.wide.has(i)) o.display.set(i, minifiedLine(line, room));
  });
}

/** Lines shown as pieces (minified code) go past maxLine: the part past it is a suffix, never cut. */
function piecesSuffixes(doc: Doc, o: Outline, maxLine: number, suffix: Map<number, string>): void {
  for (const [i, shown] of o.display) {
    if (shown.length <= maxLine || o.wide.has(i) || doc.lines[i]!.length <= 400) continue;
    o.display.set(i, shown.slice(0, maxLine));
    suffix.set(i, shown.slice(maxLine));
  }
}

/**
 * Lines kept whole however long: pack cuts a line past maxLine, but not what follows it
 * in `suffix`, so the part past maxLine goes there.
 */
function wideSuffixes(doc: Doc, o: Outline, maxLine: number): Map<number, string> {
  const suffix = new Map<number, string>();
  for (const i of o.wide) {
    const line = doc.lines[i]!;
    if (line.length <= maxLine) continue;
    o.display.set(i, line.slice(0, maxLine));
    suffix.set(i, line.slice(maxLine));
  }
  return suffix;
}

function readExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const firstLine = hints.firstLine ?? 1;
  const flavour = flavourOf(doc, hints.filePath);
  let o: Outline;
  // Everything, numbered, when it fits.
  if (doc.complete && numberedSize(doc, 0, lines.length - 1, firstLine, budget) <= budget) {
    o = {
      picks: [{ from: 0, to: lines.length - 1, prio: MUST }],
      notes: [],
      display: new Map(),
      wide: new Set(),
      what: "everything",
      substance: false,
      suffix: new Map(),
    };
  } else {
    o = outlineOf(doc, flavour, text, hints, budget);
    framePicks(doc, flavour, hints, budget, o);
    cutLongLines(doc, o, budget);
  }
  const maxLine = flavour === "minified" ? 320 : o.substance ? 300 : 120;
  // A declaration cut in its middle loses the words of its value there.
  if (flavour === "code" && o.what.startsWith("outline")) wholeDeclarations(doc, o.picks, o.wide, maxLine);
  const suffix = wideSuffixes(doc, o, maxLine);
  piecesSuffixes(doc, o, maxLine, suffix);
  // The alike suffixes count the text's lines; the file's are told (`L520:`), as the markers are.
  const base = firstLine - 1;
  for (const [i, text] of o.suffix)
    if (!suffix.has(i) && !o.display.has(i)) suffix.set(i, rebasedSuffix(text, base));
  if (o.engine) {
    const r = rank(doc, o.engine);
    o.picks.push(...r.picks);
    for (const [i, text] of r.suffix)
      if (!suffix.has(i) && !o.display.has(i)) suffix.set(i, rebasedSuffix(text, base));
  }
  const packed = pack(doc, o.picks, o.notes, {
    budget,
    label: (n: number) => `L${n}: `,
    lineBase: base,
    collapse: false,
    markers: false,
    maxLine,
    display: o.display,
    ...(suffix.size > 0 ? { suffix } : {}),
    ...(o.substance ? { hardCap: substanceCap(budget, doc.size) } : {}),
  });
  return {
    text: packed.text,
    compressor: "read",
    kept: o.what,
    ...(packed.gaps ? { gaps: packed.gaps } : {}),
  };
}

export function readsExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const printed = hints.tool === "Read" ? undefined : printedFile(hints.command);
  return readExcerpt(
    text,
    printed ? { ...hints, filePath: printed.path, firstLine: printed.from } : hints,
    budget,
  );
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { read: readsExcerpt };
