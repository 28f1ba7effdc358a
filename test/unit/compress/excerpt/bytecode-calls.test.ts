import { describe, expect, it } from "vitest";
import { bytecodeCalls } from "../../../../src/compress/excerpt/bytecode-calls.ts";
import { capturedCase } from "../corpus.ts";

describe("what each method javap disassembles calls of the classes it prints", () => {
  it("keeps transfer's calls of the account between its monitors (fresh33 javap -c -v)", async () => {
    const { e, must } = await capturedCase("fresh33", "javap-c-v-transfer-f33");
    expect(e.text).toContain(
      "        18: invokevirtual #17                 // Method com/acme/ledger/core/Account.debit:(Ljava/math/BigDecimal;)V",
    );
    expect(e.text).toContain(
      "        23: invokevirtual #23                 // Method com/acme/ledger/core/Account.credit:(Ljava/math/BigDecimal;)V",
    );
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads own classes' calls once a method, not the library's, only under javap's header", () => {
    const lines = [
      'Compiled from "A.java"',
      "public class a.A {",
      "  void f();",
      "    Code:",
      "       1: invokevirtual #2                  // Method a/A.g:()V",
      "       4: invokevirtual #2                  // Method a/A.g:()V",
      "       7: invokevirtual #3                  // Method java/lang/String.length:()I",
      "      10: invokevirtual #4                  // Method h:()V",
      "  void g();",
      "    Code:",
      "       1: invokevirtual #4                  // Method h:()V",
    ];
    expect(bytecodeCalls(lines)).toEqual([4, 7, 10]);
    expect(bytecodeCalls(lines.slice(1))).toEqual([]);
  });
});
