/**
 * The excerpts excerpts-dump.ts makes of the bench corpus and every open set (never the
 * blind part), at the hook's budget and at the small one it forces, made in process from
 * src: what the claims test (test/unit/compress/claims.test.ts) checks.
 */
import { loadCorpus } from "../../bench/corpus/corpus.ts";
import { loadSet, OPEN_SETS } from "../../bench/corpus/facts/sets.ts";
import { extractOutput } from "../../src/claude/tool-outputs.ts";
import { compressText } from "../../src/compress/compress-text.ts";
import { excerptBudget } from "../../src/compress/excerpt/budget.ts";
import type { Excerpt, Hints } from "../../src/compress/excerpt/types.ts";
import { hintsOf } from "../../src/compress/hints.ts";
import { defaults } from "../../src/config/schema.ts";

export interface Made {
  readonly where: string;
  readonly text: string;
  readonly hints: Hints;
  readonly budget: number;
  readonly excerpt: Excerpt;
}

/** The small budget excerpts-dump.ts forces beside the hook's. */
export const SMALL = 1500;

type Input = Parameters<typeof extractOutput>[1];

/** One output's excerpts at both budgets. */
function both(where: string, text: string, hints: Hints): Made[] {
  return [excerptBudget(defaults(), text.length), SMALL].map((budget) => ({
    where,
    text,
    hints,
    budget,
    excerpt: compressText(text, hints, budget),
  }));
}

/** A named output of a set (`fresh7/read-audit-events-ndjson`) or of the corpus (`corpus/read-dts/10`). */
export function madeOf(where: string): Made[] {
  const [set, name] = [where.slice(0, where.indexOf("/")), where.slice(where.indexOf("/") + 1)];
  if (set === "corpus") {
    const e = loadCorpus().find((x) => x.id === name)!;
    const out = extractOutput(e.tool_name, e.tool_input as Input, e.tool_response)!;
    return both(where, out.text, hintsOf(e.tool_name, out, e.tool_name === "Bash" ? e.exitCode : undefined));
  }
  const c = loadSet(set as (typeof OPEN_SETS)[number]).find((x) => x.name === name)!;
  const out = extractOutput(c.input.tool_name, c.input.tool_input as Input, c.input.tool_response)!;
  return both(where, c.spilled ?? out.text, hintsOf(c.input.tool_name, out));
}

/** Every open excerpt. */
export function* openExcerpts(): Generator<Made> {
  for (const e of loadCorpus()) {
    const out = extractOutput(e.tool_name, e.tool_input as Input, e.tool_response);
    if (out)
      yield* both(
        `corpus/${e.id}`,
        out.text,
        hintsOf(e.tool_name, out, e.tool_name === "Bash" ? e.exitCode : undefined),
      );
  }
  for (const set of OPEN_SETS)
    for (const c of loadSet(set)) {
      const out = extractOutput(c.input.tool_name, c.input.tool_input as Input, c.input.tool_response);
      if (out) yield* both(`${set}/${c.name}`, c.spilled ?? out.text, hintsOf(c.input.tool_name, out));
    }
}
