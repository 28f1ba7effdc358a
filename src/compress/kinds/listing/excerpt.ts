/**
 * Directory listings (find, Glob results, ls -R, tree): the first entries as they
 * came, then the whole list as a tree cut with counts, so the agent sees where the
 * files are and how many; ls -R keeps each directory's header, tree its top levels.
 */

import { factCap, SMALL_OUTPUT } from "../../excerpt/budget.ts";
import { pathListExcerpt } from "../../excerpt/dirs.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { farAbove } from "../../excerpt/far-values.ts";
import { numberIn } from "../../excerpt/fields.ts";
import { groupLines, note } from "../../excerpt/framing.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { genericExcerpt } from "../generic/excerpt.ts";
import { LS_ENTRY, LS_HEADER, TREE_LINE } from "./detect.ts";
import { oddExtensions } from "./odd-extensions.ts";
import { topEntries, treeDepth } from "./top-entries.ts";

const TREE_SUMMARY = /^\d+ director(?:y|ies)(?:, \d+ files?)?$/;

/**
 * An `ls -l` entry: perms links owner group size month day time|year name. The size as
 * `ls -l` prints it (`48213`, a device's `8, 1`) or `ls -lh` does (`4.0K`, `1.2M`, `652`).
 */
const LS_LINE =
  /^\S+\s+\d+\s+\S+\s+\S+\s+(\d[\d,]*(?:\.\d+)?[KMGTP]?)(?:\s*,\s*\d+)?\s+\S+\s+\S+\s+\S+\s(.+)$/;

/** The name an `ls -l` entry shows (a link's target apart), or undefined. */
function lsName(line: string): { name: string; target?: string; size: number } | undefined {
  const m = LS_LINE.exec(line);
  if (!m) return undefined;
  // Read as every rule reads a size (numberIn: `4.0K` in bytes), thousands' commas aside.
  const printed = m[1]!.replace(/,/g, "");
  const size = numberIn(printed, 0, printed.length);
  const arrow = line.startsWith("l") ? m[2]!.indexOf(" -> ") : -1;
  return arrow < 0
    ? { name: m[2]!, size }
    : { name: m[2]!.slice(0, arrow), target: m[2]!.slice(arrow + 4), size };
}

interface LsDir {
  /** The header line (`dist/assets:`), or -1 for a listing of one directory. */
  readonly header: number;
  /** Its `total N` line, or -1. */
  total: number;
  readonly names: string[];
  /** Each name's kind: "d" a directory, "l" a link, "-" anything else. */
  readonly kinds: string[];
  /** The line of each entry. */
  readonly at: number[];
  /** Each entry's kind (kindOf): type, permissions, owner and group. */
  readonly kindsOf: string[];
  readonly sizes: number[];
}

const KINDS = [
  ["d", "directories"],
  ["l", "links"],
  ["-", "files"],
] as const;

/** An `ls -l` entry's kind: type, permissions, owner and group (what makes an entry rare). */
const KIND = /^(\S+)\s+\S+\s+(\S+)\s+(\S+)/;
const kindOf = (line: string) => {
  const m = KIND.exec(line);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : line;
};

