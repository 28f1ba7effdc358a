import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a JSON document printed with no newline at its end", () => {
  it("is read as JSON though the next line runs into its last brace (fresh14 `bandit -f json; echo`)", async () => {
    // bandit prints no final newline, so the output ends `}exit code: 1`: cut before that
    // line, the document lost its closing brace and was read as text.
    const { e, text } = await capturedCase("fresh14", "bandit-json-netcommon-spilled-f14");
    expect(text.trimEnd().endsWith("}exit code: 1")).toBe(true);
    expect(e.compressor).toBe("json");
    expect(e.text).toContain("}exit code: 1");
    for (const fact of [
      '"test_id": "B301"',
      '"line_number": 254',
      '"test_id": "B310"',
      '"line_number": 1557',
    ])
      expect(e.text).toContain(fact);
  });
});
