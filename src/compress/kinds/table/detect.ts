import { splitDelimited } from "../../excerpt/rare.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";
import { oneLeadOfTwoCells } from "./common-first-cell.ts";
import { proseCells } from "./prose-cells.ts";
import { endsAsSentence } from "./sentence-header.ts";
import { namedFields, widerThanTitles } from "./unlike-rows.ts";
import { delimitedFrom } from "./warning-above.ts";

export const tables: Detector = {
  name: "table",
  // Aligned columns under a command that prints a table.
  most: 0.55 + 0.2,
  detect(text: string, hints: Hints): number {
    const firstLines = text.slice(0, 4000);
    if (!mayHoldCells(firstLines)) return 0;
    const lines = firstLines.split("\n", 60).filter((l) => l.trim() !== "");
    if (lines.length < 2) return 0;
    const score = tableScore(lines, hints);
    // Source code is not a table, whatever its commas and capitalised comments. Asked
    // last, only of what would otherwise count as a table: most outputs are neither, and
    // its regex is the costliest to compile in a process that runs it once.
    return score > 0 && looksLikeCode(lines) ? 0 : score;
  },
};

/**
 * Whether a text holds a delimiter (`,`, a tab, a bar) or two words two blanks apart (`\S
 * {2,}\S`): each delimiter looked for by a native search, and the regex, which tries both
 * alternatives at every character, asked only where two blanks stand together.
 */
export function mayHoldCells(text: string): boolean {
  if (text.includes(",") || text.includes("\t") || text.includes("|") || text.includes("│")) return true;
  return text.includes("  ") && /\S {2,}\S/.test(text);
}

/**
 * A line of a box or grid drawn around a table (sqlite3 -box, psql, markdown): no cells.
 * Its characters are checked first: a row fails at its first letter, where a search for
 * two dashes first would read every row to its end and back.
 */
export const BOX_RULE = /^(?=[\s\-─━═=+|│┃║┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╭╮╯╰┏┓┗┛┣┫┳┻╋:]+$).*[-─━═=]{2}/;

/** Rows a delimiter is judged by. */
const DELIMITER_ROWS = 50;

/**
 * The delimiter of a table's lines (`all`: or all of them, blank ones too, with `blanks`:
 * they are passed over, where filtering a long table's lines first trimmed every one of
 * them for the first 50 read here).
 */
export function delimiterOf(all: readonly string[], blanks = false): string | undefined {
  const lines: string[] = [];
  // The first line kept stands over a header when the first rule comes after two lines, as
  // under a header (counted among the lines kept, so blank ones between change nothing).
  let ruleAfter = -1;
  for (let i = 0; i < all.length && lines.length < DELIMITER_ROWS; i++) {
    if (blanks && all[i]!.trim() === "") continue;
    if (!BOX_RULE.test(all[i]!)) lines.push(all[i]!);
    else if (ruleAfter < 0) ruleAfter = lines.length;
  }
  const titled = ruleAfter === 2;
  for (const d of [",", "\t", ";", "|", "│"]) {
    const from = delimitedFrom(lines, d, titled);
    if (from < 0) continue;
    const counts = (from === 0 ? lines : lines.slice(from)).map((l) => delimitersIn(l, d));
    if (counts.length < 3 || counts[0]! < 1) continue;
    const same = counts.filter((c) => c === counts[0]).length;
    if (
      same >= counts.length * 0.9 &&
      !proseCells(lines, d) &&
      !(counts[0] === 1 && oneLeadOfTwoCells(lines, d))
    )
      return d;
  }
  return undefined;
}

/**
 * How many delimiters split a line into cells. A CSV's quoted cell may hold its delimiter
 * (bandit -f csv's `"[129, 130]"` line ranges, `"Try, Except, Pass detected."`): counted
 * as splits, those rows seemed to have more cells than the others, the delimiter was not
 * found and the rows were read as aligned columns (the `exit code: 1` under them a row). A
 * comma or semicolon table is read with its quotes, as the table kind splits its rows
 * (splitDelimited); a line without a quote is counted by a split as before.
 */
