import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("titles said over and over head records, not an outline's sections", () => {
  it("shellcheck's `In f line N:` and `Did you mean:` are told as a kind, not shown each with nothing under it (fresh4 capture)", async () => {
    // 136 findings, each under `In f line N:` and most with `Did you mean:`: both end in a
    // colon and read as section titles, so each was kept as room, cut from the lines it heads.
    const { e, must } = await capturedCase("fresh4", "shellcheck-nightly");
    expect(e.compressor).toBe("generic");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    const lines = e.text.split("\n");
    // A title shown heads what it titles (a finding's place its source line, `Did you mean:`
    // its suggestion), but for a kind's first or last told with its count: not another
    // title or a cut (there were 25 such).
    const headless = lines.filter(
      (l, k) =>
        /^(?:In \S+ line \d+:|Did you mean:)/.test(l) &&
        /^(?:In \S+ line \d+:|Did you mean:|\[lines \d+)|^$/.test(lines[k + 1] ?? ""),
    );
    expect(headless.length, headless.join("\n")).toBeLessThanOrEqual(2);
  });

  it("titles that name their sections are still an outline (objdump's `Disassembly of section .text:`)", async () => {
    // test/unit/compress/corpus.test.ts's generic-objdump-disasm.txt lost its `.text` title
    // when titles were told apart by their template (one kind, with other section names).
    const { genericExcerpt } = await import("../../../../../src/compress/kinds/generic/excerpt.ts");
    const body = (k: number) =>
      Array.from({ length: 60 }, (_, j) => `  ${(k * 4096 + j * 4).toString(16)}:\tnop`);
    const sections = [".init", ".plt", ".text", ".fini"];
    const text = sections
      .flatMap((s, k) => [`Disassembly of section ${s}:`, "", ...body(k + 1), ""])
      .join("\n");
    const e = genericExcerpt(text, { tool: "Bash", command: "objdump -d a.out" }, 1500);
    for (const s of sections) expect(e.text).toContain(`Disassembly of section ${s}:`);
  });

  it("a help text's titles are still its outline", async () => {
    const { genericExcerpt } = await import("../../../../../src/compress/kinds/generic/excerpt.ts");
    const opts = Array.from({ length: 200 }, (_, k) => `  --option-${k}    does thing number ${k}`);
    const text = [
      "Usage: tool [options]",
      "",
      "Options:",
      ...opts.slice(0, 100),
      "",
      "Advanced:",
      ...opts.slice(100),
    ].join("\n");
    const e = genericExcerpt(text, { tool: "Bash", command: "tool --help" }, 1500);
    expect(e.text).toContain("Options:");
    expect(e.text).toContain("Advanced:");
  });
});
