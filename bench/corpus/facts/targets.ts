/** Issue 24's targets, read from bench/corpus/targets.json (their one home). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Aggregate } from "./score.ts";
import { CORPUS_DIR, type SetName } from "./sets.ts";

export interface Target {
  readonly recall: number;
  readonly reduction_over_8kb: number;
  readonly notation: number;
  readonly invalid: number;
}

export type Targets = Partial<Record<SetName, Target>>;

export function loadTargets(): Targets {
  return JSON.parse(readFileSync(join(CORPUS_DIR, "targets.json"), "utf8")) as Targets;
}

/** The targets of `set` that `a` misses, each as a short sentence (none when it has no targets). */
export function checkTargets(targets: Targets, set: SetName, a: Aggregate): string[] {
  const t = targets[set];
  if (!t) return [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const out: string[] = [];
  if (a.recall < t.recall) out.push(`facts kept ${pct(a.recall)} < ${pct(t.recall)}`);
  if (a.reduction < t.reduction_over_8kb)
    out.push(`smaller ${pct(a.reduction)} < ${pct(t.reduction_over_8kb)}`);
  if (a.notation > t.notation) out.push(`made-up notation ${a.notation} > ${t.notation}`);
  if (a.invalid > t.invalid) out.push(`invalid ${a.invalid} > ${t.invalid}`);
  return out;
}
