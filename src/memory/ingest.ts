import { existsSync } from "node:fs";
import { subagentTranscripts } from "../claude/paths.ts";
import type { Store } from "../store/db.ts";
import { LAYER, parseEntry } from "./entries.ts";
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
  let row = store.db
    .prepare("SELECT offset, fingerprint, current_turn FROM mem_sources WHERE path = ?")
    .get(src.path) as SourceRow | undefined;
  if (row && row.offset > 0) {
    // A file rewritten under us (cairn slim, a restored backup) starts over; keys dedupe.
    let same = false;
    try {
      same = fingerprintAt(src.path, row.offset) === row.fingerprint;
    } catch {
      same = false;
    }
    if (!same) row = { offset: 0, fingerprint: null, current_turn: row.current_turn };
  }
  let offset = row?.offset ?? 0;
  let current = row?.current_turn ?? null;
  let entries = 0;
  let added = 0;
  let bytes = 0;

  for (;;) {
    if (opts.deadline !== undefined && performance.now() > opts.deadline)
      return { entries, added, bytes, done: false };
    const chunk = readLinesFrom(src.path, offset, chunkBytes);
    if (chunk.lines.length === 0) break;
    const next = chunk.ends.at(-1)!;
    store.tx(() => {
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
      ) as unknown as { get(id: string): { name: string | null } | undefined };
      for (const line of chunk.lines) {
        const entry = parseEntry(line);
        if (!entry) continue;
        entries++;
        if (entry.opensTurn && !src.agentId) {
          const prompt = entry.items.find((i) => i.kind === "user");
          const seen = prompt
            ? (store.db.prepare("SELECT turn FROM mem_items WHERE key = ?").get(prompt.key) as
                | { turn: number }
                | undefined)
            : undefined;
          current = seen ? seen.turn : ++turns;
        }
        const turn = src.agentId ? (parentTurn ?? turns) : (current ?? turns + 1);
        for (const it of entry.items) {
          // Results carry their tool's name too, so a search can filter by tool.
          const toolName =
            it.toolName ??
            (it.kind === "tool_result" && it.toolUseId ? toolNameOf.get(it.toolUseId)?.name : undefined);
          const isNew = insertItem(store, {
            key: it.key,
            sessionId: owner,
            originSession: src.sessionId,
            agentId: src.agentId,
            turn,
            kind: it.kind,
            text: it.text,
            at: entry.at,
            toolName: toolName ?? undefined,
            toolUseId: it.toolUseId,
            isError: it.isError,
            // A subagent's conversation is a detail of the parent's turn, never its L2.
            layer: src.agentId ? 3 : LAYER[it.kind],
            unmasked: opts.redact === false,
          });
          if (isNew) added++;
        }
        opts.afterEntry?.(entries);
      }
      store.db
        .prepare("UPDATE mem_sessions SET turns = MAX(turns, ?), updated_at = ? WHERE session_id = ?")
        .run(turns, opts.now, owner);
      store.db
        .prepare(
          `INSERT INTO mem_sources (path, session_id, agent_id, offset, fingerprint, current_turn, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(path) DO UPDATE SET offset = excluded.offset, fingerprint = excluded.fingerprint,
             current_turn = excluded.current_turn, updated_at = excluded.updated_at`,
        )
        .run(
          src.path,
          src.sessionId,
          src.agentId ?? null,
          next,
          fingerprintAt(src.path, next),
          current,
          opts.now,
        );
    });
    bytes += next - offset;
    offset = next;
    if (!chunk.more) break;
  }
  return { entries, added, bytes, done: true };
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
