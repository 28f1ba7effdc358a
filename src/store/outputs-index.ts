import type { Store } from "./db.ts";
import { getState, setState } from "./kv.ts";

/**
 * Memory's search index over stored originals (mem_outputs_fts) is external-content
 * FTS5 over the core `outputs` table: an entry can only be removed by handing back
 * exactly the text it was built from. The rule that keeps that text known: a row is in
 * the index when its id is up to the watermark and its original was not pruned, and
 * its entry is always its current original. Everything that indexes, prunes, rewrites
 * or deletes originals goes through here.
 */

const MARK = "outputs_indexed";
const OUTPUTS_PER_CALL = 2000;

export interface IndexedRow {
  readonly id: number;
  readonly original: Uint8Array;
  readonly pruned_at: number | null;
}

/** An original's text, decoded as indexing decodes it (the index must get back exactly this). */
export const originalText = (b: Uint8Array): string =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8");

function indexedUpTo(store: Store): number {
  return getState<number>(store, "memory", MARK) ?? 0;
}

/**
 * Feeds new rows into the index. Returns how many were read; the watermark moves in
 * the same transaction. A pruned original has nothing to find and is skipped.
 */
export function indexOutputs(store: Store, now: number, limit = OUTPUTS_PER_CALL): number {
  return store.tx(() => {
    const from = indexedUpTo(store);
    const rows = store.db
      .prepare("SELECT id, original, pruned_at FROM outputs WHERE id > ? ORDER BY id LIMIT ?")
      .all(from, limit) as unknown as IndexedRow[];
    if (rows.length === 0) return 0;
    const insert = store.db.prepare("INSERT INTO mem_outputs_fts (rowid, original) VALUES (?, ?)");
    for (const r of rows) if (r.pruned_at === null) insert.run(r.id, originalText(r.original));
    setState(store, "memory", MARK, rows.at(-1)!.id, now);
    return rows.length;
  });
}

/** Takes rows out of the index (before their original is pruned, rewritten or deleted). */
export function unindexOutputs(store: Store, rows: readonly IndexedRow[]): void {
  const upTo = indexedUpTo(store);
  const del = store.db.prepare(
    "INSERT INTO mem_outputs_fts (mem_outputs_fts, rowid, original) VALUES ('delete', ?, ?)",
  );
  for (const r of rows) if (r.id <= upTo && r.pruned_at === null) del.run(r.id, originalText(r.original));
}

/** Puts rewritten rows back (the other half of a rewrite; pruned rows stay out). */
export function reindexOutputs(store: Store, rows: readonly IndexedRow[]): void {
  const upTo = indexedUpTo(store);
  const add = store.db.prepare("INSERT INTO mem_outputs_fts (rowid, original) VALUES (?, ?)");
  for (const r of rows) if (r.id <= upTo && r.pruned_at === null) add.run(r.id, originalText(r.original));
}
