/**
 * Synthetic variants of a real output that keep every fact line unchanged (issue 24's
 * robustness bench, bench/robust.ts): the same output grown, shrunk, with its facts
 * moved, or with its ids renumbered, to see whether the engine's decisions depend on
 * things that differ between two outputs of one tool. A diagnostic: variants are made
 * from real outputs but are not captures.
 *
 * A fact line is a line holding a must_keep string (or, for the scorer's readable
 * equivalents, a short hash of a full one, or the `dir/` and `name` lines of a path).
 * The "body" is the lines that can repeat or go without changing what the output says:
 * not a fact line, holding a letter or digit, of a shape (letters, digits and spacing
 * folded) seen at least three times, and neither the output's first line nor a header
 * sitting on a table rule. Body lines and the blank lines between them make runs; the
 * variants edit runs only, so headers, summaries, rules and facts stay where they were.
 */

export type VariantKind = "grown2x" | "grown4x" | "shrunk" | "shifted" | "renumbered";
export const VARIANT_KINDS: readonly VariantKind[] = [
  "grown2x",
  "grown4x",
  "shrunk",
  "shifted",
  "renumbered",
];

export type Made = { readonly text: string } | { readonly skip: string };

/** A JSON document or JSON lines must stay parseable; other text is edited by whole lines. */
type Shape = "json" | "jsonl" | "text";

