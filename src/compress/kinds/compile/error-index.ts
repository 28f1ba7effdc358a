/**
 * The index of diagnostics whose own line did not make it into an excerpt, by file and
 * code with their lines, errors before warnings:
 * `src/a.c: error 50; warning -Wunused-variable 27 43; -Wsign-compare 61`
 * (`src/a.ts: TS2345 10 13; TS2339 31` when there are only errors), and files with a
 * single diagnostic under its code: `TS2322 (one each): src/b.ts 12; src/c.ts 40`
 * (index-rows.ts). It is a pack note whose text depends on which lines were kept:
 * charged at its longest (every group listed on its own), each group's entry given back
 * when its line is kept, shown merged ("35×2"). With it, no error's or warning's
 * location is lost to the budget.
 */

import type { Group, Severity } from "./diagnostic.ts";
import {
  codeHead,
  frameOf,
  inCodeRow,
  indexable,
  labelOf,
  type Measure,
  measurer,
  moreRow,
  titleOf,
} from "./index-rows.ts";
import { fairCap, locationList } from "./locations.ts";

export { indexable };

export interface ErrorIndex {
  /** The index with every entry: what the budget is charged for. */
  readonly text: string;
  /** The index of the groups whose line was not kept ("" when all were). */
  readonly final: (kept: (line: number) => boolean) => string;
  /** Its length before merging lines across groups: what it may still take. */
  readonly bound: (kept: (line: number) => boolean) => number;
  /** Characters each group (by index) takes in the index, given back when its line is kept. */
  readonly refunds: Map<number, number>;
  /** The part of its lines each group's entry could list (below 1: cut for room). */
  readonly share: Map<number, number>;
  /** Whether every group is listed (none only counted for want of room). */
  readonly complete: boolean;
}

/** Groups the index lists: errors first, then warnings, each in order of appearance. */
function indexed(groups: readonly Group[], shown: ReadonlySet<number>): number[] {
  const errors: number[] = [];
  const warnings: number[] = [];
  groups.forEach((g, k) => {
    if (g.lead.line === undefined || shown.has(k)) return;
    if (g.lead.severity === "error") errors.push(k);
    else if (g.lead.severity === "warning") warnings.push(k);
  });
  return [...errors, ...warnings];
}

/** Renders the index of `included` groups (the `more` only counted); "" when both are empty. */
type Render = (included: readonly number[], more: readonly number[], merge: boolean) => string;

/** Groups listed in their code's row, by code, in order of first appearance. */
function byCodeOf(groups: readonly Group[], included: readonly number[]): Map<string, number[]> {
  const byCode = new Map<string, number[]>();
  for (const k of included) {
    if (!inCodeRow(groups, k)) continue;
    const d = groups[k]!.lead;
    const key = `${d.severity}\0${labelOf(d)}`;
    const ks = byCode.get(key);
    if (ks) ks.push(k);
    else byCode.set(key, [k]);
  }
  return byCode;
}

/** Groups by file, then by severity and label, in order of first appearance (not those in a code's row). */
function byFileOf(groups: readonly Group[], included: readonly number[]): Map<string, Map<string, number[]>> {
  const byFile = new Map<string, Map<string, number[]>>();
  for (const k of included) {
    if (inCodeRow(groups, k)) continue;
    const d = groups[k]!.lead;
    const labels = byFile.get(d.file) ?? new Map<string, number[]>();
    byFile.set(d.file, labels);
    const key = `${d.severity}\0${labelOf(d)}`;
    const ks = labels.get(key);
    if (ks) ks.push(k);
    else labels.set(key, [k]);
  }
  return byFile;
}

function renderer(groups: readonly Group[], segment: Map<number, string>, cut: Set<number>): Render {
  const linesOf = (k: number) => groups[k]!.members.map((d) => ({ line: d.line! }));
  const part = (label: string, ks: readonly number[], merge: boolean): string => {
    if (!merge) return `${label} ${ks.map((k) => segment.get(k)!).join(" ")}`;
    const whole = ks.filter((k) => !cut.has(k));
    // One group alone is its own segment; only several need their lines merged.
    const segs =
      whole.length === 1
        ? [segment.get(whole[0]!)!]
        : whole.length > 0
          ? [locationList(whole.flatMap(linesOf), Number.POSITIVE_INFINITY, " ")]
          : [];
    for (const k of ks) if (cut.has(k)) segs.push(segment.get(k)!);
    return `${label} ${segs.join(" ")}`;
  };
  const row = (file: string, labels: Map<string, number[]>, merge: boolean): string => {
    let warned = false;
    const parts = [...labels.values()].map((ks) => {
      const d = groups[ks[0]!]!.lead;
      const text = part(labelOf(d), ks, merge);
      // The severity is said once per row, where the warnings begin (errors need no word).
      const first = d.severity === "warning" && !warned && labelOf(d) !== "warning";
      if (d.severity === "warning") warned = true;
      return first ? `warning ${text}` : text;
    });
    return `${file || "(no file)"}: ${parts.join("; ")}`;
  };
  return (included, more, merge) => {
    if (included.length === 0 && more.length === 0) return "";
    const rows = [...byFileOf(groups, included)].map(([file, labels]) => row(file, labels, merge));
    for (const ks of byCodeOf(groups, included).values())
      rows.push(
        codeHead(groups[ks[0]!]!.lead) +
          ks.map((k) => `${groups[k]!.lead.file} ${segment.get(k)!}`).join("; "),
      );
    if (more.length > 0) rows.push(moreRow(groups, more));
    const title = titleOf(groups, included, more);
    // One file: one line (file: code lines; code lines); else a row per file, not
    // indented (the brackets say where the index ends; two spaces a row add up).
    return rows.length === 1 ? `${title} ${rows[0]}]` : `${title}\n${rows.join("\n")}]`;
  };
}

