import { redact } from "../core/secrets/redact.ts";
import type { Store } from "../store/db.ts";
import { indexItem, unindexItem } from "../store/items-index.ts";
import { nextId } from "../store/never-reuse.ts";
import { type Kind, LAYER } from "./entries.ts";

/** Memory's view of a session: who owns its rows now, and how many turns the owner has. */
interface MemSession {
  session_id: string;
  project_dir: string | null;
  turns: number;
  merged_into: string | null;
  resumed_from: string | null;
  created_at: number;
  updated_at: number;
}

export interface Item {
  id: number;
  key: string;
  session_id: string;
  origin_session: string;
  agent_id: string | null;
  turn: number;
  layer: number;
  kind: Kind;
  tool_name: string | null;
  tool_use_id: string | null;
  is_error: number | null;
  text: string;
  at: number;
  made_by: string | null;
}

function getMemSession(store: Store, id: string): MemSession | undefined {
  return store.db.prepare("SELECT * FROM mem_sessions WHERE session_id = ?").get(id) as
    | MemSession
    | undefined;
}

export function ensureMemSession(
  store: Store,
  id: string,
  projectDir: string | null,
  now: number,
): MemSession {
  store.db
    .prepare(
      `INSERT INTO mem_sessions (session_id, project_dir, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(session_id) DO UPDATE SET project_dir = COALESCE(mem_sessions.project_dir, excluded.project_dir)`,
    )
    .run(id, projectDir, now, now);
  return getMemSession(store, id)!;
}

/**
 * The session that owns a session's rows: itself, or the session its memory was merged
 * into by a handoff (followed to the end of the chain).
 */
export function ownerOf(store: Store, id: string): string {
  let current = id;
  const seen = new Set<string>();
  for (;;) {
    seen.add(current);
    const row = store.db.prepare("SELECT merged_into FROM mem_sessions WHERE session_id = ?").get(current) as
      | { merged_into: string | null }
      | undefined;
    const next = row?.merged_into;
    if (!next || seen.has(next)) return current;
    current = next;
  }
}

interface NewItem {
  readonly key: string;
  readonly sessionId: string;
  readonly originSession: string;
  readonly agentId?: string | null | undefined;
  readonly turn: number;
  readonly kind: Kind;
  readonly text: string;
  readonly at: number;
  readonly toolName?: string | undefined;
  readonly toolUseId?: string | undefined;
  readonly isError?: boolean | undefined;
  /** Defaults to the kind's layer. */
  readonly layer?: number;
  readonly madeBy?: string | undefined;
  /**
   * Store the text as given. Memory keeps conversation text and tool I/O verbatim, so
   * secrets in it are masked on the way in unless the caller says masking is off
   * (`compress.redact: false`).
   */
  readonly unmasked?: boolean | undefined;
}

/** The text a row stores: secrets masked unless the caller turned masking off. */
function storedText(it: NewItem): string {
  return it.unmasked ? it.text : redact(it.text).text;
}

/** Inserts one row and its FTS entry; a key seen before adds nothing. Returns whether it was new. */
export function insertItem(store: Store, it: NewItem): boolean {
  const text = storedText(it);
  const r = store.db
    .prepare(
      `INSERT OR IGNORE INTO mem_items
        (id, key, session_id, origin_session, agent_id, turn, layer, kind, tool_name, tool_use_id, is_error, text, at, made_by)
       VALUES (${nextId("mem_items")}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      it.key,
      it.sessionId,
      it.originSession,
      it.agentId ?? null,
      it.turn,
      it.layer ?? LAYER[it.kind],
      it.kind,
      it.toolName ?? null,
      it.toolUseId ?? null,
      it.isError === undefined ? null : it.isError ? 1 : 0,
      text,
      it.at,
      it.madeBy ?? null,
    );
  if (Number(r.changes) === 0) return false;
  indexItem(store, r.lastInsertRowid, text);
  return true;
}

/** Replaces a row's text (an L1 summary rewritten by a model), keeping the FTS index in step. */
export function upsertItem(store: Store, it: NewItem): void {
  const old = store.db.prepare("SELECT id, text FROM mem_items WHERE key = ?").get(it.key) as
    | { id: number; text: string }
    | undefined;
  if (!old) {
    insertItem(store, it);
    return;
  }
  const text = storedText(it);
  if (old.text === text) return;
  unindexItem(store, old.id, old.text);
  store.db
    .prepare("UPDATE mem_items SET text = ?, at = ?, made_by = ? WHERE id = ?")
    .run(text, it.at, it.madeBy ?? null, old.id);
  indexItem(store, old.id, text);
}

export function itemsOfTurns(store: Store, owner: string, from: number, to: number): Item[] {
  return store.db
    .prepare("SELECT * FROM mem_items WHERE session_id = ? AND turn BETWEEN ? AND ? ORDER BY turn, id")
    .all(owner, from, to) as unknown as Item[];
}

/** The turns of a chain, with their time span, in order. */
export interface TurnSpan {
  turn: number;
  first_at: number;
  last_at: number;
  origin_session: string;
}

export function turnSpans(store: Store, owner: string): TurnSpan[] {
  return store.db
    .prepare(
      `SELECT turn, MIN(at) AS first_at, MAX(at) AS last_at, MIN(origin_session) AS origin_session
       FROM mem_items WHERE session_id = ? AND layer > 1 AND at > 0 GROUP BY turn ORDER BY turn`,
    )
    .all(owner) as unknown as TurnSpan[];
}

/** The most recent session of a project that has memory, following merges to the owner. */
export function latestOwner(store: Store, projectDir: string): string | undefined {
  const row = store.db
    .prepare(
      `SELECT session_id FROM mem_sessions
       WHERE project_dir = ? AND merged_into IS NULL
         AND EXISTS (SELECT 1 FROM mem_items WHERE mem_items.session_id = mem_sessions.session_id)
       ORDER BY updated_at DESC LIMIT 1`,
    )
    .get(projectDir) as { session_id: string } | undefined;
  return row?.session_id;
}
