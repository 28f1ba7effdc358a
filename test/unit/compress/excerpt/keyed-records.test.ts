import { describe, expect, it } from "vitest";
import { keyedRecords } from "../../../../src/compress/excerpt/keyed-records.ts";
import { capturedCase } from "../corpus.ts";

describe("records each opening with the same `Key: value` line", () => {
  it("keeps every node's name and the versions that differ (fresh13 `kubectl describe node`)", async () => {
    // Three nodes: the generic compressor kept the section headers but not the second and
    // third `Name:` lines, nor the kubelet versions that tell the server from the agents.
    const { e } = await capturedCase("fresh13", "kubectl-describe-node-k3s-f13");
    expect(e.text).toContain("Name:               1960955-cr63564.twc1.net");
    expect(e.text).toContain("Name:               dimweb-b560-hd3");
    expect(e.text).toContain("Kubelet Version:            v1.25.6+k3s1");
    expect(e.text).toContain("Kubelet Version:            v1.27.5+k3s1");
    expect(e.text).toContain("Non-terminated Pods:          (15 in total)");
    // A row of the record's resources table, named by its first word, differs too.
    expect(e.text).toContain("cpu                1 (50%)       800m (40%)");
  });

  it("keeps each pod's name and the one that `Succeeded` (fresh13 `kubectl describe pods`)", async () => {
    const { e } = await capturedCase("fresh13", "kubectl-describe-pods-analytickit-spilled-f13");
    expect(e.text).toContain("analytickit-events-769f9c7564-xkz2j");
    expect(e.text).toContain("Status:           Succeeded");
  });

  it("reads records only where the first line's key opens several, each holding fields", () => {
    const pkg = (name: string, version: string) => [
      `Name: ${name}`,
      `Version: ${version}`,
      "Summary: a package",
      "Location: /usr/lib/python3/site-packages",
      `Requires: ${name === "a" ? "" : "a"}`.trimEnd(),
      "---",
    ];
    const lines = [...pkg("a", "1.0"), ...pkg("b", "1.0"), ...pkg("c", "2.0")];
    const r = keyedRecords(lines)!;
    expect(r.openings).toEqual([0, 6, 12]);
    // Version takes two values over three records: the first line of each; Summary one value, none.
    expect(r.differing).toEqual([1, 13]);
    // A header said twice, with no fields under it, is no record.
    expect(keyedRecords(["Error: x", "", "Error: y"])).toBeUndefined();
  });
});
