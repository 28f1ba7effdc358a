import { describe, expect, it } from "vitest";
import { heldBefore } from "../../../../src/compress/excerpt/held-before.ts";
import { capturedCase } from "../corpus.ts";

// `strace -f -tt -T` of a probe run through a pyenv shim (fresh4): the probe connects to four
// backends, each refused, and prints `backend 127.0.0.1 7411 down: Connection refused` after
// each. The messages are problems; the connect() that used port 7411 was a line of a kind
// shown by its first and last, and the budget ran out just before it.
describe("where a problem's value came from", () => {
  it("strace: the connect() to the port a refused-backend message names", async () => {
    const { e, must } = await capturedCase("fresh4", "strace-network-timing");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });

  it("only a value few lines hold, a few lines up, and never another problem", () => {
    const lines = [
      "12:00:01 open port 7411 for backend",
      "12:00:02 pid 1234 tick",
      "12:00:03 pid 1234 tick",
      "12:00:04 pid 1234 tick",
      "backend 7411 down: Connection refused",
      "pid 1234 down: Connection refused",
    ];
    const problem = (k: number) => k >= 4;
    expect(heldBefore(lines, 4, problem)).toBe(0);
    // 1234 is every line's: no source of its own.
    expect(heldBefore(lines, 5, problem)).toBe(-1);
    // Too far up.
    expect(heldBefore(["port 7411", ...Array(6).fill("x"), "7411 down"], 7, () => false)).toBe(-1);
  });
});
