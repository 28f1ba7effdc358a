import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budgetFor, compressText, detect } from "../../../src/compress/compress-text.ts";
import { firstOmission } from "../../../src/compress/excerpt/header.ts";
import { substanceCap } from "../../../src/compress/excerpt/pack.ts";
import type { Hints } from "../../../src/compress/excerpt/types.ts";
import { bashWords, unaccounted } from "../../helpers/bash-braces.ts";
import { REPO } from "../../helpers/cairn.ts";
import { CORPUS_DIRS } from "./corpus.ts";
import { eslintErrors, parseIndex, tscErrors, unlocated } from "./kinds/compile/located.ts";

// One behaviour per compressor, on real outputs from the corpus (whole, or a real slice
// of one): what it keeps, what it drops, and the notes it adds.

const read = (file: string) => {
  for (const dir of CORPUS_DIRS) {
    try {
      return readFileSync(join(dir, file), "utf8");
    } catch {}
  }
  throw new Error(`no fixture ${file}`);
};
const bash = (command: string, exitCode = 0): Hints => ({ tool: "Bash", command, exitCode });
const run = (file: string, hints: Hints, budget?: number) => {
  const text = read(file);
  return compressText(text, hints, budget ?? budgetFor(text.length));
};
const markers = (text: string) => text.split("\n").filter((l) => l.startsWith("[… lines "));

describe("test runners", () => {
  it("vitest: failing tests with error and location, summary; passing tests dropped", () => {
    const e = run("test-vitest-failing.txt", bash("NO_COLOR=1 npx vitest run", 1));
    expect(e.compressor).toBe("vitest");
    expect(e.kept).toBe("3 failing tests, summary");
    expect(e.text).toContain("FAIL  test/lru.test.ts > LruCache > returns undefined for a missing key");
    expect(e.text).toContain("❯ test/slugify.test.ts:20:48");
    expect(e.text).toContain("Tests  3 failed | 176 passed (179)");
    expect(e.text).not.toContain("✓ slugify");
  });

  it("vitest: an all-passing run shrinks to its summary", () => {
    const e = run("test-vitest-passing-verbose.txt", bash("NO_COLOR=1 npx vitest run --reporter=verbose"));
    expect(e.text.length).toBeLessThan(600);
    expect(e.text).toContain("Tests  864 passed (864)");
  });

  it("jest: each ● block keeps its message lines and the user-code frame", () => {
    const e = run("test-jest-failing.txt", bash("npx jest --ci", 1));
    expect(e.text).toContain("● Inventory › refuses to reserve more than available");
    expect(e.text).toContain("Received function did not throw");
    expect(e.text).toContain("at Object.toThrow (__tests__/inventory.test.js:9:44)");
  });

  it("node:test TAP: suites that failed only through their tests are not counted", () => {
    const e = run("test-node-test-failing-tap.txt", bash("node --test --test-reporter=tap", 1));
    expect(e.kept).toBe("3 failing tests, summary");
    expect(e.text).toContain("# fail 3");
  });

  it("pytest: collection errors and the short summary survive a long -v run", () => {
    const e = run(
      "test-pytest-collection-error.txt",
      bash("python3 -m pytest -v --continue-on-collection-errors", 1),
    );
    expect(e.text).toContain("ERROR collecting tests/test_reports.py");
    expect(e.text).toContain("7 failed, 212 passed, 1 skipped, 1 error in");
    expect(e.text).not.toContain("PASSED");
  });

  it("cargo test: the panic location with its assertion, and the result line", () => {
    const text = read("test-cargo-failing.txt");
    const e = compressText(text, bash("RUST_BACKTRACE=0 cargo test --color never", 101), 700);
    expect(e.text).toContain("panicked at src/lib.rs:98:9:\nassertion `left == right` failed");
    expect(e.text).toContain("test result: FAILED. 6 passed; 2 failed");
  });

  it("go test: t.Errorf lines and the user's frames of a panic, not the runtime's", () => {
    const e = run("test-go-failing-verbose.txt", bash("go test -v ./...", 1));
    expect(e.text).toContain("semver_test.go:74: Compare(1.0.0-alpha, 1.0.0) = 1, want -1");
    expect(e.text).toContain("/tmp/corpus-work/go-semver/queue/queue_test.go:30");
    expect(e.text).not.toContain("=== RUN   TestRoundTrip/0.0.7\n");
  });
});

