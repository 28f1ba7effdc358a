/**
 * What a note says, read as a number, and a claim made of it: the one home of the small
 * readers every recount (claim-counts.ts, claim-notes*.ts, claim-patches.ts, claim-tables.ts)
 * shares.
 */
import type { Claim } from "./claims.ts";

/** A count as the framing writes it (`1,204`). */
export const num = (s: string) => Number(s.replace(/,/g, ""));

/** `N things` in a phrase (`3 errors`, `1 error`), or undefined. */
export function countIn(phrase: string, word: string): number | undefined {
  const m = new RegExp(`(?:^|[\\s(,:])([\\d,]+) ${word}s?\\b`).exec(phrase);
  return m ? num(m[1]!) : undefined;
}

/** A claim of `said` against the recount `actual`; none where nothing was said. */
export function claim(form: string, said: number | undefined, actual: number, line: string): Claim[] {
  if (said === undefined) return [];
  return [{ form, ok: said === actual, line, why: `recounted ${actual}` }];
}
