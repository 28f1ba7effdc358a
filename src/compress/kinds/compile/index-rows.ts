/**
 * The rows of the index of diagnostics not shown (error-index.ts), and their length
 * measured without making them. A file's diagnostics share its row:
 * `src/a.c: error 50; warning -Wunused-variable 27 43`. Files with a single diagnostic
 * of a code that several such files have share that code's row instead, the code said
 * once: `TS2322 (one each): src/b.ts 12; src/c.ts 40` (a path and a line an error, where
 * a row of its own would repeat the code). Which files go to a code's row is fixed by
 * the whole output, so that taking an entry out of the index only ever shortens it.
 */

import { plural } from "../../excerpt/lines.ts";
import type { Diagnostic, Group } from "./diagnostic.ts";

/** Its name in the index: code, rule or flag; else its severity. */
export const labelOf = (d: Diagnostic): string => d.code ?? d.severity;

/** Whether the index lists a group: errors and warnings with a line. */
export const indexable = (g: Group): boolean => g.lead.line !== undefined && g.lead.severity !== "note";

/** The length of the unmerged render, without making it (the packer asks often). */
export type Measure = (included: readonly number[], more: readonly number[]) => number;

/** What a code's row says before its files. */
export function codeHead(d: Diagnostic): string {
  const label = labelOf(d);
  const word = d.severity === "warning" && label !== "warning" ? "warning " : "";
  return `${word}${label} (one each): `;
}

/**
 * Each indexable group's row and label as numbers, and what its file name and label
 * take: the same for every index of these groups (measured many times), made once.
 */
interface Shape {
  readonly fileOf: Int32Array;
  readonly labelIdOf: Int32Array;
  readonly labelLength: Int32Array;
  readonly fileLength: Int32Array;
  /** 2: the row's first warning label says "warning " before it; 1: it is that word; 0: an error. */
  readonly warningWord: Uint8Array;
  /** 1 + the id of its code's row, for a group listed there; 0 in its file's row. */
  readonly codeRow: Int32Array;
  readonly codeHeadLength: Int32Array;
  readonly files: number;
  readonly labels: number;
  readonly codes: number;
}

const shapes = new WeakMap<readonly Group[], Shape>();

export function indexShape(groups: readonly Group[]): Shape {
  const known = shapes.get(groups);
  if (known) return known;
  const n = groups.length;
  const shape = {
    fileOf: new Int32Array(n),
    labelIdOf: new Int32Array(n),
    labelLength: new Int32Array(n),
    fileLength: new Int32Array(n),
    warningWord: new Uint8Array(n),
    codeRow: new Int32Array(n),
    codeHeadLength: new Int32Array(n),
    files: 0,
    labels: 0,
    codes: 0,
  };
  const files = new Map<string, number>();
  const labels = new Map<string, number>();
  const inFile = new Map<string, number[]>();
  groups.forEach((g, k) => {
    if (!indexable(g)) return;
    const d = g.lead;
    const label = labelOf(d);
    const f = files.get(d.file) ?? files.size;
    files.set(d.file, f);
    const key = `${f}\0${d.severity}\0${label}`;
    const l = labels.get(key) ?? labels.size;
    labels.set(key, l);
    shape.fileOf[k] = f;
    shape.labelIdOf[k] = l;
    shape.labelLength[k] = label.length;
    shape.fileLength[k] = (d.file || "(no file)").length + 2;
    shape.warningWord[k] = d.severity === "warning" ? (label !== "warning" ? 2 : 1) : 0;
    const list = inFile.get(d.file) ?? [];
    list.push(k);
    inFile.set(d.file, list);
  });
  shape.codes = codeRows(groups, inFile, shape);
  shape.files = files.size;
  shape.labels = labels.size;
  shapes.set(groups, shape);
  return shape;
}

/** Marks the groups alone in their file under a code that two or more such files have; how many codes. */
function codeRows(groups: readonly Group[], inFile: Map<string, number[]>, shape: Shape): number {
  const byCode = new Map<string, number[]>();
  for (const ks of inFile.values()) {
    const k = ks[0]!;
    if (ks.length !== 1 || groups[k]!.members.length !== 1 || !groups[k]!.lead.file) continue;
    const key = `${groups[k]!.lead.severity}\0${labelOf(groups[k]!.lead)}`;
    const list = byCode.get(key) ?? [];
    list.push(k);
    byCode.set(key, list);
  }
  let codes = 0;
  for (const ks of byCode.values()) {
    if (ks.length < 2) continue;
    codes++;
    for (const k of ks) {
      shape.codeRow[k] = codes;
      shape.codeHeadLength[k] = codeHead(groups[k]!.lead).length;
    }
  }
  return codes;
}

