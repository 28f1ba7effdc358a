import { describe, expect, it } from "vitest";
import { jsonLineWithEnd, topLevelEnd } from "../../../../src/compress/excerpt/json-line-end.ts";
import { lastExceptionFrom } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a JSON log line too long to show whole keeps its closing top-level fields", () => {
  it("keeps the msg of fastify's two kinds of 400, logged at level 30 with an err object (fresh30 pino log)", async () => {
    // Each 400 line is 1.6 KB: its err's stack filled the cut and the record's own `msg`,
    // after the err object, was left in `… [+1012 chars]`.
    const { e } = await capturedCase("fresh30", "fastify-pino-log-cat-f30");
    expect(e.text).toContain('"msg":"body/startsAt must match format \\"date-time\\""');
    expect(e.text).toContain('"msg":"body/minutes must be equal to one of the allowed values"');
    // The level-50 errors still show their frame in the head.
    expect(e.text).toContain("src/api/server.cjs:17:31");
  });

  it("reads only one JSON object ending in fields after a nested value", () => {
    const stack = Array.from({ length: 40 }, (_, k) => `    at f${k} (/app/lib/m${k}.js:${k}:7)`).join("\\n");
    const line = `{"level":30,"reqId":"r-1","err":{"type":"Error","stack":"Error: bad {x}\\n${stack}"},"msg":"bad input"}`;
    expect(line.length).toBeGreaterThan(600);
    expect(line.slice(topLevelEnd(line))).toBe(',"msg":"bad input"}');
    const shown = jsonLineWithEnd(line, 600, lastExceptionFrom)!;
    expect(shown.startsWith('{"level":30,"reqId":"r-1","err":{"type":"Error"')).toBe(true);
    expect(shown).toContain(' … "msg":"bad input"}  [');
    expect(shown.length).toBeLessThan(680);
    // No nested value, two objects, a line not JSON, a short line: not this rule's.
    expect(topLevelEnd(`{"a":"${"x".repeat(700)}","msg":"m"}`)).toBe(-1);
    expect(topLevelEnd('{"a":{"b":1}} {"c":2}')).toBe(-1);
    expect(jsonLineWithEnd(`level=info ${"x ".repeat(400)}`, 600)).toBeUndefined();
    expect(jsonLineWithEnd('{"a":{"b":1},"msg":"m"}', 600)).toBeUndefined();
    // Closing fields longer than a third of the width: cut as any line is.
    expect(
      jsonLineWithEnd(`{"a":{"b":"${"y ".repeat(400)}"},"msg":"${"z ".repeat(150)}"}`, 600),
    ).toBeUndefined();
  });
});
