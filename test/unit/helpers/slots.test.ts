import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cpuNow, cpuOf } from "../../helpers/cpu-time.ts";
import { PROCESS_SLOTS, slots } from "../../helpers/slots.ts";

/** A task that stays open until `release` is called, recording how many ran at once. */
function gate(counter: { now: number; max: number }) {
  let release!: () => void;
  const done = new Promise<void>((r) => {
    release = r;
  });
  const task = async () => {
    counter.now++;
    counter.max = Math.max(counter.max, counter.now);
    await done;
    counter.now--;
    return "ran";
  };
  return { task, release };
}

const settle = () => new Promise((r) => setImmediate(r));

describe("process slots", () => {
  it("one per core, at least one", () => {
    expect(PROCESS_SLOTS).toBeGreaterThanOrEqual(1);
  });

  it("never runs more than its size at once, and starts the waiting in order", async () => {
    const run = slots(2);
    const counter = { now: 0, max: 0 };
    const gates = Array.from({ length: 5 }, () => gate(counter));
    const started: number[] = [];
    const results = gates.map((g, i) =>
      run(() => {
        started.push(i);
        return g.task();
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.release();
    await settle();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.release();
    expect(await Promise.all(results)).toEqual(["ran", "ran", "ran", "ran", "ran"]);
    expect(counter.max).toBe(2);
  });

  it("frees the slot when a task fails", async () => {
    const run = slots(1);
    await expect(run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await run(async () => "next")).toBe("next");
  });
});

describe("cpuNow", () => {
  it("does not count time spent waiting (a loaded machine's queue is waiting)", () => {
    const before = cpuNow();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
    expect(cpuNow() - before).toBeLessThan(300);
  });
});

describe("cpuOf", () => {
  it("counts the CPU a child has run, not the time it waits", async () => {
    // Busy for 300 ms of its own CPU (however long that takes on a loaded machine), says
    // so, then waits until its stdin closes.
    const child = spawn(
      process.execPath,
      [
        "-e",
        `const t0 = process.cpuUsage(); for (;;) { const u = process.cpuUsage(t0); if (u.user + u.system > 300_000) break; }
         process.stdout.write("busy\\n"); process.stdin.resume(); process.stdin.on("end", () => process.exit(0));`,
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    const exited = new Promise((r) => child.once("close", r));
    await new Promise((r) => child.stdout.once("data", r));
    const busy = cpuOf(child.pid!);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
    const waited = cpuOf(child.pid!);
    child.stdin.end();
    await exited;
    expect(busy).toBeGreaterThanOrEqual(250);
    expect(waited! - busy!).toBeLessThan(100);
    expect(cpuOf(child.pid!)).toBeUndefined();
  });
});
