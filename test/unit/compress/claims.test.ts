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
    for (const m of madeOf("fresh3/cargo-test-nocapture")) expect(m.excerpt.kept).toBe("4 failing tests, summary");
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
});

describe("the framing's claims over every open excerpt", () => {
  it("are true", () => {
    const bad: string[] = [];
    let checked = 0;
    for (const m of openExcerpts()) {
      const claims = claimsOf(m);
      checked += claims.length;
      bad.push(...falseOf(m));
    }
    expect(checked).toBeGreaterThan(100_000);
    expect(bad).toEqual([]);
  }, 600_000);
});
