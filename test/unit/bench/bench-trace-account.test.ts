import { describe, expect, it } from "vitest";
import {
  AFTER_EXIT,
  account,
  LOADING_FILES,
  medianAccount,
  NODE_START,
  traceOf,
} from "../../../bench/lib/trace-account.ts";

// The bench's account of a hook's time (bench/hooks.ts): each step is the time up to the
// mark that ends it, loading cairn's lazy files (nested or not) a step of its own.

describe("trace account", () => {
  const trace = [
    ["node-ready", 20],
    ["main", 20.5],
    ["loading transports-command", 21],
    ["loaded transports-command", 24],
    ["transport-loaded", 24.5],
    ["loading compress-filing", 26],
    ["loading compress-compress-text", 27],
    ["loaded compress-compress-text", 30],
    ["loaded compress-filing", 31],
    ["db-open", 33],
    ["run:compress", 43],
    ["exit", 44],
  ] as const;

  it("gives loading its own step and the rest to the mark that ends it", () => {
    const a = account(trace, 50);
    expect([...a.keys()]).toEqual([
      NODE_START,
      "main",
      "transport-loaded",
      LOADING_FILES,
      "db-open",
      "run:compress",
      "exit",
      AFTER_EXIT,
    ]);
    expect(a.get(NODE_START)).toBe(20);
    expect(a.get(LOADING_FILES)).toBe(3 + 5);
    // Before loading began (0.5) and after it ended (0.5): the transport's own work.
    expect(a.get("transport-loaded")).toBe(1);
    expect(a.get("db-open")).toBe(1.5 + 2);
    expect(a.get(AFTER_EXIT)).toBe(6);
    // The steps add up to the wall time.
    expect([...a.values()].reduce((x, y) => x + y, 0)).toBeCloseTo(50);
  });

  it("takes each step's median, a step a run lacks counting as 0", () => {
    const m = medianAccount([
      new Map([["a", 1]]),
      new Map([
        ["a", 3],
        ["b", 2],
      ]),
      new Map([["a", 2]]),
    ]);
    expect(m.get("a")).toBe(2);
    expect(m.get("b")).toBe(0);
  });

  it("finds the trace line among other stderr lines", () => {
    expect(traceOf('noise\n{"trace":[["node-ready",1],["exit",2]]}\n')).toEqual([
      ["node-ready", 1],
      ["exit", 2],
    ]);
    expect(traceOf("no trace here")).toBeUndefined();
  });
});
