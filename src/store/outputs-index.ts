import type { DatabaseSync } from "node:sqlite";
import type { Store } from "./db.ts";

/**
 * Memory's search index over stored originals (mem_outputs_fts) is external-content
 * FTS5 over the core `outputs` table: an entry can only be removed by handing back
 * exactly the text it was built from, and removing one that is not there corrupts the
 * index. So the index itself says which rows it holds (FTS5 keeps one docsize row per
 * entry), not a separate watermark that can go stale: a row is in it or not, and an
 * entry is always its row's current original. Pruned originals are never in it.
 * Everything that indexes, prunes, rewrites or deletes originals goes through here.
 */

const OUTPUTS_PER_CALL = 2000;

export interface IndexedRow {
  readonly id: number;
  readonly original: Uint8Array;
  readonly pruned_at: number | null;
}

/** An original's text, decoded as indexing decodes it (the index must get back exactly this). */
export const originalText = (b: Uint8Array): string =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("utf8");

/**
 * Rows not in the index yet, oldest first. Rows are indexed in id order and ids only
 * grow (migration 6), so every row below the highest indexed id is in the index or
 * pruned: new ones are above it. When the top entry is pruned the highest id drops and
 * the rows between are looked at again, which is what NOT EXISTS is for.
 */
const UNINDEXED = `
  SELECT id, original, pruned_at FROM outputs o
  WHERE id > (SELECT coalesce(max(d.id), 0) FROM mem_outputs_fts_docsize d)
    AND pruned_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM mem_outputs_fts_docsize d WHERE d.id = o.id)
  ORDER BY id LIMIT ?`;

/** Feeds rows not yet indexed into the index. Returns how many went in. */
export function indexOutputs(store: Store, _now: number, limit = OUTPUTS_PER_CALL): number {
  return store.tx(() => {
    const rows = store.db.prepare(UNINDEXED).all(limit) as unknown as IndexedRow[];
    const insert = store.db.prepare("INSERT INTO mem_outputs_fts (rowid, original) VALUES (?, ?)");
    for (const r of rows) insert.run(r.id, originalText(r.original));
    return rows.length;
  });
}

export function isIndexed(db: DatabaseSync, id: number): boolean {
  return db.prepare("SELECT 1 FROM mem_outputs_fts_docsize WHERE id = ?").get(id) !== undefined;
}

/**
 * Takes rows out of the index (before their original is pruned, rewritten or deleted).
 * Returns the ids that were in it.
 */
export function unindexOutputs(store: Store, rows: readonly IndexedRow[]): Set<number> {
  const del = store.db.prepare(
    "INSERT INTO mem_outputs_fts (mem_outputs_fts, rowid, original) VALUES ('delete', ?, ?)",
  );
  const removed = new Set<number>();
  for (const r of rows) {
    if (!isIndexed(store.db, r.id)) continue;
    del.run(r.id, originalText(r.original));
    removed.add(r.id);
  }
  return removed;
}

/**
 * Puts rewritten rows back: the other half of a rewrite, for the rows unindexOutputs
 * took out (a row not indexed yet is left for indexOutputs, in id order).
 */
export function reindexOutputs(
  store: Store,
  rows: readonly IndexedRow[],
  removed: ReadonlySet<number>,
): void {
  const add = store.db.prepare("INSERT INTO mem_outputs_fts (rowid, original) VALUES (?, ?)");
  for (const r of rows)
    if (r.pruned_at === null && removed.has(r.id)) add.run(r.id, originalText(r.original));
}

/**
 * Empties the index; indexOutputs then rebuilds it from the rows, a batch at a time.
 * For an index that no longer matches its rows (written by a cairn that reused ids).
 */
export function resetOutputsIndex(db: DatabaseSync): void {
  db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('delete-all')");
}
