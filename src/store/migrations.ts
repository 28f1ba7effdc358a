import type { DatabaseSync } from "node:sqlite";
import { migration6 } from "./never-reuse.ts";
import { reconcileSchema } from "./reconcile.ts";
import { AGENT_SCHEMA_9, CORE_SCHEMA } from "./tables/core.ts";
import { MEMORY_SCHEMA } from "./tables/memory.ts";
import { RETENTION_SCHEMA, RETENTION_SCHEMA_5 } from "./tables/retention.ts";
import { TEAM_SCHEMA, TEAM_SCHEMA_10 } from "./tables/team.ts";
import { WINDOW_SCHEMA, WINDOW_SCHEMA_4, WINDOW_SCHEMA_8 } from "./tables/window.ts";

/** SQL, or code for what SQL cannot say. Each runs inside the migration's transaction. */
export type Migration = string | ((db: DatabaseSync) => void);

/** Every schema statement, in order: what a database of the current version looks like. */
export const SCHEMA_SQL: readonly string[] = [
  CORE_SCHEMA,
  WINDOW_SCHEMA,
  MEMORY_SCHEMA,
  RETENTION_SCHEMA,
  WINDOW_SCHEMA_4,
  RETENTION_SCHEMA_5,
  TEAM_SCHEMA,
  WINDOW_SCHEMA_8,
  AGENT_SCHEMA_9,
  TEAM_SCHEMA_10,
];

/**
 * Versioned schema. Each entry moves the database from version i to i+1 and runs in
 * one transaction; PRAGMA user_version records where a database is. Each feature's
 * tables are in store/tables/<feature>.ts. Never edit a shipped migration: add a new one.
 *
 * Migration 4 adds retention's column and a covering index by reconciling with the
 * whole schema, which also repairs databases from builds whose version stamps did not
 * match their tables (test/fixtures/databases has one of each). Migration 5 adds an
 * index the same way: reconciling is idempotent, so each later schema change appends
 * its SQL to SCHEMA_SQL and one more reconcile here. Migration 6 (ids that are never
 * reused: src/store/never-reuse.ts) seeds its table from the data, so it is code, run
 * on fresh and upgraded databases alike; it is O(1) in the size of the stored
 * originals, so it finishes inside a hook on any database.
 */
export const MIGRATIONS: readonly Migration[] = [
  CORE_SCHEMA,
  WINDOW_SCHEMA,
  MEMORY_SCHEMA,
  (db) => reconcileSchema(db, SCHEMA_SQL),
  (db) => reconcileSchema(db, SCHEMA_SQL),
  migration6,
  // 7: team memory's outbox and pulled records (src/store/tables/team.ts).
  (db) => reconcileSchema(db, SCHEMA_SQL),
  // 8: what each tool call cost the context, against Claude Code alone (src/store/tables/window.ts).
  (db) => reconcileSchema(db, SCHEMA_SQL),
  // 9: the agent each session ran in (src/store/tables/core.ts AGENT_SCHEMA_9).
  (db) => reconcileSchema(db, SCHEMA_SQL),
  // 10: records that will never be sent, and what this machine took back (tables/team.ts).
  (db) => reconcileSchema(db, SCHEMA_SQL),
];

export const SCHEMA_VERSION = MIGRATIONS.length;
