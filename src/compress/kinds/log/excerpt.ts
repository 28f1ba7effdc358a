/**
 * Build and server logs: lines are grouped by shape (numbers, ids and timestamps
 * aside; for access logs: method, path, status and client); each shape is shown once,
 * where it first occurs, with a count. Errors, warnings and 4xx/5xx come first, then
 * rare shapes, then the common ones; the head and the tail are kept. Tracebacks in
 * the log are shown once per kind of exception.
 */

import { withoutCollapsed } from "../../excerpt/brace-lines.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural, SALIENT, SEVERE, unshownNote } from "../../excerpt/lines.ts";
import {
  collapseLegend,
  collapseSections,
  ERROR_LEVEL,
  problemLevel,
  type Section,
  stampRange,
  WARN_LEVEL,
} from "../../excerpt/log-lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { traceStart } from "../trace/detect.ts";
import { tracePicks } from "../trace/excerpt.ts";
import { ACCESS, TIMESTAMP } from "./detect.ts";

/** What kind of line this is, for grouping: numbers and ids aside. */
export function logShape(line: string): string {
  const access = ACCESS.exec(line);
  if (access) {
    const path = access[4]!.replace(/\d+/g, "#");
    const agent = access[7] ? access[7].split(/[\s/]/, 1)[0] : "";
    return `A ${access[3]} ${path} ${access[5]} ${agent}`;
  }
  const body = line.replace(TIMESTAMP, "").replace(/0x[0-9a-f]+|[0-9a-f]{12,}|\d+/gi, "#");
  // The first words name the event; later ones, and anything like a path, URL or
  // package spec, are usually its arguments.
  return body
    .trim()
    .split(/\s+/, 7)
    .map((w) => (w.length > 24 || /[/@]/.test(w) ? "*" : w))
    .join(" ");
}

function statusOf(line: string): number {
  const access = ACCESS.exec(line);
  return access ? Number(access[5]) : 0;
}

/** End of the trace that starts at `start`: frames, causes and the final exception line. */
function traceEnd(lines: readonly string[], start: number): number {
  let end = start;
  let python = /^Traceback /.test(lines[start]!);
  for (let i = start + 1; i < lines.length && i - start < 400; i++) {
    const line = lines[i]!;
    if (line.trim() === "") {
      const next = lines[i + 1] ?? "";
      if (/^(?:During handling|The above exception|Traceback )/.test(next)) continue;
      break;
    }
    if (/^\s/.test(line) || /^(?:Caused by: |During handling|The above exception|\}|Traceback )/.test(line)) {
      if (/^Traceback /.test(line)) python = true;
      end = i;
      continue;
    }
    if (python) {
      // The exception line ends a Python traceback.
      end = i;
      python = false;
      continue;
    }
    break;
  }
  return end;
}

/**
 * Every error and warning line is substance, its shape's repeats too (their ids and
 * values differ): after the first of each shape, errors before warnings, in order, up
 * to the hard cap.
 */
function repeatPicks(
  doc: Doc,
  shapes: readonly (string | undefined)[],
  first: Map<string, number>,
  picks: Pick[],
): void {
  const { lines } = doc;
  let errors = 0;
  let warnings = 0;
  for (let i = 0; i < lines.length; i++) {
    const shape = shapes[i];
    if (shape === undefined || first.get(shape) === i) continue;
    const line = lines[i]!;
    const head = line.slice(0, 80);
    if (statusOf(line) >= 500 || ERROR_LEVEL.test(head))
      picks.push({ from: i, to: i, prio: MUST + 1 - Math.min(0.4, errors++ / 5000) });
    else if (WARN_LEVEL.test(head))
      picks.push({ from: i, to: i, prio: MUST + 0.5 - Math.min(0.4, warnings++ / 5000) });
    else if (SEVERE.test(line)) picks.push({ from: i, to: i, prio: 68 });
  }
}

/** Whether (nearly) every line starts with its own line number, as `grep -n` prints them. */
function numbered(lines: readonly string[]): boolean {
  let numbered = 0;
  let total = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    total++;
    // `12:text` (not a time of day, `12:30:45`).
    if (/^\d+:(?!\d\d:)/.test(line)) numbered++;
  }
  return total > 0 && numbered >= total * 0.9;
}

export { ERROR_LEVEL, problemLevel, WARN_LEVEL };

export interface LogPicks {
  readonly picks: Pick[];
  readonly display: Map<number, string>;
  readonly kept: string;
}

/**
 * What to keep of a log. Substance first: every error line (each shape's first, then
 * its repeats as room allows), each warning's first, each trace kind; then rare lines,
 * then one of each common shape with a count.
 */
