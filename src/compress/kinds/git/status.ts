/**
 * git status: branch and section lines, and every path: as git printed them when they
 * fit, else per state each directory once and then the whole names of its entries.
 */

import { factCap } from "../../excerpt/budget.ts";
import { byDirectory } from "../../excerpt/dirs.ts";
import { groupLines, note } from "../../excerpt/framing.ts";
import { docOf, excerpt, lastNonBlank } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { SHORT_ENTRY } from "./detect.ts";
import { gitDiffExcerpt } from "./diff.ts";
import { holdsPatch, STATUS_ENTRY, STATUS_SECTION } from "./verbose-status.ts";

function statusExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  // status -v: its patch read as a diff, under the status (verbose-status.ts).
  if (holdsPatch(text)) return gitDiffExcerpt(text, hints, budget);
  const doc = docOf(text);
  const picks: Pick[] = [];
  // Every path is substance: per state, one line per directory with its names,
  // collapsed by structure only as far as needed to fit.
  const states = new Map<string, { first: number; entries: { path: string; line: number }[] }>();
  doc.lines.forEach((line, i) => {
    if (STATUS_SECTION.test(line)) {
      picks.push({ from: i, to: i, prio: MUST + 5 });
      return;
    }
    const long = STATUS_ENTRY.exec(line);
    const short = long ? null : SHORT_ENTRY.exec(line);
    if (!long && !short) return;
    const state = long ? (long[1] ?? "untracked") : short![1]!;
    const path = long ? long[2]! : short![2]!;
    const group = states.get(state) ?? { first: i, entries: [] };
    states.set(state, group);
    group.entries.push({ path, line: i });
    picks.push({ from: i, to: i, prio: 40 });
  });
  const last = lastNonBlank(doc.lines);
  picks.push({ from: last, to: last, prio: 85 });
  const hardCap = factCap(budget, doc.size, hints.tool);
  // As git printed them when they all fit; else, per state, each directory once and then
  // the whole names of its entries (dirs.ts).
  let literal = 0;
  for (const g of states.values()) for (const e of g.entries) literal += doc.lines[e.line]!.length + 1;
  if (literal <= hardCap - 300) {
    for (const g of states.values())
      for (const e of g.entries) picks.push({ from: e.line, to: e.line, prio: MUST + 3 });
    return excerpt("git-status", doc, budget, {
      picks,
      kept: "branch, sections, every path",
      engine: false,
      hints,
    });
  }
  const notes: Note[] = [];
  for (const [state, g] of states) {
    // A short state list stays as git printed it.
    if (g.entries.length <= 3) {
      for (const e of g.entries) picks.push({ from: e.line, to: e.line, prio: MUST + 3 });
      continue;
    }
    // As git labels them: `?? dir/: a.js b.js` (short), `modified: dir/: a.js b.js` (long).
    const label = /^[ MADRCU?!]{2}$/.test(state) ? state : `\t${state}:`;
    byDirectory(g.entries.map((e) => e.path)).forEach((d, k) => {
      const lines = d.paths.length <= 2 ? [d.paths.join(" ")] : groupLines(d.dir, d.names);
      for (const text of lines)
        notes.push({ at: g.first, text: `${label} ${text}`, prio: MUST + 2 - Math.min(1, k / 100) });
    });
  }
  notes.unshift({
    at: 0,
    text: note("paths by state and directory: each directory once, then its entries' names"),
    prio: MUST + 6,
  });
  return excerpt("git-status", doc, budget, {
    picks,
    notes,
    kept: "branch, sections, every path",
    options: { markers: false },
    engine: false,
    hints,
  });
}

export const gitStatusExcerpt: ExcerptFn = (text: string, hints: Hints, budget: number) =>
  statusExcerpt(text, hints, budget);
