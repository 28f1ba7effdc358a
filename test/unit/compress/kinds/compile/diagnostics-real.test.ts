import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budgetFor, compressText } from "../../../../../src/compress/compress-text.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";
import { parseIndex } from "./located.ts";

// Real compiler outputs with many diagnostics over many files (made by
// test/fixtures/generate/25-diagnostics.sh: gcc through make -k and through cmake, tsc).
// At the budget the hook gives them, every error and warning keeps its file, line and
// kind on one line of the excerpt, errors before warnings, and the excerpt stays 85%
// smaller than the output. Where each diagnostic is comes from gcc's own JSON
// diagnostics (and for tsc from its output, read here with a pattern of its own).

const DIR = join(import.meta.dirname, "../../../../fixtures/outputs-diag");
const read = (file: string) => readFileSync(join(DIR, file), "utf8");
const bash = (command: string, exitCode: number): Hints => ({ tool: "Bash", command, exitCode });

interface Place {
  readonly file: string;
  readonly line: number;
  /** "error", "warning", or tsc's code. */
  readonly kind: string;
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether one line of the excerpt names the file, the line (a whole number) and the kind. */
function located(excerpt: string, p: Place): boolean {
  const file = new RegExp(`(?:^|[\\s/])${literal(p.file)}\\b`);
  const line = new RegExp(`(?<![\\d])${p.line}(?![\\d])`);
  const kind = new RegExp(`\\b${literal(p.kind)}\\b`);
  return excerpt.split("\n").some((l) => file.test(l) && kind.test(l) && line.test(l.replace(file, " ")));
}

function gccPlaces(prefix = ""): Place[] {
  const diags = JSON.parse(read("make-k-gcc.json")) as { file: string; line: number; kind: string }[];
  return diags.map((d) => ({ file: `${prefix}${d.file}`, line: d.line, kind: d.kind }));
}

function tscPlaces(text: string): Place[] {
  return [...text.matchAll(/^(\S+)\((\d+),\d+\): error (TS\d+): /gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    kind: m[3]!,
  }));
}

function compress(text: string, hints: Hints) {
  return compressText(text, hints, budgetFor(text.length));
}

describe("real compiler outputs: every diagnostic located", () => {
  it("gcc through make -k: 180 diagnostics in 36 files, each with file, line and kind", () => {
    const text = read("make-k-gcc.txt");
    const places = gccPlaces();
    expect(places.length).toBeGreaterThan(150);
    const e = compress(text, bash("make -k", 2));
    expect(e.compressor).toBe("gcc");
    expect(places.filter((p) => !located(e.text, p))).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
    // make's verdict on each target stays, verbatim (gathered where the last one is).
    const verdicts = text.split("\n").filter((l) => l.startsWith("make: *** "));
    expect(verdicts.length).toBeGreaterThan(3);
    const shown = e.text.split("\n");
    for (const v of verdicts) expect(shown).toContain(v);
    // Together, without an omission marker between each two.
    const at = verdicts.map((v) => shown.indexOf(v));
    expect(at.at(-1)! - at[0]!).toBe(verdicts.length - 1);
  });

  it("cmake: the same diagnostics under absolute paths", () => {
    const text = read("cmake-build.txt");
    const e = compress(text, bash("cmake --build build -- -k", 2));
    const places = gccPlaces("/home/dev/parts/");
    expect(places.filter((p) => !located(e.text, p))).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("the index lists a file's errors before its warnings, and says 'warning' where they begin", () => {
    const e = compress(read("make-k-gcc.txt"), bash("make -k", 2));
    const rows = e.text.split("\n").filter((l) => /^lib\/part\d+\.c: /.test(l));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const warning = row.indexOf("warning");
      if (warning < 0) continue;
      expect(row.slice(warning)).not.toMatch(/; error /);
      expect(row.slice(0, warning)).not.toMatch(/-W[a-z]/);
    }
    // The index reads back into places (located.ts parses it the way an agent would).
    const index = parseIndex(e.text);
    const listed = gccPlaces().filter((p) => p.kind === "warning" && index.get(p.file) !== undefined);
    expect(listed.length).toBeGreaterThan(50);
  });

  it("tsc: 120 errors in 9 KB: each is located, or counted with its files when the index is full", () => {
    const text = read("tsc-many.txt");
    const places = tscPlaces(text);
    expect(places.length).toBeGreaterThan(80);
    const e = compress(text, bash("npx tsc -p . --pretty false", 2));
    expect(e.compressor).toBe("tsc");
    // About 13 characters an error in the index, 75 in the output: at 85% smaller, not all
    // fit; the rest are counted, never silently dropped.
    const lost = places.filter((p) => !located(e.text, p));
    const more = /… and (\d+) more errors in (\d+) files\]$/m.exec(e.text);
    expect(Number(more?.[1] ?? 0)).toBe(lost.length);
    expect(Number(more?.[2] ?? 0)).toBe(new Set(lost.map((p) => p.file)).size);
    expect(lost.length).toBeLessThan(places.length / 2);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("tsc: 200 errors of 7 kinds in 50 files, 21 KB: every one located, 85% smaller", () => {
    const text = read("tsc-dense.txt");
    const places = tscPlaces(text);
    expect(places).toHaveLength(200);
    const e = compress(text, bash("npx tsc -p . --pretty false", 2));
    expect(e.compressor).toBe("tsc");
    // Every place is substance: the index takes the room the first error's line leaves.
    expect(places.filter((p) => !located(e.text, p))).toEqual([]);
    expect(e.text).not.toMatch(/… and \d+ more/);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
    // The first error printed is there whole, with its message.
    expect(e.text).toContain(text.split("\n")[0]!);
  });

  it("tsc: 120 files with one error each: listed under their code, the code said once", () => {
    const text = read("tsc-one-each.txt");
    const places = tscPlaces(text);
    expect(places).toHaveLength(120);
    const e = compress(text, bash("npx tsc -p . --pretty false", 2));
    const rows = e.text.split("\n").filter((l) => /^TS\d+ \(one each\): /.test(l));
    expect(rows).toHaveLength(3);
    // Each entry is a path and a line; the index reads back into places.
    for (const row of rows) expect(row).toMatch(/^TS\d+ \(one each\): (?:src\/mod\d+\.ts \d+(?:; |$))+/);
    const index = parseIndex(e.text);
    const listed = places.filter((p) => index.get(p.file)?.get(p.kind)?.has(p.line));
    expect(listed.length).toBeGreaterThan(50);
    // The rest are counted, never silently dropped.
    const lost = places.filter((p) => !located(e.text, p));
    const more = /… and (\d+) more errors in (\d+) files\]$/m.exec(e.text);
    expect(Number(more?.[1] ?? 0)).toBe(lost.length);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("the first line of each kind keeps its message when there is room", () => {
    const text = read("make-k-gcc.txt");
    const e = compress(text, bash("make -k", 2));
    // The first -Wshadow and the first -Wformat= diagnostics, verbatim.
    const first = (flag: string) => text.split("\n").find((l) => l.includes(`[${flag}]`))!;
    expect(e.text).toContain(first("-Wshadow"));
    expect(e.text).toContain(first("-Wformat="));
  });
});
