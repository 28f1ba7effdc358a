import { describe, expect, it } from "vitest";
import { toldAgain } from "../../../../src/compress/excerpt/exception-again.ts";
import { capturedCase } from "../corpus.ts";

const linesAre = (text: string, line: string) => text.split("\n").filter((l) => l.startsWith(line)).length;

describe("an exception line said again word for word is room", () => {
  it("tells svelte-check's missing declaration once and its last, not 20 times (fresh28)", async () => {
    const { e, must } = await capturedCase("fresh28", "svelte-check-admin-f28");
    expect(
      linesAre(e.text, "Error: Could not find a declaration file for module '@harbor/core'"),
    ).toBeLessThanOrEqual(2);
    for (const f of must) expect(e.text, f).toContain(f);
  });

  it("tells bun's `ZodError: [` of 13 failing tests a few times, not 11 (fresh20)", async () => {
    const { e, must } = await capturedCase("fresh20", "bun-test-zod-f20");
    // The first tellings and, since the end of a run ranks above its problem lines (robust34),
    // the last failure's own: 4 of the 13, where every telling stood before.
    expect(linesAre(e.text, "ZodError: [")).toBeLessThanOrEqual(4);
    for (const f of must) expect(e.text, f).toContain(f);
  });

  it("is true from the second telling on", () => {
    const told = new Set<string>();
    expect(["Error: a", "Error: b", "Error: a", "Error: a"].map((l) => toldAgain(told, l))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
