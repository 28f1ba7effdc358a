import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { mixWasmBase64 } from "../../../scripts/mix-wasm.ts";
import { fingerprint, fingerprintInJs, MIX_WASM } from "../../../src/core/hash.ts";

const FIXTURES = join(import.meta.dirname, "../../fixtures/outputs");

describe("fingerprint: the same text, the same key; another text, another key", () => {
  it("is stable and tells apart texts that differ in one character, order or length", () => {
    const a = "PASS src/a.test.ts\nFAIL src/b.test.ts\n";
    expect(fingerprint(a)).toBe(fingerprint(`${a}`));
    expect(fingerprint(a)).not.toBe(fingerprint(a.replace("FAIL", "PASS")));
    expect(fingerprint("ab")).not.toBe(fingerprint("ba"));
    expect(fingerprint("a")).not.toBe(fingerprint("a\n"));
  });
  it("tells apart texts that differ only in their odd last code unit or a code unit's high bits", () => {
    expect(fingerprint("abc")).not.toBe(fingerprint("abd"));
    expect(fingerprint("ab\u0100")).not.toBe(fingerprint("ab\u0200"));
    expect(fingerprint("a\u4e00bc")).not.toBe(fingerprint("a\u4e01bc"));
    // The same text, whether or not it was just hashed (the last key is kept).
    const big = "x".repeat(50_001);
    const key = fingerprint(big);
    expect(fingerprint("other")).not.toBe(key);
    expect(fingerprint("x".repeat(50_001))).toBe(key);
    expect(fingerprint(`${big}y`)).not.toBe(key);
  });
  it("hashes an output once though a short key is hashed between its lookup and its record", () => {
    // The PostToolUse filing looks an output up, hashes the call's key (tool and label),
    // then records the output: the short key must not make the output be hashed again.
    const output = "line of a 50 KB output\n".repeat(2000);
    const measured = vi.spyOn(Buffer, "byteLength");
    try {
      const key = fingerprint(output);
      fingerprint("Bash\u0000npm test");
      expect(fingerprint(output)).toBe(key);
      expect(measured.mock.calls.filter((c) => c[0] === output)).toHaveLength(1);
    } finally {
      measured.mockRestore();
    }
  });
  it("tells apart ASCII and other texts whose bytes coincide, and texts that differ in their last bytes", () => {
    // "abcd" read as one byte a unit, "\u6261\u6463" as two: the same four bytes.
    expect(fingerprint("abcd")).not.toBe(fingerprint("\u6261\u6463"));
    for (const tail of ["a", "ab", "abc"])
      expect(fingerprint(`wxyz${tail}`)).not.toBe(fingerprint(`wxyz${tail}!`));
    expect(fingerprint("wxyza")).not.toBe(fingerprint("wxyzb"));
    expect(fingerprint("caf\u00e9")).not.toBe(fingerprint("cafe"));
  });
  it("gives distinct keys to distinct random texts", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (x, y) => {
        fc.pre(x !== y);
        expect(fingerprint(x)).not.toBe(fingerprint(y));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), fc.nat(63), fc.nat(0xffff), (x, at, unit) => {
        const i = at % Math.max(1, x.length);
        const y = x.slice(0, i) + String.fromCharCode(unit) + x.slice(i + 1);
        fc.pre(x !== y);
        expect(fingerprint(x)).not.toBe(fingerprint(y));
      }),
      { numRuns: 2000 },
    );
  });
  it("holds the WebAssembly module equal to its source (mix-wasm.ts)", () => {
    expect(MIX_WASM).toBe(mixWasmBase64());
  });
  it("gives the same key from WebAssembly as from the JavaScript loop, for texts long enough to use it", () => {
    const log = readFileSync(join(FIXTURES, "log-nginx-access.txt"), "utf8");
    // Every leftover byte count, ASCII and not, and a text that makes the memory grow.
    for (const t of [
      log,
      log.slice(1),
      log.slice(2),
      log.slice(3),
      `${log}é`,
      `${log}é`.slice(3),
      log.repeat(3),
    ])
      expect(fingerprint(t)).toBe(fingerprintInJs(t));
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1, maxLength: 40 }), fc.nat(300), (x, extra) => {
        const t = x.repeat(Math.ceil(4200 / x.length)) + "a".repeat(extra);
        expect(fingerprint(t)).toBe(fingerprintInJs(t));
      }),
      { numRuns: 300 },
    );
  });
});
