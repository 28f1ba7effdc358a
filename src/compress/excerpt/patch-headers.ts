/**
 * A unified diff that is no git diff (`diff -u`, `black --diff`, `isort --diff`, a .patch
 * read whole): each file's header, the `--- old` / `+++ new` pair right above a hunk header,
 * its first removed and added line (what kind of change it has, by example), each hunk's
 * header (which lines of the file changed), and what
 * the tool said of the file right after its last hunk (`would reformat f.py`,
 * `diff -ru a/x b/x` of the next file, `Only in …`). git's own diffs open each file with
 * `diff --git` and are read by the git-diff kind; these reach the engine, where the headers
 * of every file are lines of one kind (templates.ts) shown by their first and last, so the
 * changes of the files between lose the name of the file they are in, and the tool's word
 * on each file is one kind of line too. The engine (engine.ts) ranks by rankPatchOutline.
 */

import { E } from "./priorities.ts";
import { fact, type Work } from "./work.ts";

const OLD = /^--- \S/;
const NEW = /^\+\+\+ \S/;
const HUNK = /^@@+ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;
/** Lines after a file's last hunk read as the tool's word on it, at most. */
const AFTER = 3;

export interface PatchOutline {
  /** The first line of each file header (the `---` line; the `+++` line follows it). */
  readonly headers: number[];
  /** The lines right after each file's last hunk that are no part of the diff. */
  readonly after: number[];
  /** Each file's first removed and first added line: what kind of change it has, by example. */
  readonly first: number[];
  /** Each hunk's header: where in the file its changes are (`@@ -60,11 +60,11 @@`). */
  readonly hunks: number[];
}

function isHeader(lines: readonly string[], i: number): boolean {
  // The cheap test first: most lines of most outputs open with no `---`.
  return (
    i + 2 < lines.length &&
    lines[i]!.charCodeAt(0) === 45 &&
    OLD.test(lines[i]!) &&
    NEW.test(lines[i + 1]!) &&
    HUNK.test(lines[i + 2]!)
  );
}

/** The line after the hunk whose header is line `h`, read by the line counts the header gives. */
function hunkEnd(lines: readonly string[], h: number): number {
  const m = HUNK.exec(lines[h]!)!;
  let old = Number(m[1] ?? 1);
  let now = Number(m[2] ?? 1);
  let k = h + 1;
  while (k < lines.length && (old > 0 || now > 0)) {
    const c = lines[k]![0];
    if (c === "\\") {
      k++;
      continue;
    }
    // A context line whose trailing space was trimmed away is empty.
    if (c === " " || c === undefined) {
      old--;
      now--;
    } else if (c === "-") old--;
    else if (c === "+") now--;
    else break;
    k++;
  }
  return k;
}

/**
 * Where a hunk's changes end when its header's counts fell short of them (an output cut or
 * edited): past lines that read as a hunk's (changed, context), up to the next hunk, the
 * next file's header or the first line of another kind.
 */
function bodyEnd(lines: readonly string[], k: number): number {
  while (k < lines.length && /^[-+ ]/.test(lines[k]!) && !isHeader(lines, k)) k++;
  return k;
}

/** Each file's header and the tool's lines after its last hunk; undefined when the output holds no such diff. */
export function patchOutline(lines: readonly string[]): PatchOutline | undefined {
  const headers: number[] = [];
  const after: number[] = [];
  const first: number[] = [];
  const hunks: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!isHeader(lines, i)) continue;
    headers.push(i);
    let k = i + 2;
    firstChanges(lines, k, hunkEnd(lines, k), first);
    while (k < lines.length && HUNK.test(lines[k]!)) {
      hunks.push(k);
      k = bodyEnd(lines, hunkEnd(lines, k));
    }
    for (let kept = 0; k < lines.length && kept < AFTER && !isHeader(lines, k); k++) {
      if (lines[k]!.trim() === "") continue;
      after.push(k);
      kept++;
    }
    i = k - 1;
  }
  return headers.length > 0 ? { headers, after, first, hunks } : undefined;
}

/** The first removed and the first added line of the hunk whose header is line `h` (up to `end`). */
function firstChanges(lines: readonly string[], h: number, end: number, out: number[]): void {
  let removed = false;
  let added = false;
  for (let k = h + 1; k < end && !(removed && added); k++) {
    const c = lines[k]![0];
    if (c === "-" && !removed) {
      removed = true;
      out.push(k);
    } else if (c === "+" && !added) {
      added = true;
      out.push(k);
    }
  }
}

/** A unified diff's file headers and the tool's word on each file: facts, as a record's name is. */
export function rankPatchOutline(w: Work): void {
  const patch = patchOutline(w.lines);
  if (!patch) return;
  for (const i of patch.headers)
    if (!w.facts.has(i) || !w.facts.has(i + 1)) fact(w, i, i + 1, E.rare, "record-id");
  for (const i of patch.after) if (!w.facts.has(i)) fact(w, i, i, E.rare, "outcome");
  for (const i of patch.first) if (!w.facts.has(i)) fact(w, i, i, E.rare - 1, "rare");
  // Where each hunk's changes are in its file: the changes shown or not, the hunk's header
  // says which lines of the file changed (a grown diff's headers are lines of one kind,
  // shown by their first and last).
  for (const i of patch.hunks) if (!w.facts.has(i)) fact(w, i, i, E.rare - 1, "locator");
}
