import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a top-level declaration past the line limit", () => {
  it("is kept whole up to 1,000 characters, not cut in its middle (fresh27 Read of CPython's Makefile)", async () => {
    // A real Read of the Makefile Debian installs for CPython 3.11: CONFIG_ARGS, configure's
    // arguments on one line of 553 characters, was cut after 300 and lost its CFLAGS.
    const { text, e } = await capturedCase("fresh27", "read-makefile-whole-f27");
    const line = text.split("\n").find((l) => l.startsWith("CONFIG_ARGS="))!;
    expect(line.length).toBeGreaterThan(300);
    expect(e.text).toContain(`L362: ${line}`);
    expect(e.text).toContain("'CFLAGS=-g   -fstack-protector-strong -Wformat -Werror=format-security '");
  });
});
