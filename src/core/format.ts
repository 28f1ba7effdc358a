/**
 * How cairn writes sizes and token counts, and how it estimates tokens where no
 * tokenizer's count exists: one place for the CLI, the hooks' messages and the
 * dashboard (whose browser bundle imports it too, so it stays pure and dependency-free).
 */

/** A token is about 4 bytes of English or code: the estimate every "≈ tokens" uses. */
export const BYTES_PER_TOKEN = 4;

export function estimateTokens(chars: number): number {
  return Math.ceil(chars / BYTES_PER_TOKEN);
}

/** 512 -> "512 B", 50_000 -> "48.8 KB", 3_000_000 -> "2.9 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** A size that can be negative, signed: "+1.1 KB", "−24.3 KB". */
export function signedBytes(n: number): string {
  return n < 0 ? `−${formatBytes(-n)}` : `+${formatBytes(n)}`;
}

/** Always in MB, for sizes set against a cap in MB: 50_000 -> "0.0 MB", 3_000_000 -> "2.9 MB". */
export function formatMegabytes(n: number): string {
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** 950 -> "950", 1500 -> "1.5k", 351_000 -> "351k", 1_000_000 -> "1M", 1_234_567 -> "1.23M". */
export function formatTokens(n: number): string {
  if (n < 1000) return String(Math.round(n));
  if (n < 1_000_000) return `${trim(n / 1000, n < 10_000 ? 1 : 0)}k`;
  return `${trim(n / 1_000_000, 2)}M`;
}

function trim(x: number, digits: number): string {
  return x.toFixed(digits).replace(/\.0+$|(\.\d*?)0+$/, "$1");
}

/** How long, compactly, in the largest whole unit: "4s", "12m", "3h", "2d" (hours up to two days). */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  return `${Math.floor(h / 24)}d`;
}

/** "12m ago": the one way cairn says when something happened, in the statusline, doctor and injections. */
export function formatAgo(ms: number): string {
  return `${formatAge(ms)} ago`;
}

/**
 * 1234567 → "1,234,567", as toLocaleString("en-US") writes it. Not toLocaleString
 * itself: its first call loads ICU's locale data, 10 ms and more in a cold hook
 * process (inside the filing's write transaction, it held the lock that long).
 */
export function groupDigits(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
