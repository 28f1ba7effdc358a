import type { DatabaseSync } from "node:sqlite";

/**
 * Brings a database to the schema that `sql` builds, whatever its history says. Early
 * builds of cairn edited a shipped migration and stamped databases with versions whose
 * tables they never created, so user_version alone cannot be trusted for those: this
 * builds the expected schema in memory and adds to the database every table, index
 * and column it lacks. It never drops or changes what exists, so no row is lost.
 */
export function reconcileSchema(db: DatabaseSync, sql: readonly string[]): void {
  const Database = db.constructor as new (path: string) => DatabaseSync;
  const ref = new Database(":memory:");
  try {
    for (const s of sql) ref.exec(s);
    const want = objects(ref);
    const have = new Set(objects(db).map((o) => `${o.type}:${o.name}`));
    // Tables (virtual ones included) before indexes, as they were created.
    for (const o of want) {
      if (o.type !== "table" || have.has(`table:${o.name}`)) continue;
      db.exec(o.sql);
    }
    for (const o of want) {
      if (o.type !== "table" || isVirtual(o.sql)) continue;
      const present = new Set(columns(db, o.name).map((c) => c.name));
      for (const c of columns(ref, o.name)) if (!present.has(c.name)) db.exec(addColumn(o.name, c));
    }
    for (const o of want) if (o.type === "index" && !have.has(`index:${o.name}`)) db.exec(o.sql);
  } finally {
    ref.close();
  }
}

interface SchemaObject {
  type: string;
  name: string;
  sql: string;
}

/** What the schema statements created: FTS shadow tables are made by their virtual table. */
function objects(db: DatabaseSync): SchemaObject[] {
  const rows = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    )
    .all() as unknown as SchemaObject[];
  const virtual = rows.filter((r) => isVirtual(r.sql)).map((r) => r.name);
  return rows.filter((r) => !virtual.some((v) => r.name.startsWith(`${v}_`) && r.name !== v));
}

const isVirtual = (sql: string) => /^CREATE VIRTUAL TABLE/i.test(sql);

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
}

function columns(db: DatabaseSync, table: string): Column[] {
  return db.prepare(`PRAGMA table_info("${table.replaceAll('"', '""')}")`).all() as unknown as Column[];
}

/** SQLite adds a NOT NULL column only with a default; the reference always has one then. */
function addColumn(table: string, c: Column): string {
  const dflt = c.dflt_value !== null ? ` DEFAULT ${c.dflt_value}` : "";
  const notNull = c.notnull && c.dflt_value !== null ? " NOT NULL" : "";
  return `ALTER TABLE "${table}" ADD COLUMN "${c.name}" ${c.type}${dflt}${notNull}`;
}