describe("compilers", () => {
  it("tsc: every error keeps its file, code and line, shown whole or in the index of the others", () => {
    const text = read("compile-tsc-errors.txt");
    const e = run("compile-tsc-errors.txt", bash("npx tsc --noEmit", 2));
    expect(e.compressor).toBe("tsc");
    // The counts are in the header (what was kept); the index's rows name every code.
    expect(e.kept).toBe("46 errors in 7 files");
    expect(e.text).not.toContain("[46 errors in 7 files]");
    const errors = tscErrors(text);
    expect(errors).toHaveLength(46);
    expect(unlocated(e.text, errors)).toEqual([]);
    // The first error printed is shown whole; the index lists only what is not.
    expect(e.text).toContain(
      "src/api/orders.ts(8,26): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'number'.",
    );
    expect(e.text).toContain("\nsrc/db.ts: TS2345 19\n");
    const index = parseIndex(e.text);
    for (const err of errors) {
      if (index.get(err.file)?.get(err.code)?.has(err.line)) expect(e.text).not.toContain(err.text);
    }
  });

  it("tsc: one error 121 times is printed once, with every location", () => {
    const text = read("compile-tsc-one-error-121-times.txt");
    const e = run("compile-tsc-one-error-121-times.txt", bash("npx tsc --noEmit --pretty false bad.ts", 1));
    expect(e.text).toContain(
      "bad.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.  [×121 at line:col 1-120:14, 121:40]",
    );
    expect(unlocated(e.text, tscErrors(text))).toEqual([]);
    // The list replaces the repeats: far less than the budget is used.
    expect(e.text.length).toBeLessThan(budgetFor(text.length) / 2);
  });

  it("tsc: 275 errors in a few groups per file, each printed once with all its lines", () => {
    const text = read("compile-tsc-repeated-errors.txt");
    const e = run("compile-tsc-repeated-errors.txt", bash("npx tsc -p . --pretty false", 1));
    const errors = tscErrors(text);
    expect(errors).toHaveLength(275);
    expect(unlocated(e.text, errors)).toEqual([]);
    expect(e.text).toContain(
      "src/api/users.ts(5,19): error TS2551: Property 'userName' does not exist on type 'User'. Did you mean 'username'?  [×40 at col 19 of lines 5, 10, 15,",
    );
    expect(e.text).toContain(
      "src/services/billing.ts(3,14): error TS2322: Type 'string' is not assignable to type 'number'.  [×30 at col 14 of lines 3-32]",
    );
    expect(e.text).not.toContain("more at line");
  });

  it("tsc: 360 distinct errors: lines while they fit, every other one in the index by file", () => {
    const text = read("compile-tsc-many-distinct-errors.txt");
    const e = run("compile-tsc-many-distinct-errors.txt", bash("npx tsc -p . --pretty false", 1));
    expect(unlocated(e.text, tscErrors(text))).toEqual([]);
    // Long runs of lines read as ranges in the index; the lines shown are left out of it.
    expect(e.text).toContain("\nsrc/dialog.ts: TS2339 6-64");
    expect(e.text).toContain(
      "src/dialog.ts(5,14): error TS2339: Property 'dialogOption0' does not exist on type 'Settings'.",
    );
  });

  it("at every budget, every error is located unless a list says how many more and where", () => {
    const cases = [
      ["compile-tsc-errors.txt", tscErrors],
      ["compile-tsc-repeated-errors.txt", tscErrors],
      ["compile-tsc-many-distinct-errors.txt", tscErrors],
      ["compile-eslint-errors.txt", eslintErrors],
      ["compile-eslint-repeated-rules.txt", eslintErrors],
    ] as const;
    const cut = /… and \d+ more (?:at lines? \d|errors? in \d)/;
    for (const [file, parse] of cases) {
      const text = read(file);
      const errors = parse(text);
      for (let budget = 1200; budget <= 6000; budget += 400) {
        const e = compressText(text, bash("npx tsc", 1), budget);
        // pack estimates a marker at 30 + 3 × digits characters: the longest ones take one more.
        const markers = e.text.split("\n").filter((l) => l.startsWith("[… lines ")).length;
        // Every location is substance: the hard cap is the substance cap (14% of an output over 8 KB).
        expect(e.text.length, `${file} at ${budget}`).toBeLessThanOrEqual(
          Math.max(budget, substanceCap(budget, text.length)) + 1 + markers,
        );
        if (!cut.test(e.text)) expect(unlocated(e.text, errors), `${file} at ${budget}`).toEqual([]);
      }
      // At the budget the hook gives it, nothing is cut.
      expect(run(file, bash("npx tsc", 1)).text, file).not.toMatch(cut);
    }
  });

  it("tsc: when even the lists do not fit, they are cut with what and where the rest is", () => {
    // Its first 7 KB (under 8 KB, the hard cap is 1.5 times the budget).
    const text = read("compile-tsc-repeated-errors.txt")
      .slice(0, 7000)
      .replace(/\n[^\n]*$/, "");
    const e = compressText(text, bash("npx tsc -p . --pretty false", 1), 200);
    expect(e.text.length).toBeLessThanOrEqual(200 * 1.5);
    // Each code's list of lines is cut with how many more and where they are.
    expect(e.text).toMatch(/TS2322 4 9 14 [\d ]*… and \d+ more at lines \d+-\d+; TS2551 5 10 /);
    const many = read("compile-tsc-many-distinct-errors.txt")
      .slice(0, 7000)
      .replace(/\n[^\n]*$/, "");
    const tight = compressText(many, bash("npx tsc -p .", 1), 200);
    expect(tight.text).toMatch(/\n… and \d+ more errors in \d+ files\]$/m);
  });

  it("tsc --pretty: the per-file table of error counts", () => {
    const e = run("compile-tsc-pretty.txt", bash("npx tsc --noEmit --pretty true", 2));
    expect(e.text).toContain("Found 46 errors in 7 files.");
    // The per-file table of counts comes after the index, which already says where each error is.
    expect(unlocated(e.text, tscErrors(read("compile-tsc-pretty.txt")))).toEqual([]);
    expect(e.text).not.toContain("\x1b[");
  });

  it("eslint: rare rules first, alignment padding removed, warnings counted by rule", () => {
    const e = run("compile-eslint-errors.txt", bash("npx eslint src", 1));
    expect(e.text).toContain("  17:22  error    'lookupUser' is not defined  no-undef");
    expect(e.kept).toBe("124 errors in 12 files, 104 warnings");
    // Warnings keep their places too, after the errors of their file.
    expect(e.text).toMatch(
      /^\/tmp\/corpus-work\/eslint-proj\/src\/handlers\.js: .*; warning no-unused-vars 2 6 18 26 36/m,
    );
    expect(e.text).toContain("✖ 228 problems (124 errors, 104 warnings)");
    expect(unlocated(e.text, eslintErrors(read("compile-eslint-errors.txt")))).toEqual([]);
  });

  it("eslint: each rule and message once per file, under its file, with every line:col", () => {
    const text = read("compile-eslint-repeated-rules.txt");
    const e = run("compile-eslint-repeated-rules.txt", bash("npx eslint src", 1));
    const errors = eslintErrors(text);
    expect(errors).toHaveLength(290);
    expect(unlocated(e.text, errors)).toEqual([]);
    expect(e.text).toContain(
      "/tmp/eslintrep/src/widgets/tabs.js\n   2:1   error    Unexpected var, use let or const instead  no-var  [×28 at line:col 2:1, 3:3, 8:1, 9:3,",
    );
    expect(e.text).toContain(
      "   3:14  error    '$' is not defined  no-undef  [×14 at col 14 of lines 3, 9, 15,",
    );
    // Every error line shown is under its own file's name.
    const shown = e.text.split("\n");
    shown.forEach((l, i) => {
      if (!/^\s+\d+:\d+\s+error\s/.test(l)) return;
      const header = shown.slice(0, i).findLast((h) => h.startsWith("/tmp/eslintrep/"));
      const own = l.replace(/ {2}\[×.*$/, "");
      expect(
        errors.some((x) => x.text === own && x.header === header),
        l,
      ).toBe(true);
    });
  });

  it("gcc: errors with their 'In function' line, make's failures", () => {
    const e = run("compile-gcc-errors.txt", bash("make -k", 2));
    expect(e.text).toContain(
      "src/persist.c: In function ‘kv_load’:\nsrc/persist.c:46:9: error: conflicting types for ‘h’",
    );
    expect(e.text).toContain("make: Target 'kvtool' not remade because of errors.");
  });

  it("g++ templates: the 'required from here' lines in the user's file", () => {
    const e = run(
      "compile-gxx-template-errors.txt",
      bash("g++ -std=c++17 -Wall -Wextra -o graph graph.cpp", 1),
    );
    expect(e.text).toContain("graph.cpp:58:14:   required from here");
    expect(e.text).not.toContain("note:   template argument deduction/substitution failed");
  });

  it("gcc: one error in twelve functions printed once; a header's warning from four files once", () => {
    const e = run("compile-gcc-repeated-warnings.txt", bash("make -k", 2));
    expect(e.text).toContain(
      "src/limits.c:4:21: error: ‘MAX_KEYS’ undeclared (first use in this function)  [×12 at col 21 of lines 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37]",
    );
    expect(e.text).toContain(
      "src/table.h:3:52: warning: conversion from ‘int’ to ‘unsigned char’ may change value [-Wconversion]  [×4]",
    );
    expect(e.text).toContain("src/main.c:5:29: error: expected ‘;’ before ‘return’");
    expect(e.text).not.toContain("[errors not shown above");
  });

  it("rustc: alike errors printed once on their --> line; 'mismatched types' told apart by their labels", () => {
    const e = run("compile-cargo-repeated-errors.txt", bash("cargo build --color never", 101));
    expect(e.text).toContain(
      "error[E0609]: no field `nam` on type `&report::Entry`\n --> src/report.rs:5:25  [×12 at col 25 of lines 5, 9, 13,",
    );
    expect(e.text).toContain("  --> src/report.rs:52:5  [×6 at col 5 of lines 52, 55, 58, 61, 64, 67]");
    expect(e.text).toContain("error[E0308]: mismatched types\n --> src/main.rs:5:18\n");
    const other = run("compile-cargo-build-errors.txt", bash("cargo build", 101));
    for (const at of ["13:14", "53:22"]) expect(other.text).toContain(`--> src/main.rs:${at}\n`);
    // The third (line 55) gives way to the first line of each other kind: the index has it.
    expect(parseIndex(other.text).get("src/main.rs")?.get("E0308")?.has(55)).toBe(true);
  });

  it("javac: 'cannot find symbol' once per symbol, with its lines", () => {
    const e = run("compile-javac-repeated-errors.txt", bash("javac -d out src/com/acme/billing/*.java", 1));
    const lead =
      "src/com/acme/billing/Invoice.java:9: error: cannot find symbol  [×10 at lines 9, 14, 19, 24, 29, 34, 39, 44, 49, 54]";
    expect(e.text.split(lead)).toHaveLength(3);
    expect(e.text).toContain("  symbol:   class BigDecimal");
    expect(e.text).toContain("  symbol:   variable BigDecimal");
  });

  it("rustc: each error keeps its --> location on the next line", () => {
    const e = run("compile-cargo-borrowck-errors.txt", bash("cargo build --color never", 101), 800);
    expect(e.text).toContain("error[E0382]: borrow of moved value: `items`\n  --> src/main.rs:43:43");
    expect(e.text).toContain("error: could not compile `inventory`");
  });
});

