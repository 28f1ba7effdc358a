import { describe, expect, it } from "vitest";
import { callsByName } from "../../../../src/compress/excerpt/disassembly-calls.ts";
import { capturedCase } from "../corpus.ts";

describe("what each of a disassembled program's functions calls", () => {
  it("keeps main's calls (fresh14 `objdump -d native/spool`)", async () => {
    // 230 lines of a small program that segfaults; before, the excerpt kept the labels and
    // a few instructions, and not one call of main's: strchr, memcpy, fgets, printf lost.
    const { e } = await capturedCase("fresh14", "objdump-d-spool-f14");
    for (const call of ["call   1030 <strchr@plt>", "call   1080 <memcpy@plt>", "call   1050 <fgets@plt>"])
      expect(e.text).toContain(call);
  });

  it("reads each callee once, in the program's functions, in objdump's output only", () => {
    const lines = [
      "",
      "a.out:     file format elf64-x86-64",
      "",
      "0000000000001040 <_start>:",
      "    1040:\te8 00 00 00 00       \tcall   1100 <main>",
      "",
      "0000000000001100 <main>:",
      "    1100:\te8 00 00 00 00       \tcall   1030 <strchr@plt>",
      "    1105:\teb 02                \tjmp    1109 <main+0x9>",
      "    1107:\te8 00 00 00 00       \tcall   1030 <strchr@plt>",
      "    110c:\te8 00 00 00 00       \tcallq  1200 <parse>",
      "",
      "0000000000001200 <parse>:",
      "    1200:\te8 00 00 00 00       \tcall   1030 <strchr@plt>",
    ];
    expect(callsByName(lines)).toEqual([7, 10, 13]);
    expect(callsByName(lines.slice(2))).toEqual([]);
    // Source between the instructions (`objdump -S`) says what each call does.
    expect(
      callsByName([...lines.slice(0, 7), "  char *comma = strchr(line, ',');", ...lines.slice(7)]),
    ).toEqual([]);
    // A library's thousands of calls: none tells a function apart.
    const many = Array.from(
      { length: 70 },
      (_, k) => `    ${1300 + k}:\te8 00 00 00 00 \tcall   1030 <f${k}@plt>`,
    );
    expect(callsByName([...lines, ...many])).toEqual([]);
  });
});
