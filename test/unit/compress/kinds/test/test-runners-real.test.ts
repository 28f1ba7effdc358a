import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budgetFor, compressText, detect } from "../../../../../src/compress/compress-text.ts";
import { stripAnsi } from "../../../../../src/compress/excerpt/ansi.ts";
import type { Hints } from "../../../../../src/compress/excerpt/types.ts";

// Real runs with many failures among many passing tests (made by
// test/fixtures/generate/26-test-runners.sh); which tests failed, and their first message
// line, come from the runners' own reports (vitest --reporter=json, pytest --junitxml).
// At the budget the hook gives them, each failing test's name and its message stand on
// one line of the excerpt, and the excerpt stays 85% smaller.

const DIR = join(import.meta.dirname, "../../../../fixtures/outputs-runners");
const read = (file: string) => readFileSync(join(DIR, file), "utf8");
const bash = (command: string, exitCode: number): Hints => ({ tool: "Bash", command, exitCode });

interface Failure {
  readonly name: string;
  readonly message: string;
}

function compress(text: string, hints: Hints) {
  return compressText(text, hints, budgetFor(text.length));
}

/** Failures whose name and message are not on one line of the excerpt. */
function apart(excerpt: string, failures: readonly Failure[]): Failure[] {
  const lines = stripAnsi(excerpt).split("\n");
  return failures.filter((f) => !lines.some((l) => l.includes(f.name) && l.includes(f.message)));
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
    expect(e.text.length).toBeLessThan(text.length * 0.15);
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
    // 21 failures, each after an omission marker, would not fit 1,800 characters; together
    // (name — assertion, one a line) they do.
    expect(apart(e.text, failures)).toEqual([]);
    const shown = e.text.split("\n");
    const at = failures.map((f) => shown.findIndex((l) => l.startsWith(`${f.name} — `)));
    expect(Math.max(...at) - Math.min(...at)).toBe(failures.length - 1);
    expect(e.text).toMatch(/^=+ 21 failed, 579 passed in [\d.]+s =+$/m);
  });

  it("pytest: 21 failures among 600 tests", () => {
    const text = read("pytest.txt");
    const failures = JSON.parse(read("pytest.json")) as Failure[];
    expect(failures.length).toBe(21);
    const e = compress(text, bash("pytest tests", 1));
    expect(e.compressor).toBe("pytest");
    // 21 summary lines of about 60 characters in 8.9 KB, 85% smaller (1,240 characters):
    // not all fit; those that do say name and message on one line, a file once in a row.
    expect(apart(e.text, failures).length).toBeLessThan(failures.length / 4);
    expect(e.text).toMatch(/^ {2}::test_total_\d+_\d+ - assert \d+ == \d+$/m);
    expect(e.text).toMatch(/^=+ 21 failed, 579 passed in [\d.]+s =+$/m);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("pytest: 39 failures in 30 files: what the summary lines repeat is said once", () => {
    const text = read("pytest-many-files.txt");
    const failures = JSON.parse(read("pytest-many-files.json")) as Failure[];
    expect(failures.length).toBe(39);
    const e = compress(text, bash("pytest tests", 1));
    expect(e.compressor).toBe("pytest");
    const lines = e.text.split("\n");
    // FAILED once for the run of failures; a file's name once for its failures in a row.
    expect(lines.filter((l) => l.startsWith("FAILED ")).length).toBe(1);
    expect(
      lines.filter((l) => /^ {2}tests\/test_feature\d+\.py::test_feature\d+_\d+ - assert /.test(l)).length,
    ).toBeGreaterThan(20);
    expect(lines.filter((l) => /^ {2}::test_feature\d+_\d+ - assert /.test(l)).length).toBeGreaterThan(3);
    // 39 lines of about 60 characters in 15 KB, 85% smaller: all but a few fit (7 apart
    // when each line repeated its status).
    expect(apart(e.text, failures).length).toBeLessThanOrEqual(5);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });
});
