/** Rows of business tables for the data outputs: mostly common values, a few rare ones. */
import { pick, rng } from "./gen-support.ts";
import type { Row } from "./oracle.ts";

export type Kind = "payments" | "invoices" | "payouts" | "users";

function weighted(r: () => number, table: readonly [string, number][]): string {
  let x = r() * table.reduce((a, [, w]) => a + w, 0);
  for (const [v, w] of table) {
    x -= w;
    if (x <= 0) return v;
  }
  return table[0]![0];
}

/** Rows of a business table, each rare value well under 5% of the rows. */
export function makeRows(kind: Kind, n: number, seed: number): Row[] {
  const r = rng(seed);
  const rows: Row[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${kind.slice(0, 3)}_${(seed * 100000 + i * 7919).toString(36).padStart(8, "0")}`;
    const amount = Math.round(r() * 50000) / 100;
    const created = new Date(Date.UTC(2026, 9, 1) + Math.floor(r() * 40 * 86400000)).toISOString();
    if (kind === "payments")
      rows.push({
        id,
        amount,
        currency: weighted(r, [
          ["usd", 80],
          ["eur", 18],
          ["jpy", 0.6],
        ]),
        status: weighted(r, [
          ["succeeded", 97],
          ["card_declined", 0.8],
          ["disputed", 0.6],
        ]),
        method: weighted(r, [
          ["card", 90],
          ["sepa_debit", 10],
        ]),
        customer: `cus_${Math.floor(r() * 500)}`,
        created,
      });
    else if (kind === "invoices")
      rows.push({
        id,
        total: amount,
        status: weighted(r, [
          ["paid", 95],
          ["open", 4.4],
          ["uncollectible", 0.5],
        ]),
        collection: weighted(r, [
          ["charge_automatically", 92],
          ["send_invoice", 8],
        ]),
        customer: `cus_${Math.floor(r() * 500)}`,
        due: created.slice(0, 10),
      });
    else if (kind === "payouts")
      rows.push({
        id,
        amount,
        status: weighted(r, [
          ["paid", 96],
          ["in_transit", 3.6],
          ["reversed", 0.5],
        ]),
        bank: weighted(r, [
          ["Chase", 50],
          ["BoA", 48],
          ["Revolut", 0.6],
        ]),
        arrival: created.slice(0, 10),
      });
    else
      rows.push({
        id,
        email: `user${i}@example.com`,
        role: weighted(r, [
          ["member", 90],
          ["admin", 9.7],
          ["owner", 0.3],
        ]),
        active: r() > 0.01,
        plan: pick(r, ["free", "pro", "team"]),
        signup: created.slice(0, 10),
      });
  }
  return rows;
}
