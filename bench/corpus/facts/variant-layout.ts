/**
 * How a variant (variants.ts) reads an output: its fact lines, each line's shape, and the
 * units and runs of body the variants repeat, drop or move whole.
 */

const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Indices of the lines that hold a fact, by score.mjs's rules of what keeps it. */
export function factLines(lines: readonly string[], facts: readonly string[]): Set<number> {
  const text = lines.join("\n");
  const starts: number[] = [];
  let at = 0;
  for (const l of lines) {
    starts.push(at);
    at += l.length + 1;
  }
  const lineAt = (pos: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const out = new Set<number>();
  for (const f of facts) {
    if (!f) continue;
    let found = false;
    for (let i = text.indexOf(f); i >= 0; i = text.indexOf(f, i + 1)) {
      found = true;
      for (let l = lineAt(i); l <= lineAt(i + f.length - 1); l++) out.add(l);
    }
    if (found) continue;
    if (/^[0-9a-f]{40}$/.test(f)) {
      lines.forEach((l, i) => {
        for (const m of l.matchAll(/(?<![0-9a-f])[0-9a-f]{7,39}(?![0-9a-f])/g))
          if (f.startsWith(m[0])) out.add(i);
      });
      continue;
    }
    const slash = f.lastIndexOf("/");
    if (slash > 0 && slash < f.length - 1 && !/\s/.test(f)) {
      const dir = new RegExp(`(^|[\\s'"(])${esc(f.slice(0, slash))}(/|:)`);
      const name = new RegExp(`(^|[\\s'"(,/])${esc(f.slice(slash + 1))}(?=$|[\\s'"),:;])`);
      lines.forEach((l, i) => {
        if (dir.test(l) || name.test(l)) out.add(i);
      });
    }
  }
  return out;
}

/** A line's shape: words, numbers and hashes folded to one letter each, spacing to one space. */
export function shapeOfLine(line: string): string {
  return line
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{7,}\b/g, "h")
    .replace(/[A-Za-z_]+/g, "a")
    .replace(/\d+/g, "9")
    .replace(/\s+/g, " ")
    .trim();
}

export const RULE = /^[\s\-=+|:─━┼┬┴╋├┤]{3,}$/;
export const blank = (l: string) => !l.trim();
export const indent = (l: string) => l.length - l.trimStart().length;

/**
 * A unit is what the variants repeat, drop or move whole: in an output of blank-separated
 * records (sqlite -line, psql expanded, blocks of a report), a record with the blank lines
 * after it; otherwise a line with the lines indented under it (a file's block of lint
 * findings, a trace's frames), a blank line standing alone.
 */
export interface Unit {
  readonly first: number;
  readonly last: number;
  readonly fact: boolean;
  readonly body: boolean;
  readonly blank: boolean;
}

export interface Layout {
  readonly lines: readonly string[];
  readonly facts: ReadonlySet<number>;
  /** The facts themselves: a copy made a new entry must not come to hold one. */
  readonly must: readonly string[];
  readonly units: readonly Unit[];
  /** Runs of body units (with the blank units between them), as [first, last] unit indices. */
  readonly runs: readonly (readonly [number, number])[];
}

