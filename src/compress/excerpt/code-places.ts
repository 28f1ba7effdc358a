/**
 * Places in code a line names (`src/a.ts(4,9)`, `lib/x.py:12`, `--> src/a.rs:4:5`): the
 * first line naming each file, and the members of a kind of problem that each name a place
 * and say something of their own there. Pure; the problem ranking (rank-problems.ts) reads them.
 */

import { leadPlace } from "./lead-places.ts";
import { placeAbove } from "./place-above.ts";
import { FEW } from "./work.ts";

/** The file a diagnostic names before its line number (`src/a.ts(4,9)`, `lib/x.py:12`). */
const FILE_AT = /(?:^|[\s(])((?:[\w.@~+-]+\/)*[\w.@+-]+\.[A-Za-z]\w{0,7})(?=[:(]\d)/;

/** What FILE_AT's and PLACE's every match holds, searched from its dot: most lines of a log name no file. */
const EXTENSION_AT = /\.[A-Za-z]\w{0,7}[:(]\d/;

/** The first member naming each file, when the members name two files or more (at most `most`). */
export function firstPerFile(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
  most = 16,
): number[] {
  const seen = new Map<string, number>();
  for (const i of members) {
    const body = bodyAt ? lines[i]!.slice(bodyAt(i)) : lines[i]!;
    const file = EXTENSION_AT.test(body) ? FILE_AT.exec(body)?.[1] : undefined;
    if (file === undefined || seen.has(file)) continue;
    seen.set(file, i);
    if (seen.size > most) break;
  }
  return seen.size >= 2 ? [...seen.values()] : [];
}

/**
 * A place in code: a file name with an extension and its line (and column). Its name is
 * read from where a run of name characters starts (the lookbehind): a match never starts
 * inside one, where one a character earlier would match too, but without it every
 * character of a long token was tried as a start and the token read again from each.
 */
export const PLACE = /(?<![\w.@~+/-])([\w.@~+/-]*\.[A-Za-z]\w{0,7})(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\))/;

/** A line's text from `from` on, each number in it masked (`#`). */
function maskedFrom(line: string, from: number): string {
  return line.slice(from).replace(/\d+/g, "#");
}

/** The line under a diagnostic that says where it is (rustc's and cargo's `  --> src/a.rs:4:5`). */
const ARROW = /^\s*--> \S/;

/**
 * The PLACE matches distinctPlaces read, for the readers of its answer not to read them
 * again: each member's in its own body (null where it names none), by member index, all of
 * them when the answer is not empty; and each range's place (its arrow line's for a range
 * of two), by range index.
 */
export interface PlacesRead {
  readonly body: (RegExpExecArray | null)[];
  readonly range: RegExpExecArray[];
}

/**
 * The members of a kind of problem line that each name a place in code no other member
 * named before (`file:12:5`, `file(12,5)`, or an arrow line under it: `--> file:12:5`) and
 * say something no other said there (a compiler's or linter's findings: each a line to
 * fix), as [first, last] line ranges; in a kind of `leads` or fewer, a place a line opens
 * with under its file's header too. The same message again further down the same file
 * (but for its numbers) is a cascade, counted with its kind; under a message that names
 * no place (rustc's `error[E0308]: mismatched types`) what differs is in the labels below,
 * so each is its own. Lines that mostly repeat their place are a log's, naming the code
 * that logged them: none. `read`, when given, gets the PLACE matches read (PlacesRead).
 */
export function distinctPlaces(
  lines: readonly string[],
  members: readonly number[],
  bodyAt?: (i: number) => number,
  read?: PlacesRead,
  leads = 0,
): [number, number][] {
  const places = new Set<string>();
  // What was said in each file, its numbers masked; of a file named once so far, the line and
  // where its message starts, read only once a second place names the file (most are named once).
  const said = new Map<string, Set<string> | [string, number]>();
  const out: [number, number][] = [];
  let named = 0;
  let again = 0;
  let leadFile: string | undefined;
  for (let t = 0; t < members.length; t++) {
    // Too few members left to name a place for most of them to: the answer is none already.
    if ((named + members.length - t) * 2 < members.length) return [];
    const i = members[t]!;
    const line = lines[i]!;
    const body = bodyAt ? line.slice(bodyAt(i)) : line;
    let found = EXTENSION_AT.test(body) ? PLACE.exec(body) : null;
    // Each member's own place, for bareErrorsAgain to read again without the regex.
    if (read) read.body[t] = found;
    const under = found === null && i + 1 < lines.length && ARROW.test(lines[i + 1]!);
    if (under) found = PLACE.exec(lines[i + 1]!);
    // Or the line above is its place (svelte-check's path over its message), in a kind of
    // FEW or fewer: where each is, is news (a kind of more is its first and last, as before).
    const above = found === null && members.length <= FEW ? placeAbove(lines, i) : null;
    if (above) found = above;
    // Or it opens with its line and column in the file its header names (lead-places.ts),
    // in a kind of `leads` or fewer (an error's: rank-problems.ts; a linter's hundreds of
    // `no-undef` stay their first and last, and a warning's first place in each of a stylish
    // run's many files would each be a fact).
    const lead = found === null && members.length <= leads && body === line ? leadPlace(lines, i) : null;
    if (lead) {
      // Of one file: the same finding under many files' headers is one mistake copied, its
      // first and last (eslint's `'util' is assigned a value but never used` atop 12 modules).
      leadFile ??= lead[1]!;
      if (lead[1] !== leadFile) return [];
      found = lead;
    }
    if (found === null) continue;
    named++;
    if (places.has(found[0])) {
      again++;
      continue;
    }
    places.add(found[0]);
    if (!under) {
      // Said again in the same file, or alike but for a number (`option7`, `option8`): a
      // cascade of one mistake, or one list the first and last stand for.
      const file = found[1]!;
      const from = above ? 0 : found.index + found[0].length;
      let inFile = said.get(file);
      if (inFile === undefined) said.set(file, [body, from]);
      else {
        if (Array.isArray(inFile)) {
          inFile = new Set([maskedFrom(inFile[0], inFile[1])]);
          said.set(file, inFile);
        }
        const message = maskedFrom(body, from);
        if (inFile.has(message)) continue;
        inFile.add(message);
      }
    }
    out.push([above ? i - 1 : i, under ? i + 1 : i]);
    read?.range.push(found);
  }
  // Most of them must name their place: else the places are the odd few, not the kind.
  return named * 2 >= members.length && again * 2 < named ? out : [];
}
