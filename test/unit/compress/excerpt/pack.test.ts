import { describe, expect, it } from "vitest";
import { factCap } from "../../../../src/compress/excerpt/budget.ts";
import { docOf, SAMPLE_ABOVE } from "../../../../src/compress/excerpt/doc.ts";
import {
  MUST,
  type Note,
  omissionMarker,
  type PackTraced,
  pack,
  packTrace,
} from "../../../../src/compress/excerpt/pack.ts";

// The shared packer: what it keeps, how it marks what it leaves out, and the size rules.

const lines = (n: number, f = (i: number) => `line ${i + 1} ${"x".repeat(20)}`) =>
  Array.from({ length: n }, (_, i) => f(i)).join("\n");

describe("pack", () => {
  it("marks every omitted run with original 1-based line numbers", () => {
    const doc = docOf(lines(100));
    const out = pack(doc, [{ from: 9, to: 19, prio: 50 }], [], { budget: 2000 }).text.split("\n");
    expect(out[0]).toBe("[lines 1-9 omitted]");
    expect(out[1]).toMatch(/^line 10 /);
    expect(out[11]).toMatch(/^line 20 /);
    expect(out[12]).toBe("[lines 21-100 omitted]");
    // Never "(1 lines)".
    expect(omissionMarker(5, 5)).toBe("[line 5 omitted]");
  });

  it("takes higher priorities first and stops at the budget", () => {
    const doc = docOf(lines(200));
    const picks = [
      { from: 150, to: 199, prio: 10 },
      { from: 0, to: 4, prio: 90 },
      { from: 100, to: 102, prio: 80 },
    ];
    const out = pack(doc, picks, [], { budget: 400 }).text;
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out).toContain("line 1 ");
    expect(out).toContain("line 5 ");
    expect(out).toContain("line 101 ");
    expect(out).toContain("line 103 ");
    // The low-priority run only gets what is left, from its start.
    expect(out).not.toContain("line 199 ");
  });

  it("lets MUST items pass the budget up to the hard cap, and no further", () => {
    const doc = docOf(lines(300));
    const picks = Array.from({ length: 300 }, (_, i) => ({ from: i, to: i, prio: MUST }));
    const out = pack(doc, picks, [], { budget: 1000, hardCap: 1500 }).text;
    expect(out.length).toBeGreaterThan(1000);
    expect(out.length).toBeLessThanOrEqual(1500);
  });

  it("lets facts take up to half an output over 8 KB, never past what the tool shows inline", () => {
    // Up to 8 KB an excerpt is made only when it keeps every fact: they may take more of it.
    expect(factCap(1200, 5000)).toBe(3500);
    expect(factCap(1200, 9000)).toBe(4500);
    expect(factCap(1200, 40_000)).toBe(20_000);
    // Bash shows 30,000 characters inline, Grep 20,000: the cap stays well under them.
    expect(factCap(6000, 1_000_000)).toBe(24_000);
    expect(factCap(6000, 1_000_000, "Grep")).toBe(16_000);
    expect(factCap(6000, 1_000_000, "Glob")).toBe(40_000);
    // Never below the budget.
    expect(factCap(6000, 9000)).toBe(6000);
  });

  it("collapses repeated lines and blank runs", () => {
    const doc = docOf(["start", "same", "same", "same", "", "", "", "end"].join("\n"));
    const out = pack(doc, [{ from: 0, to: 7, prio: 50 }], [], { budget: 1000 }).text;
    expect(out).toBe("start\nsame  [×3]\n\nend");
  });

  it("shows a gap shorter than its marker instead of marking it", () => {
    const doc = docOf(["a long first line to keep", "ok", "a long third line to keep"].join("\n"));
    const out = pack(
      doc,
      [
        { from: 0, to: 0, prio: 50 },
        { from: 2, to: 2, prio: 50 },
      ],
      [],
      { budget: 1000 },
    ).text;
    expect(out).toBe("a long first line to keep\nok\na long third line to keep");
  });

  it("cuts over-long lines after a whole word and says by how much", () => {
    const doc = docOf(`${"word ".repeat(1000).trimEnd()}\nshort`);
    const out = pack(doc, [{ from: 0, to: 1, prio: 50 }], [], { budget: 2000, maxLine: 100 }).text;
    expect(out.split("\n")[0]).toBe(`${"word ".repeat(20).trimEnd()} … [+4900 chars]`);
  });

  it("never cuts inside a word: a line that is one long word is left out whole", () => {
    const doc = docOf(`${"y".repeat(5000)}\nshort`);
    const picks = [
      { from: 0, to: 0, prio: 50 },
      { from: 1, to: 1, prio: 40 },
    ];
    const out = pack(doc, picks, [], { budget: 2000, maxLine: 100 }).text;
    expect(out.split("\n")).toEqual(["[line 1 omitted]", "short"]);
  });

  it("numbers Read lines and leaves gaps unmarked there", () => {
    const doc = docOf(lines(50));
    const out = pack(
      doc,
      [
        { from: 4, to: 5, prio: 50 },
        { from: 40, to: 40, prio: 50 },
      ],
      [],
      {
        budget: 1000,
        label: (n) => `L${n}: `,
        lineBase: 99,
        markers: false,
        collapse: false,
      },
    ).text;
    expect(out.split("\n").map((l) => l.slice(0, 5))).toEqual(["L104:", "L105:", "L140:"]);
  });

  it("places a note before its line, or before the marker of the gap holding it", () => {
    const doc = docOf(lines(30));
    const out = pack(doc, [{ from: 20, to: 20, prio: 50 }], [{ at: 10, text: "[note]", prio: 60 }], {
      budget: 1000,
    }).text;
    expect(out.split("\n")).toEqual([
      "[note]",
      "[lines 1-20 omitted]",
      `line 21 ${"x".repeat(20)}`,
      "[lines 22-30 omitted]",
    ]);
  });
});

