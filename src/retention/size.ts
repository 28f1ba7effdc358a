import type { DatabaseSync } from "node:sqlite";

/** How big the database is, and how much of it holds data (the rest is free pages). */
export interface StoreSize {
  /** The database file's size as SQLite sees it (WAL content included). */
  readonly fileBytes: number;
  /** Bytes in pages that hold data: what the retention cap limits. */
  readonly usedBytes: number;
  readonly freeBytes: number;
  /** Whether freed pages can be handed back to the file system without a full VACUUM. */
  readonly incremental: boolean;
}

const pragma = (db: DatabaseSync, name: string): number =>
  Number(Object.values(db.prepare(`PRAGMA ${name}`).get() as Record<string, number>)[0]);

/** Three pragmas: cheap enough to ask on every turn. */
export function storeSize(db: DatabaseSync): StoreSize {
  const pageSize = pragma(db, "page_size");
  const pages = pragma(db, "page_count");
  const free = pragma(db, "freelist_count");
  return {
    fileBytes: pages * pageSize,
    usedBytes: (pages - free) * pageSize,
    freeBytes: free * pageSize,
    incremental: pragma(db, "auto_vacuum") === 2,
  };
}
