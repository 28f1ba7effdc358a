/**
 * Compilers and test runners on code made broken on purpose: tsc (plain and --pretty),
 * gcc, make, cmake; vitest, jest, pytest, node:test (TAP and spec), a crashing Node
 * process. Facts come from each tool's machine-readable side: the TypeScript compiler
 * API, gcc's JSON diagnostics, the runners' JSON/JUnit reporters, the crash's own streams.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { bashEntry, type CorpusEntry, freshDir, pick, REPO, rng, sh, TOOLS, write } from "./gen-support.ts";
import {
  type Fact,
  fact,
  gccFacts,
  jsonReporterFacts,
  junitFailureFacts,
  summaryLineFacts,
  uniqueFacts,
} from "./oracle.ts";

const TS_BAD = [
  (n: number) => `export const count${n}: number = "not a number";`,
  (n: number) => `export function call${n}() { return missingName${n} + 1; }`,
  (n: number) => `export const obj${n}: { id: string } = { id: "a", extra${n}: true };`,
  (n: number) => `export function len${n}(x: string | undefined) { return x.length; }`,
  (n: number) => `import { nothing${n} } from "./mod0";`,
];

/** A project of `files` modules, most lines fine, `errors` of them wrong. */
function tsProject(dir: string, files: number, errors: number, seed: number): void {
  const r = rng(seed);
  write(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: "es2022", module: "nodenext" },
      include: ["src"],
    }),
  );
  const bad = new Set<string>();
  while (bad.size < errors) bad.add(`${Math.floor(r() * files)}:${Math.floor(r() * 30)}`);
  for (let f = 0; f < files; f++) {
    const lines = [`export const name${f} = "mod${f}";`];
    for (let l = 0; l < 30; l++) {
      if (bad.has(`${f}:${l}`)) lines.push(pick(r, TS_BAD)(f * 100 + l));
      else
        lines.push(
          `export function helper${f}_${l}(a: number, b: number): number {\n  return a * ${l} + b;\n}`,
        );
    }
    write(join(dir, `src/mod${f}.ts`), `${lines.join("\n")}\n`);
  }
}