describe("pack: what compressors of diagnostics use", () => {
  it("appends a suffix after cutting the line, and never collapses a line that has one", () => {
    const doc = docOf(["word ".repeat(100).trimEnd(), "same", "same", "end"].join("\n"));
    const suffix = new Map([
      [0, "  [×3 at lines 1, 5, 9]"],
      [1, "  [×2]"],
    ]);
    const out = pack(doc, [{ from: 0, to: 3, prio: 50 }], [], { budget: 2000, maxLine: 100, suffix }).text;
    expect(out.split("\n")).toEqual([
      `${"word ".repeat(20).trimEnd()} … [+400 chars]  [×3 at lines 1, 5, 9]`,
      "same  [×2]",
      "same",
      "end",
    ]);
  });

  it("keeps a line's explanation only with it, and a line that needs another only together", () => {
    const doc = docOf(lines(40));
    const out = pack(
      doc,
      [
        // Does not fit: its explanation (with) must not be shown alone.
        { from: 30, to: 30, prio: 90, split: "none", also: 20 },
        { from: 31, to: 31, prio: 80, with: 30 },
        { from: 5, to: 5, prio: 70 },
        { from: 6, to: 6, prio: 60, with: 5 },
      ],
      [],
      { budget: 120 },
    ).text;
    expect(out).toContain("line 6 ");
    expect(out).toContain("line 7 ");
    expect(out).not.toContain("line 31 ");
    expect(out).not.toContain("line 32 ");
    expect(out).not.toContain("line 21 ");
    const roomy = pack(doc, [{ from: 30, to: 30, prio: 90, split: "none", also: 20 }], [], {
      budget: 1000,
    }).text;
    expect(roomy).toContain("line 21 ");
    expect(roomy).toContain("line 31 ");
  });

  it("charges a note that lists what was left out at its longest and gives back what kept lines save", () => {
    const doc = docOf(lines(60));
    const wanted = Array.from({ length: 30 }, (_, k) => 2 * k);
    // "[left out: #0-abc… #2-abc… …]": each wanted line not kept, by index.
    const entry = (i: number) => `#${i}-${"abc".repeat(4)}`;
    const list = (ks: readonly number[]) => (ks.length ? `[left out: ${ks.map(entry).join(" ")}]` : "");
    const notes: Note[] = [
      {
        at: 60,
        text: list(wanted),
        prio: 200,
        final: (kept) => list(wanted.filter((i) => !kept(i))),
      },
    ];
    const picks = wanted.map((i) => ({
      from: i,
      to: i,
      prio: 100 - i,
      split: "none" as const,
      refund: { note: 0, chars: entry(i).length + 1 },
    }));
    for (const budget of [700, 900, 1200, 1600]) {
      const out = pack(doc, picks, notes, { budget, hardCap: budget }).text;
      expect(out.length).toBeLessThanOrEqual(budget);
      // Every wanted line is either shown or listed, never both.
      for (const i of wanted) {
        const shown = out.includes(`line ${i + 1} x`);
        const listed = out.includes(`${entry(i)} `) || out.includes(`${entry(i)}]`);
        expect(shown !== listed, `line index ${i} at budget ${budget}`).toBe(true);
      }
    }
    // The room the list gives back goes to lines: more than beside a list that cannot shrink.
    const shownLines = (ns: Note[]) =>
      pack(doc, picks, ns, { budget: 900, hardCap: 900 })
        .text.split("\n")
        .filter((l) => l.startsWith("line ")).length;
    expect(shownLines(notes)).toBeGreaterThan(shownLines([{ at: 60, text: list(wanted), prio: 200 }]));
    // When everything is kept the note disappears.
    expect(pack(doc, picks, notes, { budget: 5000 }).text).not.toContain("[left out");
  });
});

