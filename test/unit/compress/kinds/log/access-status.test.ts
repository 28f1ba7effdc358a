import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("an access log of error responses", () => {
  it("does not count a path's 502s and 504s among its 404s (fresh2 capture)", async () => {
    // A real `awk '$9 != 200 && $9 != 304' access.log` (42 KB, 380 lines): every line is an
    // error response, mostly 404s and 499s on every path, and a burst of 502s and 504s on
    // /api/payments/confirm. Masking frees the status like any number, so the burst was
    // counted with that path's 404s and no 5xx line was shown.
    const { text, e, must } = await capturedCase("fresh2", "awk-non-200-requests");
    expect(e.compressor).toBe("log");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    // Each status of the burst is counted apart, by its first line.
    expect(e.text).toMatch(/" 502 2113 .*\[×11 like this, lines \d+-\d+\]$/m);
    expect(e.text).toMatch(/" 504 30214 .*\[×12 like this, lines \d+-\d+\]$/m);
    expect(e.text.length).toBeLessThan(text.length * 0.2);
  });
});
