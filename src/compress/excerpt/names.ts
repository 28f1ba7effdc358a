/**
 * Every name of a listing, collapsed by structure instead of cut: one line per
 * directory with the names in it, in the order they came. When that is still too long,
 * files that share a stem are written once with their endings in braces
 * (`core{.d.ts,.js,.js.map}`, as a shell would expand it), runs of names that differ
 * only by a number are written as a range (`part{1..40}.txt`), and stems with the same
 * endings go together (`{ar,az}{.d.ts,.js}`). Pure.
 */

export interface DirNames {
  /** The directory as written in the listing ("" for names without one). */
  readonly dir: string;
  /** Index of the first line of the directory in the listing. */
  readonly first: number;
  readonly names: string[];
}

/** Paths grouped by directory, in order of first appearance. */
export function namesByDir(paths: readonly { path: string; line: number }[]): DirNames[] {
  const byDir = new Map<string, DirNames>();
  for (const { path, line } of paths) {
    const clean = path.replace(/\/+$/, "");
    const cut = clean.lastIndexOf("/");
    const dir = cut < 0 ? "" : clean.slice(0, cut + 1);
    const name = cut < 0 ? clean : clean.slice(cut + 1);
    let group = byDir.get(dir);
    if (!group) {
      group = { dir, first: line, names: [] };
      byDir.set(dir, group);
    }
    group.names.push(path.endsWith("/") ? `${name}/` : name);
  }
  return [...byDir.values()];
}

/** Splits a file name into its stem and its ending (".d.ts", ".js.map", ""). */
function stemOf(name: string): [string, string] {
  const dot = name.indexOf(".", 1);
  return dot < 0 ? [name, ""] : [name.slice(0, dot), name.slice(dot)];
}

/** Names sharing a stem written once: `core{.d.ts,.js,.js.map}`. */
export function braceByStem(names: readonly string[]): string[] {
  const order: string[] = [];
  const endings = new Map<string, string[]>();
  for (const name of names) {
    const [stem, ending] = stemOf(name);
    const list = endings.get(stem);
    if (list) list.push(ending);
    else {
      endings.set(stem, [ending]);
      order.push(stem);
    }
  }
  return order.map((stem) => {
    // A set: the same endings in any order read the same (and group in braceBySet).
    const list = [...new Set(endings.get(stem)!)].sort();
    return list.length === 1 ? stem + list[0]! : `${stem}{${list.join(",")}}`;
  });
}

/**
 * Names equal but for one number, written once: `test{1..40}.js` when the numbers run
 * without a gap, `new_file_{1,2,4,5}.ts` otherwise (both as a shell expands them); at
 * the place of the first of them. Zero-padded numbers are left alone.
 */
export function rangeByNumber(names: readonly string[]): string[] {
  const groups = new Map<string, { before: string; after: string; numbers: number[] }>();
  const keyOf = names.map((name) => {
    const m = /^(\D*?)(\d+)(\D.*)?$/s.exec(name);
    if (!m || (m[2]!.startsWith("0") && m[2]!.length > 1)) return undefined;
    const key = `${m[1]}\0${m[3] ?? ""}`;
    const group = groups.get(key) ?? { before: m[1]!, after: m[3] ?? "", numbers: [] };
    groups.set(key, group);
    group.numbers.push(Number(m[2]));
    return key;
  });
  const out: string[] = [];
  const done = new Set<string>();
  names.forEach((name, i) => {
    const key = keyOf[i];
    const group = key === undefined ? undefined : groups.get(key);
    if (!group || group.numbers.length < 3) {
      out.push(name);
      return;
    }
    if (done.has(key!)) return;
    done.add(key!);
    const sorted = [...new Set(group.numbers)].sort((x, y) => x - y);
    const run = sorted[sorted.length - 1]! - sorted[0]! === sorted.length - 1;
    const list = run ? `${sorted[0]}..${sorted[sorted.length - 1]}` : sorted.join(",");
    out.push(`${group.before}{${list}}${group.after}`);
  });
  return out;
}

/** Stems with the same endings written once: `{ar,az,be}{.cjs,.d.ts,.js}`. */
export function braceBySet(names: readonly string[]): string[] {
  const order: string[] = [];
  const stems = new Map<string, string[]>();
  for (const name of names) {
    const m = /^(.*?)(\{[^{}]*\})$/.exec(name);
    const key = m ? m[2]! : `\0${name}`;
    const list = stems.get(key);
    if (list) list.push(m ? m[1]! : name);
    else {
      stems.set(key, [m ? m[1]! : name]);
      order.push(key);
    }
  }
  return order.map((key) => {
    const list = stems.get(key)!;
    if (key.startsWith("\0")) return list[0]!;
    return list.length === 1 ? list[0]! + key : `{${list.join(",")}}${key}`;
  });
}