describe("docOf on a sampled input", () => {
  it("keeps exact line numbers after the unread middle", () => {
    const n = Math.ceil(SAMPLE_ABOVE / 10) + 50_000;
    const text = Array.from({ length: n }, (_, i) => `${String(i + 1).padStart(8, "0")}`).join("\n");
    const doc = docOf(text);
    expect(doc.complete).toBe(false);
    expect(doc.total).toBe(n);
    const last = doc.lines.length - 1;
    expect(doc.lines[last]).toBe(String(n).padStart(8, "0"));
    expect(doc.starts[last]).toBe(n);
    // The hole is never shown; its marker covers exactly the unread lines.
    const out = pack(doc, [{ from: 0, to: last, prio: MUST }], [], { budget: 200, hardCap: 200 }).text;
    for (const m of out.matchAll(/\[lines (\d+)-(\d+) omitted/g)) {
      expect(Number(m[2])).toBeLessThanOrEqual(n);
    }
  });
});

describe("packTrace (the room bench's view of why each line was kept)", () => {
  it("names, for each kept unit, the pick that kept it, and changes nothing of the excerpt", () => {
    const doc = docOf(lines(60));
    const picks = [
      { from: 0, to: 0, prio: MUST + 2, why: "head" },
      { from: 30, to: 31, prio: MUST + 1, why: "rare" },
      // Kept whole or not at all, and it does not fit: it owns nothing.
      { from: 40, to: 59, prio: 50, split: "none" as const, why: "room" },
    ];
    const untraced = pack(doc, picks, [], { budget: 200 });
    const seen: PackTraced[] = [];
    packTrace.sink = (t) => seen.push(t);
    let traced: ReturnType<typeof pack>;
    try {
      traced = pack(doc, picks, [], { budget: 200 });
    } finally {
      packTrace.sink = undefined;
    }
    expect(traced.text).toBe(untraced.text);
    expect(seen).toHaveLength(1);
    const owned = seen[0]!.owner.flatMap((p, u) => (p ? [[seen[0]!.layout.first[u], p.why]] : []));
    expect(owned).toEqual([
      [0, "head"],
      [30, "rare"],
      [31, "rare"],
    ]);
    expect(seen[0]!.text).toBe(traced.text);
  });
});
