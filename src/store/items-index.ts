import type { Store } from "./db.ts";

/**
 * Memory's search index (mem_fts) is external-content FTS5: an entry goes in with a
 * row's text and can only come out by handing back exactly that text. Adding, rewriting
 * or deleting one row's text goes through these two (removing a whole session does the
 * same in one statement, in src/retention/gc.ts).
 */
export function indexItem(store: Store, id: number | bigint, text: string): void {
  store.db.prepare("INSERT INTO mem_fts (rowid, text) VALUES (?, ?)").run(id, text);
}

export function unindexItem(store: Store, id: number, text: string): void {
  store.db.prepare("INSERT INTO mem_fts (mem_fts, rowid, text) VALUES ('delete', ?, ?)").run(id, text);
}
