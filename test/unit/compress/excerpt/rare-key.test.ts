import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a record whose field at a place is named by a key few records hold there", () => {
  it("keeps a package's result among go test -json's test events (fresh8 capture)", async () => {
    // A real `go test -json ./...` spilled by Claude Code: a test's events carry a "Test"
    // field, a package's do not, so its result holds "Elapsed" where a test's holds "Test".
    // Every value there differed (each test's name), so no field told the two apart.
    const { e } = await capturedCase("fresh8", "go-test-json-spilled");
    for (const fact of [
      '"Action":"pass","Package":"example.com/settle/cache","Elapsed":0.005',
      '"Action":"pass","Package":"example.com/settle/fx","Elapsed":0.009',
    ])
      expect(e.text).toContain(fact);
  });

  it("reads a field's key, not its value, where every value is named", async () => {
    const { outliers } = await import("../../../../src/compress/excerpt/outliers.ts");
    // Each user's name is its own word: neither the values nor their words are few.
    const name = (i: number) => `user${"abcdefghij"[i % 10]}${"klmnop"[Math.floor(i / 10)]}`;
    const lines = Array.from({ length: 40 }, (_, i) =>
      i === 17 ? `id=${i} state=${name(i)} took=3ms` : `id=${i} user=${name(i)} took=3ms`,
    );
    const out = new Map<string, number[]>();
    outliers(lines, { members: lines.map((_, i) => i) }, out, () => 0);
    expect([...out.values()]).toContainEqual([17]);
  });
});
