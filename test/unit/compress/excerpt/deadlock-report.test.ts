import { describe, expect, it } from "vitest";
import { deadlockReports } from "../../../../src/compress/excerpt/deadlock-report.ts";
import { capturedCase } from "../corpus.ts";

describe("a JVM thread dump's deadlock report is kept whole", () => {
  it("keeps who waits for whom in both of jstack's deadlocks (fresh33 ledgerd)", async () => {
    const { e, must } = await capturedCase("fresh33", "jstack-ledgerd-deadlocks-f33");
    expect(e.compressor).toBe("trace");
    // The first report stands above the trace found (the stacks it lists), and its lines
    // are alike but for names and addresses.
    expect(e.text).toContain(
      '"transfer-worker-1":\n  waiting to lock monitor 0x00007f4690060ee0 (object 0x00000000ffd23308, a com.acme.ledger.core.Account),\n  which is held by "transfer-worker-2"',
    );
    expect(e.text).toContain(
      '  waiting to lock monitor 0x00007f46980015c0 (object 0x00000000ffd1fc48, a com.acme.ledger.core.Account),\n  which is held by "transfer-worker-1"',
    );
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads from the title to the stacks' heading, its blank lines inside", () => {
    const lines = [
      "JNI global refs: 9, weak refs: 0",
      "",
      "Found one Java-level deadlock:",
      "=============================",
      '"a":',
      "  waiting to lock monitor 0x1 (object 0x2, a Foo),",
      '  which is held by "b"',
      "",
      "Java stack information for the threads listed above:",
      "===================================================",
      '"a":',
    ];
    expect(deadlockReports(lines, 0, lines.length - 1, 121)).toEqual([
      { from: 2, to: 6, prio: 121, split: "head" },
    ]);
    expect(deadlockReports(["Found 2 deadlocks."], 0, 0, 121)).toEqual([]);
  });
});
