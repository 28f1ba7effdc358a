/**
 * A tool that sorts its own output by size: `nm --size-sort` lists symbols smallest first,
 * or largest first under `-r` (`--reverse-sort`), as a numeric sort of its sizes would. The one
 * who ran it asks what takes the space (the image that no longer fits its flash), and the rows
 * at the large end are the answer, however alike they look: it is a ranking (ranked.ts), read
 * from that end. Pure.
 */

/** The tools whose own option sorts their rows by size, with that option: any target's nm (`arm-none-eabi-nm`). */
const SIZE_SORTS: readonly { readonly tool: RegExp; readonly option: string; readonly reverse: RegExp }[] = [
  { tool: /^(?:[\w.+-]+-)?nm$/, option: "--size-sort", reverse: /^(?:--reverse-sort|-[a-zA-Z]*r[a-zA-Z]*)$/ },
];

/**
 * The end a stage's own size sort puts the largest rows at ("tail" ascending, "head" reversed),
 * or undefined when the stage (its words, the tool first) sorts by no size of its own.
 */
export function ownSortEnd(words: readonly string[]): "head" | "tail" | undefined {
  const tool = (words[0] ?? "").split("/").pop()!;
  const sort = SIZE_SORTS.find((s) => s.tool.test(tool));
  if (!sort) return undefined;
  let sized = false;
  let reverse = false;
  for (const word of words.slice(1)) {
    // A list or subshell ends the tool's words: `nm --size-sort a.out; echo "exit code: $?"`.
    const o = word.replace(/[;)]+$/, "");
    if (o === "&&" || o === "||" || o === "") break;
    if (o === sort.option) sized = true;
    else if (sort.reverse.test(o)) reverse = true;
    if (o !== word) break;
  }
  if (!sized) return undefined;
  return reverse ? "head" : "tail";
}
