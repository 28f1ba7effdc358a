/**
 * A package-lock.json read with Read. The project's own head (its name, version, direct
 * dependencies) stays as the file's numbered lines; the entries become lines grouped by
 * version, each version written once before the whole paths that resolved to it
 * (`29.7.0: node_modules/jest node_modules/jest-cli`). The direct dependencies' entries are
 * facts; the others follow as room allows, the versions that hold most first. The rest of
 * each entry (resolved, integrity, engines, dependencies) is left out. Pure.
 */

import { type Doc, numberedSize } from "../../excerpt/doc.ts";
import { groupLines, note } from "../../excerpt/framing.ts";
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
    // Every line names its version: a path and its version always stand on one line.
    const lines = groupLines(
      flags ? `${version} ${flags}` : version,
      list.map((e) => e.path),
      WIDTH,
    );
    return { lines, count: list.length };
  });
}

/** The packages the project itself depends on, by the names its root entry lists. */
export function directNames(head: readonly string[]): Set<string> {
  const names = new Set<string>();
  let inDeps = false;
  for (const line of head) {
    const t = line.trim();
    if (/^"(?:dev|peer|optional)?[dD]ependencies": \{$/.test(t)) inDeps = true;
    else if (inDeps && t.startsWith("}")) inDeps = false;
    else if (inDeps) {
      const m = /^"([^"]+)": /.exec(t);
      if (m) names.add(m[1]!);
    }
  }
  return names;
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
 * Picks for the file's head (up to its first package entry) and notes holding the
 * packages by version: the project's direct dependencies first, then the others, as many
 * groups as the cap holds, those that name most packages per character first.
 */
export function lockOutline(
  doc: Doc,
  picks: Pick[],
  notes: Note[],
  room: number,
  cap: number,
  firstLine: number,
): string {
  const { lines } = doc;
  const entries = lockEntries(lines);
  const first = entries[0]?.line ?? 0;
  const last = entries[entries.length - 1]?.line ?? first;
  const at = first;
  const headEnd = Math.min(first, 60);
  const head = lines.slice(0, headEnd);
  const direct = directNames(head);
  const isDirect = (e: LockEntry) => direct.has(e.path.replace(/^node_modules\//, ""));
  // The head (name, version, lockfileVersion, the root's dependencies) says whose lock
  // it is: as the file's lines when they are few, else as one line without the JSON's
  // scaffolding.
  const headCost = numberedSize(doc, 0, headEnd - 1, firstLine);
  if (headCost <= cap / 4 || headEnd === 0) {
    for (let i = 0; i < headEnd; i++) picks.push({ from: i, to: i, prio: MUST + 2 });
  } else {
    const text = `[L${firstLine}-L${headEnd - 1 + firstLine}: ${headLine(head)}]`;
    notes.push({ at: 0, text, prio: MUST + 2 });
  }
  const span = `L${first + firstLine}-L${last + firstLine}`;
  notes.push({
    at,
    text: note(
      `${span}: ${plural(entries.length, "package")} by version (version: paths); the project's own dependencies first`,
    ),
    prio: MUST + 3,
  });
  const mine = versionLines(entries.filter(isDirect));
  for (const g of mine) for (const text of g.lines) notes.push({ at, text, prio: MUST + 1 });
  const groups = versionLines(entries.filter((e) => !isDirect(e))).map((g) => ({
    ...g,
    size: g.lines.reduce((a, l) => a + l.length + 1, 0),
  }));
  const order = groups.map((_, k) => k).sort((a, b) => worth(groups[b]!) - worth(groups[a]!));
  let shown = mine.reduce((a, g) => a + g.count, 0);
  // Every package is a fact (which version is installed is what a lockfile is read for):
  // the others take the room up to the cap, those that name most packages per character first.
  let left = Math.max(
    room,
    cap - mine.reduce((a, g) => a + g.lines.reduce((n, l) => n + l.length + 1, 0), 0),
  );
  const body: Note[] = [];
  for (const k of order) {
    const g = groups[k]!;
    if (g.size > left) continue;
    left -= g.size;
    shown += g.count;
    for (const text of g.lines) body.push({ at, text, prio: MUST });
  }
  notes.push(...body);
  if (shown < entries.length)
    notes.push({
      at,
      text: note(`${entries.length - shown} more packages: the header's command with --grep 'node_modules/'`),
      prio: MUST + 3,
    });
  return `lockfile: ${shown === entries.length ? "all" : shown} of ${plural(entries.length, "package")} with versions, the project's dependencies first`;
}
