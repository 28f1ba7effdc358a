/**
 * Nothing an excerpt shows may make the model believe something false: every claim its
 * framing makes (test/helpers/claims.ts: positions, `[×N]`, `[×N like this, lines A-B]`,
 * cuts, groups, Read's `L<n>:`, counted notes and headers) holds of the original, over the
 * bench corpus and every open set at both budgets excerpts-dump.ts uses; and the captures
 * that showed a false claim each show it no more.
 */
import { describe, expect, it } from "vitest";
import { type Claim, checkClaims } from "../../helpers/claims.ts";
import { type Made, madeOf, openExcerpts } from "../../helpers/open-excerpts.ts";

const claimsOf = (m: Made): Claim[] => checkClaims(m.text, m.excerpt, m.hints.firstLine ?? 1);

const falseOf = (m: Made, forms?: readonly string[]) =>
  claimsOf(m)
    .filter((c) => !c.ok && (!forms || forms.includes(c.form)))
    .map((c) => `${m.where} @${m.budget} ${c.form}: ${c.line.slice(0, 200)} (${c.why ?? ""})`);

describe("the framing's claims, on the captures that showed one false", () => {
  it("numbers a Read's alike lines as the file does (lines 1208-1471, not 9-272)", () => {
    for (const m of madeOf("fresh5/read-mac-log")) {
      expect(m.excerpt.text).toMatch(/^L1208: .*\[×\d+ like this, lines 1208-\d+\]$/m);
      expect(falseOf(m, ["alike"])).toEqual([]);
    }
  });

  it("shows a Read's line as the file holds it after its L<n> (a re-export's local name too)", () => {
    for (const m of madeOf("corpus/read-dts/10")) {
      expect(m.excerpt.text).toMatch(/^L2: export \{ B as BrowserTesterOptions \}/m);
      expect(falseOf(m, ["label"])).toEqual([]);
    }
  });

  it("counts jest's failing tests once, none for a suite that failed to run", () => {
    // jest's own `Tests: 40 failed`; its summary of all failing tests prints each again.
    for (const m of madeOf("corpus/jest/3")) expect(m.excerpt.kept).toBe("40 failing tests, summary");
    // 4 tests failed (✕), 6 suites failed to run.
    for (const m of madeOf("fresh3/jest-verbose-coverage-loyalty"))
      expect(m.excerpt.kept).toBe("4 failing tests, summary");
  });

  it("counts cargo test's failing tests as its test result says (4, not the one FAILED line --nocapture leaves whole)", () => {
    for (const m of madeOf("fresh3/cargo-test-nocapture"))
      expect(m.excerpt.kept).toBe("4 failing tests, summary");
  });

  it("counts a column's values only over the rows of its columns", () => {
    // lsof's `COMMAND PID USER` titles split as one: `FD: mem ×41, 45 root ×34` was no column.
    for (const m of madeOf("fresh6/lsof-python-deleted")) expect(m.excerpt.text).not.toMatch(/^\[FD: /m);
    // kubectl's `stderr:` after its rows was a row: `NAMESPACE: … stderr: ×1`, `(empty) ×1` elsewhere.
    for (const m of madeOf("dev/kubectl-get-pods-all-namespaces")) {
      expect(m.excerpt.text).toMatch(/^\[NAMESPACE: otel ×24, /m);
      expect(m.excerpt.text).not.toMatch(/stderr: ×1|\(empty\) ×1/);
      expect(falseOf(m, ["note:column-value"])).toEqual([]);
    }
  });

  it("takes a table's first line for its header when a line below it splits as it does", () => {
    // `IEEE Registration Authority   288`, the 9th row, read as the header: `[291 rows]` of 300.
    for (const m of madeOf("fresh17/mlr-top-vendors-f17")) {
      expect(m.excerpt.text).toMatch(/^Organization Name +count\n\[300 rows\]$/m);
      expect(falseOf(m, ["note:rows", "kept:rows"])).toEqual([]);
    }
  });

  it("counts npm ls's top-level packages with a problem among the top level", () => {
    // 11 packages at the first level, 2 of them extraneous or invalid: the header said 9.
    for (const m of madeOf("fresh5/npm-ls-all-invalid")) {
      expect(m.excerpt.kept).toMatch(/^11 top-level packages, 3 problems/);
      expect(falseOf(m, ["kept:npm-ls-top"])).toEqual([]);
    }
  });

  it("counts the paths under a folder of grep's files, not their matches", () => {
    // `sdk/lib/ (70 paths)` stood for 26 files with 70 matches between them.
    for (const m of madeOf("corpus/grep/content-4")) {
      expect(m.excerpt.text).toMatch(/^\S+\/sdk\/lib\/ \(\d+ paths\)$/m);
      expect(falseOf(m, ["note:dir-paths"])).toEqual([]);
    }
  });

  it("counts a trace's exceptions and causes apart: separate failures are no causes", () => {
    // unittest's 4 failing tests, each its own traceback: `exception and 3 causes` before.
    for (const m of madeOf("dev/python-unittest-verbose"))
      expect(m.excerpt.kept).toBe("4 exceptions, user frames");
    // surefire's 3 failures, set in under `<failure …>`, one with a `Caused by:`: `exception, user frames` before.
    for (const m of madeOf("fresh21/surefire-schedule-xml-f21"))
      expect(m.excerpt.kept).toBe("3 exceptions and 1 cause, user frames");
    for (const m of madeOf("fresh9/mocha-spec-f9"))
      expect(falseOf(m, ["kept:trace-exceptions", "kept:trace-causes"])).toEqual([]);
  });

  it("counts a crash as one trace in a log, its code frame or backtrace block with it", () => {
    // Node's `file:…:11` code frame above its TypeError; Rust's `stack backtrace:` under its panic.
    for (const w of ["shared/014-node-crash-stacktrace", "dev/cargo-run-panic"])
      for (const m of madeOf(w)) {
        expect(m.excerpt.kept).toMatch(/, 1 trace$/);
        expect(falseOf(m, ["kept:log-traces"])).toEqual([]);
      }
  });

  it("counts a Markdown file's headings past a `~~~~` underline inside a ``` block", () => {
    for (const m of madeOf("corpus/read-md/4")) {
      expect(m.excerpt.kept).toBe("outline: 20 headings");
      expect(falseOf(m, ["kept:read-headings"])).toEqual([]);
    }
  });

  it("counts and names a Go file's `import (` block's packages", () => {
    // `[1 import, lines 3-3: ]` before: 3 packages in lines 3-7.
    for (const m of madeOf("fresh8/read-go-report-source")) {
      expect(m.excerpt.text).toMatch(/^\[3 imports, lines 3-7: fmt, strings, os\]$/m);
      expect(falseOf(m, ["note:imports-count", "note:imports-range", "note:imports-names"])).toEqual([]);
    }
  });

  it("reads no id alone in its cell or string as an error code (an OUI registry's `E47684`)", () => {
    // `6 problem lines` of `"Assignment": "E47684"`, `1 problem line` of `Assignment  E04007`.
    for (const w of ["fresh17/mlr-apple-json-spilled-f17", "fresh17/mlr-huawei-xtab-f17"])
      for (const m of madeOf(w)) {
        expect(m.excerpt.kept).toMatch(/^\d+ kinds of line, the end$/);
        expect(falseOf(m, ["kept:problem-lines"])).toEqual([]);
      }
  });

  it("counts no comment at the margin among an SQL file's top-level statements", () => {
    // `-- shop schema, generated by pg_dump …` and another: `71 top-level statements` of 69.
    for (const m of madeOf("fresh2/read-sql-schema")) {
      expect(m.excerpt.kept).toBe("outline: 69 top-level statements");
      expect(falseOf(m, ["kept:read-statements"])).toEqual([]);
    }
  });

  it("counts no Go local (`out := make(…)` one level into a function) among a file's declarations", () => {
    // 26 funcs and a type: `outline: 51 declarations` counted each function's `out :=`.
    for (const m of madeOf("fresh8/read-go-report-source"))
      expect(m.excerpt.kept).toBe("outline: 27 declarations");
  });

  it("says json's header items are each array's first and the rare ones, not all rare", () => {
    // `11 items (those with rare values)` of `[25 items in data: the first, and 10 with a rare …]`.
    for (const m of madeOf("shared/022-curl-orders-json")) {
      expect(m.excerpt.kept).toBe(
        "the document's top, 11 items (each array's first and 10 with rare values or asked for)",
      );
      expect(falseOf(m, ["kept:json-items", "kept:json-rare-items"])).toEqual([]);
    }
  });

  it("counts no line after the rows as one (`stderr:` after kubectl's 80 pods, `exit code: 1`)", () => {
    for (const m of madeOf("dev/kubectl-get-pods-all-namespaces")) {
      expect(m.excerpt.kept).toMatch(/^header, 80 rows:/);
      expect(m.excerpt.text).toMatch(/^\[80 rows\]$/m);
    }
    for (const m of madeOf("fresh8/npm-outdated-all-portal"))
      expect(m.excerpt.kept).toMatch(/^header, 232 rows:/);
  });

  it("reads a CSV whose quoted cells hold commas as a CSV (bandit -f csv: 108 rows, not 109)", () => {
    // `"[129, 130]"` hid the delimiter: read as aligned columns, `exit code: 1` was a row.
    for (const m of madeOf("fresh24/bandit-csv-alembic-f24")) {
      expect(m.excerpt.kept).toMatch(/^header, 108 rows:/);
      expect(m.excerpt.text).toMatch(/^\[test_id: B101 ×96, /m);
      // Each directory's rows counted whole: `testing/` holds 17 (13, and 4 in `testing/suite/`).
      expect(m.excerpt.text).not.toMatch(/^exit code: 1\nvendor\//m);
      expect(m.excerpt.text).toMatch(/^vendor\/alembic\/testing\/ {2}17 rows$/m);
      expect(falseOf(m)).toEqual([]);
    }
  });

  it("reads no table where no rows stand under the line taken for its header (mariadb --force)", () => {
    // `ALTER TABLE packages ADD CONSTRAINT …` read as a header over the errors and warnings
    // mariadb printed: `[106 rows]` of an output that has no table of them.
    for (const m of madeOf("fresh24/mariadb-force-show-warnings-f24")) {
      expect(m.excerpt.compressor).not.toBe("table");
      expect(m.excerpt.text).not.toMatch(/^\[\d+ rows\]$/m);
      expect(m.excerpt.text).toContain("ERROR 1062 (23000) at line 3: Duplicate entry");
      expect(falseOf(m)).toEqual([]);
    }
  });

  it("counts a name right under the root among a listing's paths (dpkg -L's `/.` and `/usr`)", () => {
    // Read as dpkg's own lines, the two were left out: `[280 paths in 36 directories` of 282 in 37.
    for (const m of madeOf("fresh24/dpkg-L-sqlalchemy-f24")) {
      expect(m.excerpt.text).toMatch(/^\[282 paths in 37 directories: /);
      expect(m.excerpt.text).toMatch(/^\/\.\n\/usr\n/m);
      expect(falseOf(m)).toEqual([]);
    }
  });
});

/**
 * False by the checker's reading, judged true, each with why: the templates call lines
 * alike that differ in a word the checker's looser test keeps (a name among signatures,
 * rows of one table, JSON lines with a field more).
 */
const JUDGED: Record<string, string> = {
  "corpus/grep/content-5 alike": "grep matches of one @deprecated comment, words between them differ",
  "fresh/git-reflog alike": "reflog entries `commit: <subject>`: the subjects differ",
  "fresh4/shellcheck-nightly alike": "shellcheck's underline `^--^ SCnnnn`: the dashes' length differs",
  "fresh9/shellcheck-deploy-pipeline alike":
    "shellcheck's underline `^--^ SCnnnn`: the dashes' length differs",
  "fresh7/read-audit-events-ndjson alike": "JSON lines of one shape, two with a field more",
  "fresh8/go-test-json-spilled alike": "go test -json events of one shape, some with a field more",
  "fresh17/mlr-mam-barred-f17 alike": "rows of one table: the organisation names differ",
  "fresh17/shfmt-d-gzip-scripts-spilled-f17 alike":
    "diff lines `+<tab>echo …`: the last differs in its words",
  "fresh20/bun-test-coverage-f20 alike": "coverage rows: uncovered line lists of other lengths",
  "fresh20/latexmk-handbook-rerun-spilled-f20 alike": "TeX font lines: the patterns differ",
  "fresh23/rg-c2-hooks-free-f23 alike": "rg -C2's context lines `path-}`: the paths before the text differ",
  "fresh23/rg-c2-hooks-free-f23 kept:grep-matches":
    "unnumbered matches: a context line holding a colon (`cJSON.c-loop_end:`) is no match",
  "fresh23/rg-c2-hooks-free-f23 kept:grep-files":
    "unnumbered matches: `cJSON.c-loop_end` is cJSON.c's context line, no file",
  "fresh23/go-build-gcflags-m-spilled-f23 kept:grep-matches":
    "go build -gcflags=-m read as matches: its 12 `<autogenerated>:1:` lines name no file",
  "fresh23/go-build-gcflags-m-spilled-f23 kept:grep-files":
    "go build -gcflags=-m read as matches: `<autogenerated>` is no file",
  "fresh23/sed-n-cjson-print-f23 label":
    "sed -n '1180,1620p': its lines labelled by the file's numbers, from 1180",
};

describe("the framing's claims over every open excerpt", () => {
  it("are true, but for those judged so above (the list is not stale)", () => {
    const bad: string[] = [];
    const judged = new Set<string>();
    let checked = 0;
    for (const m of openExcerpts()) {
      const claims = claimsOf(m);
      checked += claims.length;
      for (const c of claims) {
        if (c.ok) continue;
        const key = `${m.where} ${c.form}`;
        if (JUDGED[key]) judged.add(key);
        else bad.push(`${m.where} @${m.budget} ${c.form}: ${c.line.slice(0, 200)} (${c.why ?? ""})`);
      }
    }
    expect(checked).toBeGreaterThan(100_000);
    expect(bad).toEqual([]);
    expect(Object.keys(JUDGED).filter((k) => !judged.has(k))).toEqual([]);
  }, 600_000);
});
