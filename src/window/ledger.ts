import { closeSync, fstatSync, readSync } from "node:fs";
import type { StatementSync } from "node:sqlite";
import { subagentTranscripts } from "../claude/paths.ts";
import { openRegularFile } from "../core/fs.ts";
import type { Store } from "../store/db.ts";
import { EMPTY_STATE, type ScanResult, type ScanState, scanLines } from "./transcript-scan.ts";

/**
 * The ledger: incremental accounting of a session's transcripts. Each file is read
 * from a saved byte offset, so an update costs O(new bytes) whatever the file's size.
 *
 * - Crash-safe: the records of a chunk and the cursor that moves past it are
 *   committed in one transaction; a crash before the commit re-reads the chunk, and
 *   every write is an idempotent upsert anyway.
 * - A partial last line (Claude Code still writing it) is left for the next read.
 * - A file that shrank or was replaced (another inode, other first bytes, or other
 *   bytes just before the cursor) is detected, its records dropped, and re-read. (An
 *   edit in place that keeps the length and both of those byte ranges would go
 *   unnoticed; Claude Code only appends, and rewriters such as slim change the size.)
 * - Two hooks catching up at once cannot move a cursor backwards: the commit checks
 *   that the cursor is still where this read started, and otherwise starts over.
 */

interface LedgerFile {
  readonly path: string;
  readonly sessionId: string;
  /** '' for the session's transcript, the agent id for a subagent's. */
  readonly agentId: string;
}

interface CatchUpOptions {
  /** Also read <session>/subagents/agent-*.jsonl. */
  readonly subagents?: boolean;
  /** Bytes read (and committed) at a time. */
  readonly chunkBytes?: number;
  readonly now?: number;
  /**
   * Stop after about this many bytes (whole chunks). A hook that meets a large
   * transcript for the first time reads part of it and leaves the rest to the next
   * event; stats.behind says so, and the cursor keeps every byte of progress.
   */
  readonly maxBytes?: number;
  /** Test seam: runs inside each commit, before the cursor moves. */
  readonly beforeCommit?: () => void;
}

interface CatchUpStats {
  files: number;
  bytes: number;
  lines: number;
  resets: number;
  /** Bytes left unread because of maxBytes. */
  behind: number;
}

const newStats = (): CatchUpStats => ({ files: 0, bytes: 0, lines: 0, resets: 0, behind: 0 });

const FINGERPRINT_BYTES = 64;
const DEFAULT_CHUNK = 8 * 1024 * 1024;
const MAX_RESTARTS = 5;

/** Brings the ledger up to date with a session's transcript (and its subagents' when asked). */
export function catchUpSession(
  store: Store,
  sessionId: string,
  transcriptPath: string,
  opts: CatchUpOptions = {},
): CatchUpStats {
  const stats = newStats();
  catchUpFile(store, { path: transcriptPath, sessionId, agentId: "" }, opts, stats);
  if (opts.subagents) {
    for (const f of subagentTranscripts(transcriptPath)) catchUpFile(store, { ...f, sessionId }, opts, stats);
  }
  return stats;
}

interface FileRow {
  id: number;
  session_id: string;
  agent_id: string;
  offset: number;
  ino: string;
  head: string;
  tail: string;
  turn: number;
  prompt_id: string | null;
  epoch: number;
  model: string | null;
  context_tokens: number | null;
  context_at: number | null;
  max_context_tokens: number;
  window_1m: number;
}

class Moved extends Error {}

export function catchUpFile(
  store: Store,
  file: LedgerFile,
  opts: CatchUpOptions = {},
  stats: CatchUpStats = newStats(),
): CatchUpStats {
  // Not written yet, gone, or not a regular file (a FIFO or device named in hook input): nothing to account.
  const fd = openRegularFile(file.path);
  if (fd === undefined) return stats;
  try {
    stats.files += 1;
    for (let attempt = 0; attempt < MAX_RESTARTS; attempt++) {
      try {
        readFrom(store, fd, file, opts, stats);
        return stats;
      } catch (err) {
        if (!(err instanceof Moved)) throw err;
        // Another process committed this file meanwhile: start again from its cursor.
      }
    }
    return stats;
  } finally {
    closeSync(fd);
  }
}

