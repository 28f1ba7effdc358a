import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FRAME, nearTheEnd, RUST_AT } from "../../../../src/compress/excerpt/traces.ts";

// nearTheEnd tells a line opening with a printable ASCII character from a trace's frame
// without trying FRAME and RUST_AT (both open with `^\s+`); it must answer as they do.
function byRegexes(lines: readonly string[]): number {
  const body: number[] = [];
  for (let i = 0; i < lines.length; i++)
    if (!(FRAME.test(lines[i]!) || RUST_AT.test(lines[i]!))) body.push(i);
  return body[Math.floor(body.length * 0.8)] ?? lines.length;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("nearTheEnd", () => {
  it("answers as the regexes do for every fixture output, whole and its last lines", () => {
    for (const lines of outputs)
      for (const from of [0, lines.length >> 1, lines.length - 20]) {
        const part = lines.slice(Math.max(0, from));
        expect(nearTheEnd(part)).toBe(byRegexes(part));
      }
  });
  it("answers so for frames opening with every code unit", () => {
    const frames = [
      "\tat f (a.js:1:2)",
      " at src/main.rs:4:5",
      '  File "a.py", line 3',
      "    main.go:12 +0x1d",
      "x",
    ];
    for (let c = 0; c < 0x10000; c += c < 0x100 ? 1 : c < 0x3100 ? 7 : 97) {
      const ch = String.fromCharCode(c);
      const lines = frames.flatMap((f) => [`${ch}${f}`, `${ch}`, `${ch}${ch}${f}`, "done"]);
      for (let k = 0; k < lines.length; k++)
        expect(nearTheEnd(lines.slice(k))).toBe(byRegexes(lines.slice(k)));
    }
  });
  it("answers so for random runs of frames and other lines", () => {
    const line = fc.oneof(
      fc.constantFrom(
        "    at f (a.js:1:2)",
        "\tat main.rs:4",
        '  File "a.py", line 3',
        "Error: x",
        "",
        " ",
        "ok",
      ),
      fc.string({
        unit: fc.constantFrom(" ", "\t", "\u00a0", "a", "t", ":", "1", "\u2028", "\ufeff"),
        maxLength: 8,
      }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => nearTheEnd(lines) === byRegexes(lines)),
      { numRuns: 20_000 },
    );
  });
});
