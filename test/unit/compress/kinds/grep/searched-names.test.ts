import { describe, expect, it } from "vitest";
import { searchedNames } from "../../../../../src/compress/kinds/grep/searched.ts";
import { variantCase } from "../../corpus.ts";

describe("the names a search looked for", () => {
  it("keeps where they are declared and each file's one use among namesakes (fresh23 rg, grown 2x and 4x)", async () => {
    // A real `rg -n 'read_value|render_value|parse_value|print_value'` over cJSON: most
    // matches hold the names inside longer ones (`print_value_should_print_null`). The
    // original (4 KB) passes whole; grown past the threshold, the definitions
    // (`static cJSON_bool read_value(…)`) and the tests' one call of each name were cut.
    for (const kind of ["grown2x", "grown4x"] as const) {
      const { text, e, must } = await variantCase("fresh23", "rg-n-renamed-helpers-f23", kind);
      expect(e.text.length).toBeLessThan(text.length / 2);
      for (const f of must) expect(e.text, `${kind}: ${f}`).toContain(f);
    }
  });

  it("reads them from the pattern, only where it is a list of names", () => {
    expect(searchedNames("rg -n 'read_value|render_value'")).toEqual(["read_value", "render_value"]);
    expect(searchedNames('grep -rn "foo\\|bar_baz" src')).toEqual(["foo", "bar_baz"]);
    expect(searchedNames("rg -t go -n Encode farejson")).toEqual(["Encode"]);
    expect(searchedNames("git grep -n -e handle_request -- src")).toEqual(["handle_request"]);
    expect(searchedNames('rg -n "fn main"')).toEqual([]);
    expect(searchedNames("ls -la")).toEqual([]);
  });
});
