/**
 * cairn's part of the statusline: a short suffix after the user's own statusline.
 * Pure, so it can be tested without a terminal.
 */

import { formatBytes } from "../core/format.ts";

interface SuffixFacts {
  /** Context used, 0..100; null before the first response. */
  readonly usedPct: number | null;
  readonly remainingPct: number | null;
  /** The session's figures (figures-read.ts): outputs cairn changed, and the bytes on each side. */
  readonly outputs: number;
  readonly counterfactualBytes: number;
  readonly shownBytes: number;
  readonly retrievedBytes: number;
  readonly netBytes: number;
  readonly moreThanAlone: number;
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
  if (f.outputs > 0) parts.push(figures(f));
  if (f.team) parts.push(paint("yellow", `⚠ ${f.team}`));
  if (f.error) parts.push(paint("red", "⚠ errors: cairn doctor"));
  return `${paint("dim", "cairn")} ${parts.join(" · ")}`;
}

/**
 * The net figure first (what cairn saved, or cost, once reading originals back is
 * counted), then its parts: Claude Code alone → shown, and read back.
 */
function figures(f: SuffixFacts): string {
  const net = f.netBytes < 0 ? `net ${size(-f.netBytes)} cost` : `net ${size(f.netBytes)} saved`;
  const more = f.moreThanAlone >= 1 ? `, ${whole(f.moreThanAlone)} above alone` : "";
  return `${net} (alone ${size(f.counterfactualBytes)} → shown ${size(f.shownBytes)}, read back ${size(f.retrievedBytes)}${more})`;
}

/** Whole and bounded, whatever a damaged summary file held: the suffix stays one short line. */
const whole = (n: number) => (Number.isFinite(n) ? Math.min(Math.round(Math.abs(n)), 999_999_999) : 0);
const size = (n: number) => formatBytes(whole(n));

/** The user's statusline, then cairn's suffix on its last line. */
export function composeStatusline(user: string, suffix: string): string {
  // trimEnd, not replace(/\s+$/): the regular expression retries from every blank of a
  // long run of blanks that is not at the end, which is quadratic (a hung statusline).
  const text = user.trimEnd();
  if (!suffix) return text;
  if (!text) return suffix;
  return `${text}  ${suffix}`;
}
