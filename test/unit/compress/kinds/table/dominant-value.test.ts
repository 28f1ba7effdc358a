import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a small table where one value holds most rows", () => {
  it("shows the rows a few share outside it, as exceptions (fresh7 capture)", async () => {
    // A real `kubectl get pods -o wide --show-labels` replayed from holmesgpt's fixtures:
    // 23 of 31 pods Running, three kafka clients Unknown. Three of 31 is over the 5% a
    // rare value may hold, so only the pods alone in their status were shown.
    const { e } = await capturedCase("fresh7", "kubectl-get-pods-high-latency");
    expect(e.compressor).toBe("table");
    for (const pod of [
      "kafka-client ",
      "kafka-consumer ",
      "kafka-producer ",
      "get-data-wpsss ",
      "logging-agent ",
    ])
      expect(e.text).toContain(pod);
  });

  it("counts values held by three rows or fewer as rare only beside a value holding two thirds", async () => {
    const { rarity } = await import("../../../../../src/compress/excerpt/rare.ts");
    const status = (i: number) => (i < 3 ? "Unknown" : i === 3 ? "Error" : "Running");
    expect(rarity(Array.from({ length: 30 }, (_, i) => [`pod-${i}`, status(i)])).rare).toEqual([0, 1, 2, 3]);
    // No value holds two thirds: three of 30 is no exception.
    const mixed = (i: number) => (i < 3 ? "Unknown" : i % 2 ? "Running" : "Completed");
    expect(rarity(Array.from({ length: 30 }, (_, i) => [`pod-${i}`, mixed(i)])).rare).toEqual([]);
  });
});
