import type { Store } from "../store/db.ts";

interface SearchQuery {
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
  /** The whole line that matched (a very long one cut around its first match, marked with …). */
  readonly snippet: string;
  /** Where the matched words sit in the snippet: [start, end) character offsets. */
  readonly marks: readonly (readonly [number, number])[];
  /** The snippet's line number in its text (1-based; for an output, its line in the original). */
  readonly line: number;
  readonly rank: number;
}

/**
 * A query that FTS5 cannot read (`foo AND (`, a lone `*`). The message says why and how
 * to write it; search never quietly answers a different question instead.
 */
class QuerySyntaxError extends Error {
  override readonly name = "QuerySyntaxError";
}

export function isQuerySyntaxError(err: unknown): err is QuerySyntaxError {
  return err instanceof Error && err.name === "QuerySyntaxError";
}

/**
 * Whether a person wrote FTS5 syntax: a quoted phrase, an upper-case operator word, a
 * prefix word* or a group in parentheses. `src/db/pool.ts:88` or `getUser(` is not
 * syntax: those are words to find as they are.
 */
function usesSyntax(q: string): boolean {
  return q
    .split(/\s+/)
    .filter(Boolean)
    .some(
      (w) =>
        /^(AND|OR|NOT|NEAR)$/.test(w) ||
        /^NEAR\(/.test(w) ||
        /["]/.test(w) ||
        /^[(^]/.test(w) ||
        /\*$/.test(w),
    );
}

/**
 * A person's words as an FTS5 query: each word a quoted phrase (so `foo.ts` or
 * `TS2345` need no escaping), all required. Text that uses FTS5 syntax is passed
 * through as it is.
 */
export function toFtsQuery(text: string): string {
  const q = text.trim();
  if (usesSyntax(q)) return q;
  return q
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `"${w.replace(/"/g, '""')}"`)
    .join(" ");
}

/** Ranked hits across every layer of memory and every stored original, best first. */
export function search(store: Store, q: SearchQuery): Hit[] {
  const match = toFtsQuery(q.query);
  if (!match) return [];
  try {
    return run(store, q, match);
  } catch (err) {
    const message = String((err as Error).message ?? err);
    if (/fts5|syntax|unterminated|no such column|malformed|unknown special query/i.test(message))
      throw new QuerySyntaxError(syntaxAdvice(q.query, message));
    throw err;
  }
}

/** One line: the query, SQLite's reason, and how FTS5 queries are written. */
function syntaxAdvice(query: string, sqlite: string): string {
  const why = sqlite
    .replace(/^Error: /, "")
    .replace(/\s+/g, " ")
    .trim();
  return `the query ${JSON.stringify(query)} is not valid FTS5 syntax (${why}): close every ( and ", put words around AND/OR/NOT, write a prefix as word*, or put a word with special characters in double quotes`;
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
              i.tool_use_id AS toolUseId, i.at, bm25(mem_fts) AS rank
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
    .all({ ...filters, owner: q.owner ?? null }) as unknown as Omit<
    Hit,
    "source" | "label" | "snippet" | "marks" | "line"
  >[];
  const outputs = store.db
    .prepare(
      `SELECT o.id, o.session_id AS session, o.tool_name AS toolName, o.tool_use_id AS toolUseId, o.label,
              o.created_at AS at, bm25(mem_outputs_fts) AS rank
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
    "source" | "turn" | "kind" | "layer" | "snippet" | "marks" | "line"
  >[];
  const best = [
    ...items.map((h) => ({ ...h, source: "memory" as const, label: null })),
    ...outputs.map((h) => ({ ...h, source: "output" as const, turn: null, kind: "output", layer: null })),
  ]
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit);
  // Only the hits shown are highlighted: highlight() reads the whole text of its row.
  // The rowid is cast: node:sqlite binds a JS number as a REAL, and FTS5 then answers
  // "rowid = 36.0" with its first match instead of row 36 (every hit showed the same line).
  const marked = {
    memory: store.db.prepare(
      `SELECT highlight(mem_fts, 0, '${OPEN}', '${CLOSE}') AS t FROM mem_fts
       WHERE mem_fts MATCH ? AND rowid = CAST(? AS INTEGER)`,
    ),
    output: store.db.prepare(
      `SELECT highlight(mem_outputs_fts, 0, '${OPEN}', '${CLOSE}') AS t FROM mem_outputs_fts
       WHERE mem_outputs_fts MATCH ? AND rowid = CAST(? AS INTEGER)`,
    ),
  };
  return best.map((h) => {
    const row = marked[h.source].get(match, h.id) as { t: string | null } | undefined;
    return { ...h, ...matchingLine(row?.t ?? "") };
  });
}

const OPEN = "\u0002";
const CLOSE = "\u0003";
/** Longer lines (minified JSON, a bundle) are cut around their first match. */
const MAX_LINE_CHARS = 600;

/**
 * The line of a highlighted text that holds the most matches (the first of equals),
 * whole, with where its matches sit. A match that spans a line break (a phrase) takes
 * the lines it spans.
 */
export function matchingLine(highlighted: string): {
  snippet: string;
  marks: [number, number][];
  line: number;
} {
  const lines = highlighted.split("\n");
  let bestFrom = -1;
  let bestTo = -1;
  let bestCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const count = lines[i]!.split(OPEN).length - 1;
    if (count <= bestCount) continue;
    let to = i;
    // An open mark not closed on its line: the phrase goes on below.
    while (to < lines.length - 1 && openAtEnd(lines[to]!)) to++;
    bestFrom = i;
    bestTo = to;
    bestCount = count;
  }
  if (bestFrom < 0) return { snippet: "", marks: [], line: 0 };
  const text = lines
    .slice(bestFrom, bestTo + 1)
    .join("\n")
    .replace(/\r$/, "");
  return { ...cutAround(unmark(text)), line: bestFrom + 1 };
}

function openAtEnd(line: string): boolean {
  return line.lastIndexOf(OPEN) > line.lastIndexOf(CLOSE);
}

function unmark(text: string): { snippet: string; marks: [number, number][] } {
  let snippet = "";
  const marks: [number, number][] = [];
  let start = -1;
  for (const ch of text) {
    if (ch === OPEN) start = snippet.length;
    else if (ch === CLOSE) {
      if (start >= 0 && snippet.length > start) marks.push([start, snippet.length]);
      start = -1;
    } else snippet += ch;
  }
  return { snippet, marks };
}

function cutAround(m: { snippet: string; marks: [number, number][] }): {
  snippet: string;
  marks: [number, number][];
} {
  if (m.snippet.length <= MAX_LINE_CHARS) return m;
  const first = m.marks[0]?.[0] ?? 0;
  const from = Math.max(
    0,
    Math.min(first - Math.floor(MAX_LINE_CHARS / 3), m.snippet.length - MAX_LINE_CHARS),
  );
  const to = from + MAX_LINE_CHARS;
  const head = from > 0 ? "…" : "";
  const snippet = `${head}${m.snippet.slice(from, to)}${to < m.snippet.length ? "…" : ""}`;
  const marks = m.marks
    .filter(([a, b]) => a >= from && b <= to)
    .map(([a, b]): [number, number] => [a - from + head.length, b - from + head.length]);
  return { snippet, marks };
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
