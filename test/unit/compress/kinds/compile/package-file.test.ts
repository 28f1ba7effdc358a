/**
 * A task runner's output counts a file by its package and path (compile/package-file.ts):
 * turbo's typecheck and build of @harbor/core both report src/berth.ts, one file.
 */
import { describe, expect, it } from "vitest";
import { packageFile } from "../../../../../src/compress/kinds/compile/package-file.ts";
import { checkClaims, firstLineOf } from "../../../../helpers/claims.ts";
import { madeOf } from "../../../../helpers/open-excerpts.ts";

describe("the files of a task-prefixed monorepo output", () => {
  it("counts a package's file once, whichever task reports it (fresh28 turbo typecheck, spilled)", () => {
    // 51 `error TS` lines in the whole 55 KB spill, under 27 task-and-path names: 26 files.
    for (const m of madeOf("fresh28/turbo-run-typecheck-continue-f28")) {
      expect(m.text.length).toBeGreaterThan(50_000);
      expect(m.excerpt.kept).toBe("51 errors in 26 files");
      const claims = checkClaims(
        m.text,
        m.excerpt,
        firstLineOf(m.hints, m.excerpt.compressor),
        m.hints.intent,
      );
      const files = claims.filter((c) => c.form === "kept:tsc-error-files");
      expect(files.map((c) => c.ok)).toEqual([true]);
    }
  });

  it("reads turbo's and nx's `pkg:task: `, pnpm -r's `pkg task: `, lerna's `pkg: `, and no place for one", () => {
    expect(packageFile("@harbor/core:typecheck: src/berth.ts")).toBe(
      packageFile("@harbor/core:build: src/berth.ts"),
    );
    expect(packageFile("@harbor/core:typecheck: src/berth.ts")).not.toBe(
      packageFile("@harbor/web:build: src/berth.ts"),
    );
    expect(packageFile("packages/web typecheck: app/page.tsx")).toBe("packages/web: app/page.tsx");
    expect(packageFile("@harbor/ui: src/a.ts")).toBe("@harbor/ui: src/a.ts");
    for (const file of ["src/a.ts", "C:\\work\\a.ts", "src/a b.ts"]) expect(packageFile(file)).toBe(file);
  });
});
