import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commonLead } from "../../../../src/compress/excerpt/common-lead.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";

// commonLead leaves an output where no first character and first blank are held by as
// many lines as a lead must be; it must answer as counting every lead does.
const LEAD = /^\S+ (?:\S+ )?/;
function byTable(lines: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < lines.length && total < 400; i++) {
    if (!/\S/.test(lines[i]!)) continue;
    total++;
    const lead = LEAD.exec(lines[i]!)?.[0];
    if (lead !== undefined) counts.set(lead, (counts.get(lead) ?? 0) + 1);
  }
  let best: string | undefined;
  let most = 0;
  for (const [lead, k] of counts) if (k > most) [best, most] = [lead, k];
  return best !== undefined && most >= Math.max(8, total * 0.4) && isProblem(best) ? best : undefined;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("commonLead", () => {
  it("answers as counting every lead for every fixture output, whole and from each eighth on", () => {
    let found = 0;
    for (const lines of outputs)
      for (let from = 0; from < lines.length; from += Math.max(1, lines.length >> 3)) {
        const part = lines.slice(from);
        const lead = commonLead(part);
        expect(lead).toBe(byTable(part));
        if (lead !== undefined) found++;
      }
    expect(found).toBeGreaterThan(3);
  });
  it("answers so for leads at the bound behind lines opening with every code unit, blank or not", () => {
    for (let c = 0; c < 0x10000; c += c < 0x3100 ? 1 : 7) {
      const ch = String.fromCharCode(c);
      // 8 leads of 20 lines not blank: a lead exactly at the bound, unless ch's lines are not blank.
      const lines = [
        ...Array(8).fill("npm error x"),
        ...Array(12).fill("ok"),
        ...Array(5).fill(`${ch}${ch}`),
        ...Array(2).fill(`${ch} error y`),
      ];
      expect(commonLead(lines), c.toString(16)).toBe(byTable(lines));
      const own = [...Array(10).fill(`${ch}x error y`), ...Array(5).fill("ok")];
      expect(commonLead(own), c.toString(16)).toBe(byTable(own));
    }
  });
  it("counts no line of blanks alone, whatever blank opens it (the regex asked only behind one)", () => {
    // 8 leads of 20 lines not blank: a lead exactly at the bound, lost if a blank line counted.
    for (const ch of [
      " ",
      "\t",
      "\v",
      "\f",
      "\r",
      "\u00a0",
      "\u1680",
      "\u2000",
      "\u200a",
      "\u2028",
      "\u3000",
      "\ufeff",
    ]) {
      const lines = [
        ...Array(8).fill("npm error x"),
        ...Array(12).fill("ok"),
        ch,
        `${ch}${ch}`,
        `${ch} `,
        "",
      ];
      expect(commonLead(lines), ch.charCodeAt(0).toString(16)).toBe("npm error ");
      expect(byTable(lines)).toBe("npm error ");
    }
  });
  it("answers so for first words alike but for a character anywhere, and one-word leads", () => {
    // Lines of one lead differ past it (`1:error:x a`, `1:error:x b`); lines of two leads may
    // share a first character, length and last characters (a log's numbered times).
    const word = fc.oneof(
      { arbitrary: fc.constant(["1", "0", "x"]), weight: 5 },
      {
        arbitrary: fc.tuple(fc.constantFrom("1", "2"), fc.constantFrom("0", "5"), fc.constantFrom("x", "y")),
        weight: 3,
      },
    );
    const line = fc.tuple(
      word,
      fc.constantFrom("", "a", "b", "c", "b c"),
      fc.constantFrom("", "", "", "", "\t", "  "),
    );
    let found = 0;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.nat(12), (rows, pad) => {
        const lines = rows.map(
          ([[a, b, c], rest, gap]) => `${a}${"7".repeat(pad)}${b}:error:${c}${gap} ${rest}`,
        );
        const lead = byTable(lines);
        expect(commonLead(lines)).toBe(lead);
        if (lead !== undefined) found++;
      }),
      { numRuns: 20_000 },
    );
    // Drawn: about 92 of 20,000 draws find a lead (sd about 11, 26 seeds); 20 is over six deviations down.
    expect(found).toBeGreaterThan(20);
  });
  it("answers so for random mixes of leads near 40% of the lines", () => {
    const line = fc.oneof(
      { arbitrary: fc.constantFrom("npm error x", "npm error y z", "npm warn a"), weight: 4 },
      { arbitrary: fc.constantFrom("error: a", "error:\tb", "[ERROR] c", "✗ fail d", "ERR! "), weight: 4 },
      {
        arbitrary: fc.string({
          unit: fc.constantFrom("a", " ", "\t", "\u00a0", "\u2028", "e"),
          maxLength: 5,
        }),
        weight: 2,
      },
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), (lines) => {
        expect(commonLead(lines)).toBe(byTable(lines));
      }),
      { numRuns: 20_000 },
    );
  });
});
