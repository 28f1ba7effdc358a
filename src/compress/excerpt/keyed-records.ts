/**
 * Outputs made of records that each open with the same `Key: value` line at column 0
 * (`kubectl describe` of several objects, `pip show` of several packages, `docker inspect`
 * read as key: value): what tells the records apart is each one's opening line (its
 * identity) and the fields whose value differs between them (a version, a status, an exit
 * code, a count; a row of an indented table, named by its first word). Templates hold every `Name:` line as one kind and every `Kubelet
 * Version:` line as another, so the first and last of each stand for all, and the record
 * in between loses its name. Records led otherwise (`2: eth0: …`, `● nginx.service`) are
 * found by lead-records.ts and read alike. Pure; the engine (engine.ts) ranks by it.
 */

import { leadOpenings } from "./lead-records.ts";

/** A `Key: value` line: a short name (words, dots, slashes, dashes), a colon, a value. */
const KEYED = /^(\s*)([A-Za-z][\w ./-]{0,40}?):\s+(\S.*)$/;
/**
 * A row of an indented table in a record, named by its first word (`  cpu    1 (50%)
 * 800m (40%)` under Allocated resources): read as that name's value.
 */
const ROW = /^(\s+)([A-Za-z][\w.-]{0,40}) {2,}(\S.*)$/;
/** An opening key recurs at least this often: records, not a header said twice. */
const RECORDS = 2;
/** Each record holds at least this many `Key: value` lines at column 0 besides its opening. */
const RECORD_KEYS = 3;
/** A field telling records apart takes at most this many values (more are ids, not states). */
const STATES = 6;
/**
 * Under a record led by a number or a mark (lead-records.ts), an indented line named by its
 * first word (`    inet 10.0.0.2/24 …`, `    link/ether …`) is a field too.
 */
const WORD = /^(\s+)([A-Za-z][\w./-]{0,40}) (\S.*)$/;

export interface KeyedRecords {
  /** Each record's opening line. */
  readonly openings: number[];
  /** The first line of each value of a field whose values differ between records. */
  readonly differing: number[];
}

/** The lines opening with the key of the first (a `Key: value` at column 0), each after a separation. */
function keyedOpenings(
  lines: readonly string[],
  first: number,
  head: RegExpExecArray | null,
): number[] | undefined {
  if (head === null || head[1] !== "") return undefined;
  const opener = `${head[2]}:`;
  // A line opening with it holds its colon where it does: told by that one character first,
  // as lines alike but for a number (`migrating batch 12/3000: rows …` under `… 1/3000:`)
  // share most of the opener, which a search read to the number on each line.
  const colon = opener.length - 1;
  const openings: number[] = [];
  for (let i = first; i < lines.length; i++) {
    const line = lines[i]!;
    if (
      line.charCodeAt(colon) === 58 &&
      line.startsWith(opener) &&
      KEYED.test(line) &&
      separated(lines, i - 1)
    )
      openings.push(i);
  }
  return openings;
}

/** Whether line `k` closes what came before: blank, a rule of dashes, or nothing. */
function separated(lines: readonly string[], k: number): boolean {
  return k < 0 || /^\s*(?:-{3,})?\s*$/.test(lines[k]!);
}

/** The records of an output opening each with the key of its first line, or undefined. */
export function keyedRecords(lines: readonly string[]): KeyedRecords | undefined {
  let first = 0;
  while (first < lines.length && lines[first]!.trim() === "") first++;
  const head = KEYED.exec(lines[first] ?? "");
  const led = head === null || head[1] !== "" ? leadOpenings(lines, first) : undefined;
  const openings = led ?? keyedOpenings(lines, first, head);
  if (openings === undefined || openings.length < RECORDS) return undefined;
  // Per field (its indent and name: `  cpu:` under Capacity is not `cpu:`): the first line
  // holding each of its values, and how many lines hold it.
  const fields = new Map<string, { values: Map<string, number>; lines: number }>();
  for (let r = 0; r < openings.length; r++) {
    const end = r + 1 < openings.length ? openings[r + 1]! : lines.length;
    let topKeys = 0;
    for (let i = openings[r]! + 1; i < end; i++) {
      const keyed = KEYED.exec(lines[i]!);
      const m = keyed ?? ROW.exec(lines[i]!) ?? (led ? WORD.exec(lines[i]!) : null);
      if (!m) continue;
      // A led record's fields are all indented under its opening.
      if (m[1] === "" || led) topKeys++;
      const name = `${m[1]}${m[2]}${keyed ? ":" : " "}`;
      const f = fields.get(name) ?? { values: new Map<string, number>(), lines: 0 };
      fields.set(name, f);
      f.lines++;
      const value = m[3]!.trimEnd();
      if (!f.values.has(value)) f.values.set(value, i);
    }
    if (topKeys < (led ? 1 : RECORD_KEYS)) return undefined;
  }
  const differing: number[] = [];
  for (const f of fields.values()) {
    const n = f.values.size;
    // One value throughout tells nothing; a value each (an id, a time) is no state shared.
    if (n < 2 || n >= f.lines || n > STATES) continue;
    differing.push(...f.values.values());
  }
  return { openings, differing: differing.sort((a, b) => a - b) };
}
