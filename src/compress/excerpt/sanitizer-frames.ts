/**
 * The sanitizers' reports (AddressSanitizer's errors, LeakSanitizer's leak records,
 * ThreadSanitizer's races, UBSan's runtime errors with their stacks): each a header over a
 * stack of numbered frames, `#1 0x… in label_for src/tree.c:4` (gcc), `… /abs/src/x.c:9:3`
 * (clang) or `#0 tidepool::ingest(…) /abs/src/pool.cpp:23:15 (pool-tsan+0x…)` (TSan), most of
 * them in the sanitizer's runtime, libc, the C++ library or the program's recursion. Which
 * line of the program to fix is its own frame nearest the top of each stack: the allocation
 * site under `__interceptor_malloc`, the caller under `__asan_memcpy`. The templates hold the
 * frames as a few kinds of many alike (LeakSanitizer's 78 records), so a site seen in a few
 * records (`label_for src/tree.c:4` under 38 of them, none shown) went while others showed.
 * The program's own code is the folder its `main` frame's file is in; the first frame in it
 * under each stack is a fact, each place once. Pure; the engine ranks them through
 * structure.ts. (Valgrind's records are own-frames.ts's.)
 *
 * At most MOST places: past that, the frames are a list of their own.
 */

/** A numbered frame with a place: `#N [0x… in ]function file:line[:col][ (module+0x…)…]`. */
const FRAME = /^\s+#\d+ (?:0x[0-9A-Fa-f]+ in )?(.+) (\S+):\d+(?::\d+)?(?: \([^()]*\))*$/;
/** A numbered frame of any kind: what keeps a stack going. */
const ANY_FRAME = /^\s+#\d+ /;
const MOST = 40;

/** The folder of a file's path, with its last `/` (`src/`); "" for a bare name. */
function folderOf(file: string): string {
  return file.slice(0, file.lastIndexOf("/") + 1);
}

/**
 * The file main's frame names, where the output is a sanitizer's (it names itself); undefined
 * otherwise. `source`: the lines' text (Doc.source), where what each line is searched for is
 * looked for first, in one search along it: most outputs hold no sanitizer's name.
 */
function mainFile(lines: readonly string[], source?: string): string | undefined {
  if (
    source !== undefined &&
    (!source.includes("main ") || !(source.includes("Sanitizer") || source.includes(": runtime error: ")))
  )
    return undefined;
  let sanitizer = false;
  let main: string | undefined;
  for (const line of lines) {
    if (!sanitizer && (line.includes("Sanitizer") || line.includes(": runtime error: "))) sanitizer = true;
    if (main === undefined && line.includes("main ") && ANY_FRAME.test(line)) {
      const m = FRAME.exec(line);
      if (m?.[1] === "main") main = m[2];
    }
    if (sanitizer && main !== undefined) return main;
  }
  return undefined;
}

/** The first frame in the program's own folder (main's) under each stack, each place once; [] when none (`source`: mainFile). */
export function sanitizerFrames(lines: readonly string[], source?: string): number[] {
  const main = mainFile(lines, source);
  if (main === undefined) return [];
  const own = folderOf(main);
  const out: number[] = [];
  const seen = new Set<string>();
  let found = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!ANY_FRAME.test(line)) {
      found = false;
      continue;
    }
    if (found) continue;
    const m = FRAME.exec(line);
    if (!m || folderOf(m[2]!) !== own) continue;
    found = true;
    // The place past the frame's number and address: the same site under many records is one.
    const place = line.slice(line.indexOf(m[1]!));
    if (seen.has(place)) continue;
    seen.add(place);
    out.push(i);
    if (out.length > MOST) return [];
  }
  return out;
}