/** Whether a group is listed in its code's row rather than its file's. */
export const inCodeRow = (groups: readonly Group[], k: number): boolean => indexShape(groups).codeRow[k]! > 0;

/**
 * The length of the unmerged render, in one pass without building it: each call marks
 * the rows and labels it has seen with a fresh stamp (the packer asks for it on every
 * re-measure, with hundreds of groups).
 */
export function measurer(groups: readonly Group[], segment: Map<number, string>): Measure {
  const shape = indexShape(groups);
  const { fileOf, labelIdOf, labelLength, fileLength, warningWord, codeRow, codeHeadLength } = shape;
  /** What an entry adds: its segment and the space before it. */
  const entryLength = new Int32Array(groups.length);
  for (const [k, seg] of segment) entryLength[k] = 1 + seg.length;
  const fileSeen = new Uint32Array(shape.files);
  const fileWarned = new Uint32Array(shape.files);
  const fileLabeled = new Uint32Array(shape.files);
  const labelSeen = new Uint32Array(shape.labels);
  const codeSeen = new Uint32Array(shape.codes + 1);
  let stamp = 0;
  return (included, more) => {
    if (included.length === 0 && more.length === 0) return 0;
    stamp++;
    let rows = 0;
    let length = 0;
    for (const k of included) {
      const c = codeRow[k]!;
      if (c > 0) {
        // `path line`, after the code's head or "; ".
        if (codeSeen[c] !== stamp) {
          codeSeen[c] = stamp;
          rows++;
          length += codeHeadLength[k]!;
        } else length += 2;
        length += fileLength[k]! - 2 + entryLength[k]!;
        continue;
      }
      const f = fileOf[k]!;
      const l = labelIdOf[k]!;
      if (fileSeen[f] !== stamp) {
        fileSeen[f] = stamp;
        rows++;
        length += fileLength[k]!;
      }
      if (labelSeen[l] !== stamp) {
        labelSeen[l] = stamp;
        // A label after the first of its row follows "; ".
        length += labelLength[k]! + (fileLabeled[f] === stamp ? 2 : 0);
        fileLabeled[f] = stamp;
        if (warningWord[k] && fileWarned[f] !== stamp) {
          fileWarned[f] = stamp;
          if (warningWord[k] === 2) length += 8;
        }
      }
      length += entryLength[k]!;
    }
    if (more.length > 0) {
      rows++;
      length += moreRow(groups, more).length;
    }
    const title = titleOf(groups, included, more).length;
    return rows === 1 ? title + length + 2 : title + 1 + length + rows;
  };
}

/** What file names, labels and separators take, whatever the lists. */
export function frameOf(groups: readonly Group[], entries: readonly number[]): number {
  const {
    fileOf,
    labelIdOf,
    labelLength,
    fileLength,
    warningWord,
    codeRow,
    codeHeadLength,
    files,
    labels,
    codes,
  } = indexShape(groups);
  const rows = new Uint8Array(files);
  const seen = new Uint8Array(labels);
  const heads = new Uint8Array(codes + 1);
  let frame = 64 + entries.length;
  for (const k of entries) {
    if (codeRow[k]! > 0) {
      frame += fileLength[k]! + (heads[codeRow[k]!] ? 0 : codeHeadLength[k]!);
      heads[codeRow[k]!] = 1;
      continue;
    }
    // (fileLength counts ": " after the name, the frame three more.)
    if (!rows[fileOf[k]!]) frame += fileLength[k]! + 3;
    if (!seen[labelIdOf[k]!]) frame += labelLength[k]! + 3 + (warningWord[k] ? 8 : 0);
    rows[fileOf[k]!] = 1;
    seen[labelIdOf[k]!] = 1;
  }
  return frame;
}

export function titleOf(
  groups: readonly Group[],
  included: readonly number[],
  more: readonly number[],
): string {
  const all = [...included, ...more].map((k) => groups[k]!.lead.severity);
  const what = all.includes("error")
    ? all.includes("warning")
      ? "errors and warnings"
      : "errors"
    : "warnings";
  return `[${what} not shown above:`;
}

export function moreRow(groups: readonly Group[], more: readonly number[]): string {
  let count = 0;
  let warnings = 0;
  const files = new Set<string>();
  for (const k of more) {
    count += groups[k]!.members.length;
    if (groups[k]!.lead.severity === "warning") warnings += groups[k]!.members.length;
    files.add(groups[k]!.lead.file);
  }
  const what =
    warnings === 0
      ? plural(count, "more error", "more errors")
      : warnings === count
        ? plural(count, "more warning")
        : `${count} more`;
  return `… and ${what} in ${plural(files.size, "file")}`;
}
