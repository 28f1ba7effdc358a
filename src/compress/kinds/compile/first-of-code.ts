/**
 * Of a compiler's diagnostics, the first of each code (tsc's TS2307, a gcc flag, a lint
 * rule). Where a run's errors outgrow the excerpt's cap, each kept in the order it was
 * printed spends the room on the forty-first `TS4114` and cuts the one `Cannot find module`
 * at the end; the kinds of error a run holds are what the user fixes, one at a time, so the
 * first of each is worth more than another of a kind already shown.
 */

import type { Diagnostic } from "./diagnostic.ts";

/** Line indexes of the first diagnostic of each code, when the run holds more than one code. */
export function firstOfEachCode(diags: readonly Diagnostic[]): number[] {
  const seen = new Set<string>();
  const firsts: number[] = [];
  for (const d of diags) {
    const code = d.code ?? d.kind;
    if (seen.has(code)) continue;
    seen.add(code);
    firsts.push(d.at);
  }
  return seen.size > 1 ? firsts : [];
}
