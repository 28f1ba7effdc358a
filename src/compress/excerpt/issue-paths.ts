/**
 * Where each issue of a validation error stands: the one-line path of each object in a dump
 * of issues (a ZodError's `path: [ 'database', 'poolMax' ]`, ajv's `instancePath:
 * '/booking/maxAdvanceDays',`, pydantic's `'loc': ('body', 'email'),` as Node's inspect or
 * Python's repr print them; JSON's `"instancePath": "/rooms/3/kind",`). The messages say what
 * is wrong in words most issues share (`Invalid input`, `Required`), and the path says which
 * setting to fix; the templates hold every path line as one kind, so the first and last
 * stood for 22. Each distinct path line is a fact, where an output holds FEWEST to MOST of
 * them. Pure; the engine ranks them through structure.ts.
 */

/** A key naming where an issue stands, then its value on the same line: a list, a tuple or a string. */
const PATH_LINE =
  /^\s*(?:["']?(?:path|instancePath|dataPath|loc|field)["']?)\s*:\s*(?:\[[^\]]*\]|\([^)]*\)|'[^']*'|"[^"]*")\s*,?\s*$/;
const FEWEST = 3;
const MOST = 60;

/** The first line of each distinct issue path, or [] where there are fewer than FEWEST or more than MOST. */
export function issuePaths(lines: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  let all = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 300 || !line.includes(":") || !PATH_LINE.test(line)) continue;
    all++;
    const key = line.trim();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i);
  }
  return all >= FEWEST && all <= MOST ? out : [];
}
