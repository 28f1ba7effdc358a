import { join } from "node:path";
import { readJsonIfExists } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import type { Store } from "../store/db.ts";

/** A teammate's session, as the last pulls brought it: for the dashboard, beside your own. */
export interface TeamSessionItem {
  readonly project: string;
  readonly session: string;
  readonly user: string;
  readonly machine: string;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly records: number;
  readonly handoff: boolean;
  /** Its latest one-line turn summary, if it shared one. */
  readonly lastSummary: string | null;
}

/**
 * Sessions of other machines in the pulled team records, newest first. Read-only: the
 * machine id is read, never made, here (a dashboard does not write cairn's files).
 */
export function teammateSessions(store: Store, paths: CairnPaths, limit = 50): TeamSessionItem[] {
  const own = readJsonIfExists<{ id?: unknown }>(join(paths.root, "team-machine.json"))?.id;
  try {
    const rows = store.db
      .prepare(
        `SELECT project, session_id AS session, user_name AS user, machine, min(at) AS firstAt, max(at) AS lastAt,
                count(*) AS records, max(kind = 'handoff') AS handoff,
                (SELECT text FROM team_records s WHERE s.session_id = r.session_id AND s.machine_id = r.machine_id
                   AND s.kind = 'summary' ORDER BY s.at DESC LIMIT 1) AS lastSummary
         FROM team_records r
         WHERE session_id IS NOT NULL AND machine_id <> ?
         GROUP BY project, session_id, machine_id
         ORDER BY lastAt DESC LIMIT ?`,
      )
      .all(typeof own === "string" ? own : "", limit) as unknown as (Omit<TeamSessionItem, "handoff"> & {
      handoff: number;
    })[];
    return rows.map((r) => ({
      ...r,
      handoff: !!r.handoff,
      lastSummary: r.lastSummary?.slice(0, 300) ?? null,
    }));
  } catch {
    return []; // a database from before team memory (no table yet)
  }
}