function delimitersIn(line: string, d: string): number {
  if ((d === "," || d === ";") && line.includes('"')) return splitDelimited(line, d).length - 1;
  return line.split(d).length - 1;
}

/**
 * A header line: words starting with a capital (or %), separated by whitespace; a word
 * may hold spaces ("Mounted on") but not before a capital, which starts the next word,
 * and a unit in parentheses (kubectl top's `CPU(cores)`, `MEMORY(bytes)`). Written so
 * every space has one reading: a word class that took any space let lines of many short
 * words backtrack exponentially, hanging the hook.
 */
export const ALIGNED_HEADER =
  /^[\s|/+]*[A-Z%](?:[\w%/.()-]| +(?=[^\sA-Z%|]))*(?:\s+[A-Z%|](?:[\w%/.()-]| +(?=[^\sA-Z%|]))*){2,}\s*$/;

/** Column-aligned: a header of several words, and rows splitting into as many columns. */
export function alignedHeader(lines: readonly string[]): number {
  for (let i = 0; i < Math.min(lines.length, 12); i++) {
    const line = lines[i]!;
    const words = line.trim().split(/\s{2,}|\s+(?=[A-Z%])/);
    if (
      words.length >= 3 &&
      !endsAsSentence(line) &&
      ALIGNED_HEADER.test(line) &&
      rowsStandUnder(lines, i, words.length)
    )
      return i;
  }
  return -1;
}

/** Lines read below a header candidate to tell whether rows stand under it. */
const UNDER = 30;

/**
 * Whether the lines below a header candidate are rows: at least half of the first ones
 * (rules and blanks aside) split into two columns or more. An SQL statement in capitals
 * (`ALTER TABLE packages ADD CONSTRAINT …`) reads as a header's words; under it, mariadb
 * --force printed its errors and warnings, each one phrase, and the whole output was read
 * as a table of 106 rows that has none.
 */
function rowsStandUnder(lines: readonly string[], header: number, titles: number): boolean {
  let read = 0;
  let split = 0;
  for (let i = header + 1; i < lines.length && read < UNDER; i++) {
    const line = lines[i]!;
    if (line.trim() === "" || BOX_RULE.test(line) || RULE.test(line)) continue;
    read++;
    if (/\S(?:\s{2,}|\t)\S/.test(line.trim()) && !widerThanTitles(line, titles) && !namedFields(line))
      split++;
  }
  return read === 0 || split * 2 >= read;
}

/** Lines that end or start as statements do: more than a third of them means source code. */
export function looksLikeCode(lines: readonly string[]): boolean {
  let code = 0;
  for (const line of lines) {
    const t = line.trim();
    if (
      /[;{}]$|[\])}],$|^[})\]]|^(?:\/\/|\/\*|\*|#include|import |export |const |let |var |function |def |class |return\b|if \(|for \()/.test(
        t,
      )
    )
      code++;
  }
  return code > lines.length / 3;
}

export const RULE = /^[\s+|]*-{2,}(?:[\s+|]+-{2,})+[\s+|]*$/;

/** How much two or more non-blank first lines look like a table, code aside. */
export function tableScore(lines: readonly string[], hints: Hints): number {
  if (lines.length < 3) return alignedHeader(lines) === 0 ? 0.5 : 0;
  // sqlite3 -column, psql, mysql: a header, then a rule of dashes under each column.
  if (RULE.test(lines[1]!) && lines[0]!.trim().split(/\s+/).length >= 2) return 0.7;
  const delimiter = delimiterOf(lines);
  // CSV, TSV; sqlite3 -box / -list, psql, markdown tables: cells between bars on every line.
  if (delimiter === "," || delimiter === "\t" || delimiter === "|" || delimiter === "│") return 0.6;
  if (alignedHeader(lines) >= 0)
    return (
      0.55 +
      (hints.command && /\b(?:ps|df|dpkg|docker|kubectl|outdated|top|lsof|netstat|ss)\b/.test(hints.command)
        ? 0.2
        : 0)
    );
  return delimiter ? 0.3 : 0;
}
