/**
 * grep / ripgrep / Claude Code's Grep: matches grouped per file with counts (the files
 * with most matches first), the first match of each file as it came, and for large
 * results the directories they fall in. Files-only and count modes too.
 */

import { docOf, excerpt, plural } from "./common.ts";
import { groupNotes, pathListExcerpt } from "./listings.ts";
import { ERROR_LEVEL, logShape, WARN_LEVEL } from "./logs.ts";
import { MUST, type Note, type Pick, substanceCap } from "./pack.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

// The path part must look like one (a slash or an extension), so "82:10:cf" hex is not a match.
const MATCH = /^([^\s:]*[/.][^\s:]*|[^:]*\/[^:]*):(\d+):(.*)$/;
const CONTEXT = /^([^\s:]*[/.][^\s:]*)-(\d+)-(.*)$/;
const COUNT = /^([^\s:]*[/.][^\s:]*|[^:]*\/[^:]*):(\d+)$/;
const PATH_ONLY = /^(?:\.{0,2}\/|[A-Za-z]:[\\/])?[^\s:]+\.\w+$|^(?:\.{0,2}\/)?[^\s:]+\/[^\s:]+$/;

type Mode = "content" | "count" | "files";

function modeOf(lines: readonly string[]): Mode | undefined {
  let content = 0;
  let count = 0;
  let files = 0;
  let total = 0;
  for (const line of lines.slice(0, 150)) {
    if (line === "" || line === "--") continue;
    total++;
    if (COUNT.test(line)) count++;
    else if (MATCH.test(line) || CONTEXT.test(line)) content++;
    else if (PATH_ONLY.test(line)) files++;
  }
  if (total === 0) return undefined;
  if (count / total > 0.8) return "count";
  if (content / total > 0.6) return "content";
  if (files / total > 0.8) return "files";
  return undefined;
}

export const grep: Compressor = {
  name: "grep",
  detect(text: string, hints: Hints): number {
    const mode = modeOf(text.split("\n", 150));
    const command = hints.command && /\b(?:grep|rg|ag|ack|git grep)\b/.test(hints.command);
    if (hints.tool === "Grep") return 0.95;
    if (!mode) return 0;
    if (mode === "files") return command ? 0.7 : 0;
    return command ? 0.9 : mode === "content" ? 0.55 : 0.3;
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const { lines } = doc;
    const mode = modeOf(lines as string[]);
    if (mode === "files" || mode === undefined)
      return { ...pathListExcerpt("grep", doc, budget), compressor: "grep" };
    const picks: Pick[] = [];
    const notes: Note[] = [];
    const files = new Map<string, { count: number; first: number; second: number }>();
    let matches = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.length > 5000) continue;
      const m = mode === "count" ? COUNT.exec(line) : MATCH.exec(line);
      if (!m) continue;
      const n = mode === "count" ? Number(m[2]) : 1;
      matches += n;
      const f = files.get(m[1]!);
      if (f) {
        f.count += n;
        if (f.second < 0) f.second = i;
      } else files.set(m[1]!, { count: n, first: i, second: -1 });
    }
    // Matches that are a log's problems (its ERROR and WARN lines) are the point of
    // grepping logs: the first of each shape is substance, with a count; repeats after.
    const problems = new Map<string, { first: number; count: number; last: number }>();
    if (mode === "content") {
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (line.length > 5000) continue;
        const m = MATCH.exec(line);
        if (!m) continue;
        const content = m[3]!;
        // A log line's level word comes early; "err" in source code is not a problem.
        const head = content.slice(0, 80);
        if (!ERROR_LEVEL.test(head) && !WARN_LEVEL.test(head)) continue;
        const shape = `${m[1]}\0${logShape(content)}`;
        const seen = problems.get(shape);
        if (seen) {
          seen.count++;
          seen.last = i;
          picks.push({ from: i, to: i, prio: 72 - Math.min(10, seen.count / 10) });
        } else {
          problems.set(shape, { first: i, count: 1, last: i });
          const severe = ERROR_LEVEL.test(head);
          picks.push({ from: i, to: i, prio: severe ? MUST + 5 : MUST + 2 });
        }
      }
    }
    const display = new Map<number, string>();
    for (const p of problems.values())
      if (p.count > 1)
        display.set(
          p.first,
          `${lines[p.first]}  [×${p.count} similar, lines ${doc.starts[p.first]}-${doc.starts[p.last]}]`,
        );
    const ranked = [...files].sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first);
    notes.push({
      at: 0,
      text: `[${plural(matches, "match", "matches")} in ${plural(files.size, "file")}]`,
      prio: MUST + 10,
    });
    picks.push({ from: 0, to: 2, prio: 88, split: "head" });
    ranked.forEach(([path, f], rank) => {
      // The first match of every file, busiest files first; a second match for the top ones.
      picks.push({ from: f.first, to: f.first, prio: 78 - Math.min(40, rank / 2) });
      if (f.second >= 0 && rank < 10) picks.push({ from: f.second, to: f.second, prio: 50 - rank });
      if (mode === "content" && rank < 40 && files.size > 3) {
        notes.push({ at: 0, text: `${path}: ${plural(f.count, "match", "matches")}`, prio: 86 - rank / 2 });
      }
    });
    if (files.size > 40) {
      const paths = ranked.map(([p]) => p);
      const weights = ranked.map(([, f]) => f.count);
      const maxGroups = Math.max(8, Math.min(40, Math.floor(budget / 120)));
      notes.push({ at: 0, text: "[by directory:]", prio: 84 });
      for (const note of groupNotes(paths, 0, maxGroups, "match", weights, "matches"))
        notes.push({ ...note, prio: note.prio + 4 });
    }
    const problemCount = [...problems.values()].reduce((a, p) => a + p.count, 0);
    const kept = `${plural(matches, "match", "matches")} in ${plural(files.size, "file")}: counts, first match of each${problemCount > 0 ? `, ${plural(problemCount, "problem line")}` : ""}`;
    return excerpt("grep", doc, budget, {
      picks,
      notes,
      kept,
      options: { display, hardCap: substanceCap(budget, doc.size) },
    });
  },
};
