import { describe, expect, it } from "vitest";
import { locatedBefore } from "../../../../src/compress/excerpt/around.ts";
import { capturedCase } from "../corpus.ts";

describe("a problem told on a caret line is located by what is above its source line", () => {
  it("reaches the block header over the source line a caret points at", () => {
    const lines = [
      "In f4/scripts/nightly.sh line 41:",
      "[[ -f /etc/job5.conf ]] && source /etc/job5.conf",
      "^---------------------^ SC3010 (warning): In POSIX sh, [[ ]] is undefined.",
      "                           ^-------------------^ SC3046 (warning): In POSIX sh, 'source' in place of '.' is undefined.",
    ];
    expect(locatedBefore(lines, 2)).toBe(0);
    expect(locatedBefore(lines, 3)).toBe(0);
  });

  it("keeps the `In f line N:` header of the last finding kept of a frequent code (fresh4 capture)", async () => {
    // A real shellcheck (tty format) over a 260-line script (36 KB, 193 findings). The
    // last SC3010 block was kept, source and caret, but not its `In f4/scripts/nightly.sh
    // line 252:` over them: the caret line was not known to point at the source line
    // above it, and the last of a frequent problem was not located at all.
    const { text, e, must } = await capturedCase("fresh4", "shellcheck-nightly");
    expect(text).toContain("In f4/scripts/nightly.sh line 252:\n[[ -f /etc/job38.conf ]]");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.25);
  });
});