describe("package managers", () => {
  it("npm: compiler errors inside a failed node-gyp build, and gyp's verdict", () => {
    const e = run("pkg-npm-install-node-gyp-fail.txt", bash("npm install", 1));
    expect(e.compressor).toBe("npm");
    expect(e.text).toContain("../src/resize.cc:12:25: error: too few arguments to function");
    expect(e.text).toContain("gyp ERR! not ok");
    expect(e.text).not.toContain("gyp info spawn args '-I',");
  });

  it("npm ls: root, top-level packages, the unmet optional dependencies", () => {
    const e = run("pkg-npm-ls-all.txt", bash("npm ls --all"));
    expect(e.compressor).toBe("npm-ls");
    expect(e.text).toContain("└─┬ vitest@3.2.7");
    // Unmet optional builds grouped by version in brace words, on lines that say so.
    const unmet = e.text.split("\n").filter((l) => l.startsWith("UNMET OPTIONAL DEPENDENCY "));
    expect(unmet.flatMap((l) => bashWords(l))).toContain("@vitest/browser@3.2.7");
    expect(e.text.match(/UNMET OPTIONAL/g)?.length ?? 0).toBeLessThan(77);
  });

  it("apt: the packages named on the command line, the plan and the summary", () => {
    const cmd = "DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pytest golang-go tree nginx-light";
    const e = run("pkg-apt-get-install.txt", bash(cmd));
    expect(e.text).toContain("Setting up tree (2.1.0-1) ...");
    expect(e.text).toContain("0 upgraded, 16 newly installed, 0 to remove and 136 not upgraded.");
    expect(e.text).not.toContain("Setting up python3-pluggy");
  });
});

