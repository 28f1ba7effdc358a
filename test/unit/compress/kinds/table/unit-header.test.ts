import { describe, expect, it } from "vitest";
import { tables } from "../../../../../src/compress/kinds/table/detect.ts";
import { tablesExcerpt } from "../../../../../src/compress/kinds/table/excerpt.ts";
import { capturedCase } from "../../corpus.ts";

describe("a header whose columns name their unit in parentheses", () => {
  it("is a table's header: kubectl top's CPU(cores) and MEMORY(bytes) (fresh11 capture)", async () => {
    // A real `kubectl top pods -A` of 72 pods (replayed from holmesgpt's fixtures). Its
    // header was not read as one, for the parentheses, so the output went to the generic
    // excerpt, which kept none of the pods using the most memory once it grew past 8 KB.
    const { text, hints, must } = await capturedCase("fresh11", "kubectl-top-pods-all-f11");
    expect(tables.detect(text, hints)).toBeGreaterThan(0.5);
    const e = tablesExcerpt(text, hints, 1200);
    for (const fact of must) expect(e.text).toContain(fact);
  });
});