function readFrom(store: Store, fd: number, file: LedgerFile, opts: CatchUpOptions, stats: CatchUpStats) {
  const st = fstatSync(fd);
  const size = st.size;
  const ino = `${st.dev}:${st.ino}`;
  const q = statements(store);
  const row = q.getFile.get(file.path) as FileRow | undefined;
  const startedFrom = row ? { id: row.id, offset: row.offset } : undefined;
  let fileId = row?.id ?? -1;

  let offset = row?.offset ?? 0;
  let state: ScanState = row ? stateOf(row) : EMPTY_STATE;
  let reset = false;
  if (row && !fingerprintMatches(fd, row, size, ino, file.sessionId)) {
    reset = true;
    offset = 0;
    state = EMPTY_STATE;
    stats.resets += 1;
  }
  if (!reset && row && offset === size) return;

  const head = hex(readAt(fd, 0, Math.min(FINGERPRINT_BYTES, size)));
  const chunk = Math.max(1024, opts.chunkBytes ?? DEFAULT_CHUNK);
  let carry: Buffer = Buffer.alloc(0);
  let pos = offset;
  let first = true;
  for (;;) {
    const fresh = pos < size ? readAt(fd, pos, Math.min(chunk, size - pos)) : Buffer.alloc(0);
    pos += fresh.length;
    const atEnd = pos >= size || fresh.length === 0;
    const buf = carry.length ? Buffer.concat([carry, fresh]) : fresh;
    const nl = buf.lastIndexOf(0x0a);
    if (nl < 0 && !atEnd) {
      carry = buf; // one line longer than a chunk: keep reading until it ends
      continue;
    }
    // Only whole lines are accounted; a line still being written waits for the next read.
    const complete = nl < 0 ? Buffer.alloc(0) : buf.subarray(0, nl + 1);
    carry = nl < 0 ? buf : buf.subarray(nl + 1);
    if (complete.length > 0 || (first && reset)) {
      const result = scanLines(complete, offset, file.agentId, state);
      const nextOffset = offset + complete.length;
      const tailLen = Math.min(FINGERPRINT_BYTES, nextOffset);
      const tail =
        tailLen <= complete.length
          ? hex(complete.subarray(complete.length - tailLen))
          : hex(readAt(fd, nextOffset - tailLen, tailLen));
      const expected = first ? startedFrom : { id: fileId, offset };
      fileId = commit(store, q, file, {
        expected,
        wipe: first && reset,
        result,
        offset: nextOffset,
        ino,
        head,
        tail,
        at: opts.now ?? Date.now(),
        ...(opts.beforeCommit ? { beforeCommit: opts.beforeCommit } : {}),
      });
      stats.bytes += complete.length;
      stats.lines += result.lines;
      offset = nextOffset;
      state = result.state;
      first = false;
      if (opts.maxBytes !== undefined && stats.bytes >= opts.maxBytes && !atEnd) {
        stats.behind += size - offset;
        return;
      }
    }
    if (atEnd) return;
  }
}

interface Commit {
  /** Where the cursor must still be (undefined: no cursor yet), or another process moved it. */
  readonly expected: { id: number; offset: number } | undefined;
  /** Drop the file's earlier records first (it was replaced). */
  readonly wipe: boolean;
  readonly result: ScanResult;
  readonly offset: number;
  readonly ino: string;
  readonly head: string;
  readonly tail: string;
  readonly at: number;
  readonly beforeCommit?: () => void;
}

/** Records and the cursor past them, in one transaction. Returns the file's id. */
function commit(store: Store, q: Statements, file: LedgerFile, c: Commit): number {
  return store.tx(() => {
    const now = q.getFile.get(file.path) as FileRow | undefined;
    if ((now?.id ?? -1) !== (c.expected?.id ?? -1) || (now && now.offset !== c.expected?.offset)) {
      throw new Moved();
    }
    let id = now?.id;
    if (id !== undefined && c.wipe)
      for (const del of [q.delResponses, q.delTools, q.delCompactions]) del.run(id);
    id ??= Number((q.insertFile.get(file.path, file.sessionId, file.agentId, c.at) as { id: number }).id);
    writeRecords(q, id, file.sessionId, c.result);
    c.beforeCommit?.();
    const s = c.result.state;
    q.updateFile.run(
      file.sessionId,
      file.agentId,
      c.offset,
      c.ino,
      c.head,
      c.tail,
      s.turn,
      s.promptId,
      s.epoch,
      s.model,
      s.contextTokens,
      s.contextAt,
      s.maxContextTokens,
      s.window1m ? 1 : 0,
      c.at,
      id,
    );
    return id;
  });
}

function writeRecords(q: Statements, fileId: number, sessionId: string, r: ScanResult): void {
  for (const x of r.responses) {
    q.upsertResponse.run(
      fileId,
      sessionId,
      x.agentId,
      x.messageId,
      x.model,
      x.input,
      x.cacheCreation,
      x.cacheRead,
      x.output,
      x.at,
      x.seq,
      x.turn,
      x.epoch,
    );
  }
  for (const t of r.toolCalls) {
    q.upsertCall.run(fileId, sessionId, t.agentId, t.toolUseId, t.name, t.messageId, t.at);
  }
  for (const t of r.toolResults) {
    q.upsertResult.run(
      fileId,
      sessionId,
      t.agentId,
      t.toolUseId,
      t.at,
      t.bytes,
      t.tokens,
      t.isError ? 1 : 0,
      t.turn,
      t.epoch,
    );
  }
  for (const c of r.compactions) {
    q.insertCompaction.run(
      fileId,
      sessionId,
      c.agentId,
      c.uuid,
      c.at,
      c.trigger,
      c.preTokens,
      c.postTokens,
      c.seq,
    );
  }
}

