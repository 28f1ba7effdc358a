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
