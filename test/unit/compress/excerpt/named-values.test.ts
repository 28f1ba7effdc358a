import { describe, expect, it } from "vitest";
import { namedOutliers } from "../../../../src/compress/excerpt/named-values.ts";
import { capturedCase } from "../corpus.ts";

describe("rare named values across lines of no one kind", () => {
  it("keeps the one suite whose Mac= no other has (fresh16 `openssl ciphers -v`, NULL-MD5 among 157)", async () => {
    // Each suite's name made its line a kind of its own, so no field was read for a rare value.
    const { e, must } = await capturedCase("fresh16", "openssl-ciphers-v-f16");
    const md5 = must.find((m) => m.startsWith("NULL-MD5"))!;
    expect(e.text).toContain(md5);
  });

  it("reads fields nearly every line names, of few values, and only their rare values", () => {
    const lines = Array.from(
      { length: 30 },
      (_, k) => `suite-${k} Kx=${k % 3 ? "RSA" : "DH"} Mac=${k % 2 ? "SHA1" : "AEAD"}`,
    );
    lines.push("suite-odd Kx=RSA Mac=MD5");
    const out = new Map<string, number[]>();
    namedOutliers(
      lines,
      lines.map((_, i) => i),
      out,
    );
    expect([...out]).toEqual([["named:Mac=MD5", [30]]]);
    // A field few lines name, or one of many values (a duration), tells nothing.
    const varied = Array.from({ length: 30 }, (_, k) => `req took=${k}ms${k === 3 ? " retry=1" : ""}`);
    const none = new Map<string, number[]>();
    namedOutliers(
      varied,
      varied.map((_, i) => i),
      none,
    );
    expect(none.size).toBe(0);
  });

  it("reads a category's values with a pattern of its keys alone as with any key's", () => {
    // The whole read looks for the sampled keys only; a key that another opens (`a`, `a.b`),
    // a longer one (`a-cc`), one inside a token (`xlvl`) or with no value (`lvl==`) reads
    // as it did: each line's first value of each key.
    const lines = Array.from({ length: 40 }, (_, k) => `req ${k} lvl=info a.b=x a-c=y a=1`);
    lines[7] = "req 7 xlvl=warn lvl=info a.b=x a-c=y a=1";
    lines[9] = "req 9 lvl==warn lvl=debug a.b=x a-c=y a=1";
    lines[11] = "req 11 lvl=info a.b=z a-c=y a=1";
    lines[13] = "req 13 lvl=info a.b=x a-cc=y a-c=w a=1";
    lines[15] = "req 15 lvl=info a.b=x a-c=y a=2 a=1";
    const out = new Map<string, number[]>();
    namedOutliers(
      lines,
      lines.map((_, i) => i),
      out,
    );
    expect([...out].sort()).toEqual([
      ["named:a-c=w", [13]],
      ["named:a.b=z", [11]],
      ["named:a=2", [15]],
      ["named:lvl=debug", [9]],
    ]);
  });
});
