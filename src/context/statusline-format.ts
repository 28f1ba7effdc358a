/**
 * cairn's part of the statusline: a short suffix after the user's own statusline.
 * Pure, so it can be tested without a terminal.
 */

import { formatBytes } from "../core/format.ts";

interface SuffixFacts {
  /** Context used, 0..100; null before the first response. */
  readonly usedPct: number | null;
  readonly remainingPct: number | null;
  readonly outputs: number;
  readonly savedBytes: number;
  /** cairn logged an error recently. */
  readonly error: boolean;
  /** Team sync is failing: why, and since when (absent while it works or is off). */
  readonly team?: string | undefined;
  readonly warnPct: number;
  readonly criticalPct: number;
  /** ANSI colours (the statusline is rendered by Claude Code, not a TTY of ours). */
  readonly color: boolean;
}

const ANSI = { red: 31, yellow: 33, green: 32, dim: 2 } as const;

export function renderSuffix(f: SuffixFacts): string {
  const paint = (code: keyof typeof ANSI, s: string) => (f.color ? `\x1b[${ANSI[code]}m${s}\x1b[0m` : s);
  const parts: string[] = [];
  if (f.usedPct === null) {
    parts.push(`ctx –`);
  } else {
    const remaining = f.remainingPct ?? 100 - f.usedPct;
    const tone = remaining <= f.criticalPct ? "red" : remaining <= f.warnPct ? "yellow" : "green";
    parts.push(`ctx ${paint(tone, `${f.usedPct}%`)}`);
  }
  if (f.outputs > 0) parts.push(`${f.outputs} filed, ${formatBytes(f.savedBytes)} saved`);
  if (f.team) parts.push(paint("yellow", `⚠ ${f.team}`));
  if (f.error) parts.push(paint("red", "⚠ errors: cairn doctor"));
  return `${paint("dim", "cairn")} ${parts.join(" · ")}`;
}

/** The user's statusline, then cairn's suffix on its last line. */
export function composeStatusline(user: string, suffix: string): string {
  // trimEnd, not replace(/\s+$/): the regular expression retries from every blank of a
  // long run of blanks that is not at the end, which is quadratic (a hung statusline).
  const text = user.trimEnd();
  if (!suffix) return text;
  if (!text) return suffix;
  return `${text}  ${suffix}`;
}
