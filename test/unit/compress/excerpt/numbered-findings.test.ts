import { describe, expect, it } from "vitest";
import { numberedFindings } from "../../../../src/compress/excerpt/numbered-findings.ts";
import { json } from "../../../../src/compress/kinds/json/detect.ts";
import { capturedCase } from "../corpus.ts";

describe("a linter's numbered findings", () => {
  it("keeps where each of redocly's rare findings stands (fresh30 redocly lint of an OpenAPI document)", async () => {
    // Read as JSON (`[1] openapi…` looked like an array of one number), then as text whose
    // rare messages were kept without the headings saying where they stand.
    const { e } = await capturedCase("fresh30", "redocly-lint-openapi-f30");
    for (const heading of [
      "[8] openapi/vetline.yaml:217:5 at #/paths/~1vets~1{vetId}/delete/parameters",
      "[24] openapi/vetline.yaml:508:17 at #/paths/~1invoices~1{id}/get/parameters/0/name",
      "[38] openapi/vetline.yaml:629:23 at #/paths/~1reminders/post/responses/201/content/application~1json/schema",
      "[47] openapi/vetline.yaml:756:7 at #/paths/~1claims~1{claimId}/get/getClaim",
    ])
      expect(e.text).toContain(heading);
  });

  it("reads headings numbered in turn, and leaves the messages said by many", () => {
    const block = (n: number, line: number, message: string) => [
      `[${n}] api.yaml:${line}:5 at #/paths/x${n}`,
      "",
      message,
      "",
      `${line} | get:`,
      "",
    ];
    const lines = [
      ...Array.from({ length: 12 }, (_, k) =>
        block(k + 1, 10 + k, "Operation object should contain `summary` field."),
      ),
      block(13, 90, "Can't resolve $ref"),
      block(14, 95, "Every operation must have a unique `operationId`."),
    ].flat();
    expect(numberedFindings(lines).map((i) => lines[i])).toEqual([
      "[13] api.yaml:90:5 at #/paths/x13",
      "[14] api.yaml:95:5 at #/paths/x14",
    ]);
    expect(numberedFindings(["[2] a.yaml:1:1 x", "", "m", "[3] a.yaml:2:1 x", "", "m"])).toEqual([]);
  });

  it("does not read a numbered finding as a JSON array", () => {
    expect(
      json.detect("[1] openapi/vetline.yaml:79:5 at #/paths/x\n\nmessage\n", { tool: "Bash" }),
    ).toBeLessThan(0.5);
    expect(json.detect("[1]\n", { tool: "Bash" })).toBeGreaterThanOrEqual(0.7);
    expect(json.detect("[1, 2, 3]\n", { tool: "Bash" })).toBeGreaterThanOrEqual(0.7);
    expect(json.detect('{"a": [1]}\n', { tool: "Bash" })).toBeGreaterThanOrEqual(0.7);
  });
});
