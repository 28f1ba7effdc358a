import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a row kept for its rare value is shown whole", () => {
  it("keeps both Warning events of an HPA whole among 51 Normal ones (fresh13 capture, kubectl get events)", async () => {
    // The two Warnings are 517 and 737 characters; the cause (the external metrics API does
    // not serve the metric) is at their end, and the 240-character cut dropped it.
    const { e } = await capturedCase("fresh13", "kubectl-get-events-hpa-f13");
    for (const fact of [
      "resource.labels.forwarding_rule_name: k8s2-fr-21mgs2fl",
      "unable to fetch metrics from external metrics API: the server could not find the requested resource (get loadbalancing.googleapis.com|https|request_count.external.metrics.k8s.io)",
      "invalid metrics (1 invalid out of 1)",
    ])
      expect(e.text).toContain(fact);
    expect(e.text).not.toContain("… [+");
  });
});
