import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctPlaces, firstPerFile } from "../../../../src/compress/excerpt/around.ts";

// firstPerFile and distinctPlaces read a line for a file's place only where it holds an
// extension before a line number; they must answer as reading every line did. These are
// them as they stood.
const FILE_AT = /(?:^|[\s(])((?:[\w.@~+-]+\/)*[\w.@+-]+\.[A-Za-z]\w{0,7})(?=[:(]\d)/;
const PLACE = /(?<![\w.@~+/-])([\w.@~+/-]*\.[A-Za-z]\w{0,7})(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\))/;
const ARROW = /^\s*--> \S/;

function firstPerFileAsItStood(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
  most = 16,
): number[] {
  const seen = new Map<string, number>();
  for (const i of members) {
    const file = FILE_AT.exec(bodyAt ? lines[i]!.slice(bodyAt(i)) : lines[i]!)?.[1];
    if (file === undefined || seen.has(file)) continue;
    seen.set(file, i);
    if (seen.size > most) break;
  }
  return seen.size >= 2 ? [...seen.values()] : [];
}

function distinctPlacesAsItStood(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
): [number, number][] {
  const places = new Set<string>();
  const said = new Set<string>();
  const out: [number, number][] = [];
  let named = 0;
  let again = 0;
  for (let t = 0; t < members.length; t++) {
    if ((named + members.length - t) * 2 < members.length) return [];
    const i = members[t]!;
    const line = lines[i]!;
    const body = bodyAt ? line.slice(bodyAt(i)) : line;
    let found = PLACE.exec(body);
    const under = found === null && i + 1 < lines.length && ARROW.test(lines[i + 1]!);
    if (under) found = PLACE.exec(lines[i + 1]!);
    if (found === null) continue;
    named++;
    if (places.has(found[0])) {
      again++;
      continue;
    }
    places.add(found[0]);
    if (!under) {
      const message = `${found[1]}\0${body.slice(found.index + found[0].length).replace(/\d+/g, "#")}`;
      if (said.has(message)) continue;
      said.add(message);
    }
    out.push([i, under ? i + 1 : i]);
  }
  return named * 2 >= members.length && again * 2 < named ? out : [];
}

function same(lines: string[], members: number[], bodyAt?: (i: number) => number): void {
  expect(firstPerFile(lines, members, bodyAt)).toEqual(firstPerFileAsItStood(lines, members, bodyAt));
  expect(firstPerFile(lines, members, bodyAt, 2)).toEqual(firstPerFileAsItStood(lines, members, bodyAt, 2));
  expect(distinctPlaces(lines, members, bodyAt)).toEqual(distinctPlacesAsItStood(lines, members, bodyAt));
}

const grepBody = (lines: readonly string[]) => (i: number) => /^[^:]*:\d+:/.exec(lines[i]!)?.[0].length ?? 0;

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("reading a line for a place only where it holds an extension before a number", () => {
  it("answers as reading every line for every fixture output, every line and every 2nd to 4th", () => {
    let placed = 0;
    for (const lines of outputs)
      for (let step = 1; step <= 4; step++) {
        const members = lines.map((_, i) => i).filter((i) => i % step === 0);
        same(lines, members);
        same(lines, members, grepBody(lines));
        if (step === 1 && distinctPlaces(lines, members).length > 0) placed++;
      }
    expect(placed).toBeGreaterThan(2);
  });
  it("answers so for lines of paths, extensions, numbers, arrows and words", () => {
    const part = fc.constantFrom(
      ...[
        "src/a.rs",
        "lib/x.py",
        "a.ts",
        "x.verylongext",
        ".d",
        "A.java",
        "(",
        ")",
        ":",
        ",",
        "12",
        "4:9",
        "(4,9)",
      ],
      ...[" ", "\t", "  --> ", "error", "warning: unused", "2024-05-30 16:31:02", "v1.2:3", "@scope/p.js"],
    );
    const line = fc.array(part, { maxLength: 8 }).map((ps) => ps.join(""));
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.nat(2), (lines, step) => {
        const members = lines.map((_, i) => i).filter((i) => i % (step + 1) === 0);
        same(lines, members);
        same(lines, members, grepBody(lines));
      }),
      { numRuns: 20_000 },
    );
  });
});
