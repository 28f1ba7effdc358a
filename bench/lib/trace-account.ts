// Where a hook process spends its time, from its CAIRN_TRACE=1 marks (src/core/trace.ts):
// each step is named by the mark that ends it and holds the time since the mark before,
// except the time between the chunk loader's "loading <file>" and "loaded <file>" marks
// (src/chunk-loader.ts), which goes to one step of its own, however it nests.
import { LOADED, LOADING } from "../../src/chunk-loader.ts";
import { median } from "./stats.ts";

/** One run's marks in order: [label, ms since the process started]. */
export type Trace = readonly (readonly [string, number])[];

export const NODE_START = "node start, to cairn's first line";
export const LOADING_FILES = "loading cairn's lazy files";
export const AFTER_EXIT = "after the exit mark (teardown, spawn)";

const isLoaderMark = (label: string) => label.startsWith(LOADING) || label.startsWith(LOADED);

/** One run: ms per step, in the order the steps first happened. `wall` is the process as its parent timed it. */
export function account(trace: Trace, wall: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (step: string, ms: number) => out.set(step, (out.get(step) ?? 0) + ms);
  if (trace.length === 0) return out;
  add(NODE_START, trace[0]![1]);
  let depth = 0;
  for (let i = 1; i < trace.length; i++) {
    const [label, at] = trace[i]!;
    const ms = at - trace[i - 1]![1];
    if (depth > 0) add(LOADING_FILES, ms);
    else add(trace.slice(i).find(([l]) => !isLoaderMark(l))?.[0] ?? LOADING_FILES, ms);
    if (label.startsWith(LOADING)) depth += 1;
    else if (label.startsWith(LOADED)) depth = Math.max(0, depth - 1);
  }
  add(AFTER_EXIT, wall - trace.at(-1)![1]);
  return out;
}

/** Many runs: the median of each step (steps a run lacks count as 0 in it). */
export function medianAccount(runs: readonly Map<string, number>[]): Map<string, number> {
  const steps: string[] = [];
  for (const r of runs) for (const s of r.keys()) if (!steps.includes(s)) steps.push(s);
  return new Map(steps.map((s) => [s, median(runs.map((r) => r.get(s) ?? 0))]));
}

/** The trace line a run wrote to stderr, or undefined. */
export function traceOf(stderr: string): Trace | undefined {
  for (const line of stderr.split("\n").reverse()) {
    if (!line.startsWith('{"trace":')) continue;
    try {
      return (JSON.parse(line) as { trace: [string, number][] }).trace;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
