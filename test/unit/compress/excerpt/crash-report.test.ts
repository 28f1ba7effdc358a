import { describe, expect, it } from "vitest";
import { crashReportVerdict } from "../../../../src/compress/excerpt/crash-report.ts";
import { capturedCase } from "../corpus.ts";

describe("a JVM crash report's verdict is kept whole", () => {
  it("keeps the crashing thread, its frames and the signal of an hs_err file (fresh33 off-heap replay)", async () => {
    const { e, must } = await capturedCase("fresh33", "hs-err-offheap-spilled-f33");
    // Each was one line among thousands alike (frames, registers) in 69 KB.
    expect(e.text).toContain("j  com.acme.ledger.LedgerServer.replayOffheap()V+62");
    expect(e.text).toContain(
      "siginfo: si_signo: 11 (SIGSEGV), si_code: 1 (SEGV_MAPERR), si_addr: 0x0000000000000010",
    );
    expect(e.text).toContain("Command Line: com.acme.ledger.LedgerServer replay-offheap");
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads from the summary's title to the registers", () => {
    const lines = [
      "#  SIGSEGV (0xb) at pc=0x1, pid=2, tid=3",
      "",
      "---------------  S U M M A R Y ------------",
      "",
      "Command Line: Main",
      "---------------  T H R E A D  ---------------",
      "j  Main.main([Ljava/lang/String;)V+1",
      "",
      "Registers:",
      "RAX=0x0",
    ];
    expect(crashReportVerdict(lines, 110)).toEqual([{ from: 2, to: 6, prio: 110, split: "head" }]);
    expect(crashReportVerdict(["no report"], 110)).toEqual([]);
  });
});
