/**
 * Directory listings (find, Glob results, ls -R, tree): the first entries as they
 * came, then the whole list as a tree cut with counts, so the agent sees where the
 * files are and how many; ls -R keeps each directory's header, tree its top levels.
 */

import { braceable, braceWords, type Word, wordLines } from "../../excerpt/brace-names.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick, substanceCap } from "../../excerpt/pack.ts";
import { pathListExcerpt } from "../../excerpt/path-list.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { LS_ENTRY, LS_HEADER, TREE_LINE } from "./detect.ts";

const TREE_SUMMARY = /^\d+ director(?:y|ies)(?:, \d+ files?)?$/;

const BRACES_NOTE = "a{.x,.y} is a.x a.y";

/** The name an `ls -l` entry shows (a link's target apart), or undefined. */
function lsName(line: string): { name: string; target?: string } | undefined {
  // perms links owner group size month day time|year name
  const m = /^\S+\s+\d+\s+\S+\s+\S+\s+[\d,]+(?:\s*,\s*\d+)?\s+\S+\s+\S+\s+\S+\s(.+)$/.exec(line);
  if (!m) return undefined;
  const arrow = line.startsWith("l") ? m[1]!.indexOf(" -> ") : -1;
  return arrow < 0 ? { name: m[1]! } : { name: m[1]!.slice(0, arrow), target: m[1]!.slice(arrow + 4) };
}

/** One kind of a directory's entries: its label and its names as brace words. */
interface KindWords {
  readonly label: string | undefined;
  readonly words: Word[];
  /** Names bash would not read as one word (a space, a quote, a brace), quoted. */
  readonly odd: string[];
}

const KINDS = [
  ["d", "directories"],
  ["l", "links"],
  ["-", "files"],
] as const;

/**
 * A directory's names by kind (directories, links, the rest), each kind labelled when
 * the directory holds more than one: brace words stand for names exactly as the
 * listing prints them, so a kind cannot be marked on the name itself.
 */
function kindWords(d: LsDir, width: number): KindWords[] {
  const present = KINDS.filter(([k]) => d.kinds.some((x) => x === k));
  const groups =
    present.length <= 1
      ? [{ label: undefined, names: d.names }]
      : present.map(([k, label]) => ({ label, names: d.names.filter((_, i) => d.kinds[i] === k) }));
  return groups.map(({ label, names }) => ({
    label,
    words: braceWords(names.filter(braceable), width),
    odd: names.filter((n) => !braceable(n)).map((n) => (n.includes("'") ? `"${n}"` : `'${n}'`)),
  }));
}

/**
 * The lines of a directory's names, each with its rank within its kind (each kind's
 * first line ranks first: a lone file among hundreds of directories stays). `dense`:
 * the words that name most per character first, for when not all lines fit.
 */
function kindLines(
  kinds: readonly KindWords[],
  width: number,
  dense: boolean,
): { text: string; rank: number }[] {
  const out: { text: string; rank: number }[] = [];
  for (const { label, words, odd } of kinds) {
    const order = dense
      ? [...words].sort((a, b) => b.count / b.text.length - a.count / a.text.length)
      : words;
    wordLines([...order.map((w) => w.text), ...odd], width).forEach((line, rank) => {
      out.push({ text: rank === 0 && label ? `${label}: ${line}` : line, rank });
    });
  }
  return out;
}

interface LsDir {
  readonly header: number;
  readonly names: string[];
  /** Each name's kind: "d" a directory, "l" a link, "-" anything else. */
  readonly kinds: string[];
}

/** An `ls -l` entry's kind: type, permissions, owner and group (what makes an entry rare). */
const KIND = /^(\S+)\s+\S+\s+(\S+)\s+(\S+)/;
const kindOf = (line: string) => {
  const m = KIND.exec(line);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : line;
};

/**
 * Each directory of an `ls -l`/`ls -lR` listing with its entries' names (a directory
 * marked `/`, a link `@`), and how often each kind of entry occurs.
 */
function parseLs(lines: readonly string[]): {
  dirs: LsDir[];
  kinds: Map<string, number>;
  kindAt: Map<number, string>;
  entries: number;
} {
  const dirs: LsDir[] = [];
  const kinds = new Map<string, number>();
  const kindAt = new Map<number, string>();
  let entries = 0;
  lines.forEach((line, i) => {
    if (line.endsWith(":") && LS_HEADER.test(line)) dirs.push({ header: i, names: [], kinds: [] });
    else if (LS_ENTRY.test(line)) {
      entries++;
      const entry = lsName(line);
      if (!entry || entry.name === "." || entry.name === "..") return;
      if (dirs.length === 0) dirs.push({ header: -1, names: [], kinds: [] });
      const dir = dirs[dirs.length - 1]!;
      dir.names.push(entry.name);
      dir.kinds.push(line.startsWith("d") ? "d" : entry.target !== undefined ? "l" : "-");
      const kind = kindOf(line);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      kindAt.set(i, kind);
    }
  });
  return { dirs, kinds, kindAt, entries };
}

