/** titled (kinds/table/titled.ts) as it was before rows holding no title were left unsplit: the reference titled-corpus.test.ts compares with. */
export function titled(lines: readonly string[], header: number, split: (line: string) => string[]): boolean {
  if (header > 0 || lines.length < 3) return true;
  const titles = split(lines[0]!).map((t) => t.trim());
  const held = new Array<number>(titles.length).fill(0);
  for (let i = 1; i < Math.min(lines.length, 2000); i++) {
    const cells = split(lines[i]!);
    if (cells.length !== titles.length) continue;
    cells.forEach((c, k) => {
      if (titles[k] !== "" && c.trim() === titles[k]) held[k]!++;
    });
  }
  return !held.some((n) => n >= 2);
}
