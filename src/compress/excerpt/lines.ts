/**
 * Small pieces the compressors share: salient-line detection, line shapes for
 * grouping similar lines, head/tail picks and the final excerpt.
 */

import { factCap, SMALL_OUTPUT } from "./budget.ts";
import { type Doc, docOf } from "./doc.ts";
import { type EngineOptions, type Ranking, rank } from "./engine.ts";
import { type Note, type PackOptions, type Pick, pack } from "./pack.ts";
import type { Excerpt, Hints } from "./types.ts";

/** Words that make a line worth keeping in any output. */
export const SALIENT =
  /\b(?:error|errors|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure|s)?|denied|refused|unable|cannot|can't|could not|not found|no such|invalid|missing|abort(?:ed)?|segmentation fault|timed? ?out|warn(?:ing)?|deprecated|E\d{3,})\b/i;
/** The stronger half: problems, not advisories. */
export const SEVERE =
  /\b(?:error|errors|fatal|panic(?:ked)?|exception|traceback|fail(?:ed|ure)?|denied|refused|unable|cannot|could not|not found|no such|abort(?:ed)?|segmentation fault)\b/i;

/** A line with digits, hex ids and spacing normalised, to group similar lines. */
export function shapeOf(line: string): string {
  return line
    .replace(/0x[0-9a-f]+|\d+/gi, "#")
    .replace(/\s+/g, " ")
    .trim();
}

export function isBlank(line: string): boolean {
  return line.trim() === "";
}

/** Picks for the first `head` and last `tail` lines. */
export function headTail(doc: Doc, head: number, tail: number, headPrio: number, tailPrio: number): Pick[] {
  const n = doc.lines.length;
  const picks: Pick[] = [];
  if (head > 0) picks.push({ from: 0, to: Math.min(n, head) - 1, prio: headPrio, split: "head" });
  if (tail > 0) picks.push({ from: Math.max(0, n - tail), to: n - 1, prio: tailPrio, split: "tail" });
  return picks;
}

/** Index of the last non-blank line at or before i (or -1). */
export function lastNonBlank(lines: readonly string[], i = lines.length - 1): number {
  while (i >= 0 && isBlank(lines[i]!)) i--;
  return i;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export interface Packing {
  readonly picks: readonly Pick[];
  readonly notes?: readonly Note[];
  readonly kept: string;
  /** How the kind chooses, the same for each of its excerpts (Excerpt.method). */
  readonly method?: string;
  readonly options?: Omit<PackOptions, "budget">;
  /**
   * The engine's ranking (engine.ts: problems and what locates them, rare lines, the end,
   * each frequent kind of line once with its count) under the kind's own picks, told what
   * the kind knows of its lines, or the ranking the kind already made of them (`{ ranking }`,
   * with the hints' intent); false for a kind that writes its own structure instead.
   */
  readonly engine?: EngineOptions | { readonly ranking: Ranking } | false;
  /**
   * Where the output came from: facts never take the excerpt past what its tool shows
   * inline, and lines that name what the agent said it is after are facts.
   */
  readonly hints?: Hints | undefined;
  /** The size of the output as it came, when `doc` is another layout of it (minified JSON laid out). */
  readonly sourceSize?: number;
  /**
   * Lines whose information the kind's facts (picks and notes at MUST, which the packer
   * checks were all kept) carry in another form: an `ls -l` entry by its name on its
   * directory's names line, a commit's header by its hash on its subject's line. An output
   * of 8 KB or less may leave them out and still be an excerpt (compress-with.ts).
   */
  readonly told?: (i: number) => boolean;
}

export function excerpt(name: string, doc: Doc, budget: number, packing: Packing): Excerpt {
  const options = packing.options ?? {};
  let picks = packing.picks;
  let suffix = options.suffix;
  let gate: readonly number[] = [];
  const engine = packing.engine ?? {};
  if (engine !== false) {
    const r = "ranking" in engine ? engine.ranking : rank(doc, { ...engine, intent: packing.hints?.intent });
    gate = r.gate;
    picks = [...picks, ...r.picks];
    // The kind's own display of a line wins over the engine's count after it.
    const merged = new Map(suffix ?? []);
    for (const [i, text] of r.suffix) if (!merged.has(i) && !options.display?.has(i)) merged.set(i, text);
    suffix = merged;
  }
  const packed = pack(doc, picks, packing.notes ?? [], {
    ...options,
    ...(suffix ? { suffix } : {}),
    hardCap: options.hardCap ?? factCap(budget, doc.size, packing.hints?.tool),
    budget,
  });
  // An output of 8 KB or less is worth an excerpt only when no line with a word in it but
  // what the kind calls noise (passing tests, download chatter) is left out (compress-text.ts).
  if ((packing.sourceSize ?? doc.size) <= SMALL_OUTPUT) {
    const noise = engine === false || "ranking" in engine ? undefined : engine.noise;
    // A rule or a counter (`⎯⎯⎯[1/3]⎯`) says no word.
    const told = packing.told;
    gate = doc.lines.flatMap((line, i) => (/[A-Za-z]{2}/.test(line) && !noise?.(i) && !told?.(i) ? [i] : []));
  }
  // Whether the facts were kept is read only of an output of 8 KB or less
  // (compress-with.ts): it is worked out when read, not for each larger output, where
  // each of its problem lines was searched for in the excerpt and nothing read the answer.
  let keptFacts: boolean | undefined;
  return {
    text: packed.text,
    compressor: name,
    kept: packing.kept,
    ...(packing.method ? { method: packing.method } : {}),
    get keptFacts() {
      keptFacts ??=
        packed.allFacts !== false && gate.every((i) => packed.text.includes(doc.lines[i]!.trim()));
      return keptFacts;
    },
    ...(packed.gaps ? { gaps: packed.gaps } : {}),
  };
}

/** Cleaned full text when it fits the budget as it is, or undefined. */
export function whole(doc: Doc, budget: number): string | undefined {
  if (!doc.complete) return undefined;
  let len = 0;
  for (const line of doc.lines) {
    len += line.length + 1;
    if (len > budget + 1) return undefined;
  }
  return doc.lines.join("\n");
}

/** A line rule: lines matching `re` are kept at `prio`, with `after` lines of context. */
export interface Rule {
  readonly re: RegExp;
  readonly prio: number;
  /** Lines after the match to keep with it (at a lower priority). */
  readonly after?: number;
  /** Keep only the first line of each shape (later ones are counted). */
  readonly once?: boolean;
}

/** Applies the first matching rule to each line; returns how many lines each rule matched. */
export function rulePicks(doc: Doc, rules: readonly Rule[], out: Pick[]): number[] {
  const counts = rules.map(() => 0);
  const seen = new Set<string>();
  const { lines } = doc;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 4000) continue;
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r]!;
      if (!rule.re.test(line)) continue;
      counts[r]!++;
      if (rule.once) {
        const key = `${r}\0${shapeOf(line)}`;
        if (seen.has(key)) break;
        seen.add(key);
      }
      out.push({ from: i, to: i, prio: rule.prio });
      if (rule.after) out.push({ from: i + 1, to: i + rule.after, prio: rule.prio - 30, split: "head" });
      break;
    }
  }
  return counts;
}

export { docOf };
