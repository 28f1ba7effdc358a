import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleOf } from "../../../../../src/compress/excerpt/doc.ts";
import { isPathLine } from "../../../../../src/compress/excerpt/paths.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";
import {
  LS_ENTRY,
  LS_HEADER,
  listings,
  TREE_LINE,
} from "../../../../../src/compress/kinds/listing/detect.ts";

// The listing detector tries TREE_LINE and LS_ENTRY only on lines opening with a character
// each may open with; it must score as trying both on every line did (copied as it stood).
function everyLine(text: string, hints: Hints): number {
  const lines = text.split("\n", 120).filter((l) => l.trim() !== "");
  if (lines.length < 3) return 0;
  if (lines.filter((l) => TREE_LINE.test(l)).length > lines.length / 2) return 0.8;
  const entries = lines.filter((l) => LS_ENTRY.test(l)).length;
  if (entries > lines.length / 3 && lines.some((l) => LS_HEADER.test(l))) return 0.8;
  if (entries > lines.length * 0.8) return 0.75;
  const pathLike = lines.filter((l) => isPathLine(l)).length / lines.length;
  let score = pathLike > 0.9 ? 0.6 : pathLike > 0.7 ? 0.4 : 0;
  if (hints.tool === "Glob") score += 0.3;
  if (hints.command && /\b(?:find|fd|ls|tree|rg --files|git ls-files|du)\b/.test(hints.command)) score += 0.2;
  return Math.min(1, score);
}

const DIR = join(import.meta.dirname, "../../../../fixtures");
const outputs = ["outputs", "outputs-extra", "outputs-substance"].flatMap((d) =>
  readdirSync(join(DIR, d))
    .filter((f) => f.endsWith(".txt"))
    .map((f) => sampleOf(readFileSync(join(DIR, d, f), "utf8"))),
);
const HINTS: Hints[] = [{ tool: "Bash" }, { tool: "Glob" }, { tool: "Bash", command: "ls -la" }];

describe("listing detector", () => {
  it("scores every fixture output (and its lines from each tenth on) as trying every line did", () => {
    let listed = 0;
    for (const text of outputs) {
      const lines = text.split("\n");
      for (let k = 0; k < lines.length; k += Math.max(1, Math.floor(lines.length / 10))) {
        const part = lines.slice(k).join("\n");
        for (const hints of HINTS) {
          const score = listings.detect(part, hints);
          expect(score).toBe(everyLine(part, hints));
          if (score >= 0.75) listed++;
        }
      }
    }
    expect(listed).toBeGreaterThan(20);
  });
  it("scores random lines of tree drawing, ls entries and paths as trying every line did", () => {
    const piece = fc.constantFrom(
      "│   ",
      "|   ",
      "    ",
      "\u00a0\u00a0\u00a0 ",
      "\t   ",
      "├── ",
      "└── ",
      "|-- ",
      "`-- ",
      "├──\u00a0",
      "drwxr-xr-x  2 u g 4096 Jan 1 a",
      "-rw-r--r--@ 1 u g 12 Jan 1 b.ts",
      "lrwxrwxrwx 1 u g 3 x -> y",
      "src/a.ts",
      "src:",
      "total 12",
      "x",
      " ",
    );
    const line = fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join(""));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...HINTS),
        (lines, hints) => {
          const text = lines.join("\n");
          expect(listings.detect(text, hints)).toBe(everyLine(text, hints));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
