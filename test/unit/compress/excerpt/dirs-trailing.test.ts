import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byDirectory } from "../../../../src/compress/excerpt/dirs.ts";

// byDirectory cuts trailing slashes only from a path that ends in one; it must group as
// running the cut on every path did. This is it as it stood.
function asItStood(paths: readonly string[]) {
  const groups = new Map<string, { dir: string; names: string[]; paths: string[] }>();
  for (const path of paths) {
    const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
    const cut = clean.lastIndexOf("/");
    const dir = cut < 0 ? "" : clean.slice(0, cut + 1);
    let g = groups.get(dir);
    if (!g) {
      g = { dir, names: [], paths: [] };
      groups.set(dir, g);
    }
    g.names.push(clean.slice(cut + 1) + (path.endsWith("/") && path.length > 1 ? "/" : ""));
    g.paths.push(path);
  }
  return [...groups.values()];
}

describe("byDirectory cutting only trailing slashes there are", () => {
  it("groups as cutting every path did, for paths of slashes, dots and names, some ending in slashes", () => {
    const path = fc.string({ unit: fc.constantFrom("a", "b", "/", ".", "x.ts", " "), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(path, { maxLength: 12 }), (paths) => {
        expect(byDirectory(paths)).toEqual(asItStood(paths));
      }),
      { numRuns: 5_000 },
    );
  });
});
