/**
 * A number read from JSON someone else wrote (a transcript, a hook input, a state
 * file): a finite number, or undefined. JSON.parse turns 1e999 into Infinity, and a
 * damaged file can hold a string or an object where a number belongs; neither may
 * reach a sum, a token count or the store.
 */
export function finiteNumber(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) ? v : undefined;
}
