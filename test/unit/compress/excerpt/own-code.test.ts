import { describe, expect, it } from "vitest";
import { ownCode } from "../../../../src/compress/excerpt/own-code.ts";
import { capturedCase } from "../corpus.ts";

describe("a small disassembled program's own code, whole", () => {
  it("keeps main's source lines with the instructions under them (fresh14 `objdump -dS native/spool`)", async () => {
    // 270 lines, main 4 KB of them: before, the excerpt (1.3 KB) kept the labels, main's
    // first source lines and not one instruction of the crash path under them.
    const { e } = await capturedCase("fresh14", "objdump-dS-spool-f14");
    for (const fact of [
      "  char *comma = strchr(line, ',');\n    1112:\tcall   1030 <strchr@plt>",
      "  size_t n = (size_t)(comma - line);\n    1123:\tsub    %r12,%r14",
      "  memcpy(j->name, line, n);\n    112a:\tmov    %r14,%rdx\n    112d:\tcall   1080 <memcpy@plt>",
      "  j->name[n] = 0;\n    1132:\tmovb   $0x0,(%rbx,%r14,1)",
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps main's instructions between its calls (fresh14 `objdump -d native/spool`)", async () => {
    const { e } = await capturedCase("fresh14", "objdump-d-spool-f14");
    for (const insn of [
      "1123:\t4d 29 e6             \tsub    %r12,%r14",
      "117c:\t48 89 1d cd 2e 00 00 \tmov    %rbx,0x2ecd(%rip)",
    ])
      expect(e.text).toContain(insn);
  });

  it("reads the program's functions, not the toolchain's, and only where they are at most half the output", () => {
    const lines = [
      "a.out:     file format elf64-x86-64",
      "",
      "0000000000001020 <strchr@plt-0x10>:",
      "    1020:\tff 35 ca 2f 00 00    \tpush   0x2fca(%rip)",
      "",
      "0000000000001040 <_start>:",
      "    1040:\te8 00 00 00 00       \tcall   1100 <main>",
      "    1045:\tf4                   \thlt",
      "    1046:\t66 2e 0f 1f 84 00 00 \tcs nopw 0x0(%rax,%rax,1)",
      "",
      "0000000000001100 <main>:",
      "    1100:\te8 00 00 00 00       \tcall   1030 <strchr@plt>",
      "",
      "Disassembly of section .fini:",
    ];
    expect(ownCode(lines)).toEqual([10, 11]);
    expect(ownCode(lines.slice(1))).toEqual([]);
    // A program whose own code is most of the output: no function is the one read.
    const longMain = Array.from({ length: 12 }, () => lines[11]!);
    expect(ownCode([...lines.slice(0, 11), ...longMain])).toEqual([]);
  });
});
