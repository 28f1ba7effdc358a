import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { ALIGNED_HEADER, tables } from "../../../../../src/compress/kinds/table/detect.ts";
import { tablesExcerpt } from "../../../../../src/compress/kinds/table/excerpt.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { capturedCase } from "../../corpus.ts";

describe("an aligned table whose header names a column's unit", () => {
  // `kubectl top pods -A` (fresh5, 7.5 KB, passed whole) grown to twice its rows by the
  // robustness bench: its header `CPU(cores)   MEMORY(bytes)` was no header, a word held no
  // parenthesis, so the table was read as lines of a log split by namespace, and the pods
  // far above the rest in memory were left out.
  it("is a table, its rows far above the rest kept (kubectl top pods)", async () => {
    const { text, must, hints } = await capturedCase("fresh5", "kubectl-top-pods");
    const v = makeVariant(text, must, "grown2x");
    if (!("text" in v)) throw new Error(v.skip);
    const e = compressText(v.text, hints, excerptBudget(defaults(), v.text.length));
    expect(e.compressor).toBe("table");
    expect(e.text).toContain(
      "tempo-ingester-0                                              3m           1005Mi",
    );
    expect(e.text).toContain(
      "prometheus-robusta-kube-prometheus-st-prometheus-0            29m          553Mi",
    );
  });

  it("reads a word with its unit in parentheses as a header word", () => {
    expect(ALIGNED_HEADER.test("NAMESPACE  NAME   CPU(cores)   MEMORY(bytes)")).toBe(true);
    expect(ALIGNED_HEADER.test("NAME   SIZE(MB)   USED(%)")).toBe(true);
    expect(ALIGNED_HEADER.test("tempo  tempo-ingester-0  3m  1005Mi")).toBe(false);
  });

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
