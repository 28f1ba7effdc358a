import { describe, expect, it } from "vitest";
import { intentLines } from "../../../../src/compress/excerpt/intent.ts";
import { capturedCase } from "../corpus.ts";

describe("a word the agent said in the plural", () => {
  it("is held where a word starts, not inside one name (fresh15 `perlcritic --severity 3 Debconf`)", async () => {
    // "Critique the modules at severity 3": `modules` held in `ConfModule.pm`'s 49 findings
    // made them facts by intent, one module of a hundred, and the findings of a kind seen
    // once lost their room.
    const { text, e } = await capturedCase("fresh15", "perlcritic-severity3-debconf-spilled-f15");
    const lines = text.split("\n");
    const asked = intentLines(lines, "Critique the modules at severity 3").map((i) => lines[i]!);
    expect(asked.filter((l) => l.startsWith("Debconf/ConfModule.pm:"))).toEqual([]);
    expect(asked.some((l) => l.includes("a prompting module instead"))).toBe(true);
    expect(e.text).toContain("Debconf/Config.pm: Subroutine prototypes used at line 26, column 1.");
  });

  it("keeps a singular word held inside a name, as before", () => {
    const lines = ["ok a", "ok b", "ok c", "fail parseRetryAfter", "ok d", "ok e", "ok f", "ok g", "ok h"];
    expect(intentLines(lines, "why does retry break")).toEqual([3]);
    expect(intentLines(["x ConfModule.pm", ...lines], "check the modules")).toEqual([]);
    expect(intentLines(["x ConfModule.pm", ...lines], "check the module")).toEqual([0]);
  });
});
