/**
 * ESLint's stylish output: the files with errors, every error (rare rules first, the
 * hundredth `no-var` last), the first warning of each rule, the "✖ N problems" and
 * "fixable" lines, and warnings counted by rule.
 */

import { docOf } from "../common.ts";
import type { Pick } from "../pack.ts";
import type { Compressor, Excerpt, Hints } from "../types.ts";
import { D, type Diagnostic, diagnosticExcerpt } from "./diagnostics.ts";

const PROBLEM = /^\s+(\d+):(\d+)\s+(error|warning)\s+(.*?)\s{2,}(\S+)$/;
const PROBLEM_NO_RULE = /^\s+(\d+):(\d+)\s+(error|warning)\s+(\S.*)$/;
const FILE = /^(?:\/|[A-Za-z]:[\\/]|\.{1,2}\/)?[^\s:]+\.[\w]+$/;
const SUMMARY = /^✖ \d+ problems? \(|^\s*\d+ errors? and \d+ warnings? potentially fixable/;

export const eslint: Compressor = {
  name: "eslint",
  detect(text: string, hints: Hints): number {
    if (!text.includes("  error  ") && !text.includes("  warning  ") && !text.includes("problem")) return 0;
    let score = 0;
    if (/^\s+\d+:\d+\s+(?:error|warning)\s+\S.*\s{2}\S+$/m.test(text)) score += 0.6;
    if (/^✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)/m.test(text)) score += 0.4;
    if (hints.command && /\beslint\b/.test(hints.command)) score += 0.3;
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const { lines } = doc;
    const display = new Map<number, string>();
    const found: { at: number; severity: "error" | "warning"; rule: string; file: number }[] = [];
    const summaries: number[] = [];
    const ruleCount = new Map<string, number>();
    let file = -1;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.length > 2000) continue;
      const m = PROBLEM.exec(line) ?? PROBLEM_NO_RULE.exec(line);
      if (m) {
        const rule = m.length > 5 && m[5] ? m[5] : "(no rule)";
        found.push({ at: i, severity: m[3] === "error" ? "error" : "warning", rule, file });
        ruleCount.set(rule, (ruleCount.get(rule) ?? 0) + 1);
        // Column padding before the rule name is only alignment.
        if (m.length > 5 && m[5]) display.set(i, line.replace(/\s{3,}(\S+)$/, "  $1"));
      } else if (SUMMARY.test(line)) summaries.push(i);
      else if (FILE.test(line) && (i === 0 || lines[i - 1]!.trim() === "" || /^npm /.test(lines[i - 1]!)))
        file = i;
    }
    const diags: Diagnostic[] = [];
    const extra: Pick[] = [];
    const fileWithErrors = new Set<number>();
    const fileSeen = new Set<number>();
    for (const f of found) {
      const rare = (ruleCount.get(f.rule) ?? 0) <= 3;
      diags.push({
        at: f.at,
        severity: f.severity,
        file: String(f.file),
        kind: f.rule,
        weight: f.severity === "error" && rare ? 12 : 0,
      });
      if (f.file >= 0 && f.severity === "error") fileWithErrors.add(f.file);
      if (f.file >= 0) fileSeen.add(f.file);
    }
    // A file's name matters as much as its most important problem.
    for (const f of fileSeen) {
      extra.push({ from: f, to: f, prio: fileWithErrors.has(f) ? D.errorFirst + 3 : D.warningFirst });
    }
    return diagnosticExcerpt("eslint", doc, budget, diags, { summaries, extra, display, kindLabel: "rule" });
  },
};
