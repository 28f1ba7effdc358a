import { describe, expect, it } from "vitest";
import { severityTag } from "../../../../src/compress/excerpt/severity-tag.ts";
import { isProblem, isSevere } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a severity tagged with its rule at a line's end (eslint -f unix)", () => {
  it("reads each of ESLint's [Error/rule] lines as an error, [Warning/rule] as a warning (fresh22)", async () => {
    const { text } = await capturedCase("fresh22", "eslint-unix-lodash-spilled-f22");
    const lines = text.split("\n");
    const errors = lines.filter((l) => l.endsWith("]") && l.includes("[Error/"));
    const warnings = lines.filter((l) => l.endsWith("]") && l.includes("[Warning/"));
    expect(errors.length).toBeGreaterThan(100);
    expect(warnings.length).toBeGreaterThan(50);
    for (const l of errors) expect(isProblem(l) && isSevere(l), l).toBe(true);
    for (const l of warnings) expect(isProblem(l) && !isSevere(l), l).toBe(true);
  });

  it("reads the tag alone, at the line's end", () => {
    expect(severityTag("a.js:5:1: Unexpected var. [Error/no-var]")).toBe("Error");
    expect(severityTag("a.js:5:1: x. [Warning/@typescript-eslint/no-unused-vars]")).toBe("Warning");
    expect(severityTag("[Error/no-var] in a.js")).toBeUndefined();
    expect(severityTag("see [src/errors/index.ts]")).toBeUndefined();
    expect(isProblem("  src/errors/index.ts")).toBe(false);
  });
});
