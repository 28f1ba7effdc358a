/**
 * Whether an output's lines of a rare kind are facts (engine.ts rankRest): where most
 * lines repeat, a line like no other stands out of that background; where most are each
 * of their own kind, being rare tells none of them apart.
 */
import type { Templates } from "./templates.ts";
import type { Work } from "./work.ts";

/** An output is repetitive when this share of its lines belong to templates of 5 lines or more. */
const REPETITIVE = 0.5;
/**
 * Where this share of the lines or more are each of a kind of their own (a grep for
 * `function ` or `export` across sources), rarity tells none of them apart: they share
 * the budget. A rare line stands out where the lines alike are at least half as many as
 * the rare ones; where two of three lines are each of their own kind (every file's
 * exports, named for what each file holds), being rare is what most lines are.
 */
const VARIED = 2 / 3;

/** Whether most lines belong to big templates: rare lines then stand out from a background. */
export function repetitive(t: Templates, nonBlank: number): boolean {
  let inBig = 0;
  for (const tpl of t.list) if (tpl.members.length >= 5) inBig += tpl.members.length;
  return nonBlank > 0 && inBig >= nonBlank * REPETITIVE;
}

/**
 * Whether lines of a rare kind (templates of `rare` lines or fewer) are facts: where the
 * kind says so, unless nearly all are rare; where most lines repeat, unless rare ones
 * abound. A git blame's lines are a source file's: a line of code like no other is no
 * news there (its commit, author and date are, read by field).
 */
export function rareAreFactsIn(
  w: Work,
  nonBlank: number,
  rare: number,
  background: boolean,
  blame: boolean,
): boolean {
  let rareLines = 0;
  for (const tpl of w.t.list) if (!tpl.strict && tpl.members.length <= rare) rareLines += tpl.members.length;
  return (
    !blame &&
    ((w.opts.rareAreFacts === true && rareLines < nonBlank * VARIED) ||
      (background && rareLines <= nonBlank * 0.3))
  );
}
