import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  estimateTokens,
  formatAge,
  formatAgo,
  formatBytes,
  formatMegabytes,
  formatTokens,
  groupDigits,
} from "../../../src/core/format.ts";

describe("core/format: sizes and tokens, one way everywhere", () => {
  it("writes sizes in B, KB and MB with one decimal", () => {
    expect([0, 512, 1023, 1024, 50_000, 1024 * 1024 - 1, 3_000_000].map(formatBytes)).toEqual([
      "0 B",
      "512 B",
      "1023 B",
      "1.0 KB",
      "48.8 KB",
      "1024.0 KB",
      "2.9 MB",
    ]);
  });

  it("writes sizes set against a cap in MB always in MB", () => {
    expect([0, 50_000, 4 * 1024 * 1024, 3_000_000_000].map(formatMegabytes)).toEqual([
      "0.0 MB",
      "0.0 MB",
      "4.0 MB",
      "2861.0 MB",
    ]);
  });

  it("writes token counts short, without trailing zeros", () => {
    expect([0, 950, 1000, 1500, 9_960, 34_240, 351_000, 1_000_000, 1_234_567].map(formatTokens)).toEqual([
      "0",
      "950",
      "1k",
      "1.5k",
      "10k",
      "34k",
      "351k",
      "1M",
      "1.23M",
    ]);
  });

  it("estimates a token per 4 characters, rounding up", () => {
    expect([0, 1, 4, 5, 74_631].map(estimateTokens)).toEqual([0, 1, 1, 2, 18_658]);
  });
});

describe("formatAge and formatAgo: when, one way in the statusline, doctor, monitor and injections", () => {
  it("writes the largest whole unit, hours up to two days, never a negative age", () => {
    const sec = 1000;
    expect(
      [0, 59.4, 60, 3599, 3600, 47 * 3600 + 59 * 60, 48 * 3600, 9 * 86_400].map((s) => formatAge(s * sec)),
    ).toEqual(["0s", "59s", "1m", "59m", "1h", "47h", "2d", "9d"]);
    expect(formatAge(-5000)).toBe("0s");
    expect(formatAgo(5 * 60_000)).toBe("5m ago");
  });
});

describe("groupDigits writes numbers as toLocaleString('en-US') does, without ICU", () => {
  it("agrees on the edges", () => {
    for (const n of [
      0, 7, 999, 1000, 1234, 99_999, 100_000, 999_999, 1_000_000, 1_234_567_890, -1234, 1234.6,
    ])
      expect(groupDigits(n)).toBe(Math.round(n).toLocaleString("en-US"));
  });
  it("agrees on any safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
  });
});
