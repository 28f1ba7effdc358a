import type { Sql } from "./client.ts";

export interface TeamHit {
  readonly id: string;
  readonly kind: string;
  readonly machine: string;
  readonly user: string;
  readonly session: string | null;
  readonly at: number;
  readonly rank: number;
  readonly snippet: string;
}

/**
 * PostgreSQL full-text search over the project's shared records, ranked (ts_rank_cd),
 * newest first among equals. A short record is shown whole (a fragment could cut a
 * name in two); a long one as its best fragments. The query is read as a web search (words, "phrases",
 * OR, -word), so any text a user types is a valid query.
 */
export async function searchTeam(
  sql: Sql,
  r: { project: string; query: string; limit: number; kind?: string | undefined },
): Promise<TeamHit[]> {
  const rows = await sql<
    {
      id: string;
      kind: string;
      machine: string;
      user_name: string;
      session_id: string | null;
      at: string;
      rank: number;
      snippet: string;
    }[]
  >`
    SELECT id, kind, machine, user_name, session_id, at::text AS at, ts_rank_cd(tsv, q) AS rank,
           CASE WHEN length(text) <= 400
             THEN ts_headline('english', text, q, 'HighlightAll=true, StartSel=«, StopSel=»')
             ELSE ts_headline('english', text, q, 'MaxWords=40, MinWords=15, MaxFragments=3, StartSel=«, StopSel=»')
           END AS snippet
    FROM cairn_team_records, websearch_to_tsquery('english', ${r.query}) AS q
    WHERE project = ${r.project} AND tsv @@ q ${r.kind ? sql`AND kind = ${r.kind}` : sql``}
    ORDER BY rank DESC, at DESC
    LIMIT ${r.limit}`;
  return rows.map((x) => ({
    id: x.id,
    kind: x.kind,
    machine: x.machine,
    user: x.user_name,
    session: x.session_id,
    at: Number(x.at),
    rank: Number(x.rank),
    snippet: x.snippet,
  }));
}
