/**
 * tsc: every "file(line,col): error TSnnnn" (or pretty "file:line:col - error TSnnnn"),
 * the same error in one file printed once with all its locations, counts by code.
 */

import { E } from "../../excerpt/priorities.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { contextEnd, D, findingsOf } from "./diagnostics.ts";
import { buildSteps } from "./tsc-build.ts";
import { unresolvedTraces } from "./tsc-trace.ts";

const PLAIN = /^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): /;
const PRETTY = /^(\S.*?):(\d+):(\d+) - (error|warning|message) (TS\d+): /;
const SUMMARY = /^Found \d+ errors?\b/;
// The pretty reporter's closing table: "Errors  Files" then "    12  src/api/orders.ts:8".
const TABLE_HEAD = /^Errors\s+Files$/;
const TABLE_ROW = /^\s+\d+\s+\S+:\d+$/;
const LISTED = /^\/\S+\.[cm]?[jt]sx?$|^[A-Za-z]:[\\/]\S+\.[cm]?[jt]sx?$/;

export function tscExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const { lines, diags, summaries, extra, ...found } = findingsOf(text);
  const libs: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = PLAIN.exec(line) ?? PRETTY.exec(line);
    if (m) {
      const end = contextEnd(lines, i, (l) => /^\s/.test(l) && !PLAIN.test(l));
      const severity = m[4] === "error" ? "error" : m[4] === "warning" ? "warning" : "note";
      diags.push({
        at: i,
        end,
        severity,
        file: m[1]!,
        kind: m[5]!,
        code: m[5]!,
        line: Number(m[2]),
        col: Number(m[3]),
        message: line.slice(m[0].length),
      });
    } else if (SUMMARY.test(line)) summaries.push(i);
    // The closing table counts errors per file: the index already says where each one is.
    else if (TABLE_HEAD.test(line) || TABLE_ROW.test(line))
      extra.push({ from: i, to: i, prio: D.milestone - 1 });
    else if (LISTED.test(line)) {
      // --listFiles: the project's own files matter more than the libraries.
      if (/node_modules|\/lib\/lib\.[\w.]+\.d\.ts$/.test(line)) libs.push(i);
      else extra.push({ from: i, to: i, prio: D.milestone });
    }
  }
  // A few lines a project, they say which project each error is in: before the errors,
  // which may outgrow the cap.
  for (const [from, to] of buildSteps(lines)) extra.push({ from, to, prio: E.problem + 1 });
  // --traceResolution: how each module the errors could not find was looked for.
  for (const [from, to] of unresolvedTraces(lines)) extra.push({ from, to, prio: E.problem });
  // The last library listed is the one the target pulled in; earlier ones are its parts.
  libs.forEach((i, k) => {
    extra.push({ from: i, to: i, prio: 15 + (10 * (k + 1)) / libs.length });
  });
  return found.excerpt("tsc", budget, hints);
}
