/**
 * gcc/clang (and make around them): every error with its "In function" line and the
 * user-code "required from here" of template errors, the first warning of each -W
 * flag (and per file), make's failures, link/archive steps, warnings counted by flag.
 * A diagnostic repeated in a file (or a header's, from every file including it) is
 * printed once with all its locations.
 */

import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { contextEnd, D, findingsOf, messageShape } from "./diagnostics.ts";

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

export function gccExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const { lines, diags, summaries, extra, noise, ...found } = findingsOf(text);
  let context = -1;
  let candidates = false;
  const required = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 4000) continue;
    // A diagnostic, an "In function" line, an include, a "required from here" and a make's
    // failure each hold a colon: a line without one (a build's progress, most of cmake's)
    // is tried only as a frame, a summary or a step.
    const colon = line.includes(":");
    const m = colon ? DIAG.exec(line) : null;
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
    } else if (!FRAME.test(line) && !(colon && INCLUDED.test(line))) candidates = false;
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
    } else if (colon && CONTEXT.test(line)) context = i;
    else if (colon && REQUIRED_HERE.test(line) && !SYSTEM.test(line)) {
      // The user's call told once is the fact; the same line again over another error that
      // call made in a library says nothing new (the engine keeps it as room, locatedOnce).
      if (!required.has(line)) extra.push({ from: i, to: i, prio: D.errorFirst });
      required.add(line);
    } else if (colon && MAKE_FAIL.test(line)) {
      // A nested make's failure names a target whose errors the index already locates;
      // the outermost make's is the run's verdict.
      if (NESTED_MAKE.test(line)) extra.push({ from: i, to: i, prio: D.summary - 2 });
      else summaries.push(i);
    } else if (SUMMARY.test(line)) summaries.push(i);
    else if (STEP.test(line)) extra.push({ from: i, to: i, prio: / -c\s/.test(line) ? 15 : D.milestone });
  }
  return found.excerpt("gcc", budget, hints);
}
