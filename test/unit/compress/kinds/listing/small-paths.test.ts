import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget, SMALL_OUTPUT } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";

// A list of paths of 8 KB or less (a real `find` over a temp folder of a package's
// layout): every name is a fact, so it becomes an excerpt only naming each path, each
// directory written once; before, its budget named only some and it was shown whole.

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "cairn-small-paths-"));
  const dirs = ["src", "src/compose", "src/parse", "src/schema/core", "src/schema/yaml-1.1", "src/doc"];
  for (const [d, dir] of dirs.entries()) {
    mkdirSync(join(root, dir), { recursive: true });
    for (let i = 0; i < 4 + d * 4; i++)
      for (const ext of [".js", ".d.ts"]) writeFileSync(join(root, dir, `module-${d}-${i}${ext}`), "");
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const excerptOf = (text: string, hints: { tool: string; command?: string }) =>
  compressText(text, hints, excerptBudget(defaults(), text.length));

describe("a small list of paths", () => {
  it("is an excerpt naming every path, each directory once", () => {
    const text = execFileSync("find", ["src", "-type", "f"], { cwd: root, encoding: "utf8" }).trimEnd();
    expect(text.length).toBeLessThanOrEqual(SMALL_OUTPUT);
    expect(text.length).toBeGreaterThan(2000);
    const e = excerptOf(text, { tool: "Bash", command: "find src -type f" });
    expect(e.compressor).toBe("listing");
    expect(e.kept).toBe(`every path of ${text.split("\n").length}`);
    expect(e.text.length).toBeLessThan(text.length * 0.7);
    const lines = e.text.split("\n");
    for (const path of text.split("\n")) {
      const dir = path.slice(0, path.lastIndexOf("/") + 1);
      const name = path.slice(dir.length);
      expect(lines.some((l) => l === path || (l.startsWith(`${dir}: `) && l.split(" ").includes(name)))).toBe(
        true,
      );
    }
  });

  it("from Glob, which lists by modification time, is shown as it came", () => {
    const text = execFileSync("find", ["src", "-type", "f"], { cwd: root, encoding: "utf8" }).trimEnd();
    expect(excerptOf(text, { tool: "Glob" }).kept).toBe("everything");
  });
});
