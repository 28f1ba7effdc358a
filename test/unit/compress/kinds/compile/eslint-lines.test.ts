import { describe, expect, it } from "vitest";
import { oneLineProblem } from "../../../../../src/compress/kinds/compile/eslint-lines.ts";
import { capturedCase } from "../../corpus.ts";

describe("ESLint's one-line formats (unix, compact)", () => {
  it("keeps the rules rare among 1773 problems of `-f unix` over lodash-es (fresh22)", async () => {
    const { e } = await capturedCase("fresh22", "eslint-unix-lodash-spilled-f22");
    for (const rare of [
      "_asciiWords.js:2:19: Unexpected control character(s) in regular expression: \\x00. [Error/no-control-regex]",
      "_baseOrderBy.js:37:52: 'key' is defined but never used. [Error/no-unused-vars]",
      "_createSet.js:15:50: Unexpected comma in middle of array. [Error/no-sparse-arrays]",
      "_equalByTag.js:57:5: Expected a 'break' statement before 'case'. [Error/no-fallthrough]",
      // Read by what it says past its place, each of a rare rule's few lines is one: before,
      // each no-var line's path made it a kind of its own, a thousand facts in line order
      // that the cap cut where the second fall-through and the undefined global stood.
      "_equalByTag.js:84:5: Expected a 'break' statement before 'case'. [Error/no-fallthrough]",
      "_freeGlobal.js:2:47: 'global' is not defined. [Error/no-undef]",
      "_hasUnicode.js:13:20: Unexpected combined character in character class. [Error/no-misleading-character-class]",
      "template.js:31:42: Unnecessary escape character: \\[. [Error/no-useless-escape]",
    ])
      expect(e.text).toContain(`vendor/lodash-es/${rare}`);
    expect(e.text).toContain("1773 problems");
    // Counted by rule, as stylish's problems under their files are.
    expect(e.text).toContain(
      "Unexpected var, use let or const instead. [Error/no-var]  [×942 like this, lines 1-1772]",
    );
  });

  it("keeps the rare rules of `-f compact` over d3 (fresh22)", async () => {
    const { e } = await capturedCase("fresh22", "eslint-compact-d3-spilled-f22");
    expect(e.text).toContain(
      "vendor/d3/d3-array.mjs: line 253, col 10, Error - Unexpected constant condition. (no-constant-condition)",
    );
    expect(e.text).toContain("1197 problems");
  });

  it("reads a problem of each format, and nothing else", () => {
    expect(oneLineProblem("/a/b.js:5:1: Unexpected var, use let or const instead. [Error/no-var]")).toEqual({
      path: "/a/b.js",
      line: 5,
      col: 1,
      severity: "error",
      message: "Unexpected var, use let or const instead.",
      rule: "no-var",
    });
    expect(
      oneLineProblem("a.mjs: line 3, col 10, Warning - Do not nest ternary expressions. (no-nested-ternary)"),
    ).toEqual({
      path: "a.mjs",
      line: 3,
      col: 10,
      severity: "warning",
      message: "Do not nest ternary expressions.",
      rule: "no-nested-ternary",
    });
    expect(oneLineProblem("src/a.ts:3:1: error: no [x]")).toBeUndefined();
  });
});
