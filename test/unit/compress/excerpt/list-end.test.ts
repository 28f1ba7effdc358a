import { describe, expect, it } from "vitest";
import { listEnd } from "../../../../src/compress/excerpt/list-end.ts";
import { capturedCase } from "../corpus.ts";

describe("what a list ended with, before the block that counts it", () => {
  it("keeps black's last file over its verdict (fresh14 `black --check netcommon`)", async () => {
    // 108 `would reformat` lines, a blank, `Oh no!`, the count, the exit code; before, the
    // last file (urls.py) was left out of the excerpt.
    const { e } = await capturedCase("fresh14", "black-check-netcommon-f14");
    expect(e.text).toContain("would reformat /home/dev/work-fresh14/fx/fresh14/py/netcommon/urls.py");
  });

  it("reads only a closing block that totals or says how it ended", () => {
    const items = ["would reformat a.py", "would reformat b.py"];
    expect(listEnd([...items, "", "Oh no!", "2 files would be reformatted.", "exit code: 1", ""])).toBe(1);
    // A source file's last lines set apart by a blank: no list ends there.
    expect(listEnd(["  x = 1;", "}", "", "export default f;"])).toBe(-1);
    // A closing block longer than three lines, or none: nothing.
    expect(listEnd([...items, "", "a", "b", "c", "exit code: 1"])).toBe(-1);
    expect(listEnd([...items, "exit code: 1"])).toBe(-1);
  });
});