function lsExcerpt(doc: Doc, budget: number): Excerpt {
  const { lines } = doc;
  const picks: Pick[] = [];
  const display = new Map<number, string>();
  // Every name is substance; sizes, dates, permissions and owners are decoration, shown
  // only for the rare kinds of entry (a link, an executable, another owner).
  const { dirs, kinds, kindAt, entries } = parseLs(lines);
  const hardCap = substanceCap(budget, doc.size);
  let headers = 0;
  for (const d of dirs) headers += d.header >= 0 ? lines[d.header]!.length + 8 : 0;
  // Each directory's names as brace words, in lines of about 200 characters, so that
  // when not all fit, the first ones of every directory do.
  const words = dirs.map((d) => kindWords(d, 200));
  let shown = words.map((w) => kindLines(w, 200, false));
  let size = 0;
  for (const l of shown) for (const line of l) size += line.text.length + 1;
  const every = size <= hardCap - headers - 250;
  if (!every) shown = words.map((w) => kindLines(w, 200, true));
  const braced = shown.some((l) => l.some((line) => line.text.includes("{")));
  const notes: Note[] = [];
  // Headers below the first directory are written from it ("…/sub:"), when that saves.
  const first = dirs[0]?.header ?? -1;
  const root = first >= 0 && lines[first]!.length > 4 ? lines[first]!.slice(0, -1) : undefined;
  notes.push({
    at: 0,
    text: `[${dirs.length > 1 ? `${plural(dirs.length, "directory", "directories")}: "dir: (entries)", ` : ""}names by kind${braced ? ` in bash brace words (${BRACES_NOTE})` : ""}${dirs.length > 1 && root ? `, …/ for ${root}/` : ""}; details of rare entries only${every ? "" : "; not all fit: --grep finds the rest"}]`,
    prio: MUST + 7,
  });
  dirs.forEach((d, k) => {
    for (const { text, rank } of shown[k]!)
      notes.push({
        at: d.header + 1,
        // Not indented: a directory's header says "(entries)", its names lines do not.
        text,
        prio: MUST + 4 - Math.min(4, k / 50) - Math.min(0.9, rank / 100),
      });
    if (d.header < 0) return;
    // Below the first directory, each header is written from it: the path is not news.
    const header = lines[d.header]!;
    const short =
      k > 0 && root && header.startsWith(`${root}/`) ? `…/${header.slice(root.length + 1)}` : header;
    display.set(d.header, `${short} (${d.names.length})`);
    picks.push({ from: d.header, to: d.header, prio: MUST + 5 - Math.min(5, k / 20) });
  });
  // Rare kinds of entry in full (their owner, mode, size or link target is the news);
  // the common ones are decoration, left out even when the budget would allow them.
  for (const [i, kind] of kindAt)
    if ((kinds.get(kind) ?? 0) <= 2) picks.push({ from: i, to: i, prio: MUST - 10 });
  return excerpt("listing", doc, budget, {
    picks,
    notes,
    kept: `${plural(dirs.length, "directory", "directories")}, ${every ? "every name" : "names"} of ${plural(entries, "entry", "entries")}`,
    // Without markers: every directory's header says how many entries it has, and the
    // note on top what the names stand for; a marker per directory would cost more.
    options: { display, hardCap, maxLine: 4000, markers: false },
  });
}

function treeExcerpt(doc: Doc, budget: number): Excerpt {
  const picks: Pick[] = [];
  doc.lines.forEach((line, i) => {
    if (TREE_SUMMARY.test(line)) picks.push({ from: i, to: i, prio: MUST + 5 });
    else if (TREE_LINE.test(line)) {
      const depth = Math.floor((line.search(/(?:├──|└──|\|--|`--)/) ?? 0) / 4);
      picks.push({
        from: i,
        to: i,
        prio: depth === 0 ? 90 : depth === 1 ? 60 : 30 - Math.min(20, depth * 5),
      });
    } else if (line.trim() !== "") picks.push({ from: i, to: i, prio: MUST });
  });
  return excerpt("listing", doc, budget, { picks, kept: "roots, top levels, summary" });
}

export function listingsExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const sample = doc.lines.slice(0, 300);
  if (sample.filter((l) => TREE_LINE.test(l)).length > sample.length / 3) return treeExcerpt(doc, budget);
  const entries = sample.filter((l) => LS_ENTRY.test(l)).length;
  if (entries > 0 && (sample.some((l) => LS_HEADER.test(l)) || entries > sample.length * 0.8))
    return lsExcerpt(doc, budget);
  return pathListExcerpt("listing", doc, budget);
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { listing: listingsExcerpt };
