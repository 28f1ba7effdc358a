/**
 * One message said at many places, each place a kind of its own: sphinx's `WARNING: py:class
 * reference target not found: yaml.error.MarkedYAMLError` after each module's
 * `…/yaml/scanner.py:docstring of yaml.scanner:1:`, whose names differ in shape, so that the
 * templates made each line a kind of one, and each was told whole as a rare problem ("not
 * found" reads as an error). Grown to 40 such lines, they took the room facts may take, and
 * the one-off warnings below them (`WARNING: undefined label: 'manifest-format'`, a
 * toctree's nonexisting document) were cut. Past the first FEW lines that say it, a message
 * said again is a further place of the same trouble: after each one-off problem, as a
 * warning's further places are (rank-problems.ts). So is one call failing alike for many
 * names it quotes: strace's `ENOENT` for each path Python searched for a module, 50 lines
 * that took the room before the traceback's own frame (`File "…/sync.py", line 27, in
 * push`) once the trace grew. Pure.
 */

import { LEAD_PLACE } from "./lead-places.ts";
import { FEW } from "./work.ts";

/** A place's end: `:12:` or `:12:5:` (or `(12,5):`) and the blank before the message. */
const PLACE_END = /(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\)):\s+/g;
/**
 * A message the tool calls an error (tsc's `error TS2322: …`, gcc's `error: …`): each of its
 * places is something to fix, not more of the same trouble, and keeps its rank.
 */
const AN_ERROR = /^(?:fatal )?error\b/i;
/** A last column past a gap of two blanks or more: a name with no blank in it. */
const LAST_COLUMN = /\s{2,}\S+$/;
/** A message shorter than this says too little to tell one trouble from another. */
const SHORTEST = 12;

/** A quoted name, and an address (`0x7ffe1e9b9fe0`): what a call names, not what it says of it. */
const QUOTED = /"[^"]*"/g;
const ADDRESS = /\b0x[0-9a-f]+\b/gi;

/**
 * What line `line` says past its last place; or, naming no place, what it says of the
 * names it quotes (strace's `openat(AT_FDCWD, "conf/sync.toml", O_RDONLY|O_CLOEXEC) = -1
 * ENOENT (No such file or directory)`, one for each path a program looked in), the names and
 * addresses left out; undefined where it does neither.
 */
function messageOf(line: string): string | undefined {
  // A finding opening with its line and column under its file's header (lead-places.ts):
  // what it says past them, but for a last column naming where in the document (spectral's
  // `paths./clinics.post`, 35 `operation-description` warnings each a kind of its own).
  const lead = LEAD_PLACE.exec(line);
  if (lead) {
    const message = line.slice(lead[0].length).replace(LAST_COLUMN, "");
    return message.length >= SHORTEST ? message : undefined;
  }
  let end = -1;
  PLACE_END.lastIndex = 0;
  for (let m = PLACE_END.exec(line); m; m = PLACE_END.exec(line)) end = m.index + m[0].length;
  let message: string;
  if (end >= 0) message = line.slice(end).trimEnd();
  else if (line.includes('"')) {
    message = line.replace(QUOTED, '""');
    if (message === line) return undefined;
    message = message.replace(ADDRESS, "0x").trimEnd();
  } else return undefined;
  return message.length >= SHORTEST ? message : undefined;
}

/**
 * Of `told` (problem lines each told whole), those saying past their place a message that
 * more than FEW of them say, past the first FEW and other than the last to say it.
 */
export function saidAgain(
  lines: readonly string[],
  told: readonly number[],
  bodyAt?: (i: number) => number,
): Set<number> {
  return saidPlaces(lines, told, bodyAt).again;
}

/**
 * Of `told`, saidAgain's lines (`again`), and the first FEW lines saying a message more
 * than FEW of them say but for the first to say it, with the last (`first`): where a
 * warning said again first stands. Each of those is a place of a warning, not news: after
 * every error's place (spectral's 35 `operation-description` warnings took the room of ten
 * `operation-tag-defined` errors). One reading of the messages for both.
 */
export function saidPlaces(
  lines: readonly string[],
  told: readonly number[],
  bodyAt?: (i: number) => number,
): { again: Set<number>; first: Set<number> } {
  const again = new Set<number>();
  const first = new Set<number>();
  if (told.length <= FEW) return { again, first };
  for (const list of byMessage(lines, told, bodyAt, false).values()) {
    if (list.length <= FEW) continue;
    for (let k = 1; k < FEW; k++) first.add(list[k]!);
    for (let k = FEW; k < list.length - 1; k++) again.add(list[k]!);
    first.add(list[list.length - 1]!);
  }
  return { again, first };
}

/**
 * `told` grouped by what each line says past its place (messageOf), in order; lines saying
 * none left out, and with `errors` false, those of a message the tool calls an error.
 */
export function byMessage(
  lines: readonly string[],
  told: readonly number[],
  bodyAt: ((i: number) => number) | undefined,
  errors: boolean,
): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (const i of told) {
    const line = lines[i]!;
    const message = messageOf(bodyAt ? line.slice(bodyAt(i)) : line);
    if (message === undefined || (!errors && AN_ERROR.test(message))) continue;
    const list = by.get(message);
    if (list) list.push(i);
    else by.set(message, [i]);
  }
  return by;
}
