import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { REPO } from "../../../helpers/cairn.ts";

describe("an error code's E is a capital", () => {
  it("tells E0308 and [E501] from a memory map's e820 and hex bytes", () => {
    expect(isProblem("error[E0308]: mismatched types")).toBe(true);
    expect(isProblem("src/app.py:3:80: E501 line too long (88 > 79 characters)")).toBe(true);
    // A real syslog's boot (dev tail-syslog): the BIOS memory map is no error.
    expect(
      isProblem("Jul 27 14:41:57 combo kernel:  BIOS-e820: 0000000000000000 - 00000000000a0000 (usable)"),
    ).toBe(false);
  });

  it("finds no problem in a hex dump's bytes (the xxd fixture)", () => {
    const text = readFileSync(join(REPO, "test/fixtures/outputs/generic-xxd-binary.txt"), "utf8");
    const flagged = text.split("\n").filter((l) => /\be\d{3,5}\b/.test(l));
    expect(flagged.length).toBeGreaterThan(0);
    for (const line of flagged) expect(isProblem(line), line).toBe(false);
  });
});
