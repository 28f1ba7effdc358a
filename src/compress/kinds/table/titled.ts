/**
 * Whether a table's first line titles its columns (the table kind counts it with the rows
 * where it does not). Pure.
 */

/**
 * Whether the output's first line titles its columns: not where it is one of the rows
 * (xmlstarlet's or cut's output has no header), told by a cell of it that two rows or
 * more below hold in its column: a title names its column's values, it is none of them.
 * A row holding no quote is split only where its text holds a title: each of its cells is
 * a part of it (splitDelimited takes quotes out of a cell, so a row with one is split).
 */
export function titled(lines: readonly string[], header: number, split: (line: string) => string[]): boolean {
  if (header > 0 || lines.length < 3) return true;
  const titles = split(lines[0]!).map((t) => t.trim());
  const named = titles.filter((t) => t !== "");
  const held = new Array<number>(titles.length).fill(0);
  for (let i = 1; i < Math.min(lines.length, 2000); i++) {
    const line = lines[i]!;
    if (!line.includes('"') && !named.some((t) => line.includes(t))) continue;
    const cells = split(line);
    if (cells.length !== titles.length) continue;
    for (let k = 0; k < cells.length; k++)
      if (titles[k] !== "" && cells[k]!.trim() === titles[k] && ++held[k]! >= 2) return false;
  }
  return true;
}
