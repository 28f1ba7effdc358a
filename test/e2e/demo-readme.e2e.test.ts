/**
 * The README's demo sample is what `npm run demo` prints today: the demo runs (a real
 * Claude Code session against the scripted model), and each row of README.md's table
 * names the same tool call, command and compressor, with sizes within a few percent
 * (a test run's timings change its output by a few bytes). When the demo's output moves
 * further, `npm run demo -- --readme` writes the table again.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type DemoRow, readmeSample, runDemo } from "../../scripts/demo.ts";
import { REPO } from "../helpers/cairn.ts";

const ROW = /^ {2}#(\d+) (\S+)\s+(.+?)\s+(\d+) B → +(\d+) B +[-+]\d+% {2}(.+)$/;

function readmeRows(): DemoRow[] {
  const block = readmeSample(readFileSync(join(REPO, "README.md"), "utf8")) ?? "";
  expect(block, "README.md's demo-sample block").toContain("▸ What the model was sent for each tool call");
  return block.split("\n").flatMap((line) => {
    const m = ROW.exec(line);
    return m
      ? [
          {
            id: Number(m[1]),
            tool: m[2] ?? "",
            label: m[3] ?? "",
            original: Number(m[4]),
            shown: Number(m[5]),
            compressor: m[6] ?? "",
          },
        ]
      : [];
  });
}

const near = (a: number, b: number, within: number) => Math.abs(a - b) <= Math.max(16, b * within);

describe("README.md's demo sample", () => {
  it("is what the demo prints now", async () => {
    const readme = readmeRows();
    expect(readme.length).toBeGreaterThan(0);
    const { rows, ok } = await runDemo();
    expect(ok).toBe(true);
    expect(rows.map((r) => [r.id, r.tool, r.label.slice(0, 48).trim(), r.compressor])).toEqual(
      readme.map((r) => [r.id, r.tool, r.label, r.compressor]),
    );
    for (const [i, r] of rows.entries()) {
      const said = readme[i];
      expect(
        near(r.original, said?.original ?? 0, 0.02),
        `#${r.id} original ${r.original} vs README ${said?.original}`,
      ).toBe(true);
      expect(near(r.shown, said?.shown ?? 0, 0.1), `#${r.id} shown ${r.shown} vs README ${said?.shown}`).toBe(
        true,
      );
    }
  }, 300_000);
});
