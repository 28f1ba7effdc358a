/**
 * Compiler and linter diagnostics, whatever the tool: every error first (the first of
 * each kind in each file before repeats), then the first warning of each kind, then
 * the first warning of each kind per file; a note counts them all by kind. Context
 * lines (code frames, carets, help) follow while the budget lasts.
 */

import { excerpt, plural } from "../common.ts";
import type { Doc } from "../doc.ts";
import { MUST, type Note, type Pick } from "../pack.ts";
import type { Excerpt } from "../types.ts";

export type Severity = "error" | "warning" | "note";

export interface Diagnostic {
  /** Line index of the diagnostic's first line. */
  readonly at: number;
  /** Last line index of the diagnostic's own header (e.g. rustc's "--> file" line). */
  readonly headerEnd?: number;
  /** Last line index of its context (code frame, help); defaults to the header. */
  readonly end?: number;
  readonly severity: Severity;
  readonly file: string;
  /** Error code, warning flag or rule; else a shape of the message. */
  readonly kind: string;
  /** Added to its priority (rare rules are worth more than the hundredth repeat). */
  readonly weight?: number;
  /** A line above that says where (gcc's "In function ‘f’:"), kept with it. */
  readonly context?: number;
}

export const D = {
  summary: MUST + 30,
  errorFirst: MUST + 10,
  error: MUST,
  warningFirst: MUST,
  overview: MUST - 6,
  warningFile: 64,
  milestone: 70,
  context: 48,
  warning: 40,
  note: 30,
} as const;

/** A message with quoted names and numbers normalised, to tell kinds of messages apart. */
export function messageShape(message: string): string {
  return message
    .replace(/‘[^’]*’|'[^']*'|"[^"]*"|`[^`]*`/g, "Q")
    .replace(/\d+/g, "#")
    .slice(0, 80);
}

export interface DiagnosticOptions {
  /** Lines that summarise the run ("Found 3 errors", "5 errors", "✖ 12 problems"). */
  readonly summaries?: readonly number[];
  /** Other lines worth keeping at a given priority (build steps, make failures). */
  readonly extra?: readonly Pick[];
  /** Label for the kind in the overview note ("code", "rule", "flag"). */
  readonly kindLabel?: string;
  /** Tidied text for some lines (alignment padding removed). */
  readonly display?: ReadonlyMap<number, string>;
}

export function diagnosticExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  diags: readonly Diagnostic[],
  options: DiagnosticOptions = {},
): Excerpt {
  const picks: Pick[] = [...(options.extra ?? [])];
  const notes: Note[] = [];
  for (const i of options.summaries ?? []) picks.push({ from: i, to: i, prio: D.summary });

  const seenKind = new Set<string>();
  const seenFileKind = new Set<string>();
  const errorKinds = new Map<string, number>();
  const warningKinds = new Map<string, number>();
  const files = new Set<string>();
  let errors = 0;
  let warnings = 0;
  let repeat = 0;
  const fileRank = new Map<string, number>();
  const kindCount = new Map<string, number>();
  for (const d of diags) kindCount.set(d.kind, (kindCount.get(d.kind) ?? 0) + 1);
  for (const d of diags) {
    const headerEnd = d.headerEnd ?? d.at;
    const end = Math.max(headerEnd, d.end ?? headerEnd);
    const key = `${d.severity}\0${d.kind}`;
    const fileKey = `${key}\0${d.file}`;
    const firstOfKind = !seenKind.has(key);
    const firstInFile = !seenFileKind.has(fileKey);
    seenKind.add(key);
    seenFileKind.add(fileKey);
    let prio: number;
    if (d.severity === "error") {
      errors++;
      files.add(d.file);
      errorKinds.set(d.kind, (errorKinds.get(d.kind) ?? 0) + 1);
      // A new kind of error first; then the first of each kind in each file, taken
      // round-robin over the files so that every file shows something; repeats last.
      const rank = fileRank.get(d.file) ?? 0;
      if (firstInFile) fileRank.set(d.file, rank + 1);
      // The hundredth instance of a common kind says less than a rare one.
      const common = Math.min(6, Math.log2(kindCount.get(d.kind) ?? 1));
      // The first error printed is often the cause of the rest; new kinds next, rare first.
      prio =
        errors === 1
          ? D.errorFirst + 4
          : firstOfKind
            ? D.errorFirst + 2 - Math.min(1.5, common / 3)
            : firstInFile
              ? D.errorFirst - Math.min(8, rank * 0.5) - common
              : D.error - Math.min(20, repeat++ / 4) - common;
    } else if (d.severity === "warning") {
      warnings++;
      warningKinds.set(d.kind, (warningKinds.get(d.kind) ?? 0) + 1);
      prio = firstOfKind ? D.warningFirst : firstInFile ? D.warningFile : D.warning;
    } else {
      prio = D.note;
    }
    prio += d.weight ?? 0;
    picks.push({ from: d.at, to: headerEnd, prio, split: "none" });
    if (d.context !== undefined) picks.push({ from: d.context, to: d.context, prio: prio - 0.5 });
    if (end > headerEnd)
      picks.push({ from: headerEnd + 1, to: end, prio: Math.min(prio, MUST) - 52, split: "head" });
  }

  const parts: string[] = [];
  if (errors > 0) parts.push(`${plural(errors, "error")}${files.size > 1 ? ` in ${files.size} files` : ""}`);
  if (warnings > 0) parts.push(plural(warnings, "warning"));
  const top = (m: Map<string, number>) =>
    [...m]
      .filter(([, n]) => n > 1)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([k, n]) => `${k} ×${n}`)
      .join(", ");
  if (errors + warnings > 3) {
    const byKind = [top(errorKinds), top(warningKinds)].filter(Boolean).join("; ");
    const label = options.kindLabel ?? "kind";
    notes.push({
      at: 0,
      text: `[${parts.join(", ")}${byKind ? `; by ${label}: ${byKind}` : ""}]`,
      prio: errors + warnings > 10 ? D.errorFirst + 3 : D.overview,
    });
  }
  const n = doc.lines.length;
  picks.push({ from: n - 2, to: n - 1, prio: D.milestone + 2, split: "tail" });
  picks.push({ from: 0, to: 1, prio: D.milestone + 1, split: "head" });
  return excerpt(name, doc, budget, {
    picks,
    notes,
    kept: parts.length > 0 ? parts.join(", ") : "output",
    options: options.display ? { display: options.display } : {},
  });
}
