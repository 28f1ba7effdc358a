/**
 * A kind of line seen a few times in all, wherever it stands: perlcritic's `Integer with
 * leading zeros` in three files among a hundred findings of a few kinds said again and
 * again. Templates tell lines apart by their paths too, so the three are one template of
 * three (not rare by count, RARE being 2) while the many are split into templates by
 * file; read by shape (its masked words, any path alike: Templates.shapes) the three are
 * the only ones of their kind, and the others repeat. Such a kind is rare as a kind of one
 * or two is. Pure.
 */
import type { Template, Templates } from "./templates.ts";

/** A kind of this many lines or fewer in all is few. */
const FEW_IN_ALL = 3;
/** Share of lines whose shape repeats (3 times or more) for a few of one shape to stand out. */
const SHAPES_REPEAT = 0.9;

/**
 * Whether a template of more than `rare` lines is a kind seen FEW_IN_ALL times or fewer in
 * all (its shape held by no more lines), among lines whose shapes nearly all repeat;
 * undefined where the output is not so (no template can then be).
 */
export function fewByShape(
  t: Templates,
  rare: number,
  counted: (i: number) => boolean,
): ((tpl: Template) => boolean) | undefined {
  if (rare >= FEW_IN_ALL) return undefined;
  // Cheap gate: some template must be of such a size for any to be few by shape.
  if (!t.list.some((tpl) => tpl.members.length > rare && tpl.members.length <= FEW_IN_ALL)) return undefined;
  // Counted by template (each template's lines taken to have its first line's shape, as
  // templates group lines of one form): a pass over templates, not over every line.
  const { shapes } = t;
  const count = new Map<number, number>();
  let lines = 0;
  for (const tpl of t.list) {
    const first = tpl.members[0]!;
    if (!counted(first)) continue;
    lines += tpl.members.length;
    count.set(shapes[first]!, (count.get(shapes[first]!) ?? 0) + tpl.members.length);
  }
  // Templates split by path where shapes join them: at least two templates to a shape.
  if (count.size * 2 > t.list.length) return undefined;
  let repeated = 0;
  for (const c of count.values()) if (c >= FEW_IN_ALL) repeated += c;
  if (repeated < lines * SHAPES_REPEAT) return undefined;
  return (tpl) =>
    tpl.members.length > rare &&
    tpl.members.length <= FEW_IN_ALL &&
    (count.get(shapes[tpl.members[0]!]!) ?? 0) <= FEW_IN_ALL;
}
