/**
 * edit-pairs.ts as it was before speed35 (each pair's words tested for a number each,
 * two maps of counts made a pair), kept to check the faster one against: editsOf only.
 *
 * What each changed line of a patch changes: a run of removed lines followed by as many
 * added lines is read pair by pair (git prints a line's old and new versions so), and a
 * pair's edit is the words the old line has and the new one lacks, against the words the
 * new one has and the old lacks. A rename carried through many places is one edit
 * (`print_value` → `render_value` wherever it is called); lines alike in their words but
 * each renaming its own name (`parse_value` → `read_value`, `print_object` →
 * `render_object`, in a block of prototypes) are as many edits, each to be shown. Pure.
 */

/** Words as an edit is told by: identifiers and numbers. */
const WORD = /[\p{L}\p{N}_$]+/gu;
/**
 * A number is a value, not a name: an edit of a number is one edit whatever the numbers
 * (a constant tuned in fourteen commits, `+ 13` then `+ 14`, is one edit made alike).
 */
const wordsOf = (line: string) => (line.slice(1).match(WORD) ?? []).map((w) => (/^\d+$/.test(w) ? "#" : w));

/** The words of `a` not matched by one in `b`, in order, each as often as it is in excess. */
function excess(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const w of b) left.set(w, (left.get(w) ?? 0) + 1);
  const out: string[] = [];
  for (const w of a) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else out.push(w);
  }
  return out;
}

/**
 * Each paired changed line's edit (both lines of a pair get the same), by line. Lines of
 * runs whose lengths differ are left out: which old line became which new one is unknown;
 * so are pairs that keep under half their words (another line put in a line's place).
 */
export function editsOf(lines: readonly string[], changed: readonly number[]): Map<number, string> {
  const edits = new Map<number, string>();
  for (const i of changed) {
    if (lines[i]![0] !== "-" || lines[i - 1]?.[0] === "-") continue;
    let end = i;
    while (lines[end + 1]?.[0] === "-") end++;
    const n = end - i + 1;
    let added = end + 1;
    while (added <= end + n && lines[added]?.[0] === "+") added++;
    if (added !== end + n + 1 || lines[added]?.[0] === "+") continue;
    for (let k = 0; k < n; k++) {
      const old = wordsOf(lines[i + k]!);
      const now = wordsOf(lines[end + 1 + k]!);
      const gone = excess(old, now);
      // A pair keeping under half its words is a line replaced by another, not one edited.
      if ((old.length - gone.length) * 2 < Math.max(old.length, now.length)) continue;
      const edit = `${gone.join(" ")}\0${excess(now, old).join(" ")}`;
      edits.set(i + k, edit);
      edits.set(end + 1 + k, edit);
    }
  }
  return edits;
}
