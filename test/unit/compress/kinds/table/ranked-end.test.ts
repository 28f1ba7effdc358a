import { describe, expect, it } from "vitest";
import { rankedEnd } from "../../../../../src/compress/excerpt/ranked.ts";
import { capturedCase } from "../../corpus.ts";

describe("a table piped through a numeric sort", () => {
  it("keeps the rows at its sorted end, the largest (fresh11 captures)", async () => {
    // Real `du -h venv | sort -h` and `du -h --max-depth=2 web/node_modules | sort -h`: the
    // user reads the last rows, the biggest folders. Only the last two rows were kept, and
    // a size that only grows row after row counted as places, so the 40M leftover pip build
    // and the 92M webpack cache inside node_modules were dropped.
    const venv = await capturedCase("fresh11", "du-h-venv-sorted-f11");
    for (const fact of [
      "40M\tvenv/lib/python3.11/site-packages/.pip-build-tmp-8t2k",
      "17M\tvenv/lib/python3.11/site-packages/pip",
    ])
      expect(venv.e.text).toContain(fact);
    const web = await capturedCase("fresh11", "du-depth2-web-node-modules-f11");
    for (const fact of [
      "189M\tweb/node_modules/node/node_modules",
      "96M\tweb/node_modules/@google/gemini-cli",
      "92M\tweb/node_modules/.cache/webpack",
    ])
      expect(web.e.text).toContain(fact);
  });

  it("reads which end holds the largest values from the command", () => {
    expect(rankedEnd("du -h venv | sort -h")).toBe("tail");
    expect(rankedEnd("du -ah var | sort -rh | head -n 120")).toBe("head");
    expect(rankedEnd("find . -printf '%s\\t%p\\n' | sort -k1,1n | tail -n 50")).toBe("tail");
    expect(rankedEnd("du -k -d 2 node_modules | sort --numeric-sort --reverse")).toBe("head");
    expect(rankedEnd("cut -f2 access.log | sort | uniq -c")).toBeUndefined();
    expect(rankedEnd("du -h | sort -h | awk '{print $2}'")).toBeUndefined();
    expect(rankedEnd('(cd venv && du -h . | sort -h); echo "exit code: $?"')).toBe("tail");
    expect(rankedEnd('du -h | sort -h; echo "exit code: $?"')).toBe("tail");
    expect(rankedEnd("cat sizes.txt")).toBeUndefined();
  });
});
