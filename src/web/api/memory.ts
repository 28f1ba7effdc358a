import { existsSync } from "node:fs";
import { readTextIfExists } from "../../core/fs.ts";
import { notebookPath } from "../../core/paths.ts";
import { detail } from "../../memory/detail.ts";
import { search } from "../../memory/search.ts";
import { type Item, ownerOf } from "../../memory/store.ts";
import { digestTurn, groupTurns, summariesOf } from "../../memory/turns.ts";
import { extractiveSummary } from "../../summarize/extractive.ts";
import type { ChainItem, MemoryResponse, ProjectItem, SearchResponse, TurnDetail } from "../types.ts";
import { cut, type Reader } from "./reader.ts";

/** Turns of each chain the memory view sends, newest first. */
const TURNS_PER_CHAIN = 100;
const CHAINS = 20;
const MAX_NOTEBOOK_CHARS = 500_000;
const MAX_L2_CHARS = 4000;

export function projects(r: Reader): ProjectItem[] {
  const rows = r.store.db
    .prepare(
      `SELECT dir, sum(sessions) AS sessions, max(last) AS lastSeenAt FROM (
         SELECT project_dir AS dir, count(*) AS sessions, max(last_seen_at) AS last FROM sessions
           WHERE project_dir IS NOT NULL GROUP BY project_dir
         UNION ALL
         SELECT project_dir, 0, max(updated_at) FROM mem_sessions WHERE project_dir IS NOT NULL GROUP BY project_dir
       ) GROUP BY dir ORDER BY lastSeenAt DESC`,
    )
    .all() as { dir: string; sessions: number; lastSeenAt: number }[];
  return rows.map((p) => ({ ...p, hasNotebook: existsSync(notebookPath(p.dir)) }));
}

function isKnownProject(r: Reader, dir: string): boolean {
  const row = r.store.db
    .prepare(
      "SELECT 1 FROM sessions WHERE project_dir = ? UNION ALL SELECT 1 FROM mem_sessions WHERE project_dir = ? LIMIT 1",
    )
    .get(dir, dir);
  return row !== undefined;
}

function chain(r: Reader, owner: string): ChainItem {
  const { max } = r.store.db
    .prepare("SELECT coalesce(max(turn), 0) AS max FROM mem_items WHERE session_id = ?")
    .get(owner) as { max: number };
  const from = Math.max(0, max - TURNS_PER_CHAIN + 1);
  // Layer 3 holds whole tool outputs: the digest needs only their kind and inputs.
  const items = r.store.db
    .prepare(
      `SELECT id, key, session_id, origin_session, agent_id, turn, layer, kind, tool_name, tool_use_id, is_error,
         CASE WHEN layer = 3 AND kind <> 'tool_use' THEN '' ELSE text END AS text, at, made_by
       FROM mem_items WHERE session_id = ? AND turn >= ? ORDER BY turn, id`,
    )
    .all(owner, from) as unknown as Item[];
  const turns = groupTurns(items).map((t) => {
    const stored = summariesOf(t);
    const main = t.items.filter((i) => !i.agent_id);
    return {
      turn: t.turn,
      origin: t.origin,
      at: t.firstAt,
      summary: stored?.text ?? extractiveSummary(digestTurn(t)),
      summaryBy: stored?.made_by ?? "extractive (computed for this view)",
      conversation: main
        .filter((i) => i.layer === 2)
        .map((i) => ({ kind: i.kind, text: cut(i.text, MAX_L2_CHARS) })),
      tools: main.filter((i) => i.kind === "tool_use").length,
    };
  });
  const merged = (
    r.store.db.prepare("SELECT session_id FROM mem_sessions WHERE merged_into = ?").all(owner) as {
      session_id: string;
    }[]
  ).map((m) => m.session_id);
  return { owner, merged, turns: turns.reverse(), olderTurns: from };
}

/** A project's notebook and its memory: each chain's turns as L1 lines over their L2 text. */
export function memoryOf(r: Reader, project: string): MemoryResponse | undefined {
  if (!isKnownProject(r, project)) return undefined;
  const path = notebookPath(project);
  const text = readTextIfExists(path);
  const owners = r.store.db
    .prepare(
      `SELECT session_id FROM mem_sessions WHERE project_dir = ? AND merged_into IS NULL
         AND EXISTS (SELECT 1 FROM mem_items i WHERE i.session_id = mem_sessions.session_id)
       ORDER BY updated_at DESC LIMIT ?`,
    )
    .all(project, CHAINS) as { session_id: string }[];
  return {
    project,
    notebookPath: path,
    notebook: text === undefined ? null : cut(text, MAX_NOTEBOOK_CHARS),
    chains: owners.map((o) => chain(r, o.session_id)),
  };
}

/**
 * Full-text search across memory and stored originals (memory's own search): each hit
 * its own whole matching line, with where the matched words sit in it. A query FTS5
 * cannot read throws memory's QuerySyntaxError (the server answers 400 with it).
 */
export function searchAll(r: Reader, q: { query: string; project?: string | undefined }): SearchResponse {
  const hits = search(r.store, { query: q.query, projectDir: q.project, limit: 50 });
  return { query: q.query, hits: hits.map(({ rank: _rank, ...hit }) => hit) };
}

/** One turn of a session's memory chain in detail: conversation, tool calls, originals. */
export function turnDetail(r: Reader, session: string, turn: number): TurnDetail {
  const owner = ownerOf(r.store, session);
  const d = detail(r.store, owner, { by: "turns", from: turn, to: turn }, { maxChars: 400_000 });
  return { session: owner, turn, text: d.text };
}
