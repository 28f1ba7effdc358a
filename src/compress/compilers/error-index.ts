/**
 * The index of errors whose own line did not make it into an excerpt, by file and code
 * with their lines: `src/a.ts: TS2345 10 13-14; TS2339 31`. It is a pack note whose
 * text depends on which lines were kept: charged at its longest (every error group
 * listed on its own), each group's entry given back when its line is kept, shown
 * merged ("28-30", "35×2"). With it, no error's location is lost to the budget.
 */

import { plural } from "../common.ts";
import type { Diagnostic, Group } from "./diagnostic.ts";
import { fairCap, locationList } from "./locations.ts";

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
}

/**
 * Every error group by file and code, with its lines, for those whose own line does
 * not make it into the excerpt: `src/a.ts: TS2345 10 13-14; TS2339 31`. Lines only:
 * it is a map of where to look, and columns would cost a third more. Beyond
 * `allowance` characters the rest is counted.
 */
export function errorIndex(groups: readonly Group[], allowance: number): ErrorIndex | undefined {
  const entries: number[] = [];
  groups.forEach((g, k) => {
    if (g.lead.severity === "error" && g.lead.line !== undefined) entries.push(k);
  });
  if (entries.length === 0) return undefined;
  const labelOf = (d: Diagnostic) => d.code ?? d.severity;
  const linesOf = (k: number) => groups[k]!.members.map((d) => ({ line: d.line! }));
  const full = entries.map((k) => {
    const g = groups[k]!;
    return g.members.length === 1
      ? String(g.lead.line)
      : locationList(linesOf(k), Number.POSITIVE_INFINITY, " ");
  });
  // The lists share what the file names, codes and separators leave of the allowance.
  const rows = new Set<string>();
  const labels = new Set<string>();
  let frame = 64 + entries.length;
  for (const k of entries) {
    const d = groups[k]!.lead;
    if (!rows.has(d.file)) frame += d.file.length + 5;
    if (!labels.has(`${d.file}\0${labelOf(d)}`)) frame += labelOf(d).length + 3;
    rows.add(d.file);
    labels.add(`${d.file}\0${labelOf(d)}`);
  }
  const cap = fairCap(
    full.map((t) => t.length),
    Math.max(allowance / 4, allowance - frame),
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
  const title = "[errors not shown above:";

  // The longest form lists each group on its own ("28 29 30"), so that taking one out
  // shortens it by at least its refund; the form shown merges them ("28-30", "35×2").
  const render = (included: readonly number[], more: readonly number[], merge: boolean): string => {
    if (included.length === 0 && more.length === 0) return "";
    // file -> label -> groups, in order of first appearance.
    const byFile = new Map<string, Map<string, number[]>>();
    for (const k of included) {
      const d = groups[k]!.lead;
      const labels = byFile.get(d.file) ?? new Map<string, number[]>();
      byFile.set(d.file, labels);
      const ks = labels.get(labelOf(d));
      if (ks) ks.push(k);
      else labels.set(labelOf(d), [k]);
    }
    const rows: string[] = [];
    for (const [file, labels] of byFile) {
      const parts = [...labels].map(([label, ks]) => {
        if (!merge) return `${label} ${ks.map((k) => segment.get(k)!).join(" ")}`;
        const whole = ks.filter((k) => !cut.has(k));
        const segs =
          whole.length > 0 ? [locationList(whole.flatMap(linesOf), Number.POSITIVE_INFINITY, " ")] : [];
        for (const k of ks) if (cut.has(k)) segs.push(segment.get(k)!);
        return `${label} ${segs.join(" ")}`;
      });
      rows.push(`${file || "(no file)"}: ${parts.join("; ")}`);
    }
    if (more.length > 0) {
      let count = 0;
      const moreFiles = new Set<string>();
      for (const k of more) {
        count += groups[k]!.members.length;
        moreFiles.add(groups[k]!.lead.file);
      }
      rows.push(`… and ${plural(count, "more error", "more errors")} in ${plural(moreFiles.size, "file")}`);
    }
    // One file: one line (file: code lines; code lines); else a row per file.
    return rows.length === 1 ? `${title} ${rows[0]}]` : `${title}\n  ${rows.join("\n  ")}]`;
  };

  // What fits the allowance, in order; the rest is only counted.
  let included = entries;
  let more: number[] = [];
  let text = render(included, more, false);
  if (text.length > allowance) {
    let lo = 0;
    let hi = entries.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (render(entries.slice(0, mid), entries.slice(mid), false).length <= allowance) lo = mid;
      else hi = mid - 1;
    }
    included = entries.slice(0, lo);
    more = entries.slice(lo);
    text = render(included, more, false);
  }
  // A group leaves its segment and one separator when its line is kept (more when it
  // was the last of its code or file).
  const refunds = new Map<number, number>();
  for (const k of included) refunds.set(k, segment.get(k)!.length + 1);
  const shown = (k: number, kept: (line: number) => boolean) => {
    const d = groups[k]!.lead;
    return kept(d.at) && kept(d.headerEnd ?? d.at);
  };
  const left = (kept: (line: number) => boolean, merge: boolean) =>
    render(
      included.filter((k) => !shown(k, kept)),
      more.filter((k) => !shown(k, kept)),
      merge,
    );
  return {
    text,
    refunds,
    share,
    final: (kept) => left(kept, true),
    bound: (kept) => left(kept, false).length,
  };
}
