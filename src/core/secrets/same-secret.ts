/**
 * Whether a presented secret (a header's value) is the expected one, in constant time
 * for equal lengths: the http transport's secret, the dashboard's token and codes.
 */
export function sameSecret(given: string | undefined | null, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && process.getBuiltinModule("node:crypto").timingSafeEqual(a, b);
}
