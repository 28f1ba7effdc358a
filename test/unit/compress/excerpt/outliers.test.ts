import { describe, expect, it } from "vitest";
import { fieldsOf, numberIn } from "../../../../src/compress/excerpt/outliers.ts";
import { capturedCase, loadCorpus, readText } from "../corpus.ts";

describe("rare values in a field", () => {
  it("are found inside a word that packs a row (sqlite3 .dump: the chargebacks, the fraud review, the outlier total)", async () => {
    // A real `sqlite3 shop.db .dump` of 360 orders (31 KB): each INSERT holds its columns
    // in one word, so blanks alone make every row one field of 360 values.
    const { text, e, must } = await capturedCase("fresh", "sqlite-dump-orders");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("a word is split at its commas only when it packs two or more: prose keeps its words", () => {
    expect(fieldsOf("INSERT INTO t VALUES(1,'a','SE',30);")).toEqual([
      "INSERT",
      "INTO",
      "t",
      "VALUES(1",
      "'a'",
      "'SE'",
      "30);",
    ]);
    expect(fieldsOf('{"id":"t-1","status":"ok","n":3}')).toEqual(['{"id":"t-1"', '"status":"ok"', '"n":3}']);
    expect(fieldsOf("in function ‘f’, at x,y  done,")).toEqual([
      "in",
      "function",
      "‘f’,",
      "at",
      "x,y",
      "done,",
    ]);
    expect(fieldsOf(`  ${"a ".repeat(60)}`)).toHaveLength(48);
  });
});

describe("columns of numbers every line starts with", () => {
  it("keep the rows far above the rest, whatever the name after them (python -X importtime)", async () => {
    // A real `python -X importtime` (283 lines, 17 KB): `import time: self | cumulative | name`,
    // every name its own kind of line once the numbers are masked.
    const { text, e } = await capturedCase("fresh", "python-importtime");
    const rows = text
      .split("\n")
      .map((line) => ({ line, m: /^import time:\s+(\d+) \|\s+(\d+) \|/.exec(line) }))
      .filter((r) => r.m)
      .map((r) => ({ line: r.line, self: Number(r.m![1]), cumulative: Number(r.m![2]) }));
    expect(rows.length).toBeGreaterThan(200);
    const top = (by: "self" | "cumulative") => [...rows].sort((a, b) => b[by] - a[by]).slice(0, 2);
    for (const r of [...top("self"), ...top("cumulative")]) expect(e.text, r.line).toContain(r.line);
    expect(e.text.length).toBeLessThan(text.length * 0.25);
  });
});

describe("a rare value deep in a JSON record", () => {
  it("is shown with the line that names its record (a Read of a 60-tenant config)", async () => {
    // A real Read of a 30 KB JSON config: one tenant of 60 still on the payflow provider,
    // three levels down; `"id": "tenant-023"` is five lines above it.
    const { text, e } = await capturedCase("fresh", "read-tenants-json");
    expect(e.text).toContain('L520:         "provider": "payflow",');
    expect(e.text).toContain('L515:       "id": "tenant-023",');
    expect(e.text.length).toBeLessThan(text.length * 0.2);
  });
});

describe("numberIn reads what a field of numbers holds", () => {
  // It stands for this regex (read once per field of every frequent line, it cost more than
  // the rest of the look for outliers): the same numbers, and none where it matches none.
  const NUMBER = /^[([]?(\d+(?:\.\d+)?)(?:[a-zA-Z%]{0,3})[)\],;:]?$/;
  const same = (v: string) => {
    const m = NUMBER.exec(v);
    expect(numberIn(v), JSON.stringify(v)).toBe(m ? Number(m[1]) : undefined);
  };

  it("on every field of the real outputs the tests use", () => {
    let numbers = 0;
    for (const entry of loadCorpus())
      for (const line of readText(entry).split("\n"))
        for (const v of fieldsOf(line)) {
          same(v);
          if (numberIn(v) !== undefined) numbers++;
        }
    expect(numbers).toBeGreaterThan(1000);
  });

  it("at the edges: units, brackets, a dot without digits after it", () => {
    for (const v of [
      "123",
      "12ms",
      "1.5s",
      "(30",
      "4.2KB,",
      "[7]",
      "5%;",
      "1.",
      "1.x",
      ".5",
      "12abcd",
      "12)x",
      "(",
      "",
      "3:",
      "1e5",
      "٣",
      "12µs",
    ])
      same(v);
  });
});
