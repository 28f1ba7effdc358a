import { describe, expect, it } from "vitest";
import { overZero } from "../../../../src/compress/excerpt/over-zero.ts";
import { capturedCase } from "../corpus.ts";

/** The lines overZero finds in `text`, every line read, fields from its start. */
function found(text: string): string[] {
  const lines = text.split("\n");
  const out = new Map<string, number[]>();
  overZero(
    lines,
    () => true,
    out,
    () => 0,
  );
  return [...out.values()].flat().map((i) => lines[i]!.trim());
}

describe("a leading column of zeros", () => {
  it("keeps perf annotate's hot instructions, the three tied at 1.02% too (fresh19 capture)", async () => {
    // `perf annotate --stdio -s sqlite3VdbeExec`: 935 instructions, 898 at 0.00, the
    // source lines between them (`: 97490 switch…`) without a number. The column spans a
    // kind of line per instruction's shape, none read as a whole; the 1.02% held by three
    // instructions was told by its first and last, and `sub %rdx,%rax` between them lost.
    const { text, e } = await capturedCase("fresh19", "perf-annotate-vdbe-spilled-f19");
    expect(e.text).toContain("    1.02 :   a6b3b:  sub    %rdx,%rax");
    expect(found(text)).toEqual([
      "9.36 :   a678b:  add    %rsi,%rax",
      "3.05 :   a6774:  cmp    $0xba,%dl",
      "2.88 :   a678e:  jmp    *%rax",
      "2.03 :   a6768:  movzbl (%r15),%edx",
      "1.02 :   a676c:  addq   $0x1,-0xb8(%rbp)",
      "1.02 :   a6b3b:  sub    %rdx,%rax",
      "1.02 :   a6b4d:  test   $0x4,%al",
    ]);
  });

  it("reads no column where zero is not nearly every line's value", () => {
    // A listing of sizes (more than a tenth above zero), and a count where none is zero.
    const sizes = Array.from({ length: 80 }, (_, i) => `${i % 5 === 0 ? 12 * i : 0}\tfile-${i}`);
    expect(found(sizes.join("\n"))).toEqual([]);
    const counts = Array.from({ length: 80 }, (_, i) => `${1 + (i % 3)} line ${i}`);
    expect(found(counts.join("\n"))).toEqual([]);
    // Too few lines to tell a background.
    const few = Array.from({ length: 30 }, (_, i) => `${i === 3 ? 7 : 0} x${i}`);
    expect(found(few.join("\n"))).toEqual([]);
  });
});