export function logPicks(doc: Doc): LogPicks {
  const { lines } = doc;
  const n = lines.length;
  const picks: Pick[] = [];
  const display = new Map<number, string>();

  // Traces first: each kind once, in full detail; repeats only by their exception line.
  const inTrace = new Uint8Array(n);
  const traceKinds = new Set<string>();
  let traces = 0;
  for (let i = traceStart(lines, 0); i >= 0 && i < n; i = traceStart(lines, i)) {
    const end = traceEnd(lines, i);
    for (let k = i; k <= end; k++) inTrace[k] = 1;
    let last = end;
    while (last > i && /^\s|^$/.test(lines[last]!)) last--;
    const kind = logShape(lines[last]!);
    traces++;
    if (traceKinds.has(kind)) picks.push({ from: last, to: last, prio: MUST - 5 });
    else {
      traceKinds.add(kind);
      tracePicks(doc, i, end, picks);
      picks.push({ from: last, to: last, prio: MUST + 5 });
    }
    i = end + 1;
  }

  // Shapes: count, then keep the first of each.
  const count = new Map<string, number>();
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const shapes = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    if (inTrace[i] || lines[i]!.length > 4000) continue;
    const shape = logShape(lines[i]!);
    shapes[i] = shape;
    count.set(shape, (count.get(shape) ?? 0) + 1);
    if (!first.has(shape)) first.set(shape, i);
    last.set(shape, i);
  }
  let problems = 0;
  for (const [shape, i] of first) {
    const line = lines[i]!;
    const c = count.get(shape)!;
    const status = statusOf(line);
    const severe = status >= 500 || SEVERE.test(line) || ERROR_LEVEL.test(line.slice(0, 80));
    let prio: number;
    if (severe) prio = MUST + 10;
    else if (status >= 400 || SALIENT.test(line)) prio = MUST;
    else if (c <= 2) prio = 66;
    else prio = 60 - Math.min(10, Math.log2(c));
    if (prio >= MUST) problems += c;
    if (line.trim() === "") continue;
    picks.push({ from: i, to: i, prio });
    if (c > 1) {
      const end = last.get(shape)!;
      display.set(i, `${line}  [×${c} similar, lines ${doc.starts[i]}-${doc.starts[end]}]`);
    }
  }
  repeatPicks(doc, shapes, first, picks);
  picks.push({ from: 0, to: 2, prio: 70, split: "head" });
  picks.push({ from: n - 5, to: n - 1, prio: 75, split: "tail" });

  const parts = [`${plural(first.size, "kind")} of line`];
  if (problems > 0) parts.push(plural(problems, "problem line"));
  if (traces > 0) parts.push(plural(traces, "trace"));
  return { picks, display, kept: parts.join(", ") };
}

/**
 * A note at the end when error and warning lines did not all fit: how many, and the
 * --grep that lists them (the levels this log uses).
 */
export function problemsNote(
  doc: Doc,
  isProblem: (line: string) => string | undefined,
  shownBy?: ReadonlyMap<number, number>,
): Note[] {
  const at: number[] = [];
  const levels = new Set<string>();
  doc.lines.forEach((line, i) => {
    const level = line.length <= 4000 ? isProblem(line) : undefined;
    if (level === undefined) return;
    at.push(i);
    levels.add(level);
  });
  if (at.length === 0) return [];
  const grep = [...levels].sort().join("|");
  return [unshownNote(at, doc.lines.length, MUST + 9, "error and warning lines", grep, shownBy)];
}

/**
 * `grep -n` over one log: its error and warning lines that differ in one word (after
 * the line number and the timestamp) are shown as one brace line each.
 */
function collapsedProblems(doc: Doc, display: Map<number, string>) {
  const section: Section = { at: [], text: [] };
  doc.lines.forEach((line, i) => {
    const body = line.length <= 4000 ? line.replace(/^\d+:/, "") : "";
    if (problemLevel(body) === undefined) return;
    section.at.push(i);
    section.text.push(body);
  });
  const c = collapseSections([section]);
  for (const [i, text] of c.display) display.set(i, text);
  const shownBy = new Map([...c.headOf].filter(([i, head]) => i !== head));
  return { picks: c.picks, shownBy, legend: collapseLegend(c, stampRange(section.text) !== "") };
}

function logExcerpt(name: string, doc: Doc, budget: number): Excerpt {
  const { picks, display, kept } = logPicks(doc);
  const grepped = numbered(doc.lines) ? collapsedProblems(doc, display) : undefined;
  return excerpt(name, doc, budget, {
    picks: grepped ? [...withoutCollapsed(picks, grepped.shownBy), ...grepped.picks] : picks,
    notes: [...(grepped?.legend ?? []), ...problemsNote(doc, problemLevel, grepped?.shownBy)],
    kept,
    // Lines that carry their own numbers (grep -n) need no marker per gap.
    options: { display, hardCap: substanceCap(budget, doc.size), markers: !numbered(doc.lines) },
  });
}

export function logsExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  return logExcerpt("log", docOf(text), budget);
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { log: logsExcerpt };
