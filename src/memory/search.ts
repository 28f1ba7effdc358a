import type { Store } from "../store/db.ts";

export interface SearchQuery {
  readonly query: string;
  /** Only this project's sessions (default: every project). */
  readonly projectDir?: string | undefined;
  /** Only this merge chain (its owner session). */
  readonly owner?: string | undefined;
  readonly tool?: string | undefined;
  readonly since?: number | undefined;
  readonly until?: number | undefined;
  readonly limit?: number | undefined;
}

export interface Hit {
  readonly source: "memory" | "output";
  /** mem_items id, or outputs id. */
  readonly id: number;
  readonly session: string;
  readonly turn: number | null;
  readonly kind: string;
  readonly layer: number | null;
  readonly toolName: string | null;
  readonly toolUseId: string | null;
  readonly label: string | null;
  readonly at: number;
  readonly snippet: string;
  readonly rank: number;
}

const OPERATORS = /["*^():]|\b(AND|OR|NOT|NEAR)\b/;

/**
 * A person's words as an FTS5 query: each word a quoted phrase (so `foo.ts` or
 * `TS2345` need no escaping), all required. Text that already uses FTS5 syntax is
 * passed through as it is.
 */
export function toFtsQuery(text: string): string {
  const q = text.trim();
  if (OPERATORS.test(q)) return q;
  return q
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `"${w.replace(/"/g, '""')}"`)
    .join(" ");
}

function quotedOnly(text: string): string {
  return text
    .replace(/["*^():]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `"${w}"`)
    .join(" ");
}

/** Ranked hits across every layer of memory and every stored original, best first. */
export function search(store: Store, q: SearchQuery): Hit[] {
  const match = toFtsQuery(q.query);
  if (!match) return [];
  try {
    return run(store, q, match);
  } catch (err) {
    // A malformed FTS5 expression: search for the words instead of failing.
    if (/fts5|syntax|unterminated|no such column|malformed/i.test(String(err)))
      return run(store, q, quotedOnly(q.query));
    throw err;
  }
}

function run(store: Store, q: SearchQuery, match: string): Hit[] {
  if (!match) return [];
  const limit = q.limit ?? 20;
  const chain = q.owner ? chainSessions(store, q.owner) : undefined;
  const filters = {
    project: q.projectDir ?? null,
    tool: q.tool ?? null,
    since: q.since ?? null,
    until: q.until ?? null,
    limit,
    match,
  };
  const items = store.db
    .prepare(
      `SELECT i.id, i.origin_session AS session, i.turn, i.kind, i.layer, i.tool_name AS toolName,
              i.tool_use_id AS toolUseId, i.at, snippet(mem_fts, 0, '[', ']', '…', 16) AS snippet, bm25(mem_fts) AS rank
       FROM mem_fts JOIN mem_items i ON i.id = mem_fts.rowid
       LEFT JOIN mem_sessions s ON s.session_id = i.session_id
       WHERE mem_fts MATCH :match
         AND (:project IS NULL OR s.project_dir = :project)
         AND (:owner IS NULL OR i.session_id = :owner)
         AND (:tool IS NULL OR i.tool_name = :tool COLLATE NOCASE)
         AND (:since IS NULL OR i.at >= :since)
         AND (:until IS NULL OR i.at <= :until)
       ORDER BY rank LIMIT :limit`,
    )
    .all({ ...filters, owner: q.owner ?? null }) as unknown as Omit<Hit, "source" | "label">[];
  const outputs = store.db
    .prepare(
      `SELECT o.id, o.session_id AS session, o.tool_name AS toolName, o.tool_use_id AS toolUseId, o.label,
              o.created_at AS at, snippet(mem_outputs_fts, 0, '[', ']', '…', 16) AS snippet, bm25(mem_outputs_fts) AS rank
       FROM mem_outputs_fts JOIN outputs o ON o.id = mem_outputs_fts.rowid
       LEFT JOIN sessions s ON s.id = o.session_id
       WHERE mem_outputs_fts MATCH :match
         AND (:project IS NULL OR s.project_dir = :project)
         AND (:chain IS NULL OR o.session_id IN (SELECT value FROM json_each(:chain)))
         AND (:tool IS NULL OR o.tool_name = :tool COLLATE NOCASE)
         AND (:since IS NULL OR o.created_at >= :since)
         AND (:until IS NULL OR o.created_at <= :until)
       ORDER BY rank LIMIT :limit`,
    )
    .all({ ...filters, chain: chain ? JSON.stringify(chain) : null }) as unknown as Omit<
    Hit,
    "source" | "turn" | "kind" | "layer"
  >[];
  const hits: Hit[] = [
    ...items.map((h) => ({ ...h, source: "memory" as const, label: null })),
    ...outputs.map((h) => ({ ...h, source: "output" as const, turn: null, kind: "output", layer: null })),
  ];
  return hits.sort((a, b) => a.rank - b.rank).slice(0, limit);
}

/** Every session whose rows a chain holds: the owner and the sessions merged into it. */
function chainSessions(store: Store, owner: string): string[] {
  const rows = store.db.prepare("SELECT session_id FROM mem_sessions WHERE merged_into = ?").all(owner) as {
    session_id: string;
  }[];
  const out = new Set([owner]);
  for (const r of rows) for (const s of chainSessions(store, r.session_id)) out.add(s);
  return [...out];
}
