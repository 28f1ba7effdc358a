/**
 * A package-lock.json read with Read: every package path with its version is substance.
 * The project's own head (its name, version, direct dependencies) stays as the file's
 * numbered lines; the entries become notes grouped by version, each group's paths as
 * bash brace words: `"version": "29.7.0" node_modules/{jest,jest-{cli,config}}`. The
 * rest of each entry (resolved, integrity, engines, dependencies) is left out. Pure.
 */

import { braceable, braceWords, wordLines } from "../../excerpt/brace-names.ts";
import { type Doc, numberedSize } from "../../excerpt/doc.ts";
import { plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";

export const LOCK_KEY = /^\s*"(?:[^"]*\/)?node_modules\/[^"]+": \{$/m;
const LOCK_FIELD = /^\s*"(version|dev|optional|peer|devOptional|extraneous|inBundle|link)": (.+?),?$/;

/** Characters of paths per line: a version's paths mostly on one line. */
const WIDTH = 600;

export interface LockEntry {
  readonly line: number;
  readonly path: string;
  readonly version: string;
  /** The entry's flags as the file writes them (dev, optional, peer…), space-separated. */
  readonly flags: string;
}

/** Every package entry of the file: its line, path, version and flags. */
export function lockEntries(lines: readonly string[]): LockEntry[] {
  const out: LockEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.endsWith("{") || !line.includes("node_modules/") || !LOCK_KEY.test(line)) continue;
    let version = "";
    const flags: string[] = [];
    const indent = line.length - line.trimStart().length;
    for (let k = i + 1; k < lines.length && k < i + 40; k++) {
      const inner = lines[k]!;
      // The entry ends where its closing brace sits at the key's depth.
      if (inner.length - inner.trimStart().length <= indent) break;
      const m = inner.includes('": ') ? LOCK_FIELD.exec(inner) : null;
      if (!m) continue;
      if (m[1] === "version") version = m[2]!.replace(/^"|"$/g, "");
      else if (m[1] === "link") flags.push(`link ${m[2]}`);
      else if (m[2] === "true") flags.push(m[1]!);
    }
    out.push({ line: i, path: line.trim().replace(/^"|": \{$/g, ""), version, flags: flags.join(" ") });
  }
  return out;
}

/** The entries grouped by version and flags, in order of each group's first entry, as lines. */
export function versionLines(entries: readonly LockEntry[]): { lines: string[]; count: number }[] {
  const groups = new Map<string, LockEntry[]>();
  for (const e of entries) {
    const key = `${e.version}\0${e.flags}`;
    const list = groups.get(key);
    if (list) list.push(e);
    else groups.set(key, [e]);
  }
  return [...groups.values()].map((list) => {
    const { version, flags } = list[0]!;
    const paths = list.map((e) => e.path);
    const words = braceWords(paths.filter(braceable), WIDTH).map((w) => w.text);
    for (const p of paths) if (!braceable(p)) words.push(JSON.stringify(p));
    // Every line names its version: a path and its version always stand on one line.
    const head = `"version": ${JSON.stringify(version)}${flags ? ` ${flags}` : ""}`;
    const lines = wordLines(words, WIDTH).map((l) => `${head} ${l}`);
    return { lines, count: list.length };
  });
}

/**
 * The head's lines joined into one, as the file writes them, without what only frames
 * them: the outer braces, `"packages": {` and the root entry's `"": {` with their
 * closers. A field the root entry repeats from the top (name, version) is said once.
 */
export function headLine(head: readonly string[]): string {
  const out: string[] = [];
  const seen = new Set<string>();
  // For each open object, whether it only frames the fields.
  const framing: boolean[] = [];
  for (const raw of head) {
    const line = raw.trim();
    if (line === "") continue;
    if (line.endsWith("{")) {
      const frame = line === "{" || /^"(?:packages)?": \{$/.test(line);
      framing.push(frame);
      if (!frame) out.push(line);
      continue;
    }
    if (/^\},?$/.test(line)) {
      if (framing.pop() === false) out.push(line);
      continue;
    }
    const top = framing.every(Boolean);
    const field = line.replace(/,$/, "");
    if (top && seen.has(field)) continue;
    if (top) seen.add(field);
    out.push(line);
  }
  return out.join(" ").replace(/,$/, "");
}

const worth = (g: { count: number; size: number }) => (g.count + 1) / g.size;

/**
 * Picks for the file's head (up to its first package entry) and notes holding every
 * package by version, as many groups as the excerpt's `cap` holds; a last note counts the others
 * and names the --grep that lists them.
 */
export function lockOutline(doc: Doc, picks: Pick[], notes: Note[], cap: number, firstLine: number): string {
  const { lines } = doc;
  const entries = lockEntries(lines);
  const first = entries[0]?.line ?? 0;
  const last = entries[entries.length - 1]?.line ?? first;
  const at = first;
  // The groups that hold most facts (paths and a version) per character first, shown
  // in the file's order.
  const groups = versionLines(entries).map((g) => ({
    ...g,
    size: g.lines.reduce((a, l) => a + l.length + 1, 0),
  }));
  // The head (name, version, lockfileVersion, the root's dependencies) says whose lock
  // it is: as the file's lines when every group fits beside them, else as one line
  // without the JSON's scaffolding, so that its room goes to packages.
  const headEnd = Math.min(first, 60);
  let room = cap - 200;
  const headCost = numberedSize(doc, 0, headEnd - 1, firstLine);
  const all = groups.reduce((a, g) => a + g.size, 0);
  if (headCost + all <= room || headEnd === 0) {
    for (let i = 0; i < headEnd; i++) picks.push({ from: i, to: i, prio: MUST + 2 });
    room -= headCost;
  } else {
    const text = `[L${firstLine}-L${headEnd - 1 + firstLine}: ${headLine(lines.slice(0, headEnd))}]`;
    notes.push({ at: 0, text, prio: MUST + 2 });
    room -= text.length + 1;
  }
  const order = groups.map((_, k) => k).sort((a, b) => worth(groups[b]!) - worth(groups[a]!));
  const taken = new Set<number>();
  let shown = 0;
  for (const k of order) {
    if (groups[k]!.size > room) continue;
    room -= groups[k]!.size;
    shown += groups[k]!.count;
    taken.add(k);
  }
  const body: Note[] = [];
  groups.forEach((g, k) => {
    if (taken.has(k)) for (const text of g.lines) body.push({ at, text, prio: MUST });
  });
  const span = `L${first + firstLine}-L${last + firstLine}`;
  notes.push({
    at,
    text: `[${span}: ${plural(entries.length, "package")} by version, in bash brace words (a/{b,c/d} is a/b a/c/d)]`,
    prio: MUST + 3,
  });
  notes.push(...body);
  if (shown < entries.length)
    notes.push({
      at,
      text: `[${entries.length - shown} more: the header's command with --grep '"version": |node_modules/']`,
      prio: MUST + 3,
    });
  return `lockfile: ${shown === entries.length ? "all" : shown} of ${plural(entries.length, "package")} with versions, by version`;
}
