/**
 * javac (and kotlinc-style "file:line: error:" output): every error with its
 * symbol/location lines; the same error and symbol in one file printed once with its lines.
 */

import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { contextEnd, findingsOf, messageShape } from "./diagnostics.ts";

const DIAG = /^(\S+\.(?:java|kt|scala|groovy)):(\d+): (error|warning): (.*)$/;
const SUMMARY = /^\d+ (?:errors?|warnings?)$/;

export function javacExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const { lines, diags, summaries, ...found } = findingsOf(text);
  for (let i = 0; i < lines.length; i++) {
    const m = DIAG.exec(lines[i]!);
    if (m) {
      const end = contextEnd(lines, i, (l) => /^\s/.test(l) && !DIAG.test(l));
      const severity = m[3] === "error" ? "error" : "warning";
      // "symbol:" / "location:" lines name what is missing: keep them with the error,
      // and tell apart errors whose first line is alike ("cannot find symbol").
      const details: number[] = [];
      for (let k = i + 1; k <= end; k++) {
        if (/^\s+(?:symbol|location|required|found|reason):/.test(lines[k]!)) details.push(k);
      }
      diags.push({
        at: i,
        end,
        severity,
        file: m[1]!,
        kind: messageShape(m[4]!),
        line: Number(m[2]),
        message: [m[4]!, ...details.map((k) => lines[k]!.trim())].join("\n"),
        details,
      });
    } else if (SUMMARY.test(lines[i]!)) summaries.push(i);
  }
  return found.excerpt("javac", budget, hints);
}
