import { describe, expect, it } from "vitest";
import { namedLabels } from "../../../../src/compress/excerpt/named-labels.ts";
import { capturedCase } from "../corpus.ts";

describe("labels the rest of the output refers to by name", () => {
  for (const name of ["objdump-d-spool-f14", "objdump-dS-spool-f14"])
    it(`keeps the function a disassembly's instructions are in (fresh14 ${name})`, async () => {
      // Each label was a kind of line of its own among 143 kinds, none a fact: the excerpt
      // showed instructions and no function name, not even main's.
      const { e } = await capturedCase("fresh14", name);
      expect(e.text).toContain("00000000000010b0 <main>:");
      expect(e.text).toContain("0000000000001030 <strchr@plt>:");
    });

  it("takes a name and a colon after one word at most, used by name in another line", () => {
    const lines = [
      "Disassembly of section .text:",
      "",
      "0000000000001000 <_init>:",
      "    1000: ret",
      "",
      "00000000000010b0 <main>:",
      "    10d8: call   1090 <fopen@plt>",
      "    10e3: je     11a0 <main+0xf0>",
      "",
      "frame_dummy:",
      "    12d4: jmp    1250 <register_tm_clones>",
      "",
      "This change allows a pipe wherever types can be used:",
      "  can be used anywhere",
      "    1204: lea    -0x15b(%rip),%rdi        # 1000 <_init+0x20>",
    ];
    // _init (`<_init+0x20>`) and main are used; frame_dummy is not; the sentence is no label.
    expect(namedLabels(lines)).toEqual([2, 5]);
    expect(namedLabels(lines.slice(0, 5))).toEqual([]);
  });
});
