import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstMaybeTrace, MAYBE_TRACE } from "../../../../src/compress/excerpt/traces.ts";

// firstMaybeTrace tries MAYBE_TRACE only at the lines a match may open: those opening with a
// blank or a character one of its alternatives opens with, or holding "Error: " (`^\S+Error: `).
// It must find the line trying every line found.
const AT = new RegExp(MAYBE_TRACE.source, "my");
function everyLine(text: string): number {
  for (let at = 0, line = 0; at >= 0; line++) {
    AT.lastIndex = at;
    if (AT.test(text)) return line;
    const nl = text.indexOf("\n", at);
    at = nl < 0 ? -1 : nl + 1;
  }
  return -1;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));

describe("firstMaybeTrace", () => {
  it("finds the line trying every line finds, in every fixture output and from each of its lines on", () => {
    let found = 0;
    for (const text of outputs) {
      const lines = text.split("\n");
      for (let k = 0; k < lines.length; k += Math.max(1, lines.length >> 5)) {
        const part = lines.slice(k).join("\n");
        const at = firstMaybeTrace(part);
        expect(at).toBe(everyLine(part));
        if (at >= 0) found++;
      }
    }
    expect(found).toBeGreaterThan(50);
  });
  it("finds it so behind lines opening with every ASCII character and a few past it", () => {
    const starts = [
      "Traceback (most recent call last):",
      "panic: x",
      "  at f (a.js:1:2)",
      "x.TypeError: y",
      "Error: z",
    ];
    for (let c = 0; c < 0x180; c++) {
      const ch = String.fromCharCode(c);
      for (const start of starts)
        for (const text of [
          `${ch}rror: a\n${ch}\n${start}`,
          `${ch}x Error: \n${start}`,
          `${ch}Error: y\nok`,
          `ok\n${ch}`,
        ])
          expect(firstMaybeTrace(text), JSON.stringify(text)).toBe(everyLine(text));
    }
  });
  it("finds each alternative's line behind a line it skips", () => {
    const examples = [
      "Traceback (most recent call last):",
      "thread 'main' panicked at src/main.rs:2:5:",
      "panic: boom",
      "fatal error: all goroutines are asleep",
      'Exception in thread "main" java.lang.Error',
      "Uncaught TypeError",
      "Unhandled rejection",
      "node:internal/x.TypeError: y",
      "Error: z",
      "During handling of the above exception, another exception occurred:",
      "The above exception was the direct cause of the following exception:",
      "Caused by: x",
      "[cause]: y",
      "Suppressed: z",
      "    at f (a.js:1:2)",
      "\tmain.go:12 +0x1d",
      "  Caused by: x",
      "\t[cause]: y",
      "    Suppressed: z",
      '  File "a.py", line 3, in f',
      "   4: std::rt::lang_start",
      "  12:     0x55d0c1f2 - f",
    ];
    for (const example of examples) {
      const text = `make: ok\n/usr/bin/cc -c a.c\n${example}\nok`;
      expect(firstMaybeTrace(text), example).toBe(2);
      expect(everyLine(text), example).toBe(2);
    }
  });
  it("finds it so in random texts of openers, blanks and Error: anywhere", () => {
    const piece = fc.constantFrom(
      ..."ab1/_-.:[T E t p f U D C S \t\n\r\u2028\u00a0".split(""),
      "Error: ",
      "rror: ",
      "Caused by: ",
      "[cause]: ",
      "Uncaught ",
      "panic: ",
      "  at x",
      // Behind blanks: a frame's number, `File "`, a Go frame's file, blanks of every kind, marks past ASCII.
      "4: ",
      "12:  0x1f - f",
      'File "',
      "x.go:1",
      ".go:",
      "\v",
      "\u3000",
      "\ufeff",
      "\u180e",
      "Suppressed: ",
      "│",
      "✓",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        return firstMaybeTrace(text) === everyLine(text);
      }),
      { numRuns: 30_000 },
    );
  });
});
