import { describe, expect, it } from "vitest";
import { exceptionWithEnd, opensWithException } from "../../../../src/compress/excerpt/exception-end.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a line too long to show whole that opens with an exception", () => {
  it("keeps aws-cdk's cyclic reference, its head and its closing sentence (fresh30 cdk synth)", async () => {
    // One 13,312-character line: templates skip it and problem words were not read in it,
    // so the excerpt left it out, the one line saying why synth failed.
    const { e } = await capturedCase("fresh30", "cdk-synth-cyclic-reference-f30");
    expect(e.text).toContain("ValidationError: 'VetlineApi-staging' depends on 'VetlineData-staging'");
    expect(e.text).toContain(
      "Adding this dependency (VetlineData-staging -> VetlineApi-staging/ClinicsHandler/SecurityGroup/Resource.GroupId) would create a cyclic reference.",
    );
  });

  it("is a problem however long, and is cut to its head and last sentence", () => {
    const middle = Array.from({ length: 400 }, (_, k) => `{A/F${k}}.addDependency({B/R${k}})`).join(", ");
    const line = `ValidationError: 'A' depends on 'B' (${middle}). Adding this dependency (B -> A/F1) would create a cycle.`;
    expect(line.length).toBeGreaterThan(4000);
    expect(isProblem(line)).toBe(true);
    expect(isProblem(`{"msg":"${"x".repeat(5000)} error"}`)).toBe(false);
    const shown = exceptionWithEnd(line, 600)!;
    expect(shown.startsWith("ValidationError: 'A' depends on 'B' (")).toBe(true);
    expect(shown).toContain(" … Adding this dependency (B -> A/F1) would create a cycle.");
    expect(shown).toMatch(/\[\d+ of [\d,]+ chars shown\]$/);
    // Not an exception at its start, or no sentence at its end: cut as any line is.
    expect(exceptionWithEnd(`note: ${middle}.`, 600)).toBeUndefined();
    expect(exceptionWithEnd(`Error: ${middle}`, 600)).toBeUndefined();
    expect(opensWithException("  aws.ValidationError: x")).toBe(true);
    expect(opensWithException("at Error: x")).toBe(false);
  });
});