function tscFacts(dir: string): Fact[] {
  // biome-ignore lint/suspicious/noExplicitAny: the TypeScript 5 API is loaded from the generation tools
  const ts: any = createRequire(join(TOOLS, "package.json"))("typescript");
  const config = ts.getParsedCommandLineOfConfigFile(
    join(dir, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
  );
  const program = ts.createProgram(config.fileNames, config.options);
  const facts: Fact[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (!d.file || d.start === undefined) continue;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const rel = relative(dir, d.file.fileName);
    // The location is file and line (the issue's "file:line"); the column is not required.
    facts.push(fact(rel, String(line + 1), `TS${d.code}`));
  }
  return uniqueFacts(facts);
}

export function tscEntries(): CorpusEntry[] {
  const tsc = join(TOOLS, "node_modules/.bin/tsc");
  const specs = [
    [10, 3],
    [40, 80],
    [60, 120],
    [120, 90],
    [200, 250],
    [60, 150],
    [80, 200],
    [150, 400],
  ] as const;
  return specs.flatMap(([files, errors], i) => {
    const dir = freshDir("tsc", String(i));
    tsProject(dir, files, errors, 70 + i);
    const pretty = i % 4 === 3;
    const cmd = `npx tsc -p .${pretty ? " --pretty" : ""}`;
    const ran = sh(`${tsc} -p .${pretty ? " --pretty" : ""}`, dir);
    const summary = summaryLineFacts(ran.stdout, /^Found \d+ errors?/);
    return [bashEntry(`tsc/${i}`, "tsc", cmd, ran, [...tscFacts(dir), ...summary])];
  });
}

// ---------------------------------------------------------------- C: gcc, make, cmake

const C_BAD = [
  (n: number) => `int bad${n}(void) { return undeclared${n}; }`,
  (n: number) => `int warn${n}(void) { int unused${n}; return 0; }`,
  (n: number) => `int ptr${n}(void) { int *p = 3; return *p; }`,
  (n: number) => `int impl${n}(void) { return not_declared_fn${n}(1); }`,
  (n: number) => `int cmp${n}(unsigned a, int b) { return a < b; }`,
];

function cProject(dir: string, files: number, issues: number, seed: number): string[] {
  const r = rng(seed);
  const bad = new Set<string>();
  while (bad.size < issues) bad.add(`${Math.floor(r() * files)}:${Math.floor(r() * 20)}`);
  const names: string[] = [];
  for (let f = 0; f < files; f++) {
    const lines = ["#include <stdio.h>", `#include "common.h"`];
    for (let l = 0; l < 20; l++) {
      if (bad.has(`${f}:${l}`)) lines.push(pick(r, C_BAD)(f * 100 + l));
      else lines.push(`int fn_${f}_${l}(int a) {\n  return a * ${l} + ${f};\n}`);
    }
    const name = `src/unit${f}.c`;
    write(join(dir, name), `${lines.join("\n")}\n`);
    names.push(name);
  }
  write(join(dir, "src/common.h"), "#pragma once\nint shared(int);\n");
  return names;
}

/** gcc's own JSON diagnostics for each file, compiled the way the build compiles it. */
function gccTruth(dir: string, sources: string[], flags: string): Fact[] {
  const facts: Fact[] = [];
  for (const s of sources) {
    const out = sh(`gcc ${flags} -fdiagnostics-format=json -c ${s} -o /dev/null`, dir);
    try {
      facts.push(...gccFacts(JSON.parse(out.stderr || "[]")));
    } catch {
      // gcc wrote no JSON for this file: no diagnostics
    }
  }
  return uniqueFacts(facts);
}

export function cEntries(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const flags = "-Wall -Wextra -Isrc";
  // gcc directly
  [
    [8, 6],
    [30, 60],
    [60, 70],
    [100, 150],
    [40, 90],
    [50, 120],
  ].forEach(([files, issues], i) => {
    const dir = freshDir("gcc", String(i));
    const sources = cProject(dir, files!, issues!, 200 + i);
    const cmd = `gcc ${flags} -c ${sources.join(" ")}`;
    entries.push(bashEntry(`gcc/${i}`, "gcc", cmd, sh(cmd, dir), gccTruth(dir, sources, flags)));
  });
  // make -k with a pattern rule: every file compiled, every diagnostic printed
  [
    [40, 30],
    [60, 60],
    [120, 90],
    [40, 70],
  ].forEach(([files, issues], i) => {
    const dir = freshDir("make", String(i));
    const sources = cProject(dir, files!, issues!, 300 + i);
    write(
      join(dir, "Makefile"),
      `CFLAGS = ${flags}\nSRCS = $(wildcard src/*.c)\nOBJS = $(SRCS:.c=.o)\nall: app\napp: $(OBJS)\n\t$(CC) -o $@ $^\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n`,
    );
    const cmd = i === 3 ? "make" : "make -k";
    const ran = sh(cmd, dir);
    // Without -k make stops at the first failing file: only what it compiled counts.
    const compiled = sources.filter((s) => ran.stdout.includes(`-c ${s} `));
    const facts = [...gccTruth(dir, compiled, flags), ...summaryLineFacts(ran.stderr, /^make: \*\*\*/)];
    entries.push(bashEntry(`make/${i}`, "make", cmd, ran, facts));
  });
  // cmake configure and build
  [
    [30, 50],
    [80, 60],
    [50, 90],
  ].forEach(([files, issues], i) => {
    const dir = freshDir("cmake", String(i));
    const sources = cProject(dir, files!, issues!, 400 + i);
    write(
      join(dir, "CMakeLists.txt"),
      `cmake_minimum_required(VERSION 3.20)\nproject(demo C)\nset(CMAKE_C_FLAGS "\${CMAKE_C_FLAGS} -Wall -Wextra")\ninclude_directories(src)\nadd_library(demo ${sources.join(" ")})\n`,
    );
    const cmd = "cmake -S . -B build && cmake --build build -- -k";
    const ran = sh(cmd, dir);
    // cmake compiles with absolute paths: the oracle compiles the same way.
    const abs = sources.map((s) => join(dir, s));
    entries.push(bashEntry(`cmake/${i}`, "cmake", cmd, ran, gccTruth(dir, abs, flags)));
  });
  return entries;
}

// ---------------------------------------------------------------- test runners

interface Suite {
  file: string;
  tests: { name: string; ok: boolean; n: number }[];
}

function suites(files: number, perFile: number, failures: number, seed: number): Suite[] {
  const r = rng(seed);
  const bad = new Set<string>();
  while (bad.size < failures) bad.add(`${Math.floor(r() * files)}:${Math.floor(r() * perFile)}`);
  return Array.from({ length: files }, (_, f) => ({
    file: `feature${f}`,
    tests: Array.from({ length: perFile }, (_, t) => ({
      name: `computes ${pick(r, ["totals", "discounts", "taxes", "refunds", "balances"])} case ${f}.${t}`,
      ok: !bad.has(`${f}:${t}`),
      n: Math.floor(r() * 1000),
    })),
  }));
}

function jsTests(s: Suite, style: "esm" | "cjs" | "node"): string {
  const head =
    style === "esm"
      ? `import { describe, it, expect } from "vitest";\n`
      : style === "node"
        ? `const { describe, it } = require("node:test");\nconst assert = require("node:assert/strict");\n`
        : "";
  const body = s.tests
    .map((t) => {
      const want = t.ok ? t.n * 2 : t.n * 2 + 1;
      const check =
        style === "node" ? `assert.equal(double(${t.n}), ${want});` : `expect(double(${t.n})).toBe(${want});`;
      return `  it(${JSON.stringify(t.name)}, () => {\n    ${check}\n  });`;
    })
    .join("\n");
  return `${head}const double = (x) => x * 2;\ndescribe(${JSON.stringify(s.file)}, () => {\n${body}\n});\n`;
}

export function runnerEntries(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const vitest = join(REPO, "node_modules/vitest/vitest.mjs");
  const jest = join(TOOLS, "node_modules/jest/bin/jest.js");
  const specs = [
    [4, 10, 2],
    [10, 20, 5],
    [20, 25, 12],
    [30, 30, 40],
    [8, 15, 1],
    [15, 40, 20],
  ] as const;
  specs.forEach(([files, per, fails], i) => {
    const ss = suites(files, per, fails, 600 + i);
    // vitest
    {
      const dir = freshDir("vitest", String(i));
      write(
        join(dir, "vitest.config.mjs"),
        "export default { test: { include: ['test/**/*.test.mjs'] } };\n",
      );
      for (const s of ss) write(join(dir, `test/${s.file}.test.mjs`), jsTests(s, "esm"));
      const reporter = i % 2 ? "verbose" : "default";
      const ran = sh(
        `node ${vitest} run --reporter=${reporter} --reporter=json --outputFile=.report.json`,
        dir,
      );
      const report = JSON.parse(readFileSync(join(dir, ".report.json"), "utf8"));
      const facts = [...jsonReporterFacts(report), ...summaryLineFacts(ran.stdout, /^\s*Tests\s+\d/)];
      entries.push(
        bashEntry(`vitest/${i}`, "vitest", `npx vitest run${i % 2 ? " --reporter=verbose" : ""}`, ran, facts),
      );
    }
    // jest (its report goes to stderr, as in a real terminal)
    {
      const dir = freshDir("jest", String(i));
      write(
        join(dir, "package.json"),
        JSON.stringify({ name: `j${i}`, private: true, jest: { testEnvironment: "node" } }),
      );
      for (const s of ss) write(join(dir, `test/${s.file}.test.js`), jsTests(s, "cjs"));
      const verbose = i % 2 === 1;
      const ran = sh(`node ${jest} --ci${verbose ? " --verbose" : ""} --json --outputFile=.report.json`, dir);
      const report = JSON.parse(readFileSync(join(dir, ".report.json"), "utf8"));
      const facts = [...jsonReporterFacts(report), ...summaryLineFacts(ran.stderr, /^Tests:\s+\d/)];
      entries.push(bashEntry(`jest/${i}`, "jest", `npx jest${verbose ? " --verbose" : ""}`, ran, facts));
    }
    // node:test, TAP and spec
    {
      const dir = freshDir("node-test", String(i));
      for (const s of ss) write(join(dir, `test/${s.file}.test.cjs`), jsTests(s, "node"));
      const tap = i % 2 === 0;
      const cmd = `node --test${tap ? " --test-reporter=tap" : ""}`;
      const ran = sh(
        `node --test --test-reporter=${tap ? "tap" : "spec"} --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=.report.xml test/`,
        dir,
      );
      const facts = junitFailureFacts(readFileSync(join(dir, ".report.xml"), "utf8"));
      entries.push(bashEntry(`node-test/${i}`, "node-test", `${cmd} test/`, ran, facts));
    }
    // pytest
    {
      const dir = freshDir("pytest", String(i));
      for (const s of ss) {
        const body = s.tests
          .map(
            (t, k) =>
              `def test_${s.file}_${k}():\n    assert double(${t.n}) == ${t.ok ? t.n * 2 : t.n * 2 + 1}\n`,
          )
          .join("\n");
        write(join(dir, `tests/test_${s.file}.py`), `def double(x):\n    return x * 2\n\n\n${body}`);
      }
      const verbose = i % 3 !== 0;
      const cmd = `python3 -m pytest${verbose ? " -v" : ""} -p no:cacheprovider tests`;
      const ran = sh(`${cmd} --junitxml=.report.xml`, dir);
      const facts = [
        ...junitFailureFacts(readFileSync(join(dir, ".report.xml"), "utf8")),
        ...summaryLineFacts(ran.stdout, /^=+ .*(failed|passed).* in [\d.]+s/),
      ];
      // junit names tests by function; the text shows tests/test_x.py::name: the name is the fact.
      entries.push(bashEntry(`pytest/${i}`, "pytest", cmd, ran, facts));
    }
  });
  // A Node process that crashes after printing progress: the last progress lines and the error are the facts.
  [200, 1500, 4000, 800].forEach((steps, i) => {
    const dir = freshDir("crash", String(i));
    write(
      join(dir, "migrate.cjs"),
      `for (let i = 1; i <= ${steps}; i++) console.log("migrating batch " + i + "/${steps * 2}: rows " + i * 500 + " ok");\nconst cfg = { tables: {} };\nconsole.log(cfg.tables.invoices.columns.length);\n`,
    );
    const ran = sh("node migrate.cjs", dir);
    const last = ran.stdout.trimEnd().split("\n").slice(-3);
    const err = ran.stderr.split("\n").find((l) => /Error/.test(l));
    const facts = uniqueFacts([...last.map((l) => fact(l)), ...(err ? [fact(err.trim())] : [])]);
    entries.push(bashEntry(`node-crash/${i}`, "node-test", "node migrate.cjs", ran, facts));
  });
  return entries;
}