describe("logs and traces", () => {
  it("access log: each kind of request once with its count, problems first", () => {
    const e = run("log-nginx-access.txt", bash("cat logs/access.log"));
    expect(e.compressor).toBe("log");
    expect(e.text).toMatch(/"GET \/api\/v2\/orders\?page=25 HTTP\/1\.1" 502 .*\[×8 similar, lines \d+-\d+\]/);
    expect(e.text).toMatch(/"GET \/assets\/app\.old\.js HTTP\/1\.1" 404 .*\[×\d+ similar, lines \d+-\d+\]/);
  });

  it("server log with tracebacks: each kind of exception in full once", () => {
    const e = run("log-python-http-server.txt", bash("cat logs/server.out"));
    expect(e.kept).toContain("5 traces");
    expect(e.text.match(/^Traceback \(most recent call last\):$/gm)?.length).toBe(2);
  });

  it("python chain: the exceptions and separators in order, the program's last words", () => {
    const e = run("trace-python-chained.txt", bash("python3 main.py config/pipeline.prod.json", 1));
    const order = [
      "ValueError: invalid literal",
      "During handling of the above exception",
      "FileNotFoundError:",
      "The above exception was the direct cause",
      "etl.config.ConfigError:",
    ].map((s) => e.text.indexOf(s));
    expect(order.every((p, k) => p >= 0 && (k === 0 || p > order[k - 1]!))).toBe(true);
    expect(e.text).toContain("WARNING etl: bad input");
  });

  it("node: every [cause] with its error properties, runtime frames dropped", () => {
    const e = run("trace-node-error-cause.txt", bash("node src/worker.js 2026-10", 1));
    expect(e.kept).toBe("exception and 3 causes, user frames");
    expect(e.text).toContain("code: 'ECONNREFUSED'");
    expect(e.text).not.toContain("at emitErrorNT (node:internal/streams/destroy:169:8)");
  });

  it("java: Caused by chain with the '... N more' lines", () => {
    const e = run("trace-java-caused-by.txt", bash("java -cp out com.acme.orders.Main", 1));
    expect(e.text.match(/^Caused by: /gm)?.length).toBe(3);
    expect(e.text).not.toContain("INFO  [main] c.a.orders.Main - customer C-1040");
  });
});

