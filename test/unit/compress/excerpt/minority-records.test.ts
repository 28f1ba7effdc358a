import { describe, expect, it } from "vitest";
import { minorityRecords } from "../../../../src/compress/excerpt/minority-records.ts";
import { capturedCase } from "../corpus.ts";

describe("records holding a minority value are told by their identifying lines", () => {
  it("keeps each of bandit's 7 Medium findings among 32 Low (fresh14 capture, bandit -r)", async () => {
    // Seven records are more than a rare value's two kept whole; before, the first and the
    // last of them stood for all and the five between lost their test id and place.
    const { e } = await capturedCase("fresh14", "bandit-netcommon-f14");
    for (const fact of [
      "[B303:blacklist] Use of insecure MD2, MD4, MD5, or SHA1 hash function.",
      "Location: netcommon/basic.py:128",
      "Location: netcommon/basic.py:1998",
      "Location: netcommon/connection.py:63",
      "data_hash = to_bytes(hashlib.sha1(src).hexdigest())",
      "Location: netcommon/service.py:254",
      "[B102:exec_used] Use of exec detected.",
      "Location: netcommon/six/__init__.py:746",
      "Location: netcommon/urls.py:617",
      "[B310:blacklist] Audit url open for permitted schemes.",
      "Location: netcommon/urls.py:1557",
      "Medium: 7.0",
    ])
      expect(e.text).toContain(fact);
  });

  it("reads nothing where the value is common or lines are no records", () => {
    const record = (sev: string, k: number) => [
      `>> Issue ${k}`,
      `   Severity: ${sev}`,
      `   Location: a.py:${k}`,
      "",
    ];
    const lines = Array.from({ length: 12 }, (_, k) => record(k < 5 ? "Medium" : "Low", k)).flat();
    const kind = { members: lines.flatMap((l, i) => (l.includes("Severity") ? [i] : [])) };
    // 5 Medium of 12 is no minority (over a quarter).
    expect(minorityRecords(lines, [kind], () => false)).toEqual([]);
    const fewer = Array.from({ length: 12 }, (_, k) => record(k < 2 ? "Medium" : "Low", k)).flat();
    expect(minorityRecords(fewer, [kind], () => false)).toEqual([0, 1, 2, 4, 5, 6]);
    // One paragraph, no blank lines between: no records.
    const prose = lines.filter((l) => l !== "");
    const inProse = { members: prose.flatMap((l, i) => (l.includes("Severity") ? [i] : [])) };
    expect(minorityRecords(prose, [inProse], () => false)).toEqual([]);
  });
});
