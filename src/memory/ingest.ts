import { existsSync } from "node:fs";
import { subagentTranscripts } from "../claude/paths.ts";
import type { Store } from "../store/db.ts";
import { LAYER, type ParsedEntry, parseEntry } from "./entries.ts";
import { fingerprintAt, readLinesFrom } from "./lines.ts";
import { ensureMemSession, insertItem, ownerOf } from "./store.ts";

/** One transcript file to bring into memory: a session's main transcript or a subagent's. */
export interface Source {
  readonly path: string;
  readonly sessionId: string;
  readonly projectDir: string | null;
  /** Set for a subagent's transcript: its rows are details of the parent's current turn. */
  readonly agentId?: string | undefined;
}

export interface IngestOptions {
  readonly now: number;
  /** performance.now() after which ingest stops between chunks (the rest waits for the next event). */
  readonly deadline?: number;
  /** Bytes read and committed per transaction. */
  readonly chunkBytes?: number;
  /** Test hook: called after each entry inside the transaction (a throw rolls the chunk back). */
  readonly afterEntry?: (n: number) => void;
  /**
   * Mask secrets in the stored text (the default). Pass `config["compress.redact"]`
   * to honour that switch; memory then stores what the transcript holds, unmasked.
   */
  readonly redact?: boolean;
}

export interface IngestResult {
  readonly entries: number;
  readonly added: number;
  readonly bytes: number;
  /** False when the deadline stopped it before the end of the file. */
  readonly done: boolean;
}

interface SourceRow {
  offset: number;
  fingerprint: string | null;
  current_turn: number | null;
}

const DEFAULT_CHUNK = 2 * 1024 * 1024;

/**
 * Reads a transcript from where the last ingest stopped and stores what it adds. Each
 * chunk is one transaction that also moves the saved offset, so a kill at any moment
 * leaves either the chunk and its offset or neither; and rows are keyed by the entries'
 * own uuids, so reading the same bytes again (a reset offset, a rewritten file) adds
 * nothing.
 */
export function ingestSource(store: Store, src: Source, opts: IngestOptions): IngestResult {
  if (!existsSync(src.path)) return { entries: 0, added: 0, bytes: 0, done: true };
  const chunkBytes = opts.chunkBytes ?? DEFAULT_CHUNK;
  store.tx(() => ensureMemSession(store, src.sessionId, src.projectDir, opts.now));
  const start = savedPosition(store, src);
  let offset = start.offset;
  const cursor: Cursor = { current: start.current, entries: 0, added: 0 };
  let bytes = 0;

  for (;;) {
    if (opts.deadline !== undefined && performance.now() > opts.deadline)
      return { entries: cursor.entries, added: cursor.added, bytes, done: false };
    const chunk = readLinesFrom(src.path, offset, chunkBytes);
    if (chunk.lines.length === 0) break;
    const next = chunk.ends.at(-1)!;
    store.tx(() => {
      ingestLines(store, src, opts, chunk.lines, cursor);
      saveSource(store, src, next, cursor.current, opts.now);
    });
    bytes += next - offset;
    offset = next;
    if (!chunk.more) break;
  }
  return { entries: cursor.entries, added: cursor.added, bytes, done: true };
}

/** Where ingest goes on in a file, and the turn it was in. */
interface Cursor {
  current: number | null;
  entries: number;
  added: number;
}

/** Where the last ingest of a file stopped; a file rewritten under us (cairn slim, a restored backup) starts over. */
function savedPosition(store: Store, src: Source): { offset: number; current: number | null } {
  const row = store.db
    .prepare("SELECT offset, fingerprint, current_turn FROM mem_sources WHERE path = ?")
    .get(src.path) as SourceRow | undefined;
  if (!row) return { offset: 0, current: null };
  if (row.offset > 0) {
    // Keys dedupe what is read again.
    let same = false;
    try {
      same = fingerprintAt(src.path, row.offset) === row.fingerprint;
    } catch {
      same = false;
    }
    if (!same) return { offset: 0, current: row.current_turn };
  }
  return { offset: row.offset, current: row.current_turn };
}

