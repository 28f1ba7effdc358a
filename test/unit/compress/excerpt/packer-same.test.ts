import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { MUST, type Note, type PackOptions, type Pick } from "../../../../src/compress/excerpt/pack-items.ts";
import { layoutOf } from "../../../../src/compress/excerpt/pack-layout.ts";
import { Packer } from "../../../../src/compress/excerpt/packer.ts";
import { Packer as AsItWas } from "./packer-as-it-was.ts";

// The packer reads each pick's fields once into its items (one shape, where picks come in
// dozens): it must keep the same lines, notes and facts as it did reading the picks.
describe("the packer reading picks into its items", () => {
  const text = fc
    .array(fc.constantFrom("a", "b", "", "error: x", "  at f (a.js:1:2)", "x".repeat(700), "b"), {
      minLength: 1,
      maxLength: 60,
    })
    .map((ls) => ls.join("\n"));
  const pick = (n: number) =>
    fc
      .record(
        {
          from: fc.integer({ min: -2, max: n + 1 }),
          len: fc.integer({ min: 0, max: 6 }),
          prio: fc.constantFrom(MUST + 5, MUST, 90, 50.5, 50, 10),
          split: fc.constantFrom(undefined, "head", "tail", "none"),
          with: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: undefined }),
          also: fc.option(fc.integer({ min: -1, max: n }), { nil: undefined }),
          refund: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
          why: fc.constantFrom(undefined, "locator", "code-frame", "place", "head", "rare"),
        },
        { requiredKeys: ["from", "len", "prio"] },
      )
      .map(({ len, refund, ...p }) => {
        const out: Record<string, unknown> = { from: p.from, to: p.from + len, prio: p.prio };
        for (const k of ["split", "with", "also", "why"] as const) if (p[k] !== undefined) out[k] = p[k];
        // A refund is for a pick that is kept whole or not at all, to the first note.
        if (refund !== undefined && p.split === "none") out.refund = { note: 0, chars: refund };
        return out as unknown as Pick;
      });
  const notes = (n: number): Note[] => [
    // An index of the lines 0..n-1 not kept, charged at its longest.
    {
      at: 0,
      prio: MUST - 1,
      text: `not kept: ${Array.from({ length: n }, (_, i) => i).join(",")}`,
      final: (kept) => {
        const left = Array.from({ length: n }, (_, i) => i).filter((i) => !kept(i));
        return left.length === 0 ? "" : `not kept: ${left.join(",")}`;
      },
    },
    { at: n, prio: 40, text: "[the end]" },
    { at: 1, prio: 95, text: "a note" },
  ];
  let kept = 0;

  it("keeps the same excerpt as it did", () => {
    fc.assert(
      fc.property(
        text.chain((t) => {
          const n = docOf(t).lines.length;
          return fc.tuple(
            fc.constant(t),
            fc.array(pick(n), { maxLength: 40 }),
            fc.integer({ min: 20, max: 900 }),
            fc.integer({ min: 20, max: 1500 }),
          );
        }),
        ([t, picks, budget, hardCap]) => {
          const doc = docOf(t);
          const opts: PackOptions = { budget };
          const ns = notes(doc.lines.length);
          const now = new Packer(layoutOf(doc, opts), ns, budget, hardCap).pack(picks);
          const was = new AsItWas(layoutOf(doc, opts), ns, budget, hardCap).pack(picks);
          if (now.keptLines > 0) kept++;
          expect(now).toEqual(was);
        },
      ),
      { numRuns: 3000 },
    );
    // Lines were kept, not only none.
    // Drawn: about 1,697 of 3,000 draws keep lines (binomial sd about 27): 1000 is 25 deviations down.
    expect(kept).toBeGreaterThan(1000);
  });
});
