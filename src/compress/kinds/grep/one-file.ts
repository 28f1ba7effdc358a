/**
 * grep over one file prints no file's name: `grep -E '" (4|5)[0-9][0-9] ' ../logs/access.log`
 * printed the log's 309 matching lines as they stand (with -n, `12:text`; a context line of
 * -A/-B/-C `12-text`, its groups parted by `--`). Where the command searched one file
 * and no line names one, the lines are that file's matches. Read for a `path:12:` each,
 * an access log's `127.0.0.1 - - [30/Nov/2026:19:50:51` was the file `127.0.0.1 - -
 * [30/Nov/2026` (dated-cut.ts): the header's "309 matches in 1 file" was true by luck.
 *
 * Not read so: a search naming no file (it read its input, whatever printed that), or more
 * than one, or a directory to walk (-r, rg's and ag's own walk print each file's name); a
 * count (-c), a list of files (-l, -L), nothing (-q) or the lines that do not match (-v);
 * context lines without numbers, which no mark tells from the matches; a search after a
 * command that printed (`cat status; grep -E … smaps_rollup`).
 */

import type { Bare } from "./bare.ts";
import { nothingPrintedBefore } from "./piped-on.ts";
import { hasOption, printsBareLines, SEARCH_WORD, searchCommand } from "./search-command.ts";

interface Search {
  readonly files: readonly string[];
  readonly numbered: boolean;
  readonly context: boolean;
}

/** The files a grep (egrep, fgrep, rg, ag, ack) command names, or undefined where its lines are not one by one. */
function searchOf(command: string): Search | undefined {
  const search = searchCommand(command);
  if (!search || !printsBareLines(search)) return undefined;
  // What printed before the search is in the output too: its lines are no matches.
  const at = SEARCH_WORD.exec(command);
  if (at === null || !nothingPrintedBefore(command, at.index)) return undefined;
  return {
    files: search.paths,
    numbered: hasOption(search, "-n", "--line-number"),
    context: hasOption(search, "-A", "-B", "-C", "--after-context", "--before-context", "--context"),
  };
}

/** A line of -n's: its number, then `:` for a match, `-` for a context line. */
const NUMBER = /^(\d+)([:-])/;

/**
 * The matches of a search over one file, read as bare.ts's are (the file of each match
 * line, where its text starts), or undefined where the command searched no single file.
 */
export function oneFileMatches(lines: readonly string[], command: string | undefined): Bare | undefined {
  if (command === undefined) return undefined;
  const search = searchOf(command);
  if (search?.files.length !== 1 || (search.context && !search.numbered)) return undefined;
  const name = search.files[0]!;
  // A glob or a directory names many files.
  if (/[*?[]|\/$|^\.{1,2}$/.test(name)) return undefined;
  const file: (string | undefined)[] = new Array(lines.length);
  const bodyAt = new Int32Array(lines.length);
  let count = 0;
  for (const [i, line] of lines.entries()) {
    if (line === "" || line === "--") continue;
    if (search.numbered) {
      const m = NUMBER.exec(line);
      // A line without its number is no line of grep -n's: not this file's matches.
      if (!m) return undefined;
      bodyAt[i] = m[0].length;
      if (m[2] === "-") continue;
    }
    file[i] = name;
    count++;
  }
  return count > 0 ? { bodyAt, file, count } : undefined;
}