function stateOf(row: FileRow): ScanState {
  return {
    turn: row.turn,
    promptId: row.prompt_id,
    epoch: row.epoch,
    model: row.model,
    contextTokens: row.context_tokens,
    contextAt: row.context_at,
    maxContextTokens: row.max_context_tokens,
    window1m: row.window_1m === 1,
  };
}

/** Is this still the file the cursor was saved for, with the same bytes before the cursor? */
function fingerprintMatches(fd: number, row: FileRow, size: number, ino: string, sessionId: string): boolean {
  if (row.session_id !== sessionId || row.ino !== ino || size < row.offset) return false;
  const headLen = row.head.length / 2;
  if (headLen > 0 && hex(readAt(fd, 0, headLen)) !== row.head) return false;
  const tailLen = row.tail.length / 2;
  if (tailLen > 0 && hex(readAt(fd, row.offset - tailLen, tailLen)) !== row.tail) return false;
  return true;
}

function readAt(fd: number, position: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let got = 0;
  while (got < length) {
    const n = readSync(fd, buf, got, length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got === length ? buf : buf.subarray(0, got);
}

const hex = (b: Buffer) => b.toString("hex");

interface Statements {
  getFile: StatementSync;
  insertFile: StatementSync;
  updateFile: StatementSync;
  delResponses: StatementSync;
  delTools: StatementSync;
  delCompactions: StatementSync;
  upsertResponse: StatementSync;
  upsertCall: StatementSync;
  upsertResult: StatementSync;
  insertCompaction: StatementSync;
}

const cache = new WeakMap<Store, Statements>();

function statements(store: Store): Statements {
  let q = cache.get(store);
  if (q) return q;
  const p = (sql: string) => store.db.prepare(sql);
  q = {
    getFile: p("SELECT * FROM ledger_files WHERE path = ?"),
    insertFile: p(
      "INSERT INTO ledger_files (path, session_id, agent_id, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
    ),
    updateFile: p(
      `UPDATE ledger_files SET session_id = ?, agent_id = ?, offset = ?, ino = ?, head = ?, tail = ?,
         turn = ?, prompt_id = ?, epoch = ?, model = ?, context_tokens = ?, context_at = ?,
         max_context_tokens = ?, window_1m = ?, updated_at = ? WHERE id = ?`,
    ),
    delResponses: p("DELETE FROM ledger_responses WHERE file_id = ?"),
    delTools: p("DELETE FROM ledger_tools WHERE file_id = ?"),
    delCompactions: p("DELETE FROM ledger_compactions WHERE file_id = ?"),
    upsertResponse: p(
      `INSERT INTO ledger_responses (file_id, session_id, agent_id, message_id, model, input_tokens,
         cache_creation_tokens, cache_read_tokens, output_tokens, at, seq, turn, epoch)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(session_id, agent_id, message_id) DO UPDATE SET
         input_tokens = max(input_tokens, excluded.input_tokens),
         cache_creation_tokens = max(cache_creation_tokens, excluded.cache_creation_tokens),
         cache_read_tokens = max(cache_read_tokens, excluded.cache_read_tokens),
         output_tokens = max(output_tokens, excluded.output_tokens),
         model = coalesce(model, excluded.model)`,
    ),
    upsertCall: p(
      `INSERT INTO ledger_tools (file_id, session_id, agent_id, tool_use_id, name, message_id, called_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(session_id, tool_use_id) DO UPDATE SET name = excluded.name,
         message_id = excluded.message_id, called_at = coalesce(called_at, excluded.called_at)`,
    ),
    upsertResult: p(
      `INSERT INTO ledger_tools (file_id, session_id, agent_id, tool_use_id, result_at, result_bytes,
         result_tokens, is_error, turn, epoch)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(session_id, tool_use_id) DO UPDATE SET result_at = excluded.result_at,
         result_bytes = excluded.result_bytes, result_tokens = excluded.result_tokens,
         is_error = excluded.is_error, turn = excluded.turn, epoch = excluded.epoch`,
    ),
    insertCompaction: p(
      `INSERT OR IGNORE INTO ledger_compactions (file_id, session_id, agent_id, uuid, at, trigger,
         pre_tokens, post_tokens, seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
  };
  cache.set(store, q);
  return q;
}
