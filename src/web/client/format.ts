/** How the dashboard writes numbers, sizes and times (sizes and tokens as all of cairn does). Pure. */

import { formatBytes, formatTokens, signedBytes } from "../../core/format.ts";

export function bytes(n: number | null | undefined): string {
  return n === null || n === undefined ? "–" : formatBytes(n);
}

/** 351000 -> "351k", 1234567 -> "1.23M". */
export function tokens(n: number | null | undefined): string {
  return n === null || n === undefined ? "–" : formatTokens(n);
}

/** A figure that can be negative (a net saving that was a cost): "+1.1 KB", "−24.3 KB". */
export function signedSize(n: number): string {
  return signedBytes(n);
}

/** "351k", "−12k". */
export function signedTokens(n: number): string {
  return n < 0 ? `−${formatTokens(-n)}` : formatTokens(n);
}

export function int(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

export function usd(n: number): string {
  if (n < 0) return `−${usd(-n)}`;
  if (n === 0) return "$0";
  if (n < 0.01) return `$${n.toFixed(4)}`;
  return `$${n.toFixed(2)}`;
}

export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  const h = Math.floor(m / 60);
  return `${h}h ${String(m % 60).padStart(2, "0")}m`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Local date and time, "2026-11-22 10:15". */
export function when(at: number | null | undefined): string {
  if (!at) return "–";
  const d = new Date(at);
  return `${day(at)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Local time of day, "10:15:42". */
export function clock(at: number): string {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Local date, "2026-11-22" (the value of a date input). */
export function day(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date input's value as the local midnight it starts at; `end` gives the next midnight. */
export function dayStart(value: string, end = false): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (end ? 1 : 0)).getTime();
}

export const shortId = (id: string) => id.slice(0, 8);

/** The last part of a path, for tables; the whole path goes in the title. */
export function baseName(path: string | null | undefined): string {
  if (!path) return "?";
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? path;
}

/** The agent a session ran in, as people name it. */
export function agentName(agent: string | undefined): string {
  return agent === "gemini-cli" ? "Gemini CLI" : agent === "claude-code" || !agent ? "Claude Code" : agent;
}
