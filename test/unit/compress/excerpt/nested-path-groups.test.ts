import { describe, expect, it } from "vitest";
import { pathListExcerpt } from "../../../../src/compress/excerpt/dirs.ts";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { checkClaims } from "../../../helpers/claims.ts";

describe("the folders counted under `[N more paths:]`", () => {
  it("count every path under a folder a named part was split out of, as a reader takes it", () => {
    // 90 paths in src/a/'s 30 folders, 60 in src/b/'s, 5 of src/'s own, 30 in lib/'s 30
    // folders: too many folders to name, the rest counted by the folders above them.
    const paths: string[] = [];
    for (let d = 0; d < 30; d++) for (let i = 0; i < 3; i++) paths.push(`src/a/d${d}/f${i}.ts`);
    for (let d = 0; d < 30; d++) for (let i = 0; i < 2; i++) paths.push(`src/b/e${d}/g${i}.ts`);
    for (let i = 0; i < 5; i++) paths.push(`src/top${i}.ts`);
    for (let i = 0; i < 3; i++) paths.push(`src/a/own${i}.ts`);
    for (let d = 0; d < 30; d++) paths.push(`lib/x${d}/h.ts`);
    const e = pathListExcerpt("listing", docOf(paths.join("\n")), 200, 300)!;
    const { text } = e;
    // `src/ (5 paths)` said src/ held 5 of the 174 paths left, where it holds 144.
    expect(text).toContain(
      "[174 more paths:]\nlib/ (30 paths)\nsrc/ (144 paths)\nsrc/a/ (79 paths)\nsrc/b/ (60 paths)",
    );
    const claims = checkClaims(paths.join("\n"), e);
    expect(claims.filter((c) => c.form === "note:dir-paths").map((c) => [c.line, c.ok])).toEqual([
      ["lib/ (30 paths)", true],
      ["src/ (144 paths)", true],
      ["src/a/ (79 paths)", true],
      ["src/b/ (60 paths)", true],
    ]);
  });
});
