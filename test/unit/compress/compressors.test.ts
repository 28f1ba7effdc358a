import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText, detect } from "../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../src/compress/excerpt/budget.ts";
import { docOf } from "../../../src/compress/excerpt/doc.ts";
import { firstOmission } from "../../../src/compress/excerpt/header.ts";
import type { Excerpt, Hints } from "../../../src/compress/excerpt/types.ts";
import { defaults } from "../../../src/config/schema.ts";
import { REPO } from "../../helpers/cairn.ts";
import { madeUp } from "../../helpers/readable.ts";
import { CORPUS_DIRS } from "./corpus.ts";

// One behaviour per kind, on real outputs from the corpus (whole, or a real slice of one):
// what it keeps whole, what it leaves out, what it says it left out. Excerpts are made by
// the kind the detectors choose, at the hook's budget; whether a small output is worth an
// excerpt at all is compress-text's (the last describe).

const read = (file: string) => {
  for (const dir of CORPUS_DIRS) {
    try {
      return readFileSync(join(dir, file), "utf8");
    } catch {}
  }
  throw new Error(`no fixture ${file}`);
};
const budgetOf = (text: string) => excerptBudget(defaults(), text.length);
const bash = (command: string, exitCode = 0): Hints => ({ tool: "Bash", command, exitCode });
/** The chosen kind's excerpt of a fixture, held to the readability rule. */
const run = (file: string, hints: Hints, budget?: number): Excerpt => {
  const text = read(file);
  const e = detect(text, hints).compressor.compress(text, hints, budget ?? budgetOf(text));
  // Held to the output as the model would have read it: colours and carriage returns resolved.
  const shown = docOf(text).lines.join("\n");
  expect(madeUp(shown, e.text), `${file}: words that are neither the output's nor framing`).toEqual([]);
  return e;
};
const markers = (text: string) => text.split("\n").filter((l) => l.startsWith("[lines "));

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
    const e = run("test-cargo-failing.txt", bash("RUST_BACKTRACE=0 cargo test --color never", 101), 700);
    expect(e.text).toContain("panicked at src/lib.rs:98:9:\nassertion `left == right` failed");
    expect(e.text).toContain("test result: FAILED. 6 passed; 2 failed");
  });

  it("go test: t.Errorf lines and the user's frames of a panic, not the runtime's", () => {
    const text = read("test-go-failing-verbose.txt");
    const e = run("test-go-failing-verbose.txt", bash("go test -v ./...", 1));
    expect(e.text).toContain("semver_test.go:74: Compare(1.0.0-alpha, 1.0.0) = 1, want -1");
    expect(e.text).toContain("/tmp/corpus-work/go-semver/queue/queue_test.go:30");
    expect(e.text.length).toBeLessThan(text.length / 3);
  });
});

