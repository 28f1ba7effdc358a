import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a JSON document followed by a line of text", () => {
  it("is read as JSON: each rare record whole (fresh6 capture)", async () => {
    // A real `curl -s -w '\nHTTP %{http_code}\n'` of a bulk import result: the status line
    // after the document made it no JSON, and the generic excerpt kept a rejected row's
    // status and message but not its sku, two lines above.
    const { e } = await capturedCase("fresh6", "curl-bulk-import-nested-errors");
    expect(e.compressor).toBe("json");
    for (const fact of [
      '"sku": "SKU-A69651"',
      "price.amount must be > 0, got -12.5",
      '"sku": "SKU-D34746"',
      "size 'XXXL-tall' is not in size chart EU-apparel-v3",
      '"sku": "SKU-H56209"',
      '"next_cursor": "eyJyb3ciOjIyMH0"',
      "HTTP 200",
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps a problem however deep, with the keys it sits under (fresh6 capture)", async () => {
    // A real `npm ls --json --depth=1; echo "exit code: $?"`: npm's error lines, the tree,
    // npm's last error line and the exit status. The edited package is flagged twice, the
    // second time deep under eslint's dependencies.
    const { e } = await capturedCase("fresh6", "npm-ls-json-problems");
    expect(e.compressor).toBe("json");
    for (const fact of [
      "npm error code ELSPROBLEMS",
      '"invalid": "\\"9.17.0\\" from the root project, \\"9.17.0\\" from node_modules/eslint",',
      '    "eslint": {',
      "exit code: 1",
    ])
      expect(e.text).toContain(fact);
  });
});
