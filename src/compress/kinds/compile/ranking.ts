/**
 * How the line of each group of diagnostics ranks: errors first (the first printed, a new
 * kind, the first of each kind per file round-robin over the files, the rest), then
 * warnings; and which first lines of a kind go before the index of the others.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { MUST } from "../../excerpt/pack.ts";
import type { Diagnostic, Group } from "./diagnostic.ts";
import { type Location, locationPhrase } from "./locations.ts";

export const D = {
  summary: MUST + 30,
  errorFirst: MUST + 10,
  error: MUST,
  warningFirst: MUST,
  overview: MUST - 6,
  warningFile: 64,
  milestone: 70,
  context: 48,
  warning: 40,
  note: 30,
} as const;

/** The index's priority: after the summaries and the first line of each kind, before any other line. */
export const INDEX = D.summary - 1;
/** About what an omission marker takes. */
export const MARKER_CHARS = 40;
/** Diagnostic lines longer than this lose priority with their length. */
const LONG = 100;

export const locationOf = (d: Diagnostic): Location => ({ line: d.line!, col: d.col });

/**
 * The priority of each group's line. Errors first: the first printed (often the cause of
 * the rest), a new kind, the first of each kind in each file taken round-robin over the
 * files, the rest; then warnings: the first of each kind, per file, the rest.
 */
export interface Ranked {
  readonly prio: number[];
  /** The first of its severity and kind: its message is read nowhere else. */
  readonly lead: boolean[];
  /** Another instance of a kind already seen in its file. */
  readonly repeat: boolean[];
}

export function priorities(doc: Doc, groups: readonly Group[]): Ranked {
  const lead: boolean[] = [];
  const repeats: boolean[] = [];
  const seenKind = new Set<string>();
  const seenFileKind = new Set<string>();
  const fileRank = new Map<string, number>();
  // How common a kind is counts printed lines: a hundred alike are printed once.
  const kindCount = new Map<string, number>();
  for (const g of groups) kindCount.set(g.lead.kind, (kindCount.get(g.lead.kind) ?? 0) + 1);
  let leadErrors = 0;
  let repeat = 0;
  const prio = groups.map(({ lead: d }) => {
    const key = `${d.severity}\0${d.kind}`;
    const fileKey = `${key}\0${d.file}`;
    const firstOfKind = !seenKind.has(key);
    const firstInFile = !seenFileKind.has(fileKey);
    seenKind.add(key);
    seenFileKind.add(fileKey);
    lead.push(firstOfKind && d.severity !== "note");
    repeats.push(!firstOfKind && !firstInFile && d.severity === "error");
    let prio: number;
    if (d.severity === "error") {
      leadErrors++;
      const rank = fileRank.get(d.file) ?? 0;
      if (firstInFile) fileRank.set(d.file, rank + 1);
      // The hundredth instance of a common kind says less than a rare one.
      const common = Math.min(6, Math.log2(kindCount.get(d.kind) ?? 1));
      prio =
        leadErrors === 1
          ? D.errorFirst + 4
          : firstOfKind
            ? D.errorFirst + 2 - Math.min(1.5, common / 3)
            : firstInFile
              ? D.errorFirst - Math.min(8, rank * 0.5) - common
              : D.error + 2 - Math.min(2, repeat++ / 16);
    } else if (d.severity === "warning") {
      prio = firstOfKind ? D.warningFirst : firstInFile ? D.warningFile : D.warning;
    } else {
      prio = D.note;
    }
    prio += d.weight ?? 0;
    // When room is short, a line that takes the room of two has to be worth two (among
    // facts: the penalty never makes one yield to the budget instead of the hard cap).
    if (d.severity === "note") return prio;
    const penalty = Math.max(0, doc.lines[d.at]!.length - LONG) / 40;
    return prio >= MUST ? Math.max(MUST, prio - penalty) : prio - penalty;
  });
  return { prio, lead, repeat: repeats };
}

/**
 * The first line of each kind (its message, read nowhere else) goes before the index,
 * in order of priority, while they take at most `room` characters: what they take, and
 * which they are (the index need not list them: they are taken before it, and fit).
 */
export function elevateLeads(
  doc: Doc,
  groups: readonly Group[],
  ranked: Ranked,
  room: number,
): { cost: number; shown: Set<number> } {
  const shown = new Set<number>();
  const order = groups.map((_, k) => k).filter((k) => ranked.lead[k]);
  order.sort((a, b) => ranked.prio[b]! - ranked.prio[a]! || a - b);
  let used = 0;
  for (const k of order) {
    const d = groups[k]!.lead;
    let cost = MARKER_CHARS;
    for (let i = d.at; i <= (d.headerEnd ?? d.at); i++) cost += doc.lines[i]!.length + 1;
    if (d.needs !== undefined) cost += doc.lines[d.needs]!.length + 1;
    // Its line stands for its group: the list of where the others are goes with it, whole.
    const members = groups[k]!.members;
    if (members.length > 1) cost += locationPhrase(members.map(locationOf)).length + 16;
    if (used + cost > room) continue;
    used += cost;
    shown.add(k);
    // Above the index, in their own order, below the summaries.
    ranked.prio[k] = INDEX + 0.01 + Math.max(0, Math.min(0.9, (ranked.prio[k]! - MUST + 10) / 40));
  }
  return { cost: used, shown };
}
