import { describe, expect, it } from "vitest";
import { isCountFooter } from "../../../../../src/compress/kinds/table/count-footer.ts";
import { capturedCase } from "../../corpus.ts";

describe("psql's count of rows under a table", () => {
  it("is not counted as a row: the excerpt says 97 rows where psql does (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "psql-explicit-plays-f21");
    expect(e.text).toContain("[97 rows]");
    expect(e.text).not.toContain("[98 rows]");
  });

  it("reads psql's footer only", () => {
    expect(isCountFooter("(97 rows)")).toBe(true);
    expect(isCountFooter("(1 row)")).toBe(true);
    expect(isCountFooter("(97 rows) later")).toBe(false);
    expect(isCountFooter(" 97 | rows")).toBe(false);
  });
});
