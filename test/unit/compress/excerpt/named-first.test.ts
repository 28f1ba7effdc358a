import { describe, expect, it } from "vitest";
import { namedFirst } from "../../../../src/compress/excerpt/named-first.ts";
import { capturedCase } from "../corpus.ts";

describe("where a file the last error says was not found first comes up", () => {
  it("keeps the loader's search for the library it could not open (fresh29 LD_DEBUG=libs)", async () => {
    const { e } = await capturedCase("fresh29", "ld-debug-libs-exporter-f29");
    expect(e.text).toContain("find library=libtidecodec.so.2 [0]; searching");
    expect(e.text).toContain(
      "trying file=/home/dev/work-fresh29/fx/fresh29/native/build/../lib/libtidecodec.so.2",
    );
  });

  it("takes the first line of each kind naming a file sought, when many lines name it", () => {
    const lines = [
      "find library=libfoo.so.1 [0]; searching",
      ...Array.from({ length: 6 }, (_, k) => `  trying file=/lib/d${k}/libfoo.so.1`),
      "./app: error while loading shared libraries: libfoo.so.1: cannot open shared object file",
    ];
    const kindOf = (i: number) => (i === 0 ? 0 : 1);
    expect(namedFirst(lines, 7, kindOf, () => true, 3, 8)).toEqual([0, 1]);
    // Few lines name it (the error's words pick them: stopped-by.ts), or the error says no file was not found: none.
    expect(namedFirst(lines, 7, kindOf, () => true, 10, 8)).toEqual([]);
    const said = [...lines.slice(0, 7), "./app: error: libfoo.so.1 is too old"];
    expect(namedFirst(said, 7, kindOf, () => true, 3, 8)).toEqual([]);
  });
});
