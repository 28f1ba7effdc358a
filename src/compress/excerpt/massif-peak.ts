/**
 * ms_print's report of a massif heap profile: a graph, then tables of snapshots, each
 * detailed one followed by its allocation tree. Its header names the peak (`Detailed
 * snapshots: [4, 7, …, 88 (peak)]`), and the peak is what the reader is after: how much the
 * heap held then, and which allocation sites held it. The templates hold every snapshot's
 * row as one kind and every tree's `->NN.NN% (…B) 0x…: function (file:line)` entries as a
 * few, so the peak's row and tree read as any other. The peak's row and the first two levels
 * of its tree (the sites and their callers: `->` at column 0, `| ->` under it) are facts.
 * Pure; the engine ranks them through structure.ts.
 */

/** The header line naming the peak snapshot, in ms_print's first lines. */
const PEAK = /^ Detailed snapshots: \[.*?\b(\d+) \(peak\)\]$/;
/** ms_print's header lines stand within its first lines (the graph is about 25). */
const HEAD = 60;
/** A tree's entry at its first two levels. */
const TOP = /^(?:->|\| ->)\d/;

/** The peak's snapshot row and the top of its allocation tree; [] when the output is no ms_print. */
export function massifPeak(lines: readonly string[]): number[] {
  let peak: string | undefined;
  for (let i = 0; i < Math.min(HEAD, lines.length) && peak === undefined; i++) {
    const line = lines[i]!;
    if (line.startsWith(" Detailed snapshots: ")) peak = PEAK.exec(line)?.[1];
  }
  if (peak === undefined) return [];
  // The peak's row: its number, then the time and the sizes.
  const row = new RegExp(`^ +${peak} +[\\d,]+ +[\\d,]+ `);
  const at = lines.findIndex((l, i) => i >= HEAD / 2 && row.test(l));
  if (at < 0) return [];
  const out = [at];
  // Its tree follows the row, up to the next table's rule.
  for (let i = at + 1; i < lines.length && !lines[i]!.startsWith("-----"); i++)
    if (TOP.test(lines[i]!)) out.push(i);
  return out;
}
