import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { madeUp } from "../../../../helpers/readable.ts";

// Real compiler outputs with many diagnostics over many files (made by
// test/fixtures/generate/25-diagnostics.sh: gcc through make -k and through cmake, tsc).
// At the budget the hook gives them, every error is shown whole on its own line, each
// kind of warning at least once, the rest of a kind counted, and the excerpt takes at
// most half the output. Where each diagnostic is comes from gcc's own JSON diagnostics
// (and for tsc from its output, read here with a pattern of its own).

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
  return compressText(text, hints, excerptBudget(defaults(), text.length));
}

/** The -W flag of each gcc warning line, or undefined. */
const flagOf = (line: string) => /warning: .*\[(-W[\w=+-]+)\]$/.exec(line)?.[1];

describe("real compiler outputs: every error located, every kind of warning shown", () => {
  function gccChecks(text: string, excerpt: string, prefix = ""): void {
    const places = gccPlaces(prefix);
    expect(places.length).toBeGreaterThan(150);
    const errors = places.filter((p) => p.kind === "error");
    expect(errors.length).toBeGreaterThan(5);
    expect(errors.filter((p) => !located(excerpt, p))).toEqual([]);
    const flags = new Set(text.split("\n").map(flagOf).filter(Boolean));
    const shown = new Set(excerpt.split("\n").map(flagOf).filter(Boolean));
    expect([...flags].filter((f) => !shown.has(f))).toEqual([]);
    expect(madeUp(text, excerpt)).toEqual([]);
    expect(excerpt.length).toBeLessThanOrEqual(text.length * 0.5);
  }

  it("gcc through make -k: 180 diagnostics in 36 files", () => {
    const text = read("make-k-gcc.txt");
    const e = compress(text, bash("make -k", 2));
    expect(e.compressor).toBe("gcc");
    gccChecks(text, e.text);
    // make's verdicts, alike but for their target: the first with their count, the last.
    const verdicts = text.split("\n").filter((l) => l.startsWith("make: *** "));
    expect(verdicts.length).toBeGreaterThan(3);
    expect(e.text).toContain(`${verdicts[0]}  [×${verdicts.length} like this, lines `);
    expect(e.text.split("\n")).toContain(verdicts.at(-1));
  });

  it("cmake: the same diagnostics under absolute paths", () => {
    const text = read("cmake-build.txt");
    const e = compress(text, bash("cmake --build build -- -k", 2));
    gccChecks(text, e.text, "/home/dev/parts/");
  });

  function tscChecks(text: string, excerpt: string): void {
    const places = tscPlaces(text);
    const codes = new Set(places.map((p) => p.kind));
    for (const code of codes) expect(excerpt, code).toContain(`error ${code}: `);
    // Every error shown is a line tsc printed, whole; half of them at least fit.
    const printed = new Set(text.split("\n"));
    const shown = excerpt.split("\n").map((l) => l.replace(/ {2}\[×\d+ like this, lines \d+-\d+\]$/, ""));
    for (const l of shown) if (/\): error TS/.test(l)) expect(printed.has(l), l).toBe(true);
    expect(places.filter((p) => located(excerpt, p)).length).toBeGreaterThan(places.length * 0.4);
    expect(madeUp(text, excerpt)).toEqual([]);
    expect(excerpt.length).toBeLessThanOrEqual(text.length * 0.5);
  }

  it("tsc: 120 errors in 9 KB", () => {
    const text = read("tsc-many.txt");
    expect(tscPlaces(text).length).toBeGreaterThan(80);
    const e = compress(text, bash("npx tsc -p . --pretty false", 2));
    expect(e.compressor).toBe("tsc");
    tscChecks(text, e.text);
  });

  it("tsc: 200 errors of 7 kinds in 50 files, 21 KB", () => {
    const text = read("tsc-dense.txt");
    expect(tscPlaces(text)).toHaveLength(200);
    const e = compress(text, bash("npx tsc -p . --pretty false", 2));
    expect(e.compressor).toBe("tsc");
    tscChecks(text, e.text);
    // The first error printed is there whole, with its message.
    expect(e.text).toContain(text.split("\n")[0]!);
  });

  it("tsc: 120 files with one error each", () => {
    const text = read("tsc-one-each.txt");
    expect(tscPlaces(text)).toHaveLength(120);
    const e = compress(text, bash("npx tsc -p . --pretty false", 2));
    tscChecks(text, e.text);
  });

  it("the first line of each kind keeps its message when there is room", () => {
    const text = read("make-k-gcc.txt");
    const e = compress(text, bash("make -k", 2));
    // The first -Wshadow and the first -Wformat= diagnostics, verbatim.
    const first = (flag: string) => text.split("\n").find((l) => l.includes(`[${flag}]`))!;
    expect(e.text).toContain(first("-Wshadow"));
    expect(e.text).toContain(first("-Wformat="));
  });

  // The same 180 diagnostics under cmake's absolute paths: each warning names its own
  // place and says something of its own, a line to fix; the room up to half the output
  // goes to them before the frames of alike ones (main kept 30 of 180 in a fifth of it).
  it("cmake: warnings each in a place of their own fill the room up to half the output", () => {
    const text = read("cmake-build.txt");
    const e = compress(text, bash("cmake --build build -- -k", 2));
    const places = gccPlaces("/home/dev/parts/");
    expect(places.filter((p) => located(e.text, p)).length).toBeGreaterThanOrEqual(100);
    expect(e.text.length).toBeLessThanOrEqual(text.length * 0.5);
  });

  // `rustc --edition 2021 main.rs` on 60 functions, 45 of them broken: 30 `mismatched
  // types` and 15 `cannot find value`, each header naming no place, its `--> main.rs:L:C`
  // on the line under it and what differs in the labels below. Each error is a line to fix:
  // its header and arrow line are facts up to half the output (main kept 4 of 45 places).
  it("rustc: every error's arrow line with its header", () => {
    const text = read("rustc-45-errors.txt");
    const e = compress(text, bash("rustc --edition 2021 main.rs", 1));
    expect(e.compressor).toBe("rustc");
    const lines = text.split("\n");
    const pairs = lines.flatMap((l, i) => (/^\s+--> main\.rs:\d+:\d+$/.test(l) ? [[lines[i - 1]!, l]] : []));
    expect(pairs).toHaveLength(45);
    const shown = e.text.split("\n").map((l) => l.replace(/ {2}\[×\d+ like this, lines \d+-\d+\]$/, ""));
    for (const [header, arrow] of pairs) {
      const at = shown.indexOf(arrow!);
      expect(at, arrow).toBeGreaterThan(0);
      expect(shown[at - 1]).toBe(header);
    }
    expect(madeUp(text, e.text)).toEqual([]);
    expect(e.text.length).toBeLessThanOrEqual(text.length * 0.5);
  });
});
