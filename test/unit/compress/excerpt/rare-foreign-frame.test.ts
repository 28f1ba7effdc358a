import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { rank } from "../../../../src/compress/excerpt/engine.ts";
import { MUST } from "../../../../src/compress/excerpt/pack-items.ts";
import { capturedCase } from "../corpus.ts";

describe("a rare line that is a frame in the runtime's code", () => {
  it("is room, not a fact, while the user's frames stay facts (fresh4 capture)", async () => {
    // A Rust panic with RUST_BACKTRACE=full (rust-panic-full-backtrace): each std and core
    // frame's `at /rustc/<hash>/library/…` line is rare by its path, and each was a fact.
    const { text, e, must } = await capturedCase("fresh4", "rust-panic-full-backtrace");
    const lines = text.split("\n");
    const rareFacts = rank(docOf(text))
      .picks.filter((p) => p.why === "rare" && p.prio >= MUST)
      .map((p) => lines[p.to]!);
    expect(rareFacts.length).toBeGreaterThan(0);
    for (const line of rareFacts) expect(line).not.toMatch(/^\s+at \/rustc\//);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("a frame in the runtime's code holding an odd value", () => {
  it("is no outlier fact, while the user's frames stay facts (fresh4 capture)", async () => {
    // mvn test with parameterized JUnit tests: `at java.base/java.util.stream.ReferencePipeline…`
    // frames odd by their line number among the frames of one kind were facts as outliers.
    const { text, e, must } = await capturedCase("fresh4", "mvn-test-parameterized");
    const lines = text.split("\n");
    const outliers = rank(docOf(text))
      .picks.filter((p) => p.why === "outlier" && p.prio >= MUST)
      .map((p) => lines[p.to]!);
    for (const line of outliers) expect(line).not.toMatch(/^\s+at java\.base\//);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});