describe("git", () => {
  it("diff: per-file +/- counts on every header, a total, first changes of each file", () => {
    const e = run("git-diff-multifile.txt", bash("git diff"));
    expect(e.text.split("\n")[0]).toMatch(/^\[18 files changed, \+207 -253; /);
    expect(e.text).toContain("diff package.json  (+3 -2, hunks at 1)");
    // A block's first removed line comes with its first added line (indentation as one space).
    expect(e.text).toContain('- "version": "0.14.0",\n+ "version": "0.15.0-rc.1",');
    expect(e.text).toMatch(
      /^\[\d+ of 460 changed lines not shown: the header's command with --grep '\^\[-\+\]' lists them\]$/m,
    );
    expect(e.text).toContain("diff test/braces.test.js  (+0 -70, hunks at 1)\ndeleted file mode 100644");
  });

  it("show: the commit header and message before the diff", () => {
    const e = run("git-show-patch.txt", bash("git show --stat --patch ee161f5"));
    expect(e.text).toContain("commit ee161f5804fd30f71b0407de3ff594f4eaad8731\nAuthor: Marco Bellini");
  });

  it("log: commits and authors counted, the oldest commit's summary kept", () => {
    const e = run("git-log-stat.txt", bash("git log --stat"));
    expect(e.text.split("\n")[0]).toMatch(/^\[64 commits by 4 authors: /);
    expect(e.text).toContain("19 files changed, 5157 insertions(+)");
    // 64 commits in 2.6 KB: each as `git log --oneline` shows it (7 digits: git's own
    // abbreviation for a repository of this size).
    expect(e.text).toContain("\na81a75f Add a matching benchmark\n");
  });
});

describe("structured outputs", () => {
  it("json: indented documents keep their style and label collapsed parts with their lines", () => {
    const e = run("json-npm-view-eslint.txt", bash("npm view eslint --json"));
    expect(e.compressor).toBe("json");
    expect(e.text).toMatch(/"versions": \[\n {4}"0\.0\.4",/);
    expect(e.text).toMatch(/…\d+ items of \d+, lines \d+-\d+/);
    expect(() => JSON.parse(e.text.slice(e.text.indexOf("{")))).toThrow();
  });

  it("json: compact documents stay compact", () => {
    const e = run("json-cargo-metadata.txt", bash("cargo metadata --format-version 1 --no-deps"));
    expect(e.text).toContain('"workspace_root":"/tmp/corpus-work/rust-workspace"');
    expect(e.text).not.toContain('": ');
  });

  it("table: header, row count, the rows with rare values", () => {
    const e = run("table-csv-node-modules-files.txt", bash("find … > files.csv"));
    expect(e.compressor).toBe("table");
    expect(e.text.split("\n").slice(0, 3)).toEqual([
      "path,size_bytes,modified,extension",
      "[1338 rows]",
      // A column of categories with rare values (under 5% of the rows): counted, and the
      // rows holding them kept; they fill the room the directory overview had.
      "[extension: js ×708, map ×357, json ×86, none ×75, md ×56, ts ×51, cjs ×2, flow ×1, png ×1, bnf ×1]",
    ]);
    expect(e.text).toMatch(/,png\n/);
    expect(e.text).toMatch(/,bnf\n/);
    expect(e.text.match(/,md\n/g)?.length).toBeGreaterThan(20);
  });

  it("listing: every path in brace words bash expands, or counted under its directory", () => {
    const text = read("listing-glob-dts.txt");
    const e = compressText(text, { tool: "Glob" }, 1200);
    expect(e.compressor).toBe("listing");
    expect(e.text).toContain("[91 paths in bash brace words");
    const paths = text.split("\n").filter(Boolean);
    expect(unaccounted(e.text, paths)).toEqual([]);
    // Many of them written out (7 KB of paths in 1,800 characters), not only counted.
    const words = new Set(bashWords(e.text));
    expect(paths.filter((p) => words.has(p)).length).toBeGreaterThan(paths.length / 3);
  });

  it("tree: roots, first level and the summary", () => {
    const e = run("listing-tree.txt", bash("tree -a node_modules/@jest"));
    expect(e.text).toContain("40 directories, 193 files");
    expect(e.text).toContain("node_modules/jest-config");
  });

  it("grep: matches per file, busiest first, with directories for large results", () => {
    const e = run("grep-rn-go-err-2mb.txt", bash('grep -rn -B1 "err != nil" --include=*.go .'));
    expect(e.compressor).toBe("grep");
    expect(e.text).toMatch(/^\[\d+ matches in \d+ files\]$/m);
    expect(e.text).toContain("[by directory:]");
    expect(e.text).toMatch(/^\.\/syscall\/.* {2}\d+ matches$/m);
  });
});

describe("Read", () => {
  const readHints = (path: string, extra: Partial<Hints> = {}): Hints => ({
    tool: "Read",
    filePath: path,
    ...extra,
  });

  it("code: numbered outline, imports summed up, exported declarations", () => {
    const e = run("read-ts-source-trace-mapping.txt", readHints("/x/trace-mapping.ts"));
    expect(e.compressor).toBe("read");
    expect(e.text).toMatch(/^\[11 imports, lines 1-44: @jridgewell\/sourcemap-codec, \.\/resolve/m);
    expect(e.text).toContain("L154: export function encodedMappings(");
    // Re-exports name the module's API: declarations, not imports.
    expect(e.text).toContain("L46: export type { SourceMapSegment } from './sourcemap-segment';");
    expect(e.text).toContain("L86: export { FlattenMap, FlattenMap as AnyMap } from './flatten-map';");
    for (const line of e.text.split("\n")) expect(line).toMatch(/^(?:L\d+: |\[)/);
  });

  it("a region read at an offset keeps the file's own line numbers", () => {
    const hints = readHints("/x/argparse.py", { firstLine: 1800, offset: 1800, limit: 400 });
    const e = run("read-python-argparse-region.txt", hints);
    expect(e.text).toContain("L1868:     def parse_args(self, args=None, namespace=None):");
    expect(e.text).toContain("L1800: ");
  });

  it("a small region asked for by offset/limit is shown in full inside the outline", () => {
    const text = read("read-python-argparse.txt");
    const e = compressText(text, readHints("/x/argparse.py", { offset: 1868, limit: 7 }), 6000);
    for (let n = 1868; n <= 1874; n++) expect(e.text).toContain(`L${n}: `);
    expect(e.kept).toContain("lines 1868-1874 in full");
  });

  it("the first left-out range is found from the line numbers, for the header's hint", () => {
    const e = run("read-python-argparse-region.txt", readHints("/x/argparse.py", { firstLine: 1800 }));
    const first = firstOmission(e.text, 1800)!;
    const kept = [...e.text.matchAll(/^L(\d+): /gm)].map((m) => Number(m[1]));
    expect(first[0]).toBe(kept.find((n, k) => kept[k + 1] !== undefined && kept[k + 1]! > n + 1)! + 1);
    expect(firstOmission("a\n[… lines 4-9 omitted (6 lines) …]\nb")).toEqual([4, 9]);
  });

  it("a .d.ts: every name it exports or re-exports, each on a numbered line", () => {
    // A real bundled declaration file: re-exports from chunks (`B as BrowserTesterOptions`)
    // between the imports, local declarations, and export lists at the end.
    const path = join(REPO, "node_modules/vitest/dist/index.d.ts");
    const text = readFileSync(path, "utf8");
    // Every export list in the text, however it is laid out: `export { a, b as c } …`.
    const exported = [...text.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]!
        .split(",")
        .map(
          (spec) =>
            spec
              .trim()
              .split(/\s+as\s+/)
              .at(-1)!,
        )
        .filter(Boolean),
    );
    expect(exported.length).toBeGreaterThan(100);
    const e = compressText(text, readHints(path), budgetFor(text.length));
    expect(e.text.length).toBeLessThan(text.length * 0.16);
    const missing = exported.filter((name) => !new RegExp(`\\b${name.replace("$", "\\$")}\\b`).test(e.text));
    expect(missing).toEqual([]);
    // A re-export is shown with the exported name, not the bundler's one-letter local one.
    expect(e.text).toMatch(
      /^L2: export \{ BrowserTesterOptions \} from '\.\/chunks\/browser\.d\.\w+\.js';$/m,
    );
  });

  it("a class's methods are declarations: every one of them, with its line (the runtime says which)", () => {
    // Real sources of a package read whole: yaml's Document class and its parser.
    const require = createRequire(import.meta.url);
    for (const [file, name] of [
      ["yaml/dist/doc/Document.js", "Document"],
      ["yaml/dist/parse/parser.js", "Parser"],
    ] as const) {
      const path = join(REPO, "node_modules", file);
      const text = readFileSync(path, "utf8");
      const cls = (require(path) as Record<string, { prototype: object }>)[name]!;
      const methods = Object.getOwnPropertyNames(cls.prototype).filter((m) => m !== "constructor");
      expect(methods.length).toBeGreaterThan(5);
      const e = compressText(text, readHints(path), budgetFor(text.length));
      const lines = text.split("\n");
      for (const m of methods) {
        const at = lines.findIndex((l) =>
          new RegExp(`^ {4}(?:static |async |get |set |\\*)?${m}\\(`).test(l),
        );
        expect(e.text, `${name}.${m}`).toContain(`L${at + 1}: ${lines[at]}`);
      }
      // A switch's `default:`, a label and an object literal's entries declare nothing.
      expect(e.text).not.toMatch(/^L\d+: +default:/m);
      expect(e.text).not.toMatch(/^L\d+: +\w+: (?:while|for)\b/m);
      expect(e.text.length).toBeLessThan(text.length * 0.15);
    }
  });

  it("prose: headings with their numbers", () => {
    const e = run("read-markdown-readme.txt", readHints("/x/README.md"));
    expect(e.text).toMatch(/^L107: ## Contents$/m);
  });

  it("minified: the start and end of the long line", () => {
    const e = run("read-minified-js.txt", readHints("/x/esquery.min.js"));
    expect(e.text).toMatch(/^L1: !function\(e,t\)/m);
    expect(e.text).toMatch(/chars\] … .{20,}/);
  });
});

describe("generic", () => {
  it("keeps head, tail, section titles, and one line of each kind", () => {
    const e = run("generic-node-help.txt", bash("node --help"));
    expect(e.compressor).toBe("generic");
    expect(e.text).toContain("Environment variables:");
    expect(e.text).toContain("Documentation can be found at https://nodejs.org/");
    expect(markers(e.text).length).toBeGreaterThan(0);
  });
});

describe("detection", () => {
  it("goes by content before the command", () => {
    const tsc = read("compile-tsc-errors.txt");
    expect(detect(tsc, bash("npm run build", 2)).compressor.name).toBe("tsc");
    expect(detect(read("test-vitest-failing.txt"), { tool: "Bash" }).compressor.name).toBe("vitest");
    expect(detect(read("git-diff-multifile.txt"), { tool: "Bash" }).compressor.name).toBe("git-diff");
    expect(detect(read("trace-java-caused-by.txt"), { tool: "Bash" }).compressor.name).toBe("trace");
  });

  it("uses the command when the content alone is ambiguous", () => {
    const oneline = read("git-log-oneline-graph.txt");
    expect(detect(oneline, bash("git log --oneline --graph")).compressor.name).toBe("git-log");
    const files = read("grep-tool-files.txt");
    expect(detect(files, bash("grep -rl 'process.env.' node_modules")).compressor.name).toBe("grep");
    expect(detect(files, bash("find node_modules -name '*.js'")).compressor.name).toBe("listing");
  });

  it("uses the tool for Read, Grep and Glob results", () => {
    const text = read("grep-tool-content.txt");
    expect(detect(text, { tool: "Grep" }).compressor.name).toBe("grep");
    expect(detect(text, { tool: "Read", filePath: "/x/y.txt" }).compressor.name).toBe("read");
    expect(detect(read("listing-glob-dts.txt"), { tool: "Glob" }).compressor.name).toBe("listing");
  });

  it("falls back to the generic compressor for unknown text", () => {
    expect(detect(read("generic-openssl-x509.txt"), bash("openssl x509 -noout -text")).compressor.name).toBe(
      "generic",
    );
  });
});
