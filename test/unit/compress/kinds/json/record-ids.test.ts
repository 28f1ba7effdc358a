import { describe, expect, it } from "vitest";
import { recordIdLine } from "../../../../../src/compress/kinds/json/record-ids.ts";
import { capturedCase } from "../../corpus.ts";

describe("each record's name in a JSON table of records", () => {
  it("names every task of turbo's task graph (fresh28 turbo run build --dry=json)", async () => {
    // The six tasks were counted and the first shown whole: which tasks the graph holds
    // (core, site, ui, utils, web) was lost under `[6 items in tasks: the first]`.
    const { e } = await capturedCase("fresh28", "turbo-run-build-dry-json-f28");
    for (const id of ["core", "site", "ui", "utils", "web"])
      expect(e.text).toContain(`"taskId": "@harbor/${id}#build"`);
  });

  it("takes the item's own id key, not a nested one or one holding an object", () => {
    const item = [
      "    {",
      '      "inputs": {',
      '        "id": "x"',
      "      },",
      '      "name": "core",',
      "    }",
    ];
    expect(recordIdLine(item, 0, 5)).toBe(4);
    expect(recordIdLine(["  {", '    "key": {', "    },", "  }"], 0, 3)).toBe(-1);
  });
});
