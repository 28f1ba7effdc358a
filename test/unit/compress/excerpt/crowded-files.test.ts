import { describe, expect, it } from "vitest";
import { crowdedProblems } from "../../../../src/compress/excerpt/crowded-files.ts";
import { capturedCase } from "../corpus.ts";

describe("a file's problems past its first few", () => {
  it("keeps the errors of the user's module after 146 in a vendored package (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "pyright-agate-spilled-f21");
    for (const error of [
      "py/airwaves/plays.py:38:98 - error: Could not access item in TypedDict",
      'py/airwaves/plays.py:47:23 - error: Cannot access attribute "group_by" for class "Table"',
      'py/airwaves/plays.py:74:19 - error: Type "Play | None" is not assignable to declared type "Play"',
      'py/agate/utils.py:14:29 - error: "Sequence" is unknown import symbol',
    ])
      expect(e.text).toContain(error);
    expect(e.text).toContain("154 errors, 0 warnings, 0 informations");
  });

  it("names the problems told past a file's first eight, by the place each names", () => {
    const lines: string[] = [];
    for (let k = 0; k < 10; k++) lines.push(`  /src/pkg/big.py:${k + 1}:4 - error: e${k}`, "    detail");
    lines.push("  other.py:3:1 - error: once", "1 error");
    const told = lines.flatMap((l, i) => (l.includes("error:") ? [i] : []));
    expect([...crowdedProblems(lines, told)]).toEqual([16, 18]);
    // All in one file: there is no other file's to make room for.
    expect(crowdedProblems(lines, told.slice(0, 10)).size).toBe(0);
    // Eight or fewer told: none crowds a file.
    expect(crowdedProblems(lines, told.slice(0, 8)).size).toBe(0);
  });
});