function shapeOf(text: string): Shape {
  const t = text.trim();
  if (/^[[{]/.test(t)) {
    try {
      JSON.parse(t);
      return "json";
    } catch {}
  }
  const lines = t.split("\n").filter((l) => l.trim());
  if (lines.length >= 3 && lines.every((l) => /^[[{]/.test(l.trim()) && parses(l))) return "jsonl";
  return "text";
}

function parses(s: string): boolean {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}

function validAs(shape: Shape, text: string): boolean {
  if (shape === "json") return parses(text.trim());
  if (shape === "jsonl") return text.split("\n").every((l) => !l.trim() || parses(l));
  return true;
}

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
function shapeOfLine(line: string): string {
  return line
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{7,}\b/g, "h")
    .replace(/[A-Za-z_]+/g, "a")
    .replace(/\d+/g, "9")
    .replace(/\s+/g, " ")
    .trim();
}

const RULE = /^[\s\-=+|:─━┼┬┴╋├┤]{3,}$/;
const blank = (l: string) => !l.trim();
const indent = (l: string) => l.length - l.trimStart().length;
const KEY_VALUE = /^\s*(- )?[\w./"'-]+:(\s|$)/;

/**
 * A unit is what the variants repeat, drop or move whole: in an output of blank-separated
 * records (sqlite -line, psql expanded, blocks of a report), a record with the blank lines
 * after it; otherwise a line with the lines indented under it (a file's block of lint
 * findings, a trace's frames), a blank line standing alone.
 */
interface Unit {
  readonly first: number;
  readonly last: number;
  readonly fact: boolean;
  readonly body: boolean;
  readonly blank: boolean;
}

interface Layout {
  readonly lines: readonly string[];
  readonly facts: ReadonlySet<number>;
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
      while (j + 1 < lines.length && !blank(lines[j + 1]!) && indent(lines[j + 1]!) > indent(lines[i]!)) j++;
    out.push([i, j]);
    i = j + 1;
  }
  return out;
}

function layout(text: string, facts: readonly string[]): Layout {
  const lines = text.split("\n");
  const fl = factLines(lines, facts);
  const count = new Map<string, number>();
  const shapes = lines.map(shapeOfLine);
  for (const s of shapes) count.set(s, (count.get(s) ?? 0) + 1);
  const frequent = (i: number) => blank(lines[i]!) || (count.get(shapes[i]!) ?? 0) >= 3;
  const units: Unit[] = unitsOf(lines, shapes).map(([first, last], u) => {
    const idx = Array.from({ length: last - first + 1 }, (_, k) => first + k);
    const fact = idx.some((i) => fl.has(i));
    const allBlank = idx.every((i) => blank(lines[i]!));
    const body =
      u > 0 &&
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
  return { lines, facts: fl, units, runs };
}

/** Whether whole lines can be repeated, dropped or moved without breaking the output's syntax. */
export function editableByLines(text: string): boolean {
  const lines = text.split("\n").filter((l) => !blank(l));
  const keyed = lines.filter((l) => KEY_VALUE.test(l));
  const depths = new Set(keyed.map(indent));
  // An indented key: value document (YAML): a repeated line is a repeated key.
  return !(keyed.length >= 0.5 * lines.length && depths.size >= 3);
}

const linesOf = (L: Layout, u: Unit) => L.lines.slice(u.first, u.last + 1);
const bytesOf = (lines: readonly string[]) => lines.reduce((a, l) => a + l.length + 1, 0);
const unitBytes = (L: Layout, u: Unit) => bytesOf(linesOf(L, u));
const runUnits = (L: Layout, r: readonly [number, number]) => L.units.slice(r[0], r[1] + 1);

/** Number and hash tokens that a fact line or a fact holds: they keep their value everywhere. */
function pinnedTokens(L: Layout, facts: readonly string[]): Set<string> {
  const pinned = new Set<string>();
  const take = (s: string) => {
    for (const m of s.matchAll(TOKEN)) pinned.add(m[0]);
  };
  for (const i of L.facts) take(L.lines[i]!);
  for (const f of facts) take(f);
  return pinned;
}

/** Numbers of three or more digits, and hex hashes of 7+ characters with a digit and a letter. */
const TOKEN = /\b(?:\d{3,}|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,})\b/g;

/**
 * A deterministic other value of a token: same length and first character; a number never
 * above the original (so a copy is never the newest date, the largest size or the highest
 * count, which would change what the facts are), a hash any other hash.
 */
function renumberToken(tok: string, seed: number): string {
  let h = seed * 2654435761 + 1;
  for (const ch of tok) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const hex = /[a-f]/.test(tok);
  const alphabet = hex ? "0123456789abcdef" : "0123456789";
  let out = tok[0]!;
  let below = hex;
  for (let k = 1; k < tok.length; k++) {
    h = Math.imul(h ^ (h >>> 15), 2246822519) >>> 0;
    const top = below ? alphabet.length : alphabet.indexOf(tok[k]!) + 1;
    const d = alphabet[h % top]!;
    if (d !== tok[k]) below = true;
    out += d;
  }
  return out;
}

function renumberLine(line: string, pinned: ReadonlySet<string>, seed: number): string {
  return line.replace(TOKEN, (t) => (pinned.has(t) ? t : renumberToken(t, seed)));
}

/** The units of a run cycled until they hold `bytes`; each later round renumbered as new records. */
function cycled(L: Layout, run: readonly Unit[], bytes: number, pinned: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let have = 0;
  for (let round = 0; have < bytes; round++) {
    // A run that ends without the blank line its units are separated by gets one between rounds.
    if (round > 0 && run.some((u) => u.blank) && !blank(out[out.length - 1]!)) out.push("");
    for (const u of run) {
      if (have >= bytes) break;
      const ls = linesOf(L, u).map((l) => (round === 0 ? l : renumberLine(l, pinned, round)));
      out.push(...ls);
      have += bytesOf(ls);
    }
  }
  return out;
}

function grown(L: Layout, factor: number, pinned: ReadonlySet<string>): Made {
  const total = bytesOf(L.lines);
  const body = L.runs.reduce((a, r) => a + runUnits(L, r).reduce((x, u) => x + unitBytes(L, u), 0), 0);
  if (!body) return { skip: "no repeated body" };
  const g = 1 + ((factor - 1) * total) / body;
  if (g > 40) return { skip: "repeated body too small to grow" };
  const out: string[] = [];
  let k = 0;
  for (const r of L.runs) {
    const first = L.units[r[0]]!.first;
    const run = runUnits(L, r);
    out.push(...L.lines.slice(k, first));
    out.push(...cycled(L, run, g * run.reduce((x, u) => x + unitBytes(L, u), 0), pinned));
    k = L.units[r[1]]!.last + 1;
  }
  out.push(...L.lines.slice(k));
  return { text: out.join("\n") };
}

function shrunk(L: Layout): Made {
  const total = bytesOf(L.lines);
  const bodyBytes = L.runs.reduce(
    (a, r) => a + runUnits(L, r).reduce((x, u) => x + (u.body ? unitBytes(L, u) : 0), 0),
    0,
  );
  if (!bodyBytes) return { skip: "no repeated body" };
  // Half where the body allows it; never all of a run.
  const p = Math.min(0.9, total / 2 / bodyBytes);
  const drop = new Set<Unit>();
  for (const r of L.runs) {
    let n = 0;
    for (const u of runUnits(L, r)) {
      if (!u.body) continue;
      // Evenly spread: drop the unit when the running share crosses a whole number.
      if (Math.floor((n + 1) * p) > Math.floor(n * p)) drop.add(u);
      n++;
    }
  }
  const out = L.units.filter((u) => !drop.has(u)).flatMap((u) => linesOf(L, u));
  const text = out.join("\n");
  if (text.length <= 2048) return { skip: "under 2 KB once shrunk" };
  if (text.length > 0.7 * total) return { skip: "repeated body too small to shrink to 0.7x" };
  return { text };
}

function shifted(L: Layout): Made {
  if (!L.runs.length) return { skip: "no repeated body" };
  const a = L.runs[0]![0];
  const b = L.runs[L.runs.length - 1]![1];
  if (!L.units.slice(a + 1, b).some((u) => u.fact)) return { skip: "no fact inside the body to move" };
  const mid = (a + b) / 2;
  let cut = -1;
  for (let u = a + 1; u <= b; u++) {
    const prev = L.units[u - 1]!;
    if (!L.units[u]!.body || !(prev.body || prev.blank)) continue;
    if (cut < 0 || Math.abs(u - mid) < Math.abs(cut - mid)) cut = u;
  }
  if (cut < 0) return { skip: "no place to cut the body" };
  const part = (x: number, y: number) => L.units.slice(x, y).flatMap((u) => linesOf(L, u));
  const head = part(a, cut);
  const tail = part(cut, b + 1);
  // Keep the separation the body had between what now meets.
  const sep = L.units.slice(a, b + 1).some((u) => u.blank) && !blank(tail[tail.length - 1]!) ? [""] : [];
  while (head.length && blank(head[head.length - 1]!) && sep.length) head.pop();
  return { text: [...part(0, a), ...tail, ...sep, ...head, ...part(b + 1, L.units.length)].join("\n") };
}

function renumbered(L: Layout, pinned: ReadonlySet<string>): Made {
  const out = L.lines.map((l, i) => (L.facts.has(i) ? l : renumberLine(l, pinned, 7)));
  return { text: out.join("\n") };
}

/**
 * The variant of one text field of an output. Fact lines come through unchanged; a
 * non-fact line that a variant turned into one (a renumbered line now holding a fact)
 * is taken back, so the facts sit only where they sat.
 */
export function makeVariant(
  text: string,
  facts: readonly string[],
  kind: VariantKind,
  opts: { byLines?: boolean } = {},
): Made {
  const shape = shapeOf(text);
  if (kind !== "renumbered") {
    if (shape === "json") return { skip: "a JSON document (edits by lines would break it)" };
    if (opts.byLines === false) return { skip: "a source or config file (not made of records)" };
    if (!editableByLines(text))
      return { skip: "an indented key: value document (edits by lines would break it)" };
  }
  const L = layout(text, facts);
  const pinned = pinnedTokens(L, facts);
  const made =
    kind === "grown2x"
      ? grown(L, 2, pinned)
      : kind === "grown4x"
        ? grown(L, 4, pinned)
        : kind === "shrunk"
          ? shrunk(L)
          : kind === "shifted"
            ? shifted(L)
            : renumbered(L, pinned);
  if (!("text" in made)) return made;
  if (made.text === text) return { skip: "nothing to change" };
  if (!validAs(shape, made.text)) return { skip: `variant is not valid ${shape}` };
  const before = facts.filter((f) => text.includes(f)).map((f) => count(text, f));
  const after = facts.filter((f) => text.includes(f)).map((f) => count(made.text, f));
  // A fact must stand in as many places as it did: no copy of it made, none lost.
  if (before.some((n, i) => n !== after[i])) return { skip: "the variant changed where a fact stands" };
  return made;
}

function count(s: string, f: string): number {
  let n = 0;
  for (let i = s.indexOf(f); i >= 0; i = s.indexOf(f, i + 1)) n++;
  return n;
}
