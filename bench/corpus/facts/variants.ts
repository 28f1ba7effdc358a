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
 * sitting on a table rule, nor in the output's closing block (variant-layout.ts). Body
 * lines and the blank lines between them make runs; the variants edit runs only, so
 * headers, summaries, rules and facts stay where they were. A caret line goes with the
 * line it points into; a grown copy is new entries, not the same ones again
 * (new-entries.ts).
 */

import { freshEntry, isList, MANY, namingParts, renumberLine, TOKEN } from "./new-entries.ts";
import { blank, indent, type Layout, layout, type Unit } from "./variant-layout.ts";

export { factLines } from "./variant-layout.ts";

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

const KEY_VALUE = /^\s*(- )?[\w./"'-]+:(\s|$)/;

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

/** The units of a run cycled until they hold `bytes`; each later round's lines new entries. */
function cycled(L: Layout, run: readonly Unit[], bytes: number, pinned: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const naming = namingParts(L.lines, isList(run.flatMap((u) => linesOf(L, u))) ? 3 : MANY);
  let have = 0;
  for (let round = 0; have < bytes; round++) {
    // A run that ends without the blank line its units are separated by gets one between rounds.
    if (round > 0 && run.some((u) => u.blank) && !blank(out[out.length - 1]!)) out.push("");
    for (const u of run) {
      if (have >= bytes) break;
      const ls = round === 0 ? linesOf(L, u) : freshEntry(L.must, linesOf(L, u), naming, pinned, round);
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
