import { describe, expect, it } from "vitest";
import { ruleFirstRow, rulesFirst } from "../../../../../src/compress/kinds/compile/rule-first.ts";
import { capturedCase } from "../../corpus.ts";

describe("a stylish table with the rule after the severity (spectral)", () => {
  it("keeps spectral's error rows of rules seen once or twice (fresh30 spectral lint of an OpenAPI document)", async () => {
    // Read as ESLint's stylish, each row's document path (`paths./vets/{vetId}.delete`) was
    // its rule: 73 rules of one row each, whose firsts (47 warnings of one rule among them)
    // went before every error in line order.
    const { e } = await capturedCase("fresh30", "spectral-lint-openapi-f30");
    for (const row of [
      "217:12    error  path-params                   Operation must define parameter",
      "756:20    error  operation-operationId-unique  Every operation must have unique",
      "614:31    error  invalid-ref                   '#/components/schemas/ReminderPage' does not exist",
      "605:14    error  operation-tag-defined         Operation tags must be defined in global tags.",
    ])
      expect(e.text).toContain(row);
  });

  it("reads the rule, message and place of each row, only where every row has its rule first", () => {
    const spectral = [
      "/work/openapi.yaml",
      '   2:6    warning  info-contact   Info object must have "contact" object.   info',
      '  217:12    error  path-params    Operation must define parameter "{vetId}".   paths./vets/{vetId}.delete',
    ];
    expect(rulesFirst(spectral)).toBe(true);
    expect(ruleFirstRow(spectral[2]!)).toEqual({
      line: 217,
      col: 12,
      severity: "error",
      rule: "path-params",
      message: 'Operation must define parameter "{vetId}".',
      where: "paths./vets/{vetId}.delete",
    });
    // ESLint's stylish: the message's first word is followed by one blank, the rule is last.
    const eslint = [
      "/work/src/a.js",
      "  1:5   error    'x' is assigned a value but never used  no-unused-vars",
      "  3:1   warning  Unexpected console statement            no-console",
    ];
    expect(rulesFirst(eslint)).toBe(false);
    expect(rulesFirst(spectral.slice(0, 2))).toBe(false);
  });
});
