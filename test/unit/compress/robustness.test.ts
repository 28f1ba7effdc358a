import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressors, compressText } from "../../../src/compress/compress-text.ts";
import { excerptBudget, factCap } from "../../../src/compress/excerpt/budget.ts";
import { OMISSION } from "../../../src/compress/excerpt/framing.ts";
import type { Hints } from "../../../src/compress/excerpt/types.ts";
import { defaults } from "../../../src/config/schema.ts";
import { CORPUS_DIRS } from "./corpus.ts";

const budgetFor = (chars: number) => excerptBudget(defaults(), chars);

// Whatever arrives, compression returns a bounded excerpt and never throws: empty
// text, binary bytes, one enormous line, tens of megabytes. Large inputs are sampled;
// line numbers after the unread middle stay exact.

const MARKER = new RegExp(OMISSION.source, "gm");
/** Within the budget, or the cap facts may take it to (budget.ts), and a header's worth more. */
const bounded = (text: string, budget: number, size = 0, tool = "Bash") =>
  expect(text.length).toBeLessThanOrEqual(Math.max(budget * 1.6, factCap(budget, size, tool)) + 400);

function checkMarkers(text: string, total: number) {
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const [a, b] = [Number(m[1]), Number(m[2] ?? m[1])];
    expect(a).toBeGreaterThan(last);
    expect(b).toBeLessThanOrEqual(total);
    if (m[2] !== undefined) expect(b).toBeGreaterThan(a);
    last = b;
  }
}

const tools: Hints[] = [
  { tool: "Bash", command: "cat blob" },
  { tool: "Read", filePath: "/x/blob.bin" },
  { tool: "Grep" },
  { tool: "Glob" },
  { tool: "mcp__srv__tool" },
];

describe("robustness", () => {
  it("empty text", () => {
    for (const hints of tools) {
      const e = compressText("", hints, 1200);
      expect(e.text.length).toBeLessThan(200);
    }
  });

  it("binary bytes, decoded either way", () => {
    const bytes = randomBytes(200_000);
    for (const text of [bytes.toString("latin1"), bytes.toString("utf8")]) {
      for (const hints of tools) {
        const e = compressText(text, hints, budgetFor(text.length));
        bounded(e.text, budgetFor(text.length));
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control bytes must not reach the model
        expect(e.text).not.toMatch(/[\x00-\x08\x1b]/);
      }
    }
  });

  it("one 5 MB line without a newline", () => {
    const text = `${"ab".repeat(2_500_000)}`;
    for (const hints of tools) {
      const e = compressText(text, hints, 6000);
      bounded(e.text, 6000);
      expect(e.text.length).toBeGreaterThan(0);
    }
  });

  it("every compressor on text it was not made for", () => {
    const text = readFileSync(join(CORPUS_DIRS[0]!, "log-nginx-access.txt"), "utf8");
    for (const c of compressors) {
      const e = c.compress(text, { tool: "Bash" }, 1500);
      bounded(e.text, 1500, text.length);
    }
  });

  it("50 MB of log: sampled, bounded, exact line numbers after the middle", () => {
    const line = "2026-11-22 00:23:51 INFO worker job done in 12ms (queue depth 3)\n";
    const lines = Math.floor(50_000_000 / line.length);
    const text = `${line.repeat(lines - 1)}2026-11-22 00:24:00 ERROR worker crashed: out of memory\n`;
    const e = compressText(text, { tool: "Bash", command: "cat worker.log" }, 6000);
    bounded(e.text, 6000);
    expect(e.kept).toContain("of a sample");
    expect(e.text).toContain("ERROR worker crashed: out of memory");
    checkMarkers(e.text, lines);
    const last = [...e.text.matchAll(MARKER)].pop();
    expect(last).toBeDefined();
  });

  it("50 MB in one line", () => {
    const e = compressText("z".repeat(50_000_000), { tool: "Bash" }, 6000);
    bounded(e.text, 6000);
  });

  it("carriage-return progress bars keep only what was drawn last", () => {
    const text = "downloading  10%\rdownloading  55%\rdownloading 100%\n".repeat(5000);
    const e = compressText(text, { tool: "Bash", command: "curl -O x" }, 1200);
    expect(e.text).toBe("downloading 100%  [×5000]");
  });

  it("ANSI colours are gone from every excerpt", () => {
    const text = readFileSync(join(CORPUS_DIRS[0]!, "test-vitest-failing-color.txt"), "utf8");
    const e = compressText(text, { tool: "Bash", command: "npx vitest run" }, 1200);
    expect(e.text).not.toContain("\x1b");
    expect(e.text).toContain("AssertionError: expected { subtotal: 17500");
  });

  it("CRLF line ends count as one line each", () => {
    const text = Array.from({ length: 3000 }, (_, i) => `row ${i + 1}: value ${i * 7}`).join("\r\n");
    const e = compressText(text, { tool: "Bash" }, 1200);
    expect(e.text).not.toContain("\r");
    checkMarkers(e.text, 3000);
  });
});
