import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { holds } from "../../../../../src/compress/excerpt/signs.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";
import { npmLs } from "../../../../../src/compress/kinds/pkg/detect.ts";

// npm ls's detector searches for its two signs only where a branch and an `@` stand; its
// score must be the one the searches alone gave, for every text.
function searched(text: string, hints: Hints): number {
  if (!holds(text, "─") && !(holds(text, "-- ") && /^[+`]-- /m.test(text))) return 0;
  let score = 0;
  if (/^\S+@\S* \/\S*\n(?:[├└]─[─┬]|[+`]--) \S+@/m.test(text)) score += 0.7;
  if (/^[│| ]*(?:[├└]─[─┬]|[+`]--) \S+@\d/m.test(text)) score += 0.2;
  if (hints.command && /\b(?:npm|pnpm)\s+(?:ls|list|ll|la)\b/.test(hints.command)) score += 0.2;
  return Math.min(1, score);
}

const DIR = join(import.meta.dirname, "../../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));

// Each kind of branch alone under a root, and in a deeper line.
const trees = ["├──", "├─┬", "└──", "└─┬", "+--", "`--"].flatMap((b) => [
  `app@1.0.0 /work/app\n${b} left-pad@1.3.0\n`,
  `app@1.0.0 /work/app\n│ ${b} left-pad@1.3.0\n`,
  `app@1.0.0 /work/app\n${b} left-pad\n`,
  `${"x".repeat(3000)}\napp@1.0.0 /work/app\n${b} left-pad@1.3.0\n`,
]);

describe("npm ls's signs, searched only where a branch and an `@` stand", () => {
  it("score as the searches alone for every fixture output, its branches redrawn, and small trees", () => {
    const texts = [
      ...outputs,
      ...outputs.map((t) => t.replaceAll("├─", "+-").replaceAll("└─", "`-")),
      ...outputs.map((t) => t.replaceAll("├─", "└─")),
      ...trees,
    ];
    let scored = 0;
    for (const text of texts)
      for (const hints of [{ tool: "Bash" }, { tool: "Bash", command: "npm ls --all" }] as Hints[]) {
        expect(npmLs.detect(text, hints), text.slice(0, 80)).toBe(searched(text, hints));
        if (searched(text, { tool: "Bash" }) >= 0.7) scored++;
      }
    expect(scored).toBeGreaterThan(10);
  });
});
