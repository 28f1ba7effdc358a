import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("whether a run went on past a failure", () => {
  it("keeps the loop's next item after its failed one (fresh14 capture, ansible-playbook -v)", async () => {
    // A real ansible-playbook -v (35 KB, spilled): a template loop over 30 presses fails on
    // press-23 and goes on. The two items before the failure were kept, the one after it
    // was not, and the excerpt could not tell the loop stopped from the loop going on.
    const { text, e } = await capturedCase("fresh14", "ansible-playbook-site-v-spilled-f14");
    expect(e.text).toContain("failed: [localhost] (item=press-23) =>");
    expect(e.text).toContain("changed: [localhost] => (item=press-24)");
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});
