/**
 * Retention (migration 4). An original pruned for space keeps its row, so the savings,
 * the report and `cairn show` can still say what it was and when it went.
 */
export const RETENTION_SCHEMA = `
  ALTER TABLE outputs ADD COLUMN pruned_at INTEGER;
`;
