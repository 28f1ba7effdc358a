import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

/** The `dir/: ` that opens each of an excerpt's lines naming a directory's files. */
function dirPrefixes(text: string): string[] {
  return text.split("\n").flatMap((l) => /^(\S+\/): \S/.exec(l)?.[1] ?? []);
}

// The files a grep matched are listed by directory: `dir/: name name`. Wrapped at 200
// characters, the directory was written again on each line (yamllint's parsable output,
// read as a grep of five files under k8s/, said `k8s/: ` twice; the session bench's grep
// of 100 files said `src/compose/: ` five times): a prefix said again says nothing new.
describe("grep: the files that matched, by directory", () => {
  for (const [set, name] of [
    ["fresh3", "yamllint-parsable"],
    ["fresh8", "pylint-payroll"],
  ] as const)
    it(`names each directory once, every fact kept (${set}/${name})`, async () => {
      const { e, must } = await capturedCase(set, name);
      expect(e.compressor).toBe("grep");
      const dirs = dirPrefixes(e.text);
      expect(dirs.length).toBeGreaterThan(0);
      expect(dirs).toEqual([...new Set(dirs)]);
      for (const fact of must) expect(e.text).toContain(fact);
    });
});
