/**
 * Valgrind's reports (memcheck's errors and leak records, helgrind's races): each a message
 * over a stack of `at`/`by` frames, most of them in libc, an allocator or a library the
 * program links. Which line of the program to fix is its own frame nearest the top: the
 * `add (catalog.c:38)` under `malloc`, the `load (catalog.c:47)` under six of a JSON
 * library's frames. The templates hold the frames as a few kinds of many alike, so the
 * program's own frame of a record often went while a library's showed. The program's own
 * code is the file its `main` is in; the first frame in it under each record's message is a
 * fact. Pure; the engine ranks them through structure.ts.
 *
 * At most MOST frames (one a record): past that, the records are a list of their own.
 */

/** A frame: `==PID==    at 0x…: function (file:line)` or `by`. */
const FRAME = /^==\d+== {3,}(?:at|by) 0x[0-9A-Fa-f]+: (\S+) \(([^():]+):\d+\)$/;
/** A valgrind line with nothing after its pid: the blank between records. */
const BLANK = /^==\d+== ?$/;
const MOST = 40;

/** The first frame in the program's own file (main's) under each record; [] when none. */
export function ownFrames(lines: readonly string[]): number[] {
  // Valgrind's banner opens the output; a cheap look before any regex.
  if (!lines.slice(0, 5).some((l) => l.startsWith("==") && l.includes("Valgrind"))) return [];
  let own: string | undefined;
  for (const line of lines) {
    if (!line.startsWith("==") || !line.includes(": main (")) continue;
    const m = FRAME.exec(line);
    if (m?.[1] === "main") {
      own = m[2];
      break;
    }
  }
  if (own === undefined) return [];
  const out: number[] = [];
  let found = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith("==")) continue;
    if (BLANK.test(line)) {
      found = false;
      continue;
    }
    if (found || !line.endsWith(")")) continue;
    const m = FRAME.exec(line);
    if (m?.[2] !== own) continue;
    found = true;
    out.push(i);
    if (out.length > MOST) return [];
  }
  return out;
}
