/**
 * tabOutliers as it first stood, cutting every line at its tabs before reading whether one
 * width holds nearly all of them: the reference its faster forms (columns.test.ts,
 * tab-cells.test.ts) must answer as.
 */
export function tabOutliersAsItWas(
  lines: readonly string[],
  at: readonly number[],
  out: Map<string, number[]>,
): void {
  if (at.length < 50) return;
  const tabs = new Map<number, number>();
  const cells: string[][] = [];
  for (const i of at) {
    const row = lines[i]!.length <= 2000 && lines[i]!.includes("\t") ? lines[i]!.split("\t") : [];
    cells.push(row);
    tabs.set(row.length, (tabs.get(row.length) ?? 0) + 1);
  }
  let width = 0;
  for (const [w, n] of tabs) if (w > 1 && n >= at.length * 0.9) width = w;
  if (width === 0) return;
  for (let c = 0; c < width; c++) {
    const held = new Map<string, number[]>();
    cells.forEach((row, k) => {
      if (row.length !== width) return;
      const v = row[c]!.trim();
      const list = held.get(v);
      if (list) list.push(at[k]!);
      else held.set(v, [at[k]!]);
    });
    if (held.size > at.length / 2) continue;
    let regular = 0;
    let singles = 0;
    for (const list of held.values()) {
      if (list.length >= 3) regular += list.length;
      else if (list.length === 1) singles++;
    }
    if (singles === 0 || regular < at.length * 0.85) continue;
    if (singles > Math.max(3, at.length * 0.05)) continue;
    for (const [v, list] of held) if (list.length === 1 && v !== "") out.set(`tab:${c}:${v}`, list);
  }
}
