/**
 * Team memory's local tables (migration 7).
 *
 * - team_outbox: records made on this machine, waiting for (or done with) the push.
 *   The id is stable (a hash of what the record is), so collecting the same thing twice
 *   or pushing it again after a failure never makes a second row here or on the server.
 * - team_records: what the last pulls brought from the server (teammates' records and
 *   this machine's own), read by SessionStart and the dashboard without the network.
 */
export const TEAM_SCHEMA = `
  CREATE TABLE team_outbox (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    kind TEXT NOT NULL,
    session_id TEXT,
    at INTEGER NOT NULL,
    record TEXT NOT NULL,
    pushed_at INTEGER
  );
  CREATE INDEX team_outbox_pending ON team_outbox(at) WHERE pushed_at IS NULL;

  CREATE TABLE team_records (
    id TEXT PRIMARY KEY,
    project TEXT NOT NULL,
    kind TEXT NOT NULL,
    machine TEXT NOT NULL,
    machine_id TEXT NOT NULL,
    user_name TEXT NOT NULL,
    session_id TEXT,
    at INTEGER NOT NULL,
    text TEXT NOT NULL,
    meta TEXT,
    pulled_at INTEGER NOT NULL
  );
  CREATE INDEX team_records_project ON team_records(project, kind, at);
`;

/**
 * Migration 8: what the user controls.
 *
 * - team_outbox.dropped_at / dropped_why: a record that will never be sent (its kind is
 *   no longer shared, it matches team.exclude, its session or project was turned off,
 *   it was forgotten). The row stays, so collecting the same thing again adds nothing.
 * - team_forgets: what `cairn team forget` took back on this machine: one record, one
 *   session, or everything made in a span of time. Kept for good: the collector and
 *   the push never share what it covers again; pushed_at is set once the server has
 *   deleted it and told every machine to (cairn_team_forgets).
 */
export const TEAM_SCHEMA_10 = `
  ALTER TABLE team_outbox ADD COLUMN dropped_at INTEGER;
  ALTER TABLE team_outbox ADD COLUMN dropped_why TEXT;
  CREATE TABLE team_forgets (
    id TEXT PRIMARY KEY,
    record_id TEXT,
    session_id TEXT,
    since INTEGER,
    until INTEGER,
    at INTEGER NOT NULL,
    pushed_at INTEGER,
    removed INTEGER
  );
  CREATE INDEX team_records_machine ON team_records(machine_id, at);
`;
