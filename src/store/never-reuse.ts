import type { DatabaseSync } from "node:sqlite";

/**
 * Tables whose ids cairn shows (`cairn show 5`, `output #5` in an excerpt's header,
 * search hits). A plain INTEGER PRIMARY KEY takes max(id)+1, so once retention deletes
 * the newest rows an id the model was already told about is handed to another output.
 * AUTOINCREMENT keeps the highest id ever given in sqlite_sequence: deletes never
 * lower it.
 */
export const SHOWN_ID_TABLES = ["outputs", "mem_items"] as const;

/**
 * Migration 6: rebuilds each table as the same table with AUTOINCREMENT, rows, ids,
 * columns and indexes as they were. SQLite cannot add AUTOINCREMENT in place; this is
 * its documented copy-and-rename procedure. The full-text indexes over these tables
 * address rows by id, which the copy keeps, so they stay valid. `floors` gives a
 * table a higher starting point than its rows show (ids announced before and since
 * deleted).
 */
export function neverReuseIds(db: DatabaseSync, floors: Readonly<Record<string, number>> = {}): void {
  for (const table of SHOWN_ID_TABLES) {
    const def = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as
      | { sql: string }
      | undefined;
    if (!def || /AUTOINCREMENT/i.test(def.sql)) continue;
    const indexes = db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .all(table) as { sql: string }[];
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[])
      .map((c) => `"${c.name}"`)
      .join(", ");
    const copy = `${table}_v6`;
    const created = def.sql
      .replace(/^CREATE TABLE\s+("?)\w+\1/i, `CREATE TABLE "${copy}"`)
      .replace(/\bid\s+INTEGER\s+PRIMARY\s+KEY\b/i, "id INTEGER PRIMARY KEY AUTOINCREMENT");
    if (!/AUTOINCREMENT/.test(created))
      throw new Error(`migration 6: ${table} has no id INTEGER PRIMARY KEY`);
    db.exec(created);
    db.exec(`INSERT INTO "${copy}" (${columns}) SELECT ${columns} FROM "${table}" ORDER BY id`);
    // The old copy's pages are zeroed as they are freed: they hold originals, and
    // retention promises that what it removes is not left in the file.
    const secure = (db.prepare("PRAGMA secure_delete").get() as { secure_delete: number }).secure_delete;
    db.exec("PRAGMA secure_delete = ON");
    try {
      db.exec(`DROP TABLE "${table}"`);
    } finally {
      db.exec(`PRAGMA secure_delete = ${secure}`);
    }
    db.exec(`ALTER TABLE "${copy}" RENAME TO "${table}"`);
    for (const i of indexes) db.exec(i.sql);
    const floor = floors[table] ?? 0;
    const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?").get(table) as
      | { seq: number }
      | undefined;
    if (!seq) db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)").run(table, floor);
    else if (floor > seq.seq)
      db.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = ?").run(floor, table);
  }
}

/** The highest id a table has ever given (0 before its first row). */
export function highestId(db: DatabaseSync, table: string): number {
  const seq = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()
    ? (db.prepare("SELECT seq FROM sqlite_sequence WHERE name = ?").get(table) as { seq: number } | undefined)
    : undefined;
  const max = db.prepare(`SELECT coalesce(max(id), 0) AS n FROM "${table}"`).get() as { n: number };
  return Math.max(Number(seq?.seq ?? 0), Number(max.n));
}

/**
 * Migration 6 as a whole: ids that are never given twice, and the originals' search
 * index freed from the watermark that used to say how far it went. Ids up to the
 * old watermark were announced, so numbering goes on above it. An index that a cairn
 * which reused ids left out of step with its rows is emptied, to be filled again from
 * the rows (src/memory/outputs-index.ts); otherwise it already holds exactly the
 * unpruned rows up to the watermark and is kept.
 */
export function migration6(db: DatabaseSync): void {
  const mark = db.prepare("SELECT value FROM kv WHERE scope = 'memory' AND key = 'outputs_indexed'").get() as
    | { value: string }
    | undefined;
  const watermark = Number(mark?.value ?? 0) || 0;
  const max = Number((db.prepare("SELECT coalesce(max(id), 0) AS n FROM outputs").get() as { n: number }).n);
  neverReuseIds(db, { outputs: watermark });
  const indexed = Number(
    (db.prepare("SELECT count(*) AS n FROM mem_outputs_fts_docsize").get() as { n: number }).n,
  );
  const expected = Number(
    (
      db.prepare("SELECT count(*) AS n FROM outputs WHERE id <= ? AND pruned_at IS NULL").get(watermark) as {
        n: number;
      }
    ).n,
  );
  if (max < watermark || indexed !== expected)
    db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('delete-all')");
  // The old watermark's row stays (an upgrade keeps every row); nothing reads it now.
}
