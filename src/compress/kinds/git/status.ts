/**
 * git status: branch and section lines, and every path (as git printed them when they
 * fit, else per state one line per directory). git diff is in git-diff.ts, git log in
 * git-log.ts.
 */

import { docOf, excerpt, lastNonBlank } from "../../excerpt/lines.ts";
import { dirLines, namesByDir } from "../../excerpt/names.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { SHORT_ENTRY } from "./detect.ts";

const STATUS_SECTION =
  /^(?:On branch |HEAD detached |Your branch |Changes to be committed:|Changes not staged for commit:|Untracked files:|Unmerged paths:|You have unmerged paths|All conflicts fixed|nothing to commit|no changes added|It took )/;
const STATUS_ENTRY =
  /^\t(?:(new file|modified|deleted|renamed|copied|typechange|both modified|both added|deleted by \w+|added by \w+):\s+)?(.+)$/;

function statusExcerpt(text: string, budget: number): Excerpt {
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
  const hardCap = substanceCap(budget, doc.size);
  const byState = [...states].map(([state, g]) => ({ state, g, dirs: namesByDir(g.entries) }));
  const all = byState.flatMap((s) => s.dirs);
  // As git printed them when they all fit; else by directory.
  let literal = 0;
  for (const { g } of byState) for (const e of g.entries) literal += doc.lines[e.line]!.length + 1;
  if (literal <= hardCap - 300) {
    for (const { g } of byState)
      for (const e of g.entries) picks.push({ from: e.line, to: e.line, prio: MUST + 3 });
    return excerpt("git-status", doc, budget, {
      picks,
      kept: "branch, sections, every path",
      options: { hardCap },
    });
  }
  const listed = dirLines(all, hardCap - 300);
  const notes: Note[] = [];
  if (listed) {
    let k = 0;
    for (const { state, g, dirs } of byState) {
      // A short state list stays as git printed it; a long one becomes lines per directory.
      if (g.entries.length <= 3) {
        for (const e of g.entries) picks.push({ from: e.line, to: e.line, prio: MUST + 3 });
        k += dirs.length;
        continue;
      }
      // As git labels them: `?? dir/ (9): a.js  b.js` (short), `modified: dir/ (3): …` (long).
      const short = /^[ MADRCU?!]{2}$/.test(state);
      for (const _ of dirs)
        notes.push({
          at: g.first,
          text: short ? `${state} ${listed.lines[k++]!}` : `\t${state}: ${listed.lines[k++]!}`,
          prio: MUST + 2,
        });
    }
  }
  const braced = listed ? listed.collapse > 0 : false;
  if (braced) notes.unshift({ at: 0, text: `[paths by directory; ${BRACES}]`, prio: MUST + 6 });
  return excerpt("git-status", doc, budget, {
    picks,
    notes,
    kept: listed ? "branch, sections, every path" : "branch, sections, changed paths",
    options: { hardCap },
  });
}

/** How brace notation reads, for excerpts that collapse names with it. */
const BRACES = "a{.x,.y} stands for a.x a.y, a{1..3} for a1 a2 a3, {a,b}.x for a.x b.x";

export const gitStatusExcerpt: ExcerptFn = (text: string, _hints: Hints, budget: number) =>
  statusExcerpt(text, budget);
