import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText, detect } from "../../../../../src/compress/compress-text.ts";
import { stripAnsi } from "../../../../../src/compress/excerpt/ansi.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";
import { defaults } from "../../../../../src/config/schema.ts";

// Real runs with many failures among many passing tests (made by
// test/fixtures/generate/26-test-runners.sh); which tests failed, and their first message
// line, come from the runners' own reports (vitest --reporter=json, pytest --junitxml).
// At the budget the hook gives them, each failing test's name and its message are in the
// excerpt whole, on the runner's own lines, and the excerpt stays far smaller.

const DIR = join(import.meta.dirname, "../../../../fixtures/outputs-runners");
const read = (file: string) => readFileSync(join(DIR, file), "utf8");
const bash = (command: string, exitCode: number): Hints => ({ tool: "Bash", command, exitCode });

interface Failure {
  readonly name: string;
  readonly message: string;
}

function compress(text: string, hints: Hints) {
  return compressText(text, hints, excerptBudget(defaults(), text.length));
}

/** Failures whose name or message the excerpt does not hold whole. */
function apart(excerpt: string, failures: readonly Failure[]): Failure[] {
  const text = stripAnsi(excerpt);
  return failures.filter((f) => !text.includes(f.name) || !text.includes(f.message));
}

describe("real test runs: every failure's name with its message", () => {
  it("vitest --reporter=verbose: 27 failures among 400 tests", () => {
    const text = read("vitest-verbose.txt");
    const failures = JSON.parse(read("vitest-verbose.json")) as Failure[];
    expect(failures.length).toBe(27);
    const e = compress(text, bash("npx vitest run --reporter=verbose", 1));
    expect(e.compressor).toBe("vitest");
    expect(apart(e.text, failures)).toEqual([]);
    expect(stripAnsi(e.text)).toMatch(/Tests {2}27 failed \| 373 passed \(400\)/);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });

  it("vitest: told from a trace when its summary is not in the sample", () => {
    // The run without its summary lines, as when they fall between the sampled head and
    // tail of a long output: the output still ends with the failures' stack frames.
    const text = read("vitest-verbose.txt")
      .split("\n")
      .filter((l) => !/Test Files|Tests {2}\d/.test(stripAnsi(l)))
      .join("\n");
    expect(detect(text, bash("npx vitest run --reporter=verbose", 1)).compressor.name).toBe("vitest");
  });

  it("pytest -rN (no short summary): every failure's name and assertion, together", () => {
    const text = read("pytest-rN.txt");
    const failures = JSON.parse(read("pytest.json")) as Failure[];
    const e = compress(text, bash("pytest -rN tests", 1));
    expect(e.compressor).toBe("pytest");
    expect(apart(e.text, failures)).toEqual([]);
    expect(e.text).toMatch(/^=+ 21 failed, 579 passed in [\d.]+s =+$/m);
  });

  it("pytest: 21 failures among 600 tests", () => {
    const text = read("pytest.txt");
    const failures = JSON.parse(read("pytest.json")) as Failure[];
    expect(failures.length).toBe(21);
    const e = compress(text, bash("pytest tests", 1));
    expect(e.compressor).toBe("pytest");
    // 21 failures alike but for their numbers: each one is where it failed, a fact.
    expect(apart(e.text, failures)).toEqual([]);
    expect(e.text).toMatch(/^=+ 21 failed, 579 passed in [\d.]+s =+$/m);
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });

  it("pytest: 39 failures in 30 files: each one whole", () => {
    const text = read("pytest-many-files.txt");
    const failures = JSON.parse(read("pytest-many-files.json")) as Failure[];
    expect(failures.length).toBe(39);
    const e = compress(text, bash("pytest tests", 1));
    expect(e.compressor).toBe("pytest");
    expect(apart(e.text, failures)).toEqual([]);
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });

  // `python3 -m pytest -v` on 210 tests (150 parametrized), 3 failing: two dict
  // comparisons and a JSONDecodeError raised inside the json module. The line of the test
  // that failed (pytest's `>` line, the first of each failure) says what was asserted:
  // it locates the failure as a caret does a compiler's error (main left out two of three).
  it("pytest -v: each failure with the test's own line that failed", () => {
    const text = read("pytest-v-3-of-210.txt");
    const e = compress(text, bash("python3 -m pytest -v test_app.py", 1));
    expect(e.compressor).toBe("pytest");
    const lines = text.split("\n");
    const firsts = lines
      .map((l, i) =>
        /^_{3,} test_\w+ _{3,}$/.test(l) ? lines.slice(i).find((k) => k.startsWith(">")) : undefined,
      )
      .filter((l): l is string => l !== undefined);
    expect(firsts).toHaveLength(3);
    const shown = e.text.split("\n");
    for (const l of firsts) expect(shown).toContain(l);
    expect(shown).toContain("E         {'total': 51} != {'total': 52}");
    expect(e.text.length).toBeLessThan(text.length * 0.2);
  });
});
