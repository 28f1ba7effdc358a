/**
 * Where a file the last error names first comes up, in each kind of line: the loader's
 * `error while loading shared libraries: libtidecodec.so.2: cannot open shared object file`
 * closes LD_DEBUG=libs's search for it, 80 lines that name it (`find library=libtidecodec.so.2
 * [0]; searching`, then `trying file=…/libtidecodec.so.2` in each directory). Too many lines
 * hold the name for the lines an error's words pick out (stopped-by.ts), so none was kept,
 * and the search's start and its first place tried (the RUNPATH's lib/) were cut under the
 * frequent kinds' first and last. Of each kind, the first line naming it says how that
 * step went for it. Pure; stopped-by.ts ranks them.
 */

/** A file's name: a word, then one or more dotted parts (`libtidecodec.so.2`, `settings.json`). */
const FILE_NAME = /(?<![\w.+-])[A-Za-z][\w+-]*(?:\.[\w+-]+)+/g;

/** What says a file was looked for and not found: the names before it are what was sought. */
const NOT_FOUND =
  /\b(?:cannot (?:open|find|load|stat)|can't (?:open|find|load)|could not (?:open|find|load)|unable to (?:open|find|load)|not found|no such file)/i;

/** Names shorter than this say too little (`a.b`). */
const SHORTEST = 6;

/**
 * Of the lines `candidates` allows, for each file name the line `error` says was sought and
 * not found (a name before its `cannot open`, `not found`, `No such file`) that more than
 * `many` lines hold, the first line of each kind (`kindOf`) holding it, in order, at
 * most `most` of them in all.
 */
export function namedFirst(
  lines: readonly string[],
  error: number,
  kindOf: (i: number) => number,
  candidates: (i: number) => boolean,
  many: number,
  most: number,
): number[] {
  const line = lines[error]!;
  const failed = NOT_FOUND.exec(line)?.index ?? -1;
  if (failed < 0) return [];
  const names = new Set<string>();
  for (const m of line.slice(0, failed).matchAll(FILE_NAME)) if (m[0].length >= SHORTEST) names.add(m[0]);
  const out = new Set<number>();
  for (const name of names) {
    const holding: number[] = [];
    for (let i = 0; i < lines.length; i++)
      if (i !== error && candidates(i) && lines[i]!.includes(name)) holding.push(i);
    if (holding.length <= many) continue;
    const kinds = new Set<number>();
    for (const i of holding) {
      if (kinds.has(kindOf(i))) continue;
      kinds.add(kindOf(i));
      out.add(i);
      if (out.size >= most) return [...out].sort((a, b) => a - b);
    }
  }
  return [...out].sort((a, b) => a - b);
}
