import type { DatabaseSync } from "node:sqlite";

/**
 * Ids that are never given twice. A plain INTEGER PRIMARY KEY takes max(id)+1, so once
 * retention deletes the newest rows an id the model was already told about
 * (`cairn show 5`, `[cairn #5 …]` in an excerpt, a search hit) is handed to another
 * output. Each table here has a floor that only grows: a trigger raises it to every id
 * inserted, and the insert statements number new rows from it (`nextId`), so a delete
 * never lowers it. This is what AUTOINCREMENT does, without rebuilding the tables:
 * adding AUTOINCREMENT means copying every stored original, which on a large database
 * takes longer than a hook may run, so an upgrade in a hook would never finish.
 */
export const SHOWN_ID_TABLES = ["outputs", "mem_items"] as const;
export type ShownIdTable = (typeof SHOWN_ID_TABLES)[number];

/** The id for a new row of `table`, as an SQL expression for its INSERT (run under the write lock). */
export const nextId = (table: ShownIdTable): string =>
  `(SELECT last + 1 FROM id_floor WHERE tbl = '${table}')`;

/**
 * Migration 6: the floors, their triggers, and each floor set to the highest id that
 * may have been announced: the table's own, or for outputs the old search-index
 * watermark when that is higher (ids up to it were given, then deleted). The
 * originals' search index no longer depends on that watermark (it says itself which
 * rows it holds: src/store/outputs-index.ts); an index that a cairn which reused ids
 * left out of step with its rows is emptied, to be filled again from the rows.
 */
export function migration6(db: DatabaseSync): void {
  db.exec("CREATE TABLE id_floor (tbl TEXT PRIMARY KEY, last INTEGER NOT NULL)");
  const mark = db.prepare("SELECT value FROM kv WHERE scope = 'memory' AND key = 'outputs_indexed'").get() as
    | { value: string }
    | undefined;
  const watermark = Number(mark?.value ?? 0) || 0;
  const maxOf = (table: string) =>
    Number((db.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${table}`).get() as { n: number }).n);
  for (const table of SHOWN_ID_TABLES) {
    const floor = Math.max(maxOf(table), table === "outputs" ? watermark : 0);
    db.prepare("INSERT INTO id_floor (tbl, last) VALUES (?, ?)").run(table, floor);
    db.exec(
      `CREATE TRIGGER ${table}_id_floor AFTER INSERT ON ${table} BEGIN
         UPDATE id_floor SET last = NEW.id WHERE tbl = '${table}' AND last < NEW.id;
       END`,
    );
  }
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
  if (maxOf("outputs") < watermark || indexed !== expected)
    db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('delete-all')");
  // The old watermark's row stays (an upgrade keeps every row); nothing reads it now.
}

/** The highest id a table has ever given (0 before its first row). */
export function highestId(db: DatabaseSync, table: ShownIdTable): number {
  const floor = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'id_floor'").get()
    ? (db.prepare("SELECT last FROM id_floor WHERE tbl = ?").get(table) as { last: number } | undefined)
    : undefined;
  const max = db.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${table}`).get() as { n: number };
  return Math.max(Number(floor?.last ?? 0), Number(max.n));
}
