import { describe, expect, it } from "vitest";
import { warningPlaces } from "../../../../src/compress/excerpt/warning-places.ts";
import { capturedCase } from "../corpus.ts";

/**
 * A frequent warning's places: the first in each file and a numbered list's ends are facts,
 * its further places room (warning-places.ts); errors' places stay facts each.
 */
describe("a frequent warning's places", () => {
  const none = () => false;

  it("names each file once, a further place in a file as room", () => {
    const lines = [
      "src/a.rs:3:5: warning: needless borrow",
      "src/a.rs:9:5: warning: redundant clone",
      "src/b.rs:2:1: warning: needless borrow",
      "src/a.rs:20:5: warning: unused import",
    ];
    const { facts, room } = warningPlaces(
      lines,
      [0, 1, 2, 3].map((i) => [i, i] as [number, number]),
      none,
    );
    expect(facts).toEqual([
      [0, 0],
      [2, 2],
    ]);
    expect(room).toEqual([
      [1, 1],
      [3, 3],
    ]);
  });

  it("reads a place from the arrow line under a header that names none (rustc)", () => {
    const lines = [
      "warning: unused variable: `a`",
      "  --> src/a.rs:3:5",
      "warning: unused variable: `b`",
      "  --> src/a.rs:8:5",
    ];
    const { facts, room } = warningPlaces(
      lines,
      [
        [0, 1],
        [2, 3],
      ],
      none,
    );
    expect(facts).toEqual([[0, 1]]);
    expect(room).toEqual([[2, 3]]);
  });

  it("keeps a numbered list of files by its lowest and highest, in whatever order printed", () => {
    const lines = [1, 10, 2, 3].map((n) => `src/shape_${n}.cpp:10:9: warning: unused variable 'unused_${n}'`);
    const { facts, room } = warningPlaces(
      lines,
      [0, 1, 2, 3].map((i) => [i, i] as [number, number]),
      none,
    );
    expect(facts).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(room).toEqual([
      [2, 2],
      [3, 3],
    ]);
  });

  it("takes the same message in numbered files for a line to fix in each, no list", () => {
    const lines = [1, 10, 2, 3].map((n) => `src/part${n}.c:4:9: warning: unused parameter 'ignored'`);
    const { facts, room } = warningPlaces(
      lines,
      [0, 1, 2, 3].map((i) => [i, i] as [number, number]),
      none,
    );
    expect(facts).toHaveLength(4);
    expect(room).toEqual([]);
  });

  it("reads no line where every place is told already (each a fact): nothing is left to place", () => {
    const unread = new Proxy([] as string[], {
      get: (t, k) => {
        if (typeof k === "string" && /^\d+$/.test(k)) throw new Error(`read line ${k}`);
        return Reflect.get(t, k);
      },
    });
    const places = [0, 1, 2, 3].map((i) => [i, i] as [number, number]);
    expect(warningPlaces(unread, places, () => true)).toEqual({ facts: [], room: [] });
  });

  it("still lists a place told already with the one place left in its list", () => {
    const lines = [1, 10, 2, 3].map((n) => `src/shape_${n}.cpp:10:9: warning: unused variable 'unused_${n}'`);
    const places = [0, 1, 2, 3].map((i) => [i, i] as [number, number]);
    // Left: the highest numbered, an end of the list: a fact.
    expect(warningPlaces(lines, places, (i) => i !== 1)).toEqual({ facts: [[1, 1]], room: [] });
    // Left: one between the ends: room, as though none were told.
    expect(warningPlaces(lines, places, (i) => i !== 2)).toEqual({ facts: [], room: [[2, 2]] });
  });

  it("leaves gcc's 36 numbered unused variables out but their ends, every fact kept (fresh3 capture)", async () => {
    const { e, must } = await capturedCase("fresh3", "cmake-make-k-gxx");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text).not.toContain("‘unused_20’");
    expect(e.text.length).toBeLessThan(9000); // 12,758 before
  });

  it("leaves cargo's further warnings in a file out, every fact kept (fresh11 capture)", async () => {
    const { e, must } = await capturedCase("fresh11", "cargo-build-berths-f11");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(4000); // 6,806 before
  });
});