/** Stores the items of a chunk's lines (inside its transaction) and counts the owner's turns. */
function ingestLines(
  store: Store,
  src: Source,
  opts: IngestOptions,
  lines: readonly string[],
  cursor: Cursor,
): void {
  const owner = ownerOf(store, src.sessionId);
  const ownerRow =
    owner === src.sessionId ? undefined : ensureMemSession(store, owner, src.projectDir, opts.now);
  let turns = ownerRow
    ? ownerRow.turns
    : (
        store.db.prepare("SELECT turns FROM mem_sessions WHERE session_id = ?").get(owner) as {
          turns: number;
        }
      ).turns;
  const parentTurn = src.agentId ? parentCurrentTurn(store, src) : undefined;
  const toolNameOf = store.db.prepare(
    "SELECT tool_name AS name FROM mem_items WHERE tool_use_id = ? AND kind = 'tool_use' LIMIT 1",
  ) as unknown as ToolNames;
  for (const line of lines) {
    const entry = parseEntry(line);
    if (!entry) continue;
    cursor.entries++;
    if (entry.opensTurn && !src.agentId) {
      const prompt = entry.items.find((i) => i.kind === "user");
      const seen = prompt
        ? (store.db.prepare("SELECT turn FROM mem_items WHERE key = ?").get(prompt.key) as
            | { turn: number }
            | undefined)
        : undefined;
      cursor.current = seen ? seen.turn : ++turns;
    }
    const turn = src.agentId ? (parentTurn ?? turns) : (cursor.current ?? turns + 1);
    cursor.added += storeItems(store, src, opts, { entry, owner, turn }, toolNameOf);
    opts.afterEntry?.(cursor.entries);
  }
  store.db
    .prepare("UPDATE mem_sessions SET turns = MAX(turns, ?), updated_at = ? WHERE session_id = ?")
    .run(turns, opts.now, owner);
}

type ToolNames = { get(id: string): { name: string | null } | undefined };

/** Stores one entry's items in the owner's memory; returns how many were new. */
function storeItems(
  store: Store,
  src: Source,
  opts: IngestOptions,
  at: { entry: ParsedEntry; owner: string; turn: number },
  toolNameOf: ToolNames,
): number {
  let added = 0;
  for (const it of at.entry.items) {
    // Results carry their tool's name too, so a search can filter by tool.
    const toolName =
      it.toolName ??
      (it.kind === "tool_result" && it.toolUseId ? toolNameOf.get(it.toolUseId)?.name : undefined);
    const isNew = insertItem(store, {
      key: it.key,
      sessionId: at.owner,
      originSession: src.sessionId,
      agentId: src.agentId,
      turn: at.turn,
      kind: it.kind,
      text: it.text,
      at: at.entry.at,
      toolName: toolName ?? undefined,
      toolUseId: it.toolUseId,
      isError: it.isError,
      // A subagent's conversation is a detail of the parent's turn, never its L2.
      layer: src.agentId ? 3 : LAYER[it.kind],
      unmasked: opts.redact === false,
    });
    if (isNew) added++;
  }
  return added;
}

/** Moves the file's saved position (in the chunk's transaction). */
function saveSource(store: Store, src: Source, next: number, current: number | null, now: number): void {
  store.db
    .prepare(
      `INSERT INTO mem_sources (path, session_id, agent_id, offset, fingerprint, current_turn, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET offset = excluded.offset, fingerprint = excluded.fingerprint,
         current_turn = excluded.current_turn, updated_at = excluded.updated_at`,
    )
    .run(src.path, src.sessionId, src.agentId ?? null, next, fingerprintAt(src.path, next), current, now);
}

/** The turn a subagent's work belongs to: the parent transcript's current turn. */
function parentCurrentTurn(store: Store, src: Source): number | undefined {
  const row = store.db
    .prepare(
      "SELECT current_turn FROM mem_sources WHERE session_id = ? AND agent_id IS NULL ORDER BY updated_at DESC LIMIT 1",
    )
    .get(src.sessionId) as { current_turn: number | null } | undefined;
  return row?.current_turn ?? undefined;
}

/** The subagent transcripts of a session, as sources of its memory. */
export function subagentSources(
  transcriptPath: string,
  sessionId: string,
  projectDir: string | null,
): Source[] {
  return subagentTranscripts(transcriptPath).map((t) => ({ ...t, sessionId, projectDir }));
}

export { indexOutputs } from "../store/outputs-index.ts";
