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
});
