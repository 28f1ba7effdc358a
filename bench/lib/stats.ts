/** Medians and p95 over repeated runs: the figures the bench reports. */
export function median(xs: readonly number[]): number {
  return quantile(xs, 0.5);
}

export function p95(xs: readonly number[]): number {
  return quantile(xs, 0.95);
}

export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
export const ratio = (n: number, base: number) =>
  Number.isFinite(n) && base > 0 ? `${(n / base).toFixed(2)}x` : "–";

export function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}
