import { BYTES_PER_TOKEN, estimateTokens } from "../core/format.ts";
import type { PriceRow } from "./types.ts";

/**
 * The one place the dashboard's money figures come from: list prices in USD per
 * million input tokens, by model family, first match wins. Every cost shown is an
 * estimate: saved tokens (bytes / 4) times the input price, counted once, although
 * a token kept out of the context would also have been re-read (at the cache price)
 * on every later turn.
 */
const INPUT_PRICES: readonly { readonly family: string; readonly match: RegExp; readonly usd: number }[] = [
  { family: "Opus 4.5 and later", match: /opus-(4-[5-9]|[5-9])/i, usd: 5 },
  { family: "Opus 4.1 and earlier", match: /opus/i, usd: 15 },
  { family: "Sonnet", match: /sonnet/i, usd: 3 },
  { family: "Haiku 4.5 and later", match: /haiku-(4|[5-9])/i, usd: 1 },
  { family: "Haiku 3.5", match: /haiku-3-5|3-5-haiku/i, usd: 0.8 },
  { family: "Haiku 3", match: /haiku/i, usd: 0.25 },
];

const UNKNOWN = { family: "unknown model (priced as Sonnet)", usd: 3 };

/** Tokens saved are estimated as every token estimate in cairn is (core/format.ts). */
export { BYTES_PER_TOKEN, estimateTokens as estTokens };

export function inputPrice(model: string | null | undefined): { family: string; usdPerMTok: number } {
  const p = (model && INPUT_PRICES.find((r) => r.match.test(model))) || UNKNOWN;
  return { family: p.family, usdPerMTok: p.usd };
}

/** Estimated USD that `tokens` input tokens cost on `model`. */
export function estUsd(tokens: number, model: string | null | undefined): number {
  return (tokens * inputPrice(model).usdPerMTok) / 1_000_000;
}

export function priceTable(): PriceRow[] {
  return [...INPUT_PRICES, UNKNOWN].map((p) => ({ family: p.family, usdPerMTok: p.usd }));
}
