/** Small text formats shared by cairn's context commands. Pure. */

/** Token counts as cairn writes them everywhere (core/format.ts). */
export { formatTokens as shortTokens } from "../core/format.ts";

/** A bar of `width` cells for 0..100 percent. */
export function bar(pct: number, width: number, fill = "█", empty = "░"): string {
  if (width <= 0) return "";
  const n = Math.max(0, Math.min(width, Math.round((pct / 100) * width)));
  return fill.repeat(n) + empty.repeat(width - n);
}

/** Local time of day, "14:03:27". */
export function clock(at: number): string {
  const d = new Date(at);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((x) => String(x).padStart(2, "0")).join(":");
}

/** A session id as people read it: its first 8 characters. */
export const shortId = (id: string) => id.slice(0, 8);

/** Eight-level sparkline of values. */
export function sparkline(values: readonly number[], max = Math.max(1, ...values)): string {
  const ticks = "▁▂▃▄▅▆▇█";
  return values.map((v) => ticks[Math.min(7, Math.max(0, Math.round((v / max) * 7)))]).join("");
}

/** Cuts to `width` display cells (cairn's tables are ASCII plus single-cell symbols). */
export function clip(text: string, width: number): string {
  if (width <= 0) return "";
  const chars = [...text];
  if (chars.length <= width) return text;
  return width === 1 ? "…" : `${chars.slice(0, width - 1).join("")}…`;
}

/** After a window's size: says when cairn had to assume it (no statusline, a model Claude Code's registry does not list). */
export function assumedMark(u: { readonly windowBasis?: string }): string {
  return u.windowBasis === "assumed" ? " (window assumed)" : "";
}
