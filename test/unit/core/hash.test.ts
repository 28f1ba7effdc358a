import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fingerprint } from "../../../src/core/hash.ts";

describe("fingerprint: the same text, the same key; another text, another key", () => {
  it("is stable and tells apart texts that differ in one character, order or length", () => {
    const a = "PASS src/a.test.ts\nFAIL src/b.test.ts\n";
    expect(fingerprint(a)).toBe(fingerprint(`${a}`));
    expect(fingerprint(a)).not.toBe(fingerprint(a.replace("FAIL", "PASS")));
    expect(fingerprint("ab")).not.toBe(fingerprint("ba"));
    expect(fingerprint("a")).not.toBe(fingerprint("a\n"));
  });
  it("gives distinct keys to distinct random texts", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (x, y) => {
        fc.pre(x !== y);
        expect(fingerprint(x)).not.toBe(fingerprint(y));
      }),
      { numRuns: 2000 },
    );
  });
});
