/**
 * The section the agent asked about: where a heading of the output's outline (doc-outline.ts:
 * a line over a rule of one mark, as InnoDB's monitor, a report or a README heads its parts)
 * holds a word of what the agent said it runs the command for ("the last deadlock" and
 * `LATEST DETECTED DEADLOCK`), the lines under it up to the next heading are what it is
 * after, and those of a rare kind say what happened there (the two transactions, their
 * statements, which was rolled back), where the templates would show only a frequent
 * kind's first and last. Lines of a frequent kind (a record dump's fields) stay room. Pure;
 * the engine (structure.ts) makes them facts.
 */
import { isUnderline } from "./doc-outline.ts";
import { intentWords, wordAt } from "./intent.ts";

/**
 * Whether heading `text` holds one of `words` (lowered stems, intent.ts), as the intent's
 * lines hold a word said in the plural (intent.ts wordAt): a long word anywhere, a short
 * one where a word starts. A heading is often in capitals, where no capital tells a word's
 * start (`lock` is not in `DEADLOCK`).
 */
function names(text: string, words: readonly string[]): boolean {
  const low = text.toLowerCase();
  for (const w of words) {
    if (!low.includes(w)) continue;
    const held = wordAt(w, true);
    if (!held || held.test(text)) return true;
  }
  return false;
}

/**
 * The lines (indexes) under each outline heading that names what was asked, up to the next
 * heading, for which `rare(i)` holds; [] without an intent or such a heading.
 */
export function askedSections(
  lines: readonly string[],
  headings: readonly number[],
  intent: string | undefined,
  rare: (i: number) => boolean,
): number[] {
  if (headings.length === 0 || !intent) return [];
  const words = intentWords(intent);
  if (words.length === 0) return [];
  const out: number[] = [];
  for (let h = 0; h < headings.length; h++) {
    const at = headings[h]!;
    // A heading is over an underline; a directive of the outline is not.
    if (!isUnderline(lines[at + 1] ?? "") || !names(lines[at]!, words)) continue;
    // Under the heading's rule, to the line above the next heading (its overline, if any, is a rule of a frequent kind).
    const end = headings[h + 1] ?? lines.length;
    for (let i = at + 2; i < end; i++) if (rare(i)) out.push(i);
  }
  return out;
}
