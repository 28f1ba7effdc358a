import { describe, expect, it } from "vitest";
import { attachedAfter } from "../../../../src/compress/excerpt/problem-context.ts";
import { indentOf } from "../../../../src/compress/excerpt/signals.ts";

describe("one reading of indentation", () => {
  it("is the width of a line's leading white space, whatever it is made of", () => {
    expect(indentOf("    at f (a.js:1:2)")).toBe(4);
    expect(indentOf("\t  x")).toBe(3);
    expect(indentOf("   ")).toBe(3);
    expect(indentOf("x  ")).toBe(0);
    // A non-breaking space or a form feed indents as a space does (what trimStart takes off),
    // as block-heads.ts and kinds/read/code.ts have always read it.
    expect(indentOf("\u00a0\u00a0x")).toBe(2);
    expect(indentOf("\f x")).toBe(2);
    expect(indentOf("\u00a0x")).toBe("\u00a0x".length - "\u00a0x".trimStart().length);
  });

  it("tells what goes with a problem line by it: a line indented with non-breaking spaces is deeper", () => {
    const lines = ["error: the build failed", "\u00a0\u00a0while compiling src/a.c", "done"];
    expect(attachedAfter(lines, 0, (k) => k === 0)).toBe(1);
  });
});
