import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("git log -p", () => {
  it("keeps the changed lines of each edit made once, with its commit as git printed it (fresh2 capture)", async () => {
    // A real `git log -p v1.0.0..main` (17 KB, 17 commits): fourteen "tune partN"
    // commits make the same two edits, two commits change the shipping rates. The patches
    // were dropped for a list of hashes and subjects, losing which commit changed what.
    const { text, e, must } = await capturedCase("fresh2", "git-log-patch");
    expect(e.compressor).toBe("git-log");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    // The commit of a shown change reads as git printed it: its header line, then its subject.
    expect(e.text).toContain(
      "commit f1937391a0f05d84551266698cc70fd92664010e\n    shipping: campaign config for spring\n",
    );
    // The edits made alike in fourteen commits are counted, not repeated.
    expect(e.text.match(/return x \* 1 \+ \d+; \}/g)!.length).toBeLessThan(5);
    expect(e.text.length).toBeLessThan(text.length * 0.25);
  });
});
