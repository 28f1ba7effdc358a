/**
 * ESLint's stylish output (and stylelint's, alike but for ✖ and ⚠): every error under its file's name (rare rules first; a rule
 * and message repeated in a file printed once with every line:col), the first warning
 * of each rule, the "✖ N problems" and "fixable" lines, and warnings counted by rule.
 */

import { docOf } from "../../excerpt/lines.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import type { Diagnostic } from "./diagnostic.ts";
import { diagnosticExcerpt } from "./diagnostics.ts";
import { ONE_LINE_SUMMARY, oneLineProblem } from "./eslint-lines.ts";

// stylelint writes the same layout with marks for the severity (✖ error, ⚠ warning).
const PROBLEM = /^\s+(\d+):(\d+)\s+(error|warning|✖|⚠)\s+(.*?)\s{2,}(\S+)$/;
const PROBLEM_NO_RULE = /^\s+(\d+):(\d+)\s+(error|warning|✖|⚠)\s+(\S.*)$/;
const FILE = /^(?:\/|[A-Za-z]:[\\/]|\.{1,2}\/)?[^\s:]+\.[\w]+$/;
const SUMMARY = /^✖ \d+ problems? \(|^\s*\d+ errors? and \d+ warnings? potentially fixable/;

export function eslintExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const found: {
    at: number;
    severity: "error" | "warning";
    rule: string;
    file: number;
    /** The path, where the problem's own line says it (eslint-lines.ts). */
    path?: string;
    line: number;
    col: number;
    message: string;
  }[] = [];
  const summaries: number[] = [];
  const ruleCount = new Map<string, number>();
  let file = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000) continue;
    const one = oneLineProblem(line);
    if (one) {
      found.push({
        at: i,
        severity: one.severity,
        rule: one.rule,
        file: -1,
        path: one.path,
        line: one.line,
        col: one.col,
        message: one.message,
      });
      ruleCount.set(one.rule, (ruleCount.get(one.rule) ?? 0) + 1);
      continue;
    }
    const m = PROBLEM.exec(line) ?? PROBLEM_NO_RULE.exec(line);
    if (m) {
      const rule = m.length > 5 && m[5] ? m[5] : "(no rule)";
      found.push({
        at: i,
        severity: m[3] === "error" || m[3] === "✖" ? "error" : "warning",
        rule,
        file,
        line: Number(m[1]),
        col: Number(m[2]),
        message: m[4]!,
      });
      ruleCount.set(rule, (ruleCount.get(rule) ?? 0) + 1);
    } else if (SUMMARY.test(line) || ONE_LINE_SUMMARY.test(line)) summaries.push(i);
    else if (FILE.test(line) && (i === 0 || lines[i - 1]!.trim() === "" || /^npm /.test(lines[i - 1]!)))
      file = i;
  }
  const diags: Diagnostic[] = [];
  // A one-line problem is read from its message on, as stylish's under its file's header
  // are: with its path read as its words, a thousand no-var errors of `-f unix` were a
  // thousand kinds of one line each, every one a fact of a rare kind in line order, and the
  // rare rules further down (a switch's fall-through, an undefined global) were cut with them.
  const bodyAt = new Int32Array(lines.length);
  let oneLine = false;
  for (const f of found) {
    if (f.path === undefined) continue;
    // unix `path:12:3: message`, compact `path: line 12, col 3, Error - message`.
    for (const place of [`:${f.line}:${f.col}: `, `, col ${f.col}, `]) {
      const at = lines[f.at]!.indexOf(place, f.path.length);
      if (at < 0) continue;
      bodyAt[f.at] = at + place.length;
      break;
    }
    oneLine = true;
  }
  for (const f of found) {
    const rare = (ruleCount.get(f.rule) ?? 0) <= 3;
    diags.push({
      at: f.at,
      severity: f.severity,
      // The file is the header line above the problems; its path names it in the index.
      file: f.path ?? (f.file >= 0 ? lines[f.file]! : ""),
      kind: f.rule,
      code: f.rule,
      line: f.line,
      col: f.col,
      message: f.message,
      weight: f.severity === "error" && rare ? 12 : 0,
      // A problem's line says nothing without its file's: the header goes with it.
      ...(f.file >= 0 ? { needs: f.file } : {}),
    });
  }
  return diagnosticExcerpt("eslint", doc, budget, diags, {
    summaries,
    hints,
    ...(oneLine ? { bodyAt: (i: number) => bodyAt[i]! } : {}),
  });
}
