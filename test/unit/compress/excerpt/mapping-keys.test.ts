import { describe, expect, it } from "vitest";
import { mappingKeys } from "../../../../src/compress/excerpt/mapping-keys.ts";
import { capturedCase } from "../corpus.ts";

describe("the record keys of a YAML mapping of records", () => {
  it("keeps every service's name in yq's output (fresh25 `yq -y` of the services that always restart)", async () => {
    // The 53 keys were one kind of line among their fields' kinds: only the first services
    // and the last showed, and apt, gdb, ghc, git, iptables and libarchive13 were cut.
    const { text, e, must } = await capturedCase("fresh25", "yq-restart-always-f25");
    const keys = text.split("\n").filter((l) => /^[\w.+-]+:$/.test(l));
    expect(keys.length).toBe(53);
    const shown = e.text.split("\n");
    for (const key of keys) expect(shown).toContain(key);
    for (const fact of must.filter((m) => /^\n[\w.+-]+:\n$/.test(m))) expect(e.text).toContain(fact);
  });

  it("reads an indent of records and nothing else, and only then", () => {
    const records = Array.from({ length: 10 }, (_, i) => [
      `svc${i}:`,
      `  image: x${i}`,
      "  ports:",
      "  - 80",
    ]).flat();
    expect(mappingKeys(records)).toEqual(Array.from({ length: 10 }, (_, i) => i * 4));
    // Keys among other lines at their indent (a Python file's `try:` among statements): none.
    const code = Array.from({ length: 10 }, (_, i) => [
      `    x${i} = f()`,
      "    try:",
      `        g(${i})`,
      "    else:",
      "        h()",
    ]).flat();
    expect(mappingKeys(code)).toEqual([]);
    // Too few records, or keys with nothing under them: none.
    expect(mappingKeys(records.slice(0, 12))).toEqual([]);
    expect(mappingKeys(Array.from({ length: 20 }, (_, i) => `k${i}:`))).toEqual([]);
  });
  it("keeps every path of an OpenAPI document: the records are one key's children (fresh27 Read of openapi.yaml)", async () => {
    // Under `paths:`, each of the 25 paths is a bare key opening its operations, but `info:`'s
    // `title:` and `version:` stand at the same indent: no indent held records alone, and the
    // collection paths (`/v2/carriers:`) were one kind of many alike.
    const { text, e } = await capturedCase("fresh27", "read-openapi-whole-f27");
    const paths = text.split("\n").filter((l) => /^ {2}\/v\d\//.test(l));
    expect(paths.length).toBe(25);
    for (const path of paths) expect(e.text).toContain(path);
  });
});