describe("compilers", () => {
  it("tsc: every error whole; one repeated 121 times once, with how many and where", () => {
    const text = read("compile-tsc-one-error-121-times.txt");
    const e = run("compile-tsc-one-error-121-times.txt", bash("npx tsc --noEmit --pretty false bad.ts", 1));
    expect(e.kept).toBe("121 errors");
    expect(e.text).toContain(
      "bad.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.  [×121 like this, lines 2-122]",
    );
    // The last of them too: where the run of them ends.
    expect(e.text).toContain("bad.ts(121,40): error TS2322:");
    // The count stands for the repeats: far less than the budget is used.
    expect(e.text.length).toBeLessThan(budgetOf(text) / 2);
  });

  it("tsc: errors alike but for a number (a property per option) are one kind per file", () => {
    const text = read("compile-tsc-many-distinct-errors.txt");
    const e = run("compile-tsc-many-distinct-errors.txt", bash("npx tsc -p . --pretty false", 1));
    // `Property 'chartOption7' does not exist`: the option's number is a variable field.
    expect(e.text).toMatch(
      /^src\/chart\.ts\(5,14\): error TS2339: Property 'chartOption0' does not exist on type 'Settings'\. {2}\[×60 like this, lines \d+-\d+\]$/m,
    );
    expect(e.text).toContain(
      "src/table.ts(64,14): error TS2339: Property 'tableOption59' does not exist on type 'Settings'.",
    );
    expect(e.text.length).toBeLessThan(budgetOf(text));
  });

  it("tsc --pretty: errors with their code frames, the summary, no colour", () => {
    const e = run("compile-tsc-pretty.txt", bash("npx tsc --noEmit --pretty true", 2));
    expect(e.text).toContain("Found 46 errors in 7 files.");
    expect(e.text).not.toContain("\x1b[");
  });

  it("eslint: every error line as eslint wrote it, under its file, with the run's count", () => {
    const e = run("compile-eslint-errors.txt", bash("npx eslint src", 1));
    const lookup = read("compile-eslint-errors.txt")
      .split("\n")
      .find((l) => l.includes("'lookupUser' is not defined"))!;
    expect(e.text).toContain(lookup);
    expect(e.kept).toBe("124 errors in 12 files, 104 warnings");
    expect(e.text).toContain("✖ 228 problems (124 errors, 104 warnings)");
    // Each error shown is under the name of its own file.
    const shown = e.text.split("\n");
    const original = read("compile-eslint-errors.txt").split("\n");
    shown.forEach((l, i) => {
      const own = l.replace(/ {2}\[×.*$/, "");
      if (!/^\s+\d+:\d+\s+error\s/.test(own)) return;
      const header = shown
        .slice(0, i)
        .findLast((h) => h.startsWith("/tmp/"))
        ?.replace(/ {2}\[×.*$/, "");
      const at = original.indexOf(own);
      expect(
        original.slice(0, at).findLast((h) => h.startsWith("/tmp/")),
        l,
      ).toBe(header);
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
  });

  it("gcc: one error in twelve functions once with its count; a distinct error whole", () => {
    const e = run("compile-gcc-repeated-warnings.txt", bash("make -k", 2));
    expect(e.text).toMatch(
      /^src\/limits\.c:4:21: error: ‘MAX_KEYS’ undeclared \(first use in this function\) {2}\[×12 like this, lines \d+-\d+\]$/m,
    );
    expect(e.text).toContain("src/main.c:5:29: error: expected ‘;’ before ‘return’");
  });

  it("rustc: each error with its --> location; alike ones once with their count", () => {
    const e = run("compile-cargo-repeated-errors.txt", bash("cargo build --color never", 101));
    expect(e.text).toMatch(
      /^error\[E0609\]: no field `nam` on type `&report::Entry` {2}\[×12 like this, lines \d+-\d+\]\n --> src\/report\.rs:5:25/m,
    );
    expect(e.text).toMatch(
      /^error\[E0308\]: mismatched types {2}\[×7 like this, lines \d+-\d+\]\n {2}--> src\/report\.rs:52:5$/m,
    );
    const borrow = run("compile-cargo-borrowck-errors.txt", bash("cargo build --color never", 101), 800);
    expect(borrow.text).toContain("error[E0382]: borrow of moved value: `items`\n  --> src/main.rs:43:43");
    expect(borrow.text).toContain("error: could not compile `inventory`");
  });

  it("javac: 'cannot find symbol' with what is missing", () => {
    const e = run("compile-javac-repeated-errors.txt", bash("javac -d out src/com/acme/billing/*.java", 1));
    expect(e.text).toMatch(
      /^src\/com\/acme\/billing\/Invoice\.java:9: error: cannot find symbol {2}\[×20 like this/m,
    );
    expect(e.text).toContain("  symbol:   class BigDecimal");
    expect(e.text).toContain("  symbol:   variable BigDecimal");
  });
});

describe("package managers", () => {
  it("npm: compiler errors inside a failed node-gyp build, and gyp's verdict", () => {
    const e = run("pkg-npm-install-node-gyp-fail.txt", bash("npm install", 1));
    expect(e.compressor).toBe("npm");
    expect(e.text).toContain("../src/resize.cc:12:25: error: too few arguments to function");
    expect(e.text).toContain("gyp ERR! not ok");
  });

  it("npm ls: root, top-level packages, the unmet optional dependencies by version", () => {
    const e = run("pkg-npm-ls-all.txt", bash("npm ls --all"));
    expect(e.compressor).toBe("npm-ls");
    expect(e.text).toContain("└─┬ vitest@3.2.7");
    // Unmet optional builds: a version written once, then the whole names that want it.
    const unmet = e.text.split("\n").filter((l) => l.startsWith("UNMET OPTIONAL DEPENDENCY "));
    expect(unmet.some((l) => /^UNMET OPTIONAL DEPENDENCY 3\.2\.7: .*@vitest\/browser\b/.test(l))).toBe(true);
    expect(e.text.match(/UNMET OPTIONAL/g)?.length ?? 0).toBeLessThan(77);
  });

  it("npm ls: what the agent said it is after, with the packages it hangs from and holds", () => {
    const text = read("pkg-npm-ls-all.txt");
    const hints = { ...bash("npm ls --all"), intent: "See what pulls in chai" };
    const e = detect(text, hints).compressor.compress(text, hints, budgetOf(text));
    const chai = text.split("\n").filter((l) => /\bchai@/.test(l));
    expect(chai.length).toBeGreaterThan(0);
    for (const l of chai) expect(e.text).toContain(l);
  });

  it("apt: the packages named on the command line, the plan and the summary", () => {
    const cmd = "DEBIAN_FRONTEND=noninteractive apt-get install -y python3-pytest golang-go tree nginx-light";
    const e = run("pkg-apt-get-install.txt", bash(cmd));
    expect(e.text).toContain("Setting up tree (2.1.0-1) ...");
    expect(e.text).toContain("0 upgraded, 16 newly installed, 0 to remove and 136 not upgraded.");
  });
});

describe("logs and traces", () => {
  it("access log: error responses first, each kind of request once with its count", () => {
    const e = run("log-nginx-access.txt", bash("cat logs/access.log"));
    expect(e.compressor).toBe("log");
    // Eight 502s among 700 requests: each one, with where it was.
    const errors = read("log-nginx-access.txt")
      .split("\n")
      .filter((l) => /" 502 /.test(l));
    expect(errors).toHaveLength(8);
    for (const l of errors) expect(e.text).toContain(l);
    expect(e.text).toMatch(/"GET \/index\.html HTTP\/1\.1" 200 .*\[×\d+ like this, lines \d+-\d+\]$/m);
    expect(e.kept).toContain("error response");
  });

  it("server log with tracebacks: each kind of exception in full once", () => {
    const e = run("log-python-http-server.txt", bash("cat logs/server.out"));
    expect(e.kept).toContain("5 traces");
    // Two kinds of exception, five times: each kind whole once, the repeats counted.
    expect(e.text).toMatch(/^KeyError: 'tax_rate' {2}\[×3 like this, lines \d+-\d+\]$/m);
    expect(e.text).toContain("ValueError: invalid literal for int() with base 10: 'latest'");
    expect(e.text).toContain('File "/tmp/corpus-work/py-server/server.py", line');
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

  it("node: every [cause] with its error properties", () => {
    const e = run("trace-node-error-cause.txt", bash("node src/worker.js 2026-10", 1));
    expect(e.kept).toBe("exception and 3 causes, user frames");
    expect(e.text).toContain("code: 'ECONNREFUSED'");
  });

  it("java: the Caused by chain", () => {
    const e = run("trace-java-caused-by.txt", bash("java -cp out com.acme.orders.Main", 1));
    expect(e.text.match(/^Caused by: /gm)?.length).toBe(3);
  });
});

describe("git", () => {
  it("diff: every file named, changed lines whole and counted where cut, an edit made alike in many places once", () => {
    const text = read("git-diff-multifile.txt");
    const e = run("git-diff-multifile.txt", bash("git diff"));
    // The facts' cap cuts changed lines at this budget: the note says how many are shown
    // (changed-note.test.ts checks the count), not "every changed line".
    expect(e.text.split("\n")[0]).toMatch(/^\[18 files changed, \+207 -253: \d+ of 460 changed lines shown/);
    expect(e.text).toContain('-  "version": "0.14.0",\n+  "version": "0.15.0-rc.1",');
    expect(e.text).toContain(
      "diff --git a/test/braces.test.js b/test/braces.test.js\ndeleted file mode 100644",
    );
    // Every file is named: by its header, or in the list on top.
    for (const m of text.matchAll(/^diff --git a\/(\S+) b\//gm)) {
      const name = m[1]!.split("/").pop()!;
      expect(e.text, m[1]).toMatch(new RegExp(`\\b${name.replace(/\./g, "\\.")}\\b`));
    }
  });

  it("show: the commit header and message before the diff", () => {
    const e = run("git-show-patch.txt", bash("git show --stat --patch ee161f5"));
    expect(e.text).toContain("commit ee161f5804fd30f71b0407de3ff594f4eaad8731\nAuthor: Marco Bellini");
  });

  it("log: each commit as its hash and subject, commits alike once with their count", () => {
    const e = run("git-log-stat.txt", bash("git log --stat"));
    expect(e.text.split("\n")[0]).toMatch(/^\[64 commits by 4 authors: /);
    expect(e.text).toContain("19 files changed, 5157 insertions(+)");
    // As `git log --oneline` shows it (7 digits: git's own abbreviation for a repository of this size).
    expect(e.text).toContain("\na81a75f Add a matching benchmark");
  });

  it("log: a history asked about by a file shows the commits that touched it", () => {
    const text = read("git-log-stat.txt");
    const file = /^ (\S+\/\S+) +\| +\d+/m.exec(text.split("\n").slice(40).join("\n"))![1]!;
    const hints = { ...bash("git log --stat"), intent: `Find when ${file} changed` };
    const e = detect(text, hints).compressor.compress(text, hints, budgetOf(text));
    const lines = text.split("\n").filter((l) => l.startsWith(` ${file} `));
    for (const l of lines) expect(e.text).toContain(l);
  });
});

describe("structured outputs", () => {
  it("json: its own lines, the top kept, the items with rare values whole where they are", () => {
    const text = read("json-npm-view-eslint.txt");
    const e = run("json-npm-view-eslint.txt", bash("npm view eslint --json"));
    expect(e.compressor).toBe("json");
    for (const line of e.text.split("\n"))
      if (!line.startsWith("[")) expect(text.split("\n"), line).toContain(line);
    expect(markers(e.text).length).toBeGreaterThan(0);
  });

  it("json: a minified document is laid out on lines cut from it, its omissions counted", () => {
    const text = read("json-eslint-report.txt");
    const e = run("json-eslint-report.txt", bash("npx eslint --format json src"));
    expect(e.compressor).toBe("json");
    expect(e.text).toContain('"errorCount":14,');
    // Every line is the document's own text, indented: nothing reprinted.
    for (const line of e.text.split("\n"))
      if (!line.startsWith("["))
        expect(text, line).toContain(
          line
            .trim()
            .replace(/ … \[\+\d+ chars\]$/, "")
            .replace(/,$/, ""),
        );
    expect(e.text).toMatch(/^\[\d+ lines omitted\]$/m);
  });

  it("table: header, row count, the rows with rare values", () => {
    const e = run("table-csv-node-modules-files.txt", bash("find … > files.csv"));
    expect(e.compressor).toBe("table");
    expect(e.text.split("\n").slice(0, 3)).toEqual([
      "path,size_bytes,modified,extension",
      "[1338 rows]",
      "[extension: js ×708, map ×357, json ×86, none ×75, md ×56, ts ×51, cjs ×2, flow ×1, png ×1, bnf ×1]",
    ]);
    expect(e.text).toMatch(/,png\n/);
    expect(e.text).toMatch(/,bnf\n/);
  });

  it("listing: each directory once, then the whole names of its entries", () => {
    const text = read("listing-glob-dts.txt");
    const e = compressText(text, { tool: "Glob" }, 1200);
    expect(e.compressor).toBe("listing");
    expect(e.text).toMatch(/^\[91 paths in \d+ directories: each directory once, then its entries' names/);
    // Every path is named: as it is, or by its directory and then its whole name.
    const named = (p: string) => {
      const cut = p.lastIndexOf("/");
      const dir = p.slice(0, cut + 1);
      const name = p.slice(cut + 1);
      return e.text
        .split("\n")
        .some((l) => l === p || (l.startsWith(`${dir}: `) && l.split(" ").includes(name)));
    };
    const paths = text.split("\n").filter(Boolean);
    expect(paths.filter((p) => !named(p))).toEqual([]);
  });

  it("tree: roots, first level and the summary", () => {
    const e = run("listing-tree.txt", bash("tree -a node_modules/@jest"));
    expect(e.text).toContain("40 directories, 193 files");
    expect(e.text).toContain("node_modules/jest-config");
  });

  it("grep: how many matches in how many files, each kind of match once with its count", () => {
    const e = run("grep-rn-go-err-2mb.txt", bash('grep -rn -B1 "err != nil" --include=*.go .'));
    expect(e.compressor).toBe("grep");
    expect(e.kept).toMatch(/^\d+ matches in \d+ files$/);
    expect(e.text).toMatch(/:\s+if err != nil \{ {2}\[×\d+ like this, lines \d+-\d+\]$/m);
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

  it("the left-out ranges are the packer's, as the line numbers show them", () => {
    const e = run("read-python-argparse-region.txt", readHints("/x/argparse.py", { firstLine: 1800 }));
    const first = firstOmission(e)!;
    const kept = [...e.text.matchAll(/^L(\d+): /gm)].map((m) => Number(m[1]));
    expect(first[0]).toBe(kept.find((n, k) => kept[k + 1] !== undefined && kept[k + 1]! > n + 1)! + 1);
    for (const [a, b] of e.gaps ?? []) for (let n = a; n <= b; n++) expect(kept).not.toContain(n);
  });

  it("a .d.ts: every name it exports or re-exports, each on a numbered line", () => {
    // A real bundled declaration file: re-exports from chunks (`B as BrowserTesterOptions`)
    // between the imports, local declarations, and export lists at the end.
    const path = join(REPO, "node_modules/vitest/dist/index.d.ts");
    const text = readFileSync(path, "utf8");
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
    const e = compressText(text, readHints(path), budgetOf(text));
    const missing = exported.filter((name) => !new RegExp(`\\b${name.replace("$", "\\$")}\\b`).test(e.text));
    expect(missing).toEqual([]);
    // A re-export is shown as the file holds it, the bundler's local name too: `L2:` says it is
    // line 2, which a line rewritten (`export { BrowserTesterOptions }`) is not.
    expect(e.text).toMatch(
      /^L2: export \{ [\w$]{1,2} as BrowserTesterOptions \} from '\.\/chunks\/browser\.d\.\w+\.js';$/m,
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
      const e = compressText(text, readHints(path), budgetOf(text));
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
    }
  });

  it("prose: headings with their numbers", () => {
    const e = run("read-markdown-readme.txt", readHints("/x/README.md"));
    expect(e.text).toMatch(/^L107: ## Contents$/m);
  });
});

describe("generic", () => {
  it("a help text: its section titles and the end, and marks what it leaves out", () => {
    const e = run("generic-node-help.txt", bash("node --help"));
    expect(e.compressor).toBe("generic");
    expect(e.text).toContain("Documentation can be found at https://nodejs.org/");
    expect(e.text).toContain("\nOptions:\n");
    expect(e.text).toContain("\nEnvironment variables:\n");
    // It describes warnings, it reports none: `--no-warnings` is an option like the others.
    expect(e.text).not.toContain("  --no-warnings               silence all process warnings");
    expect(markers(e.text).length).toBeGreaterThan(0);
  });

  it("keeps the lines the agent said it ran the command for", () => {
    const e = run("generic-node-help.txt", {
      ...bash("node --help"),
      intent: "Find the flag that silences process warnings",
    });
    expect(e.text).toContain("  --no-warnings               silence all process warnings");
  });
});

describe("an output of 8 KB or less", () => {
  it("is shown whole when its excerpt would leave out a line that is not noise", () => {
    // 46 errors of tsc in 6 KB: every one is a fact, and they are all the output is.
    const text = read("compile-tsc-errors.txt");
    expect(text.length).toBeLessThan(8192);
    const e = compressText(text, bash("npx tsc --noEmit", 2), budgetOf(text));
    expect(e.kept).toBe("everything");
    expect(e.text).toBe(text.replace(/\n$/, ""));
  });

  it("becomes an excerpt when what it leaves out is noise the kind knows (a passing run)", () => {
    const text = read("test-vitest-passing-verbose.txt");
    const hints = bash("NO_COLOR=1 npx vitest run --reporter=verbose");
    const small = text.split("\n").slice(-60).join("\n");
    expect(small.length).toBeLessThan(8192);
    const e = compressText(small, hints, budgetOf(small));
    expect(e.kept).toBe("summary");
    expect(e.text.length).toBeLessThan(small.length / 4);
  });
});