/**
 * How much to collapse: 0 every name as is, 1 stems in braces, 2 and number ranges,
 * 3 and stems with the same endings together.
 */
export type Collapse = 0 | 1 | 2 | 3;

/** Names at a level of collapse, joined: one space between, two where a name has a space of its own. */
function namesAt(names: readonly string[], collapse: Collapse, gap: string): string {
  let out = names;
  if (collapse >= 1) out = braceByStem(out);
  if (collapse >= 2) out = rangeByNumber(out);
  if (collapse >= 3) out = braceBySet(out);
  return out.join(gap);
}

const gapOf = (names: readonly string[]) => (names.some((n) => n.includes(" ")) ? "  " : " ");

function labelOf(group: DirNames, counted: boolean): string {
  if (!counted) return "";
  return `${group.dir === "" ? "" : `${group.dir} `}(${group.names.length}): `;
}

export function dirLine(group: DirNames, collapse: Collapse, counted = true): string {
  return labelOf(group, counted) + namesAt(group.names, collapse, gapOf(group.names));
}

/** A list of names at every level of collapse (each level built on the one before). */
function formsOf(names: readonly string[], gap: string): string[] {
  const stems = braceByStem(names);
  const ranges = rangeByNumber(stems);
  return [names, stems, ranges, braceBySet(ranges)].map((n) => n.join(gap));
}

type Listed = { lines: string[]; collapse: Collapse } | undefined;

/**
 * One line per directory, each piece of it (24 names, else 96, else the whole
 * directory) as little collapsed as the room allows: the pieces whose collapse saves
 * most per name are collapsed first, so most names stay literal. Undefined when even
 * every directory at the most collapse does not fit (then the caller counts by
 * directory instead, or shows what fits).
 */
export function dirLines(groups: readonly DirNames[], room: number, counted = true): Listed {
  const gaps = groups.map((g) => gapOf(g.names));
  const labels = groups.map((g) => labelOf(g, counted));
  let literal = 0;
  groups.forEach((g, k) => {
    literal += labels[k]!.length + 1;
    for (const n of g.names) literal += n.length + gaps[k]!.length;
  });
  if (literal <= room)
    return { lines: groups.map((g, k) => labels[k]! + g.names.join(gaps[k]!)), collapse: 0 };
  const whole = groups.map((g, k) => formsOf(g.names, gaps[k]!));
  let most = 0;
  whole.forEach((f, k) => {
    most += labels[k]!.length + 1 + f[3]!.length;
  });
  if (most > room) return undefined;
  // Small pieces keep more names literal; whole directories collapse further (a stem's
  // endings may lie in two pieces).
  for (const piece of [24, 96]) {
    const pieces: Piece[] = [];
    groups.forEach((g, k) => {
      for (let i = 0; i < g.names.length; i += piece) {
        const names = g.names.slice(i, i + piece);
        pieces.push({ group: k, names: names.length, forms: formsOf(names, gaps[k]!) });
      }
    });
    const lines = collapseToFit(pieces, groups, labels, gaps, room);
    if (lines) return lines;
  }
  const pieces = whole.map((forms, k) => ({ group: k, names: groups[k]!.names.length, forms }));
  return collapseToFit(pieces, groups, labels, gaps, room);
}

interface Piece {
  readonly group: number;
  readonly names: number;
  readonly forms: readonly string[];
}

function collapseToFit(
  pieces: readonly Piece[],
  groups: readonly DirNames[],
  labels: readonly string[],
  gaps: readonly string[],
  room: number,
): Listed {
  let size = 0;
  for (const label of labels) size += label.length + 1;
  for (const p of pieces) size += p.forms[0]!.length + gaps[p.group]!.length;
  const level = pieces.map(() => 0);
  while (size > room) {
    // The piece and level that save most per name (a level may save nothing over the
    // one before it and much over the next: ranges need braces first).
    let best = -1;
    let to = 0;
    let rate = 0;
    pieces.forEach((p, k) => {
      for (let t = level[k]! + 1; t <= 3; t++) {
        const r = (p.forms[level[k]!]!.length - p.forms[t]!.length) / p.names;
        if (r > rate) {
          rate = r;
          best = k;
          to = t;
        }
      }
    });
    if (best < 0) return undefined;
    const p = pieces[best]!;
    size -= p.forms[level[best]!]!.length - p.forms[to]!.length;
    level[best] = to;
  }
  const parts: string[][] = groups.map(() => []);
  pieces.forEach((p, k) => {
    parts[p.group]!.push(p.forms[level[k]!]!);
  });
  const collapse = Math.max(0, ...level) as Collapse;
  return { lines: groups.map((_, k) => labels[k]! + parts[k]!.join(gaps[k]!)), collapse };
}
