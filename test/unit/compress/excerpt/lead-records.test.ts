import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { keyedRecords } from "../../../../src/compress/excerpt/keyed-records.ts";
import { leadOpenings } from "../../../../src/compress/excerpt/lead-records.ts";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/records");
const IP_ADDR = readFileSync(join(FIXTURES, "ip-addr.txt"), "utf8");

/**
 * `ip addr` of a host running many containers, made of the capture's own lines: each veth
 * as the capture's eth0 (its name, index and address renumbered), one of them DOWN.
 */
function manyInterfaces(n: number): string {
  const lines = IP_ADDR.split("\n");
  const eth0 = lines.findIndex((l) => /^\d+: eth0:/.test(l));
  const block = lines.slice(eth0).filter((l) => l !== "");
  const out = lines.slice(0, eth0);
  for (let k = 0; k < n; k++) {
    const name = `veth${(0x3a00 + k * 7).toString(16)}`;
    for (const l of block)
      out.push(
        l
          .replace(/^\d+: eth0:/, `${k + 5}: ${name}@if${k + 2}:`)
          .replace(k === 17 ? "state UP" : "\0", "state DOWN")
          .replace("192.0.2.2/24", `192.0.2.${k + 10}/24`)
          .replace(/ eth0$/, ` ${name}`),
      );
  }
  return `${out.join("\n")}\n`;
}

describe("records led by a number or a mark, their fields indented", () => {
  it("finds each interface of a real ip addr (captured here) as a record", () => {
    const lines = IP_ADDR.split("\n");
    const openings = leadOpenings(lines, 0)!;
    expect(openings.map((i) => lines[i]!.split(":")[1]!.trim())).toEqual(["lo", "ifb0", "ifb1", "eth0"]);
    expect(keyedRecords(lines)?.openings).toEqual(openings);
  });

  it("keeps every interface's name and state where 40 are alike (a variant of the capture)", () => {
    const text = manyInterfaces(40);
    const e = compressText(text, { tool: "Bash", command: "ip addr" }, 2000);
    for (const l of text.split("\n").filter((x) => /^\d+: /.test(x))) expect(e.text).toContain(l);
  });

  it("reads no records in a git graph, a Markdown list or lines without fields under them", () => {
    const graph = Array.from({ length: 10 }, (_, i) => `* ${i}abcdef1 subject ${i}`);
    expect(leadOpenings(graph, 0)).toBeUndefined();
    const list = ["- one", "  - a", "  - b", "- two", "  - c", "  - d"];
    expect(leadOpenings(list, 0)).toBeUndefined();
    expect(leadOpenings(["1: a", "2: b", "3: c"], 0)).toBeUndefined();
    // A unit's journal at column 0 under it is no opening, and no record breaks for it.
    const units = [
      "● a.service - A",
      "     Loaded: loaded (/lib/systemd/system/a.service; enabled)",
      "     Active: active (running)",
      "",
      "× b.service - B",
      "     Loaded: loaded (/lib/systemd/system/b.service; enabled)",
      "     Active: failed (Result: exit-code)",
      "Nov 30 01:00:00 host b[12]: boom",
    ];
    expect(keyedRecords(units)?.openings).toEqual([0, 4]);
  });
});
