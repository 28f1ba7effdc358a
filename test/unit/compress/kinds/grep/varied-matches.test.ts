import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { REPO } from "../../../../helpers/cairn.ts";

// A real `grep -rn export node_modules/ajv/dist/compile | head -250` (Claude Code's Grep
// shows 250 lines): 250 matches in 38 files, three of four each of a kind of its own
// (`exports.getData = getData;`, `export declare function …`). Their being rare told none
// of them apart: every one was a fact and the excerpt took half the output (14 KB, where
// Claude Code alone spills it to a 2 KB preview). Where most matches are each of their own
// kind they share the budget: every file named, the first matches as room allows.
describe("grep content mode, most matches each of a kind of its own", () => {
  it("names every file and shares the budget among the matches", () => {
    const text = readFileSync(join(REPO, "test/fixtures/outputs-diag/grep-export-ajv.txt"), "utf8").trimEnd();
    const e = compressText(text, { tool: "Grep" }, excerptBudget(defaults(), text.length));
    expect(e.compressor).toBe("grep");
    expect(e.method).toContain("every file named");
    expect(e.text.length).toBeLessThan(text.length / 5);
    const files = new Set(text.split("\n").map((l) => l.slice(0, l.indexOf(":"))));
    expect(files.size).toBe(38);
    for (const f of files) expect(e.text).toContain(f.slice(f.lastIndexOf("/") + 1));
  });

  // A real `grep -rn 'function ' src | sort` over the `yaml` 2.9.1 package's dist copied to
  // src/ (the session bench's checkout; its Grep of `function `): 199 matches in 100 files.
  // Naming them takes 1.8 KB, over the 1.7 KB budget; the matches that are not facts had a
  // budget of their own beside it, and the excerpt was 3.1 KB where Claude Code alone shows
  // a 2 KB preview. The list takes its room out of the budget: past it, only what the engine
  // holds facts (the first and last matches, the first of each frequent kind) is kept, as
  // with no budget at all.
  it("takes the room of the list of files out of the budget", () => {
    const text = readFileSync(
      join(REPO, "test/fixtures/outputs-diag/grep-function-yaml.txt"),
      "utf8",
    ).trimEnd();
    const budget = excerptBudget(defaults(), text.length);
    const e = compressText(text, { tool: "Grep" }, budget);
    expect(e.method).toContain("every file named");
    const files = new Set(text.split("\n").map((l) => l.slice(0, l.indexOf(":"))));
    expect(files.size).toBe(100);
    for (const f of files) expect(e.text).toContain(f.slice(f.lastIndexOf("/") + 1));
    expect(e.text).toBe(compressText(text, { tool: "Grep" }, 1).text);
    expect(e.text.length).toBeLessThan(2800);
  });
});
