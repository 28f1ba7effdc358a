/**
 * 1234567 → "1,234,567", as toLocaleString("en-US") writes it. Not toLocaleString
 * itself: its first call loads ICU's locale data, 10 ms and more in a cold hook
 * process (inside the filing's write transaction, it held the lock that long).
 */
export function groupDigits(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
