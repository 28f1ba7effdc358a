/**
 * The packages of a lockfile written as text blocks rather than package-lock.json's
 * JSON (lockfile.ts reads that one): which version of each package is locked is what a
 * lockfile is read for, so the lines that name a package and its version are facts, kept
 * as the file writes them, with their line numbers; hashes, sources and each entry's own
 * dependencies are left out. By the lockfile's syntax:
 *
 * - Cargo.lock, poetry.lock, uv.lock: in each `[[package]]` block, its `name = "…"` and
 *   `version = "…"` lines;
 * - yarn.lock: each entry's key line (`express@4.18.2:`, `"@babel/core@^7.0.0", …:`) and
 *   the `version` line under it;
 * - pnpm-lock.yaml: the head (the project's importers, specifiers and versions) and each
 *   package's key line (`  /axios@1.6.2:`);
 * - Gemfile.lock: every line above the specs' own dependencies (`    rake (13.0.6)`);
 * - go.sum: the lines of the versions a build uses (`mod v1.2.3 h1:…`), not those of the
 *   go.mod files the module graph only considered (`mod v1.2.3/go.mod h1:…`).
 *
 * Pure; returns how many packages the picks name (0: not such a lockfile).
 */

import type { Doc } from "../../excerpt/doc.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";

const indent = (line: string): number => line.length - line.trimStart().length;

function tomlPackages(lines: readonly string[], keep: (i: number) => void): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "[[package]]") continue;
    n++;
    for (let k = i + 1; k < lines.length && k < i + 6; k++) {
      const t = lines[k]!;
      if (t.trim() === "" || t.startsWith("[")) break;
      if (/^(?:name|version) = /.test(t)) keep(k);
    }
  }
  // The lock's own format version (`version = 4` above the first package).
  for (let i = 0; i < Math.min(lines.length, 10); i++) if (/^version = \d+$/.test(lines[i]!)) keep(i);
  return n;
}

function yarnPackages(lines: readonly string[], keep: (i: number) => void): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "" || line.startsWith("#") || indent(line) > 0 || !line.trimEnd().endsWith(":")) continue;
    if (/^__metadata:/.test(line)) continue;
    n++;
    keep(i);
    for (let k = i + 1; k < lines.length && k < i + 4; k++)
      if (/^\s+version:? "?[^\s"]+"?$/.test(lines[k]!)) {
        keep(k);
        break;
      }
  }
  return n;
}

function pnpmPackages(lines: readonly string[], keep: (i: number) => void): number {
  let n = 0;
  let inPackages = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^(?:packages|snapshots):\s*$/.test(line)) {
      inPackages = true;
      keep(i);
      continue;
    }
    if (indent(line) === 0 && line.trim() !== "") inPackages = false;
    if (!inPackages) {
      // The head: the lock's version, settings and the project's own dependencies.
      if (line.trim() !== "") keep(i);
      continue;
    }
    if (indent(line) === 2 && /:\s*$/.test(line)) {
      n++;
      keep(i);
    }
  }
  return n;
}

function gemPackages(lines: readonly string[], keep: (i: number) => void): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "" || indent(line) > 4) continue;
    if (indent(line) === 4 && /^\s+\S+ \([^)]+\)$/.test(line)) n++;
    keep(i);
  }
  return n;
}

function goSumPackages(lines: readonly string[], keep: (i: number) => void): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!/^\S+ v\S+ h1:\S+$/.test(line) || line.includes("/go.mod h1:")) continue;
    n++;
    keep(i);
  }
  return n;
}

const READERS: ReadonlyArray<
  readonly [RegExp, (lines: readonly string[], keep: (i: number) => void) => number]
> = [
  [/(?:^|[/\\])(?:Cargo|poetry|uv)\.lock$/, tomlPackages],
  [/(?:^|[/\\])yarn\.lock$/, yarnPackages],
  [/(?:^|[/\\])pnpm-lock\.yaml$/, pnpmPackages],
  [/(?:^|[/\\])Gemfile\.lock$/, gemPackages],
  [/(?:^|[/\\])go\.sum$/, goSumPackages],
];

/** Picks (MUST) for the lines naming each package and its version; how many packages. */
export function lockEntryPicks(doc: Doc, path: string | undefined, picks: Pick[]): number {
  const reader = path ? READERS.find(([re]) => re.test(path))?.[1] : undefined;
  if (!reader) return 0;
  const kept: number[] = [];
  const n = reader(doc.lines, (i) => kept.push(i));
  if (n === 0) return 0;
  for (const i of kept) picks.push({ from: i, to: i, prio: MUST });
  return n;
}
