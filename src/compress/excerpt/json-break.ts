/**
 * Where a JSON document stops parsing: mlr's `"Assignment": 001E52,` among a thousand
 * records, a number with a leading zero that no JSON reader takes, so `jq` and every parser
 * fail there. The engine reads the lines as kinds and values (the unquoted ones are first
 * and last with their count); the one line where the document breaks is what an engineer
 * piping it on meets first. Read only in what opens and closes as JSON does. Pure.
 */

/** Larger documents are not parsed again here. */
const LARGEST = 4_000_000;

/** The first and last lines holding more than blanks. */
function ends(lines: readonly string[]): [number, number] {
  let a = 0;
  while (a < lines.length && lines[a]!.trim() === "") a++;
  let b = lines.length - 1;
  while (b > a && lines[b]!.trim() === "") b--;
  return [a, b];
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The line (index) where a document shaped as JSON fails to parse; -1 where it parses or is not JSON. */
export function jsonBreak(lines: readonly string[]): number {
  const [a, b] = ends(lines);
  if (b - a < 2) return -1;
  const open = lines[a]!.trimStart()[0];
  const close = lines[b]!.trimEnd().at(-1);
  if (!((open === "[" && close === "]") || (open === "{" && close === "}"))) return -1;
  let size = 0;
  for (let i = a; i <= b && size <= LARGEST; i++) size += lines[i]!.length + 1;
  if (size > LARGEST) return -1;
  const text = lines.slice(a, b + 1).join("\n");
  try {
    JSON.parse(text);
    return -1;
  } catch (e) {
    // Where it failed, as every engine's message says: `… in JSON at position 1234`.
    const at = /at position (\d+)/.exec(String((e as Error).message));
    if (!at) return -1;
    const p = Math.min(Number(at[1]), text.length - 1);
    // A value whole, then more (NDJSON, a program's JSON line over its report): no document broken.
    if (parses(text.slice(0, p))) return -1;
    let line = a;
    for (let k = text.indexOf("\n"); k >= 0 && k < p; k = text.indexOf("\n", k + 1)) line++;
    return line;
  }
}
