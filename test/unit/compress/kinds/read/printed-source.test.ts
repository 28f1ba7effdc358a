import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CODE_EXT } from "../../../../../src/compress/excerpt/files.ts";
import { printedSource } from "../../../../../src/compress/kinds/read/detect.ts";

/** What printedSource answered before its cheap first check: the regex alone, on every command. */
function byRegexAlone(command: string): string | undefined {
  const m = /^\s*(?:cat|head(?:\s+-n\s*\d+|\s+-\d+)?)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\1\s*$/.exec(
    command,
  );
  return m && CODE_EXT.test(m[2]!) ? m[2] : undefined;
}

describe("printedSource's first check (the command starts with cat or head) changes no answer", () => {
  it("answers as the regex alone for commands made of every kind of leading space, verb and argument", () => {
    const space = fc.constantFrom("", " ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\ufeff", "\u3000", "\v");
    const verb = fc.constantFrom(
      "cat",
      "head",
      "head -n 40",
      "head -5",
      "tail",
      "catx",
      "Cat",
      "ca t",
      "heads",
      "npm test",
    );
    const arg = fc.constantFrom(
      "src/a.ts",
      "'lib/b.py'",
      '"c.go"',
      "-- d.rs",
      "notes.md",
      "a.ts | grep x",
      "x.c > y",
    );
    fc.assert(
      fc.property(space, verb, space, arg, space, (s1, v, s2, a, s3) => {
        const command = `${s1}${v}${s2 || " "}${a}${s3}`;
        expect(printedSource(command)).toBe(byRegexAlone(command));
      }),
      { numRuns: 3000 },
    );
    expect(printedSource("\u00a0\tcat src/a.ts")).toBe("src/a.ts");
  });
});
