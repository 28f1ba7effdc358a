/**
 * `npm ls` trees: the root, each problem once with its flag (invalid, extraneous,
 * missing, UNMET), the top-level dependencies, and every other package of the tree once
 * as name@version (deduped repeats left out); the tree drawing is decoration.
 */

import { groupLines, note } from "../../excerpt/framing.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";

const MISSING = /^npm (?:error|ERR!) missing: (\S+), required by (\S+)$/;
// npm draws its tree with box characters, or with ASCII (`+--`, `` `-- ``, `|`) when the
// locale is not UTF-8; a private root may have no version (`proj@ /path`).
const TREE_ROOT = /^\S+@\S* \/\S*$|^\S+@\S+$/;
const TREE_TOP = /^(?:[├└]─[─┬]|[+`]--) /;
const TREE_GLYPHS = /^[│├└─┬|+`\s-]+(?=\S)/;
const TREE_PROBLEM =
  /\b(?:UNMET|invalid|extraneous|missing|ELSPROBLEMS|deduped invalid)\b|npm (?:error|ERR!)/;
const FLAG =
  /\b(UNMET OPTIONAL DEPENDENCY|UNMET DEPENDENCY|UNMET PEER DEPENDENCY|invalid|extraneous|missing)\b/;

/** A problem's identity: the package and its flag (the same invalid package under many parents is one problem). */
function problemKey(entry: string): string {
  const flag = FLAG.exec(entry)?.[1];
  if (!flag) return entry;
  const spec = flag.startsWith("UNMET")
    ? entry.slice(entry.indexOf(flag) + flag.length).trim()
    : entry.split(" ")[0];
  return `${flag} ${spec}`;
}

interface Tree {
  readonly picks: Pick[];
  /** Each top-level package's line and the packages of its subtree, once each. */
  readonly subtrees: { at: number; names: string[] }[];
  readonly top: number;
  readonly problems: number;
  readonly repeats: number;
  /** The root's line (the project itself), or -1. */
  readonly root: number;
  /** Unmet optional dependencies (platform builds, mostly): where the first is, and each spec. */
  readonly optional: { at: number; specs: string[] };
}

/**
 * Picks for the root, the top level and each distinct problem (shown without the tree's
 * drawing); the packages of each subtree; the unmet optional dependencies.
 */
function readTree(lines: readonly string[], display: Map<number, string>): Tree {
  const picks: Pick[] = [];
  const subtrees: { at: number; names: string[] }[] = [];
  const named = new Set<string>();
  // Each distinct problem, and its pick while it stands at a `deduped` reference to the package.
  const problems = new Map<string, Pick | undefined>();
  let top = 0;
  let optionals = 0;
  let repeats = 0;
  const unmet = { at: 0, specs: [] as string[] };
  let root = -1;
  lines.forEach((line, i) => {
    const entry = line.replace(TREE_GLYPHS, "");
    const spec = /^(\S+@\S+)/.exec(entry)?.[1];
    if (/^npm (?:error|ERR!|warn) /.test(line)) {
      // npm's own lines after the tree: each kept (the missing ones grouped by parent).
      picks.push({ from: i, to: i, prio: MUST + 8 });
    } else if (TREE_PROBLEM.test(line)) {
      // A top-level package with a problem (`├── left-pad@1.3.0 extraneous`) is one of the top level too.
      if (TREE_TOP.test(line)) top++;
      const key = problemKey(entry);
      const deduped = /\bdeduped\b/.test(entry);
      if (problems.has(key)) {
        repeats++;
        // Shown where the package itself stands, which says what a reference to it may not.
        const kept = problems.get(key);
        if (kept && !deduped) {
          display.delete(kept.from);
          display.set(i, entry);
          picks[picks.indexOf(kept)] = { ...kept, from: i, to: i };
          problems.set(key, undefined);
        }
        return;
      }
      problems.set(key, undefined);
      // Unmet optional dependencies are normal; the project's own problems come first.
      const depth = (line.length - entry.length) / 2;
      const optional = key.startsWith("UNMET OPTIONAL");
      const wanted = key.slice(key.indexOf(" ", "UNMET OPTIONAL DEPENDENCY".length) + 1);
      if (optional && !/\s/.test(wanted)) {
        // Written together, grouped by version (optionalNotes).
        if (unmet.specs.length === 0) unmet.at = i;
        unmet.specs.push(wanted);
        return;
      }
      display.set(i, entry);
      const pick = {
        from: i,
        to: i,
        prio: optional ? MUST + (optionals++ === 0 ? 2 : 1) : MUST + 8 - Math.min(6, depth),
      };
      picks.push(pick);
      if (deduped) problems.set(key, pick);
      if (spec) named.add(spec);
    } else if (TREE_TOP.test(line)) {
      picks.push({ from: i, to: i, prio: MUST + 1 });
      subtrees.push({ at: i + 1, names: [] });
      if (spec) named.add(spec);
      top++;
    } else if (i < 3 && TREE_ROOT.test(line)) {
      picks.push({ from: i, to: i, prio: MUST + 10 });
      root = i;
    } else if (spec && subtrees.length > 0 && !named.has(spec)) {
      named.add(spec);
      subtrees[subtrees.length - 1]!.names.push(spec);
    }
  });
  const real = [...problems.keys()].filter((k) => !k.startsWith("UNMET OPTIONAL")).length;
  return { picks, subtrees, top, problems: real, repeats, root, optional: unmet };
}

/** A spec split at the `@` before its version (`@jest/core@29.7.0` → `@jest/core`, `29.7.0`). */
function splitSpec(spec: string): [string, string] | undefined {
  const at = spec.lastIndexOf("@");
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : undefined;
}

/**
 * The packages grouped by version, each version written once before the whole names of
 * its packages (`29.7.0: jest jest-cli jest-config`), the versions that hold most first.
 */
export function byVersionLines(specs: readonly string[]): string[] {
  const byVersion = new Map<string, string[]>();
  const odd: string[] = [];
  for (const spec of specs) {
    const parts = splitSpec(spec);
    if (!parts) {
      odd.push(spec);
      continue;
    }
    const list = byVersion.get(parts[1]);
    if (list) list.push(parts[0]);
    else byVersion.set(parts[1], [parts[0]]);
  }
  const versions = [...byVersion].sort((a, b) => b[1].length - a[1].length);
  const lines = versions.flatMap(([version, names]) => groupLines(version, names));
  return odd.length > 0 ? [...lines, odd.join(" ")] : lines;
}

/** The unmet optional dependencies on a few lines, by version, where the first one was. */
function optionalNotes(unmet: Tree["optional"]): Note[] {
  return byVersionLines(unmet.specs).map((line, k) => ({
    at: unmet.at,
    text: `UNMET OPTIONAL DEPENDENCY ${line}`,
    prio: MUST + 1 - Math.min(0.05, k / 1000),
  }));
}

/** Each other package once, by version: what the tree holds, as room allows. */
function nameNotes(subtrees: Tree["subtrees"]): Note[] {
  const lines = byVersionLines(subtrees.flatMap((g) => g.names));
  const at = subtrees[0]?.at ?? 0;
  return lines.map((text, k) => ({ at, text, prio: 70 - Math.min(30, k / 10) }));
}

/**
 * npm's closing list ("npm error missing: x@^1, required by y@2") repeats one shape per
 * parent: each parent once with what it misses, the lines it stands for left out.
 */
function missingNotes(lines: readonly string[], grouped: Set<number>): Note[] {
  const missing = new Map<string, { first: number; specs: string[]; lines: number[] }>();
  lines.forEach((line, i) => {
    const m = MISSING.exec(line);
    if (!m) return;
    const group = missing.get(m[2]!) ?? { first: i, specs: [], lines: [] };
    missing.set(m[2]!, group);
    group.specs.push(m[1]!);
    group.lines.push(i);
  });
  const notes: Note[] = [];
  for (const [parent, g] of missing) {
    if (g.specs.length < 3) continue;
    for (const i of g.lines) grouped.add(i);
    notes.push({
      at: g.first,
      text: `npm error missing, required by ${parent}: ${g.specs.join(", ")}`,
      prio: MUST + 9,
    });
  }
  return notes;
}

function lsExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const display = new Map<number, string>();
  const tree = readTree(doc.lines, display);
  const grouped = new Set<number>();
  const notes = [
    ...missingNotes(doc.lines, grouped),
    ...optionalNotes(tree.optional),
    ...nameNotes(tree.subtrees),
  ];
  const picks = tree.picks.filter((p) => !grouped.has(p.from));
  if (tree.subtrees.some((g) => g.names.length > 0))
    notes.unshift({
      at: tree.root + 1,
      text: note(
        `the top level and each problem as drawn; each other package once, by version (version: names)${tree.repeats ? `; ${plural(tree.repeats, "repeat")} of a problem shown once` : ""}`,
      ),
      prio: MUST + 9,
    });
  const kept = `${plural(tree.top, "top-level package")}${tree.problems ? `, ${plural(tree.problems, "problem")}` : ""}, packages by version as room allows`;
  return excerpt("npm-ls", doc, budget, {
    picks,
    notes,
    kept,
    // A problem's "from" list can run to thousands of characters: its start names it.
    // No omission markers: the note on top says what was left out (the drawing, repeats).
    options: { display, maxLine: 300, markers: false },
    // Lines that name what the agent is after are facts, with the packages they hang from
    // (the kind reads the problems itself).
    engine: { tree: true, factsOnly: true, problemWords: false },
    hints,
  });
}

export const npmLsExcerpt: ExcerptFn = (text: string, hints: Hints, budget: number) =>
  lsExcerpt(text, hints, budget);
