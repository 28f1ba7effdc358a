/**
 * A linter's numbered findings, each a block headed by its number and where it stands
 * (redocly lint's `[24] openapi/vetline.yaml:508:17 at #/paths/~1invoices~1{id}/get/…`, then
 * its message, its code frame and the rule that made it). The message says what is wrong and
 * the heading where; most findings say one of a few messages (49 findings, 37 of them a
 * missing summary or 4XX response), the rest one each, and the rare messages were kept while
 * the headings saying where they stand were not. The heading of each finding whose message
 * is not one of the many alike is a fact. Pure; the engine ranks them through structure.ts.
 */

/** `[N] path:line[:col]` then anything: a numbered finding's heading. */
const HEADING = /^\[(\d{1,4})\] \S*[A-Za-z]\S*:\d+(?::\d+)?(?:\s|$)/;
/** At least this many findings. */
const FEWEST = 3;
/** A message said by more than this share of the findings (and more than FEW) is one of many alike. */
const MANY_SHARE = 0.1;
const FEW = 3;

/** The headings of numbered findings whose message is not one of the many alike; [] when there are none. */
export function numberedFindings(lines: readonly string[]): number[] {
  const headings: number[] = [];
  const messages: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(0) !== 91 /* [ */) continue;
    const m = HEADING.exec(line);
    // Only 1, 2, 3 … in turn.
    if (!m || Number(m[1]) !== headings.length + 1) continue;
    let k = i + 1;
    while (k < lines.length && lines[k]!.trim() === "") k++;
    headings.push(i);
    messages.push(k < lines.length ? lines[k]!.trim() : "");
  }
  if (headings.length < FEWEST) return [];
  const said = new Map<string, number>();
  for (const m of messages) said.set(m, (said.get(m) ?? 0) + 1);
  const many = Math.max(FEW, headings.length * MANY_SHARE);
  return headings.filter((_, k) => said.get(messages[k]!)! <= many);
}
