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

export function dirLine(group: DirNames, collapse: Collapse, counted = true): string {
  let names = group.names;
  if (collapse >= 1) names = braceByStem(names);
  if (collapse >= 2) names = rangeByNumber(names);
  if (collapse >= 3) names = braceBySet(names);
  if (!counted) return names.join("  ");
  const label = group.dir === "" ? "" : `${group.dir} `;
  return `${label}(${group.names.length}): ${names.join("  ")}`;
}

/**
 * One line per directory, each as little collapsed as the room allows: the directories
 * whose collapse saves most are collapsed first, so most names stay literal. Undefined
 * when even every directory at the most collapse does not fit (then the caller counts
 * by directory instead, or shows what fits).
 */
export function dirLines(
  groups: readonly DirNames[],
  room: number,
  counted = true,
): { lines: string[]; collapse: Collapse } | undefined {
  const levels = [0, 1, 2, 3] as const;
  const forms = groups.map((g) => levels.map((c) => dirLine(g, c, counted)));
  const level = groups.map(() => 0);
  let size = 0;
  for (const f of forms) size += f[0]!.length + 1;
  while (size > room) {
    let best = -1;
    let saving = 0;
    forms.forEach((f, k) => {
      const l = level[k]!;
      if (l >= 3) return;
      const s = f[l]!.length - f[l + 1]!.length;
      if (s > saving || best < 0) {
        saving = s;
        best = k;
      }
    });
    if (best < 0) return undefined;
    size -= saving;
    level[best]!++;
  }
  const collapse = Math.max(0, ...level) as Collapse;
  return { lines: forms.map((f, k) => f[level[k]!]!), collapse };
}
