/**
 * Retention (migration 4). An original pruned for space keeps its row, so the savings,
 * the report and `cairn show` can still say what it was and when it went.
 */
export const RETENTION_SCHEMA = `
  ALTER TABLE outputs ADD COLUMN pruned_at INTEGER;
`;

/**
 * Migration 5. What retention sizes up (the oldest originals not yet pruned, and their
 * sizes) without reading the originals: in each row the sizes sit after the blob, so
 * without this index a dry run read every stored original. (pruned_at is in it, though
 * always NULL there, so that SQLite sees the index covers the query.)
 */
export const RETENTION_SCHEMA_5 = `
  CREATE INDEX outputs_unpruned_sizes ON outputs(id, original_bytes, pruned_at) WHERE pruned_at IS NULL;
`;
