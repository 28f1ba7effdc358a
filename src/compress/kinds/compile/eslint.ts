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
import { ruleFirstRow, rulesFirst } from "./rule-first.ts";

// stylelint writes the same layout with marks for the severity (✖ error, ⚠ warning).
const PROBLEM = /^\s+(\d+):(\d+)\s+(error|warning|✖|⚠)\s+(.*?)\s{2,}(\S+)$/;
const PROBLEM_NO_RULE = /^\s+(\d+):(\d+)\s+(error|warning|✖|⚠)\s+(\S.*)$/;
const FILE = /^(?:\/|[A-Za-z]:[\\/]|\.{1,2}\/)?[^\s:]+\.[\w]+$/;
const SUMMARY = /^✖ \d+ problems? \(|^\s*\d+ errors? and \d+ warnings? potentially fixable/;

/** A problem as read from its line. */
interface Found {
  readonly at: number;
  readonly severity: "error" | "warning";
  readonly rule: string;
  readonly file: number;
  /** The path, where the problem's own line says it (eslint-lines.ts). */
  readonly path?: string;
  readonly line: number;
  readonly col: number;
  readonly message: string;
}

const severityOf = (word: string): "error" | "warning" =>
  word === "error" || word === "✖" ? "error" : "warning";

/** The problem line `at` reports, under the file header at line `file`, or undefined. */
function problemOf(line: string, at: number, file: number, ruleFirst: boolean): Found | undefined {
  const one = oneLineProblem(line);
  if (one) return { at, ...one, file: -1 };
  const row = ruleFirst ? ruleFirstRow(line) : undefined;
  if (row)
    return {
      at,
      severity: severityOf(row.severity),
      rule: row.rule,
      file,
      line: row.line,
      col: row.col,
      message: row.message,
    };
  const m = PROBLEM.exec(line) ?? PROBLEM_NO_RULE.exec(line);
  if (!m) return undefined;
  const rule = m.length > 5 && m[5] ? m[5] : "(no rule)";
  return {
    at,
    severity: severityOf(m[3]!),
    rule,
    file,
    line: Number(m[1]),
    col: Number(m[2]),
    message: m[4]!,
  };
}

export function eslintExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const found: Found[] = [];
  const summaries: number[] = [];
  const ruleCount = new Map<string, number>();
  let file = -1;
  // spectral's layout: the rule after the severity, the document path last (rule-first.ts).
  const ruleFirst = rulesFirst(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000) continue;
    const f = problemOf(line, i, file, ruleFirst);
    if (f) {
      found.push(f);
      ruleCount.set(f.rule, (ruleCount.get(f.rule) ?? 0) + 1);
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
