import type { Sql, Tx } from "./client.ts";

/**
 * The team store's schema on the server, versioned like the local one: each entry moves
 * the server from version i to i+1. Applied on first connect under an advisory lock, so
 * two machines connecting at once migrate once. A server whose schema is newer than this
 * list is refused: an older cairn must not write rows a newer schema does not expect.
 *
 * Records are appended only. `txid` (the inserting transaction) and `seq` order them for
 * pulling: a puller takes only rows of transactions older than every transaction still
 * running (pg_snapshot_xmin), so a slow push that commits late is never skipped.
 */
export const PG_MIGRATIONS: readonly string[] = [
  `CREATE TABLE cairn_team_records (
     id text PRIMARY KEY,
     seq bigserial NOT NULL,
     txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     project text NOT NULL,
     kind text NOT NULL,
     machine text NOT NULL,
     machine_id text NOT NULL,
     user_name text NOT NULL,
     session_id text,
     at bigint NOT NULL,
     text text NOT NULL,
     meta jsonb,
     pushed_at timestamptz NOT NULL DEFAULT now(),
     tsv tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, text)) STORED
   );
   CREATE INDEX cairn_team_records_pull ON cairn_team_records (project, txid, seq);
   CREATE INDEX cairn_team_records_kind ON cairn_team_records (project, kind, at);
   CREATE INDEX cairn_team_records_tsv ON cairn_team_records USING gin (tsv);`,
  // 2: forgetting. A machine deletes its own records (one, a session's, a span of time)
  // and leaves a row here in the same transaction; every machine pulls these rows in
  // (txid, seq) order, like records, and drops its copies. A push takes the same
  // per-machine advisory lock as a forget and skips what a forget covers, so a push
  // that races a forget cannot bring a record back.
  `CREATE TABLE cairn_team_forgets (
     id text PRIMARY KEY,
     seq bigserial NOT NULL,
     txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
     machine_id text NOT NULL,
     record_id text,
     session_id text,
     since bigint,
     until bigint,
     at bigint NOT NULL,
     removed integer NOT NULL DEFAULT 0
   );
   CREATE INDEX cairn_team_forgets_pull ON cairn_team_forgets (txid, seq);
   CREATE INDEX cairn_team_forgets_machine ON cairn_team_forgets (machine_id);
   CREATE INDEX cairn_team_records_machine ON cairn_team_records (machine_id, at);`,
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;

/** A stable key for pg_advisory_xact_lock: "cairn" in ASCII. */
const LOCK_KEY = 0x636169726e;

export class SchemaTooNew extends Error {}

function tooNew(found: unknown): SchemaTooNew {
  return new SchemaTooNew(
    `the team store's schema (version ${String(found)}) is newer than this cairn knows (${PG_SCHEMA_VERSION}); upgrade cairn`,
  );
}

/** The server's schema version: 0 on a fresh database. */
export async function serverSchemaVersion(sql: Sql): Promise<number> {
  try {
    const rows = await sql`SELECT value FROM cairn_team_meta WHERE key = 'schema_version'`;
    return rows.length ? Number(rows[0]!.value) : 0;
  } catch (err) {
    if ((err as { code?: string }).code === "42P01") return 0; // no meta table yet
    throw err;
  }
}

/** Brings the server to this cairn's schema, or refuses a newer one. */
export async function migrateServer(sql: Sql): Promise<{ from: number; to: number }> {
  // The common case, without a lock or DDL: the server is already at this version.
  const seen = await serverSchemaVersion(sql);
  if (seen === PG_SCHEMA_VERSION) return { from: seen, to: seen };
  if (!Number.isInteger(seen) || seen > PG_SCHEMA_VERSION) throw tooNew(seen);
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`CREATE TABLE IF NOT EXISTS cairn_team_meta (key text PRIMARY KEY, value text NOT NULL)`;
    const rows = await tx`SELECT value FROM cairn_team_meta WHERE key = 'schema_version'`;
    const from = rows.length ? Number(rows[0]!.value) : 0;
    if (!Number.isInteger(from) || from > PG_SCHEMA_VERSION) throw tooNew(rows[0]?.value);
    for (let v = from; v < PG_SCHEMA_VERSION; v++) await tx.unsafe(PG_MIGRATIONS[v]!);
    if (from < PG_SCHEMA_VERSION) {
      await tx`INSERT INTO cairn_team_meta (key, value) VALUES ('schema_version', ${String(PG_SCHEMA_VERSION)})
               ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    }
    return { from, to: PG_SCHEMA_VERSION };
  }) as Promise<{ from: number; to: number }>;
}

/** The class of the per-machine advisory locks (the other key is the machine id's hash). */
const MACHINE_LOCK_CLASS = 0x63616972;

/**
 * Serializes one machine's pushes with its forgets, for the rest of the transaction:
 * a push either commits before a forget (which then deletes what it added) or sees
 * the forget's row and skips what it covers.
 */
export async function lockMachine(tx: Tx, machineId: string): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${MACHINE_LOCK_CLASS}::int, hashtext(${machineId}))`;
}