/** The longest prefix of `entries` whose index fits `allowance` (the rest counted), and that index. */
function fitting(
  entries: readonly number[],
  render: Render,
  measure: Measure,
  allowance: number,
): [number[], number[], string] {
  if (measure(entries, []) <= allowance) return [[...entries], [], render(entries, [], false)];
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(entries.slice(0, mid), entries.slice(mid)) <= allowance) lo = mid;
    else hi = mid - 1;
  }
  const included = entries.slice(0, lo);
  const more = entries.slice(lo);
  return [included, more, render(included, more, false)];
}

/** Each group's lines as the index lists them whole ("12", "28 29", "35×2"), by group. */
function wholeSegments(groups: readonly Group[]): Map<number, string> {
  const known = segmentsOf.get(groups);
  if (known) return known;
  const segment = new Map<number, string>();
  groups.forEach((g, k) => {
    if (!indexable(g)) return;
    segment.set(
      k,
      g.members.length === 1
        ? String(g.lead.line)
        : locationList(
            g.members.map((d) => ({ line: d.line! })),
            Number.POSITIVE_INFINITY,
            " ",
          ),
    );
  });
  segmentsOf.set(groups, segment);
  return segment;
}
/** wholeIndexLength and errorIndex list the same groups: their lines are listed once. */
const segmentsOf = new WeakMap<readonly Group[], Map<number, string>>();

/**
 * The length of the index listing every group whole (what it takes when nothing is cut),
 * or only those of one severity.
 */
export function wholeIndexLength(groups: readonly Group[], only?: Severity): number {
  let measure = wholeMeasures.get(groups);
  if (!measure) {
    measure = measurer(groups, wholeSegments(groups));
    wholeMeasures.set(groups, measure);
  }
  const entries = indexed(groups, new Set());
  return measure(only ? entries.filter((k) => groups[k]!.lead.severity === only) : entries, []);
}
const wholeMeasures = new WeakMap<readonly Group[], Measure>();

/**
 * Every error and warning group by file and code, with its lines, for those whose own
 * line does not make it into the excerpt (`leads`: those sure to be kept, not listed).
 * Lines only: it is a map of where to look, and columns would cost a third more. Beyond
 * `allowance` characters the rest is counted.
 */
export function errorIndex(
  groups: readonly Group[],
  allowance: number,
  leads: ReadonlySet<number> = new Set(),
): ErrorIndex | undefined {
  const entries = indexed(groups, leads);
  if (entries.length === 0) return undefined;
  const linesOf = (k: number) => groups[k]!.members.map((d) => ({ line: d.line! }));
  const wholeSegment = wholeSegments(groups);
  const full = entries.map((k) => wholeSegment.get(k)!);
  // The lists share what the file names, codes and separators leave of the allowance.
  const cap = fairCap(
    full.map((t) => t.length),
    Math.max(allowance / 4, allowance - frameOf(groups, entries)),
  );
  const segment = new Map<number, string>();
  const cut = new Set<number>();
  const share = new Map<number, number>();
  entries.forEach((k, j) => {
    if (full[j]!.length <= cap) segment.set(k, full[j]!);
    else {
      segment.set(k, locationList(linesOf(k), cap, " "));
      cut.add(k);
      share.set(k, cap / full[j]!.length);
    }
  });
  const render = renderer(groups, segment, cut);
  // The longest form lists each group on its own ("28 29"), so that taking one out
  // shortens it by at least its refund; the form shown merges them ("35×2").
  const measure = measurer(groups, segment);
  const [included, more, text] = fitting(entries, render, measure, allowance);
  // A group leaves its segment and one separator when its line is kept (more when it
  // was the last of its code or file).
  const refunds = new Map<number, number>();
  for (const k of included) refunds.set(k, segment.get(k)!.length + 1);
  const shown = (k: number, kept: (line: number) => boolean) => {
    const d = groups[k]!.lead;
    return kept(d.at) && kept(d.headerEnd ?? d.at);
  };
  // The packer asks again and again while few lines change: the same groups left, the same text.
  const memo = new Map<string, string>();
  const left = (kept: (line: number) => boolean) => {
    const rest = included.filter((k) => !shown(k, kept));
    const extra = more.filter((k) => !shown(k, kept));
    const key = `${rest.join(",")}|${extra.join(",")}`;
    let text = memo.get(key);
    if (text === undefined) {
      text = render(rest, extra, true);
      if (memo.size > 64) memo.clear();
      memo.set(key, text);
    }
    return text;
  };
  return {
    text,
    refunds,
    share,
    complete: more.length === 0,
    final: left,
    bound: (kept) =>
      measure(
        included.filter((k) => !shown(k, kept)),
        more.filter((k) => !shown(k, kept)),
      ),
  };
}