/** Each directory of an `ls -l`/`ls -lR` listing with its entries, and how often each kind of entry occurs. */
function parseLs(lines: readonly string[]): {
  dirs: LsDir[];
  kinds: Map<string, number>;
  entries: number;
  named: Set<number>;
} {
  const dirs: LsDir[] = [];
  const kinds = new Map<string, number>();
  // The entries told by their name: `.` and `..` by the directory's header, the rest on its names line.
  const named = new Set<number>();
  let entries = 0;
  const open = (header: number) => {
    const d: LsDir = { header, total: -1, names: [], kinds: [], at: [], kindsOf: [], sizes: [] };
    dirs.push(d);
    return d;
  };
  lines.forEach((line, i) => {
    if (line.endsWith(":") && LS_HEADER.test(line)) open(i);
    else if (/^total \d/.test(line)) (dirs[dirs.length - 1] ?? open(-1)).total = i;
    else if (LS_ENTRY.test(line)) {
      entries++;
      const entry = lsName(line);
      if (!entry) return;
      named.add(i);
      if (entry.name === "." || entry.name === "..") return;
      const dir = dirs[dirs.length - 1] ?? open(-1);
      dir.names.push(entry.name);
      dir.kinds.push(line.startsWith("d") ? "d" : entry.target !== undefined ? "l" : "-");
      dir.at.push(i);
      dir.sizes.push(entry.size);
      const kind = kindOf(line);
      dir.kindsOf.push(kind);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  });
  return { dirs, kinds, entries, named };
}

/** A directory this size or smaller has every name listed as facts; so has the one directory of a listing. */
const SMALL_DIR = 20;

/**
 * The lines of a directory's names by kind, each kind labelled when it holds more than
 * one (`directories: a b`, `files: x y`), every name whole.
 */
function nameLines(d: LsDir): string[] {
  const present = KINDS.filter(([k]) => d.kinds.includes(k));
  const out: string[] = [];
  for (const [k, label] of present) {
    const names = d.names.filter((_, i) => d.kinds[i] === k);
    // Lines of about 200 characters: the packer keeps a large directory's first lines
    // where all of them do not fit (on one line, its names went all or none).
    const lines = groupLines(present.length > 1 ? label : "", names, 200);
    // A single kind has no label: the line is the names alone.
    out.push(...lines.map((l) => (present.length > 1 ? l : l.replace(/^: /, ""))));
  }
  return out;
}

/** Files of a directory whose size stands far above the rest (the entry chunk among small ones). */
function bigEntries(d: LsDir): number[] {
  const files = d.sizes.map((size, i) => ({ size, i })).filter((e) => d.kinds[e.i] === "-");
  return farAbove(files.map((f) => f.size)).map((k) => d.at[files[k]!.i]!);
}

function lsExcerpt(doc: Doc, budget: number, hints: Hints): Excerpt {
  const { lines } = doc;
  const picks: Pick[] = [];
  const notes: Note[] = [];
  // Every name is information; sizes, dates, permissions and owners are decoration, shown
  // only for the rare kinds of entry (a link, an executable, another owner), the files of a
  // rare type among one (odd-extensions.ts) and the largest.
  const { dirs, kinds, entries, named } = parseLs(lines);
  // In an output of 8 KB or less every name is a fact: such an excerpt is made only when
  // it keeps every fact (compress-with.ts), and an entry's name is what its line tells.
  const small = doc.size <= SMALL_OUTPUT;
  dirs.forEach((d, k) => {
    const order = Math.min(5, k / 20);
    if (d.header >= 0) picks.push({ from: d.header, to: d.header, prio: MUST + 5 - order });
    if (d.total >= 0) picks.push({ from: d.total, to: d.total, prio: MUST + 4 - order });
    const at = Math.max(d.header, d.total) + 1;
    const facts = small || dirs.length === 1 || d.names.length <= SMALL_DIR;
    nameLines(d).forEach((text, rank) => {
      notes.push({
        at,
        text,
        prio: facts ? MUST + 1 - Math.min(0.9, rank / 100) : 80 - order - Math.min(20, rank),
      });
    });
    for (const i of bigEntries(d)) picks.push({ from: i, to: i, prio: MUST + 2 });
    d.at.forEach((i, e) => {
      if ((kinds.get(d.kindsOf[e]!) ?? 0) <= 2) picks.push({ from: i, to: i, prio: MUST });
    });
    for (const e of oddExtensions(d.names, d.kinds)) picks.push({ from: d.at[e]!, to: d.at[e]!, prio: MUST });
  });
  // How many entries is the header's to say (kept), not the note's again.
  notes.push({
    at: 0,
    text: note("each directory's names by kind; details of rare and large entries only"),
    prio: MUST + 7,
  });
  return excerpt("listing", doc, budget, {
    picks,
    notes,
    kept: `${plural(dirs.length, "directory", "directories")}, names of ${plural(entries, "entry", "entries")}`,
    // Without markers: a marker per directory between its names would cost more than it says.
    options: { maxLine: 4000, markers: false },
    engine: false,
    hints,
    told: (i) => named.has(i),
  });
}

/** A tree entry's size, as `tree -h`, `-s` or `--du` prints it before the name: `[107K]`, `[  67]`. */
const TREE_SIZE = /(?:├──|└──|\|--|`--)[\s\u00a0]+\[\s*(\d+(?:\.\d+)?[KMGTP]?)\]/;

/**
 * The entries of a tree whose size stands far above the rest (the vendored bundle and its
 * source map among small modules), read as the engine reads a field of sizes (numberIn:
 * `107K` in bytes): facts wherever they stand, as ls's largest files are (bigEntries).
 */
function bigTreeEntries(lines: readonly string[]): number[] {
  const at: number[] = [];
  const sizes: number[] = [];
  lines.forEach((line, i) => {
    const m = TREE_SIZE.exec(line);
    if (!m) return;
    at.push(i);
    sizes.push(numberIn(m[1]!, 0, m[1]!.length));
  });
  return farAbove(sizes).map((k) => at[k]!);
}

function treeExcerpt(doc: Doc, budget: number, hints: Hints): Excerpt {
  const picks: Pick[] = [];
  for (const i of bigTreeEntries(doc.lines)) picks.push({ from: i, to: i, prio: MUST + 1 });
  const top = new Set(topEntries(doc.lines, factCap(budget, doc.size, hints.tool)));
  doc.lines.forEach((line, i) => {
    if (TREE_SUMMARY.test(line)) picks.push({ from: i, to: i, prio: MUST + 5 });
    else if (top.has(i)) picks.push({ from: i, to: i, prio: MUST });
    else if (TREE_LINE.test(line)) {
      const depth = treeDepth(line);
      picks.push({
        from: i,
        to: i,
        prio: depth === 0 ? 90 : depth === 1 ? 60 : 30 - Math.min(20, depth * 5),
      });
    } else if (line.trim() !== "") picks.push({ from: i, to: i, prio: MUST });
  });
  return excerpt("listing", doc, budget, {
    picks,
    kept: "roots, top levels, summary",
    engine: false,
    // Where the top level is kept whole, a marker between each of its entries would cost
    // as much as the entry it follows and say only that its contents are left out.
    ...(top.size > 0 ? { options: { markers: false } } : {}),
  });
}

export function listingsExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const sample = doc.lines.slice(0, 300);
  if (sample.filter((l) => TREE_LINE.test(l)).length > sample.length / 3)
    return treeExcerpt(doc, budget, hints);
  const entries = sample.filter((l) => LS_ENTRY.test(l)).length;
  if (entries > 0 && (sample.some((l) => LS_HEADER.test(l)) || entries > sample.length * 0.8))
    return lsExcerpt(doc, budget, hints);
  const cap = factCap(budget, doc.size, hints.tool);
  // In a small list of paths every name is a fact, as in a small ls -l: each is named when
  // they all fit the cap, so that the grouped list can stand for the output (else it is
  // shown whole). Not a Glob's: it lists by modification time, an order groups would not keep.
  const everyName = doc.size <= SMALL_OUTPUT && hints.tool !== "Glob";
  return (
    pathListExcerpt("listing", doc, everyName ? cap : budget, cap) ?? {
      ...genericExcerpt(text, hints, budget),
      compressor: "listing",
    }
  );
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { listing: listingsExcerpt };
