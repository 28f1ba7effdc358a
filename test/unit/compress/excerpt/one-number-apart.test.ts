import { describe, expect, it } from "vitest";
import { outliers } from "../../../../src/compress/excerpt/outliers.ts";
import { capturedCase } from "../corpus.ts";

/** The lines outliers() finds in one kind made of `lines`. */
function odd(lines: string[]): number[] {
  const out = new Map<string, number[]>();
  outliers(lines, { members: lines.map((_, i) => i) }, out, () => 0);
  return [...new Set([...out.values()].flat())].sort((a, b) => a - b);
}

describe("among a few lines alike, the one whose number all the others share is news", () => {
  it("keeps the pod pulling timeserver:4 among six pulling :3 (fresh13 capture, kubectl get events)", async () => {
    const { e } = await capturedCase("fresh13", "kubectl-get-events-hpa-f13");
    expect(e.text).toContain('Pulling image "docker.io/wdenniss/timeserver:4"');
  });

  it("finds the one tag apart among seven lines, and none where the numbers differ by chance", () => {
    const tagged = [3, 3, 3, 3, 4, 3, 3].map(
      (t, i) => `Pulling image "example/server:${t}" for pod-${"abcdefg"[i]}`,
    );
    expect(odd(tagged)).toEqual([4]);
    const spread = [3, 5, 3, 9, 4, 7, 3].map(
      (t, i) => `Pulling image "example/server:${t}" for pod-${"abcdefg"[i]}`,
    );
    expect(odd(spread)).toEqual([]);
  });
});
