import { describe, expect, it } from "vitest";
import { expandBraces } from "../../../../bench/corpus/score.ts";
import { braceCollapse, braceWord } from "../../../../src/compress/excerpt/brace-lines.ts";

/** The lines a shown line stands for, as bash's echo expands its one brace word. */
function expand(line: string): string[] {
  const words = line.split(" ");
  const at = words.findIndex((w) => /\{.*,.*\}/.test(w));
  if (at < 0) return [line];
  return expandBraces(words[at]!)!.map((w) => [...words.slice(0, at), w, ...words.slice(at + 1)].join(" "));
}

describe("braceWord", () => {
  it("keeps common ends outside the group without splitting a number or a name", () => {
    expect(braceWord(["ord_30275:", "ord_4335:"])).toBe("ord_{30275,4335}:");
    expect(braceWord(["id=62635:", "id=29586:"])).toBe("id={62635,29586}:");
    expect(braceWord(["[auth]", "[api]"])).toBe("[{auth,api}]");
    expect(braceWord(["x", "x"])).toBe("x");
  });
});

describe("braceCollapse", () => {
  const lines = [
    "ERROR [auth] payment declined for order ord_17: card_expired",
    "ERROR [api] failed to send email id=5: ECONNREFUSED",
    "ERROR [auth] payment declined for order ord_42: card_expired",
    "ERROR [api] payment declined for order ord_99: card_expired",
    "ERROR [auth] payment declined for order ord_7: card_expired",
    "ERROR [api] failed to send email id=6: ECONNREFUSED",
  ];

  it("shows lines that differ in one word once, and every expansion is exactly one of them", () => {
    const groups = braceCollapse(lines);
    const shown = groups.flatMap((g) => expand(g.text));
    expect([...shown].sort()).toEqual([...lines].sort());
    expect(groups.map((g) => g.text)).toEqual([
      "ERROR [auth] payment declined for order ord_{17,42,7}: card_expired",
      "ERROR [api] failed to send email id={5,6}: ECONNREFUSED",
      "ERROR [api] payment declined for order ord_99: card_expired",
    ]);
    for (const g of groups) expect(g.members.map((i) => lines[i])).toEqual(expand(g.text));
  });

  it("never groups lines that differ in two words, nor a line that already holds braces or a value with a comma", () => {
    const two = ["a x 1", "a y 2"];
    expect(braceCollapse(two).map((g) => g.text)).toEqual(two);
    const odd = ["f({a,b}) 1", "f({a,b}) 2", "v 1,2 w", "v 3,4 w"];
    expect(braceCollapse(odd).map((g) => g.text)).toEqual(odd);
  });

  it("splits a group whose line would pass the longest line into several", () => {
    const many = Array.from({ length: 100 }, (_, i) => `WARN slow query duration_ms=${10000 + i}`);
    const groups = braceCollapse(many, 200);
    expect(groups.length).toBeGreaterThan(1);
    for (const g of groups) expect(g.text.length).toBeLessThanOrEqual(200);
    expect(groups.flatMap((g) => expand(g.text))).toEqual(many);
  });
});
