import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docOf, forgetDoc } from "../../../../src/compress/excerpt/doc.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";

// The header lines share (a log's date and host) is found by a majority vote at each place,
// then the vote's token counted: it must be the header a count of every token found, the
// tokens each place holds on at least 90% of the first 256 lines (templates.ts headerOf).
function headerAsCounted(lines: readonly string[][]): number {
  const sampled = lines.slice(0, 256);
  let header = 0;
  for (; header < 6; header++) {
    const counts = new Map<string, number>();
    let top = 0;
    for (const tokens of sampled) {
      if (tokens.length <= header) continue;
      const c = (counts.get(tokens[header]!) ?? 0) + 1;
      counts.set(tokens[header]!, c);
      top = Math.max(top, c);
    }
    if (top < sampled.length * 0.9) break;
  }
  return sampled.length < 20 ? 0 : header;
}

describe("the header lines share", () => {
  // Words of no digit: each its own token once masked.
  const word = fc.constantFrom("Jul", "Aug", "combo", "sshd", "kernel", "info", "warn");
  let headed = 0;
  let unheaded = 0;
  it("is the run of places a token holds on 90% of the lines", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(30), fc.array(word, { minLength: 1, maxLength: 8 })), {
          minLength: 20,
          maxLength: 300,
        }),
        fc.array(word, { minLength: 6, maxLength: 6 }),
        (rows, usual) => {
          // Most lines open with the usual words, as far as the row's first number says.
          const lines = rows.map(([keep, tail]) => [...usual.slice(0, keep >= 4 ? 6 : keep), ...tail]);
          if (headerAsCounted(lines) > 0) headed++;
          else unheaded++;
          forgetDoc();
          const t = templatesOf(docOf(lines.map((l) => l.join(" ")).join("\n")), () => false);
          expect(t.header.size).toBe(headerAsCounted(lines));
        },
      ),
      { numRuns: 1500 },
    );
    // Headers were there to be found, and lines near the share without one.
    // Drawn: about 1,446 of 1,500 draws have a header and 54 none (sd about 7 each, 26 seeds);
    // 300 and 5 are far and over six deviations down.
    expect(headed).toBeGreaterThan(300);
    expect(unheaded).toBeGreaterThan(5);
  });
});

describe("the arrays a sample is read into", () => {
  // Made once and read again by the next call: no call reads what another left there.
  const long = Array.from(
    { length: 300 },
    (_, k) => `Jul 27 combo sshd[${k}] session opened for user u${k % 7}`,
  );
  const short = Array.from({ length: 40 }, (_, k) => `warn ${k} disk full on /dev/sd${k % 3} (${k} MB left)`);
  const other = Array.from({ length: 300 }, (_, k) => `GET /api/v${k % 4}/items ${200 + (k % 9)} ${k}ms`);
  const doc = (lines: readonly string[]) => {
    forgetDoc();
    return docOf(lines.join("\n"));
  };
  const groups = (lines: readonly string[], strict: (i: number) => boolean = () => false) => {
    const t = templatesOf(doc(lines), strict, undefined, undefined, true);
    return { of: [...t.of], header: t.header.size, members: t.list.map((x) => x.members) };
  };

  it("group an output alike after a longer one and before it", () => {
    const alone = groups(short);
    groups(long);
    expect(groups(short)).toEqual(alone);
    expect(groups(long).header).toBeGreaterThan(0);
  });

  it("group an output alike when a call within another reads one", () => {
    const alone = groups(long, (i) => i % 50 === 0);
    const within = groups(long, (i) => {
      if (i === 1) groups(other);
      return i % 50 === 0;
    });
    expect(within).toEqual(alone);
  });
});