function paragraphs(lines: readonly string[]): boolean {
  let paras = 0;
  let inLong = 0;
  let nonBlank = 0;
  let i = 0;
  while (i < lines.length) {
    if (blank(lines[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < lines.length && !blank(lines[j + 1]!)) j++;
    paras++;
    nonBlank += j - i + 1;
    if (j > i) inLong += j - i + 1;
    i = j + 1;
  }
  return paras >= 5 && inLong >= 0.6 * nonBlank;
}

/**
 * The line that opens each record when records are headed by a line of one shape at a
 * steady period (psql -x's `-[ RECORD n ]`, a log's multi-line entries): its index per
 * record, or undefined.
 */
function recordHeads(lines: readonly string[], shapes: readonly string[]): number[] | undefined {
  const at = new Map<string, number[]>();
  shapes.forEach((s, i) => {
    if (s && /[A-Za-z0-9]/.test(lines[i]!)) at.set(s, [...(at.get(s) ?? []), i]);
  });
  let best: number[] | undefined;
  let bestPeriod = 0;
  // The earliest line of any kind recurring at a period: where the first record opens (its
  // opening line may come in several shapes, `-[ RECORD 7 ]+--` and `-[ RECORD 17 ]---`).
  const opens = new Map<number, number>();
  for (const idx of at.values()) {
    if (idx.length < 5) continue;
    const gaps = idx.slice(1).map((x, k) => x - idx[k]!);
    const common = new Map<number, number>();
    for (const g of gaps) common.set(g, (common.get(g) ?? 0) + 1);
    const [g, n] = [...common].sort((a, b) => b[1] - a[1])[0]!;
    if (g < 2 || n < 0.8 * gaps.length) continue;
    opens.set(g, Math.min(opens.get(g) ?? idx[0]!, idx[0]!));
    if (idx.length * g < 0.5 * lines.length) continue;
    if (!best || idx.length > best.length) {
      best = idx;
      bestPeriod = g;
    }
  }
  if (!best) return undefined;
  const back = best[0]! - (opens.get(bestPeriod) ?? best[0]!);
  return back >= 0 && back < bestPeriod ? best.map((h) => h - back) : best;
}

function unitsOf(lines: readonly string[], shapes: readonly string[]): [number, number][] {
  const out: [number, number][] = [];
  const heads = recordHeads(lines, shapes);
  if (heads) {
    // Before the first record and after the last one's usual length, lines stand alone.
    for (let i = 0; i < heads[0]!; i++) out.push([i, i]);
    const period = heads[1]! - heads[0]!;
    heads.forEach((h, k) => {
      const end = k + 1 < heads.length ? heads[k + 1]! - 1 : Math.min(lines.length - 1, h + period - 1);
      out.push([h, end]);
    });
    for (let i = out[out.length - 1]![1] + 1; i < lines.length; i++) out.push([i, i]);
    return out;
  }
  if (paragraphs(lines)) {
    let i = 0;
    while (i < lines.length) {
      let j = i;
      while (j + 1 < lines.length && !blank(lines[j + 1]!)) j++;
      while (j + 1 < lines.length && blank(lines[j + 1]!)) j++;
      out.push([i, j]);
      i = j + 1;
    }
    return out;
  }
  let i = 0;
  while (i < lines.length) {
    let j = i;
    if (!blank(lines[i]!))
      while (
        j + 1 < lines.length &&
        !blank(lines[j + 1]!) &&
        (indent(lines[j + 1]!) > indent(lines[i]!) || MARKER.test(lines[j + 1]!))
      )
        j++;
    out.push([i, j]);
    i = j + 1;
  }
  return out;
}

/**
 * A line of carets or tildes pointing into the line above it (a compiler's, a linter's, a
 * traceback's), with the note it may carry (`^-- SC2148 (error): …`): it goes where that line
 * goes, even where both stand at the same indent (shellcheck, cppcheck, RuboCop under a
 * source line of indent 0).
 */
const MARKER = /^[\s|│]*\^[\^~-]*(\s.*)?$/;

/**
 * Where a closing block starts: the lines after a blank line or a rule, at the end, whose
 * lines of a recurring shape mostly (two in three) stand in shapes nowhere before it
 * (bandit's `Run metrics:` counts, a coverage table, a count per kind; a heading such as
 * `Code scanned:` may share its shape with one above). A real run of twice or half the
 * records still ends with it once, so it is not body even where its own lines look
 * alike. At most a quarter of the lines; the output's length where there is none.
 */
function closingStart(lines: readonly string[], shapes: readonly string[]): number {
  const total = new Map<string, number>();
  for (let i = 0; i < lines.length; i++)
    if (!blank(lines[i]!)) total.set(shapes[i]!, (total.get(shapes[i]!) ?? 0) + 1);
  const before = new Map(total);
  const inSuffix = new Map<string, number>();
  // Lines of the suffix of a recurring shape, and those of them whose shape stands before it.
  let recurring = 0;
  let shared = 0;
  let start = lines.length;
  const least = lines.length - Math.floor(lines.length / 4);
  for (let s = lines.length - 1; s >= Math.max(1, least); s--) {
    const sh = shapes[s]!;
    if (!blank(lines[s]!) && total.get(sh)! >= 3) {
      const left = before.get(sh)! - 1;
      const n = (inSuffix.get(sh) ?? 0) + 1;
      before.set(sh, left);
      inSuffix.set(sh, n);
      recurring++;
      // The new line shares; or, the shape's last line before now in, none of them does.
      if (left > 0) shared++;
      else shared -= n - 1;
    }
    if (recurring > 0 && 3 * shared <= recurring && (blank(lines[s - 1]!) || RULE.test(lines[s - 1]!)))
      start = s;
  }
  return start;
}

/** A field: words (no path, no dots) then a colon and spacing before its value. */
const FIELD = /^\s*([A-Za-z][A-Za-z -]*):\s+\S/;

export function layout(text: string, facts: readonly string[]): Layout {
  const lines = text.split("\n");
  const fl = factLines(lines, facts);
  const count = new Map<string, number>();
  const shapes = lines.map(shapeOfLine);
  for (const s of shapes) count.set(s, (count.get(s) ?? 0) + 1);
  const keys = new Map<string, number>();
  for (const l of lines) {
    const k = FIELD.exec(l)?.[1];
    if (k) keys.set(k, (keys.get(k) ?? 0) + 1);
  }
  // A record's field said once (`Annotations:      <none>` in a kubectl describe) is no
  // entry of a list, however many lines share its shape: a larger run says it once too.
  const once = (i: number) => keys.get(FIELD.exec(lines[i]!)?.[1] ?? "") === 1;
  const frequent = (i: number) => blank(lines[i]!) || ((count.get(shapes[i]!) ?? 0) >= 3 && !once(i));
  const closing = closingStart(lines, shapes);
  const units: Unit[] = unitsOf(lines, shapes).map(([first, last], u) => {
    const idx = Array.from({ length: last - first + 1 }, (_, k) => first + k);
    const fact = idx.some((i) => fl.has(i));
    const allBlank = idx.every((i) => blank(lines[i]!));
    const body =
      u > 0 &&
      last < closing &&
      !fact &&
      !allBlank &&
      idx.every(frequent) &&
      idx.some((i) => /[A-Za-z0-9]/.test(lines[i]!)) &&
      !(last + 1 < lines.length && RULE.test(lines[last + 1]!));
    return { first, last, fact, body, blank: allBlank };
  });
  const runs: [number, number][] = [];
  let u = 0;
  while (u < units.length) {
    if (!units[u]!.body) {
      u++;
      continue;
    }
    let v = u;
    while (v + 1 < units.length && (units[v + 1]!.body || units[v + 1]!.blank)) v++;
    while (v > u && units[v]!.blank) v--;
    runs.push([u, v]);
    u = v + 1;
  }
  return { lines, facts: fl, must: facts.filter(Boolean), units, runs };
}
