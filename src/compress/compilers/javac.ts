/** javac (and kotlinc-style "file:line: error:" output): every error with its symbol/location lines. */

import { docOf } from "../common.ts";
import type { Compressor, Excerpt, Hints } from "../types.ts";
import { type Diagnostic, diagnosticExcerpt, messageShape } from "./diagnostics.ts";

const DIAG = /^(\S+\.(?:java|kt|scala|groovy)):(\d+): (error|warning): (.*)$/;
const SUMMARY = /^\d+ (?:errors?|warnings?)$/;

export const javac: Compressor = {
  name: "javac",
  detect(text: string, hints: Hints): number {
    if (!text.includes(".java:") && !(hints.command && /\bjavac\b/.test(hints.command))) return 0;
    let score = 0;
    if (/^\S+\.java:\d+: (?:error|warning): /m.test(text)) score += 0.8;
    if (/^\d+ errors?$/m.test(text)) score += 0.1;
    if (hints.command && /\bjavac\b/.test(hints.command)) score += 0.3;
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const { lines } = doc;
    const diags: Diagnostic[] = [];
    const summaries: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const m = DIAG.exec(lines[i]!);
      if (m) {
        let end = i;
        while (end + 1 < lines.length && !DIAG.test(lines[end + 1]!) && /^\s/.test(lines[end + 1]!)) end++;
        const severity = m[3] === "error" ? "error" : "warning";
        diags.push({ at: i, end, severity, file: m[1]!, kind: messageShape(m[4]!) });
        // "symbol:" / "location:" lines name what is missing: keep them with the error.
        for (let k = i + 1; k <= end; k++) {
          if (/^\s+(?:symbol|location|required|found|reason):/.test(lines[k]!)) {
            diags.push({ at: k, severity: "note", file: m[1]!, kind: "detail" });
          }
        }
      } else if (SUMMARY.test(lines[i]!)) summaries.push(i);
    }
    return diagnosticExcerpt("javac", doc, budget, diags, { summaries, kindLabel: "kind" });
  },
};
