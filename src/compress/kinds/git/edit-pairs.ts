/**
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
 * The same on a line of ASCII alone (where a letter or a number is one of these): read some
 * four times faster than the classes of every script, most lines of code being ASCII.
 */
const ASCII_WORD = /[A-Za-z0-9_$]+/g;
const NOT_ASCII = /[\u0080-\uffff]/;
const DIGITS = /^\d+$/;

/**
 * A changed line's words past its `+` or `-`. A number is a value, not a name: an edit of
 * a number is one edit whatever the numbers (a constant tuned in fourteen commits, `+ 13`
 * then `+ 14`, is one edit made alike). Read from the line itself, without a copy of it
 * past its sign; only a word that starts with an ASCII digit can be one.
 */
function wordsOf(line: string): string[] {
  const words = line.slice(1).match(NOT_ASCII.test(line) ? WORD : ASCII_WORD) ?? [];
  for (let k = 0; k < words.length; k++) {
    const c = words[k]!.charCodeAt(0);
    if (c >= 48 && c <= 57 && DIGITS.test(words[k]!)) words[k] = "#";
  }
  return words;
}

/**
 * The words of `a` not matched by one in `b`, in order, each as often as it is in excess;
 * `counts` is emptied and left holding what `b` has.
 */
function excess(a: readonly string[], b: readonly string[], counts: Map<string, number>): string[] {
  counts.clear();
  for (const w of b) counts.set(w, (counts.get(w) ?? 0) + 1);
  const out: string[] = [];
  for (const w of a) {
    const n = counts.get(w) ?? 0;
    if (n > 0) counts.set(w, n - 1);
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
  // One map of counts for every pair (excess empties it), not two made for each.
  const counts = new Map<string, number>();
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
      const gone = excess(old, now, counts);
      // A pair keeping under half its words is a line replaced by another, not one edited.
      if ((old.length - gone.length) * 2 < Math.max(old.length, now.length)) continue;
      const edit = `${gone.join(" ")}\0${excess(now, old, counts).join(" ")}`;
      edits.set(i + k, edit);
      edits.set(end + 1 + k, edit);
    }
  }
  return edits;
}

/** A group of changed lines making one edit; `again` where a group before made it (on its side). */
export interface EditGroup {
  readonly at: number[];
  readonly again: boolean;
}

/**
 * The kinds of changed lines (each a list of line numbers, templates.ts) split by their
 * edit, in the order of their first lines; a group of a paired edit made by a group before
 * it in the same file (`fileOf`) on the same side (removed or added) is `again`: a rename
 * shown where its name is declared need not be shown where the file calls it. In another
 * file it is that file's change (an import renamed).
 */
export function editGroups(
  lines: readonly string[],
  changed: readonly number[],
  kinds: readonly (readonly number[])[],
  fileOf: Int32Array,
): EditGroup[] {
  const edits = editsOf(lines, changed);
  const groups: number[][] = [];
  for (const kind of kinds) {
    const by = new Map<string, number[]>();
    for (const i of kind) {
      const edit = edits.get(i) ?? "";
      const list = by.get(edit);
      if (list) list.push(i);
      else by.set(edit, [i]);
    }
    groups.push(...by.values());
  }
  groups.sort((a, b) => a[0]! - b[0]!);
  const told = new Set<string>();
  return groups.map((at) => {
    const edit = edits.get(at[0]!);
    if (edit === undefined) return { at, again: false };
    const key = `${fileOf[at[0]!]}${lines[at[0]!]![0]}${edit}`;
    const again = told.has(key);
    told.add(key);
    return { at, again };
  });
}
