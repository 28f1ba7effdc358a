import { describe, expect, it } from "vitest";
import { checkClaims, firstLineOf } from "../../../../helpers/claims.ts";
import { madeOf } from "../../../../helpers/open-excerpts.ts";

describe("a path set in by blanks, one file at any depth", () => {
  it("counts rspec's frames by their files, not their indents (fresh26 `rspec --backtrace`)", () => {
    // Read as `path:12:` lines, its frames `     # ./lib/x.rb:10:in` sit at two depths
    // (failures 1-9 and 10-11 are set in apart): counted with their blanks, 21 files were 28.
    for (const m of madeOf("fresh26/rspec-backtrace-harrow-f26")) {
      expect(m.excerpt.kept).toBe("336 lines in 21 files");
      const claims = checkClaims(
        m.text,
        m.excerpt,
        firstLineOf(m.hints, m.excerpt.compressor),
        m.hints.intent,
      );
      expect(claims.filter((c) => !c.ok)).toEqual([]);
    }
  });
});
