import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { recordKey } from "../../../../src/compress/excerpt/record-key.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

describe("the key of a record laid out one field a line", () => {
  it("keeps the assignment of the one Huawei Symantec record (fresh17 `mlr --oxtab … Huawei`)", async () => {
    // 150 records of four fields; the odd vendor's name and address are rare lines, kept,
    // but which record (its assignment) was not.
    const { e } = await capturedCase("fresh17", "mlr-huawei-xtab-f17");
    expect(e.text).toContain("Organization Name    Huawei Symantec Technologies Co.,Ltd.");
    expect(e.text).toContain("Assignment           0022A1");
  });

  it("is the field whose value differs in every record, not one every record shares", () => {
    const record = (k: number, name: string) => [
      "Registry  MA-L",
      `Assignment  ${(0x10327e + k * 4099).toString(16).toUpperCase()}`,
      `Name  ${name}`,
      "",
    ];
    const lines = Array.from({ length: 12 }, (_, k) =>
      record(k, k === 5 ? "Odd Corp Symantec" : "Usual Device Co"),
    ).flat();
    const t = templatesOf(docOf(lines.join("\n")), () => false);
    const odd = lines.indexOf("Name  Odd Corp Symantec");
    expect(recordKey(t, lines, odd)).toEqual([odd - 1, odd - 1]);
    // Not in a paragraph or a list without blank-separated records.
    const flat = lines.filter((l) => l !== "");
    expect(
      recordKey(
        templatesOf(docOf(flat.join("\n")), () => false),
        flat,
        flat.indexOf("Name  Odd Corp Symantec"),
      ),
    ).toBeUndefined();
  });
});
