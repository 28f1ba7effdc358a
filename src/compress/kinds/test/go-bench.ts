/**
 * go test -bench's result rows (`BenchmarkRead-2  147990  1406 ns/op  664 B/op`): each is what
 * the run was for, a name with its figures, never one of many alike lines to count. Where they
 * do not all fit, the extremes of each package come first (its three slowest and its fastest:
 * what a reader of a benchmark run looks for), then the rest in order as room allows.
 */

import type { Pick } from "../../excerpt/pack.ts";
import { P } from "./shared.ts";

const ROW = /^Benchmark\S*\s+\d+\s+([\d.]+) ns\/op/;
/** A package's block starts at `pkg: <path>` (or ends at its `ok`/`FAIL` line). */
const PKG = /^pkg: |^(?:ok|FAIL)\s/;
const SLOWEST = 3;

export function benchRowPicks(lines: readonly string[], out: Pick[]): void {
  let block: Array<{ at: number; ns: number }> = [];
  const flush = () => {
    const bySpeed = [...block].sort((a, b) => b.ns - a.ns);
    const first = new Set(bySpeed.slice(0, SLOWEST).map((r) => r.at));
    const fastest = bySpeed[bySpeed.length - 1];
    if (fastest) first.add(fastest.at);
    for (const r of block) out.push({ from: r.at, to: r.at, prio: first.has(r.at) ? P.message : P.extra });
    block = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(0) === 66 /* B */) {
      const m = ROW.exec(line);
      if (m) block.push({ at: i, ns: Number(m[1]) });
    } else if (PKG.test(line)) flush();
  }
  flush();
}
