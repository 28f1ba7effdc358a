import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Excerpt, Hints } from "../../../../../src/compress/excerpt/types.ts";
import {
  contextEnd,
  D,
  findingsOf,
  messageShape,
} from "../../../../../src/compress/kinds/compile/diagnostics.ts";
import { gccExcerpt } from "../../../../../src/compress/kinds/compile/gcc.ts";

// gccExcerpt tries a line without a colon only as a frame, a summary or a step (each other
// pattern needs a colon); it must cut every output as trying all of them did (copied as it stood).
const DIAG =
  /^(?:npm error |npm ERR! )?((?:[A-Za-z]:)?[^\s:][^:]*):(\d+):(?:(\d+):)? (fatal error|error|warning|note): (.*)$/;
const CONTEXT =
  /^(?:npm error |npm ERR! )?(?:\S+: In (?:member )?function|\S+: In (?:instantiation|constructor|destructor|lambda)|\S+: At (?:top level|global scope))/;
const REQUIRED_HERE = /:\d+:\d+:\s+required from here$/;
/** A header of the system's, not the project's. */
const SYSTEM = /^\/usr\//;
/** A note that opens a candidate the compiler tried (and failed to match). */
const CANDIDATE = /^candidates? (?:are|is)?:|^candidate:/;
/** `In file included from a.h:3,` and the `                 from b.cpp:1:` under it. */
const INCLUDED = /^(?:In file included from |\s+from )\S+:\d+[:,]$/;
const MAKE_FAIL =
  /^(?:npm error )?(?:g?make|ninja)(?:\[\d+\])?: (?:\*\*\*|Target .* not remade)|^ninja: build stopped/;
const NESTED_MAKE = /^(?:npm error )?g?make\[\d+\]: /;
const STEP = /^(?:gcc|g\+\+|cc|c\+\+|clang|clang\+\+|ar|ranlib|ld|ld\.\w+|strip)\s/;
const SUMMARY = /^\d+ (?:warnings?|errors?)(?: and \d+ errors?)? generated\.$|^compilation terminated\.$/;
const FLAG = /\[(-W[^\]]+)\]$/;
/** A code frame line under a diagnostic: `  12 | int x = y;`, `     |     ^`. */
const FRAME = /^(?:npm error )?\s+(?:\d+\s*)?\|/;

function everyLine(text: string, hints: Hints, budget: number): Excerpt {
  const { lines, diags, summaries, extra, noise, ...found } = findingsOf(text);
  let context = -1;
  let candidates = false;
  const required = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 4000) continue;
    const m = DIAG.exec(line);
    // The candidates the compiler tried in the system's headers (`note: candidate: …` and
    // the indented notes under each, wherever they point) say how it searched, not where
    // the project is wrong: counted, never facts. A note that says why a constraint failed
    // is no candidate.
    if (m && m[4] === "note") {
      if (CANDIDATE.test(m[5]!)) candidates = SYSTEM.test(m[1]!);
      else candidates &&= m[5]!.startsWith(" ");
      if (candidates) {
        noise.add(i);
        continue;
      }
    } else if (!FRAME.test(line) && !INCLUDED.test(line)) candidates = false;
    if (m) {
      const end = contextEnd(lines, i, (l) => FRAME.test(l), 12);
      const severity = m[4] === "note" ? "note" : m[4] === "warning" ? "warning" : "error";
      const flag = FLAG.exec(m[5]!);
      // The "In function" line just above says where; it goes with the diagnostic.
      const where = context >= 0 && i - context <= 2 && severity !== "note" ? context : undefined;
      diags.push({
        at: i,
        end,
        severity,
        file: m[1]!,
        kind: flag ? flag[1]! : messageShape(m[5]!),
        context: where,
        line: Number(m[2]),
        ...(m[3] ? { col: Number(m[3]) } : {}),
        message: m[5]!,
        ...(flag ? { code: flag[1]! } : {}),
      });
      if (severity !== "note") context = -1;
    } else if (CONTEXT.test(line)) context = i;
    else if (REQUIRED_HERE.test(line) && !SYSTEM.test(line)) {
      // The user's call told once is the fact; the same line again over another error that
      // call made in a library says nothing new (the engine keeps it as room, locatedOnce).
      if (!required.has(line)) extra.push({ from: i, to: i, prio: D.errorFirst });
      required.add(line);
    } else if (MAKE_FAIL.test(line)) {
      // A nested make's failure names a target whose errors the index already locates;
      // the outermost make's is the run's verdict.
      if (NESTED_MAKE.test(line)) extra.push({ from: i, to: i, prio: D.summary - 2 });
      else summaries.push(i);
    } else if (SUMMARY.test(line)) summaries.push(i);
    else if (STEP.test(line)) extra.push({ from: i, to: i, prio: / -c\s/.test(line) ? 15 : D.milestone });
  }
  return found.excerpt("gcc", budget, hints);
}

const DIR = join(import.meta.dirname, "../../../../fixtures");
const outputs = ["outputs", "outputs-extra", "outputs-substance"].flatMap((d) =>
  readdirSync(join(DIR, d))
    .filter((f) => f.endsWith(".txt"))
    .map((f) => readFileSync(join(DIR, d, f), "utf8")),
);
const HINTS: Hints = { tool: "Bash", command: "make" };

describe("gcc excerpt, lines without a colon", () => {
  it("cuts every fixture output as trying every pattern on every line did", () => {
    for (const text of outputs)
      for (const budget of [2_000, 8_000])
        expect(gccExcerpt(text, HINTS, budget)).toEqual(everyLine(text, HINTS, budget));
  });
  it("cuts random builds of diagnostics, frames, includes, make lines and progress as before", () => {
    const line = fc.constantFrom(
      "src/a.c:12:5: error: 'x' undeclared (first use in this function)",
      "src/a.c:14:3: warning: unused variable 'y' [-Wunused-variable]",
      "/usr/include/stdio.h:3:1: note: candidate: int f()",
      "src/a.c: In function 'main':",
      "   12 |   x = 1;",
      "      |   ^",
      "In file included from src/a.h:3,",
      "                 from src/b.c:1:",
      "src/b.cpp:9:7:   required from here",
      "make[1]: *** [Makefile:12: a.o] Error 1",
      "make: *** [all] Error 2",
      "ninja: build stopped: subcommand failed.",
      "[ 42%] Building C object CMakeFiles/app.dir/src/a.c.o",
      "cc -Wall -c src/a.c -o src/a.o",
      "ar rcs libx.a a.o",
      "2 warnings generated.",
      "compilation terminated.",
      "-- Configuring done",
      "",
    );
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), (lines) => {
        const text = lines.join("\n");
        expect(gccExcerpt(text, HINTS, 1_500)).toEqual(everyLine(text, HINTS, 1_500));
      }),
      { numRuns: 3_000 },
    );
  });
});
