import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { fewByShape } from "../../../../src/compress/excerpt/few-shapes.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

describe("a kind of line seen a few times in all, its templates split by path", () => {
  it("keeps perlcritic's one kind in three files (fresh15 `perlcritic Debconf`)", async () => {
    // 112 findings of a few kinds said again and again, each kind split into templates by
    // file; `Integer with leading zeros` stands in three files only, one template of three
    // (not rare by count). Before, only its first line showed, as room allowed: lost.
    const { e } = await capturedCase("fresh15", "perlcritic-debconf-f15");
    for (const file of ["PackageDir.pm", "Directory.pm", "File.pm"])
      expect(e.text).toContain(`Debconf/DbDriver/${file}: Integer with leading zeros: "0600"`);
  });

  it("reads only an output whose templates split what shapes join", () => {
    // Three kinds in five directories, and one kind in three files of one directory.
    const dirs = ["FrontEnd", "DbDriver", "Element", "Client", "Format"];
    const kinds = ["Two-argument open used", "Stricture disabled", "Return with explicit undef"];
    const finding = (k: number) =>
      `Lib/${dirs[k % 5]}/M${k % 7}.pm: ${kinds[k % 3]} at line ${10 + k}, column 2.`;
    const many = Array.from({ length: 60 }, (_, k) => finding(k));
    const three = ["A", "B", "C"].map(
      (f) => `Lib/DbDriver/${f}.pm: Integer with leading zeros: "0600" at line 9.`,
    );
    const lines = [
      ...many.slice(0, 20),
      three[0]!,
      ...many.slice(20, 40),
      three[1]!,
      ...many.slice(40),
      three[2]!,
    ];
    const t = templatesOf(docOf(lines.join("\n")), () => false);
    const few = fewByShape(t, 2, () => true);
    expect(few).toBeDefined();
    const at = t.list.filter((tpl) => few!(tpl)).map((tpl) => lines[tpl.members[0]!]);
    expect(at).toEqual([three[0]]);
    // The same lines in one directory: templates and shapes alike, no kind is told apart so.
    const one = lines.map((l) => l.replace(/Lib\/\w+\/\w+/, "Lib/M"));
    expect(
      fewByShape(
        templatesOf(docOf(one.join("\n")), () => false),
        2,
        () => true,
      ),
    ).toBeUndefined();
  });
});
