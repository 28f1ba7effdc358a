import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("git diff --stat", () => {
  it("keeps the largest changes, however large (fresh6 capture)", async () => {
    // A real `git diff --stat=160 HEAD~120 HEAD -- holmes` of 106 files: each entry was
    // ranked by its size with a cap, so every change of 256 lines or more ranked alike and
    // the kinds of line the engine shows went first; the 1,616-line change was left out.
    const { e } = await capturedCase("fresh6", "git-diff-stat-range");
    expect(e.compressor).toBe("git-diff");
    for (const fact of [
      "106 files changed, 8429 insertions(+), 2371 deletions(-)",
      "holmes/plugins/toolsets/opensearch/opensearch_ppl_query_docs.jinja2            | 1616",
      "holmes/core/tool_calling_llm.py                                                |  537",
      "holmes/plugins/toolsets/datadog/toolset_datadog_general.py                     |  530",
      "holmes/plugins/toolsets/datadog/datadog_api.py                                 |  498",
    ])
      expect(e.text).toContain(fact);
  });
});
