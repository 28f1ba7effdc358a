import type { Store } from "./db.ts";
import { nextId } from "./never-reuse.ts";

/** One original cairn filed away, and what was shown instead. */
export interface NewOutput {
  readonly sessionId: string;
  readonly toolUseId?: string | undefined;
  readonly toolName: string;
  readonly label: string;
  readonly original: Uint8Array;
  readonly originalLines: number;
  readonly exitCode?: number | undefined;
  readonly redactions: number;
  readonly at: number;
}

export interface OutputRow {
  id: number;
  session_id: string;
  tool_use_id: string | null;
  tool_name: string;
  label: string | null;
  original_bytes: number;
  original_lines: number;
  excerpt: string | null;
  excerpt_bytes: number | null;
  compressor: string | null;
  exit_code: number | null;
  redactions: number;
  latency_ms: number | null;
  observation: string | null;
  created_at: number;
  /** When retention removed the original to stay under retention.max_mb; null while kept. */
  pruned_at: number | null;
}

const ROW_COLUMNS = `id, session_id, tool_use_id, tool_name, label, original_bytes, original_lines, excerpt,
  excerpt_bytes, compressor, exit_code, redactions, latency_ms, observation, created_at, pruned_at`;

/** Stores an original under an id never given before; filing commits it together with its excerpt (src/compress/filing.ts). */
export function insertOutput(store: Store, o: NewOutput): number {
  const r = store.db
    .prepare(
      `INSERT INTO outputs (id, session_id, tool_use_id, tool_name, label, original, original_bytes, original_lines, exit_code, redactions, created_at)
       VALUES (${nextId("outputs")}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      o.sessionId,
      o.toolUseId ?? null,
      o.toolName,
      o.label.slice(0, 1000),
      o.original,
      o.original.byteLength,
      o.originalLines,
      o.exitCode ?? null,
      o.redactions,
      o.at,
    );
  return Number(r.lastInsertRowid);
}

/**
 * What the model was shown for a filed output: its excerpt, or null when the excerpt
 * would have been no shorter and the original itself was shown (the compressor and its
 * time are kept either way).
 */
export function recordExcerpt(
  store: Store,
  id: number,
  e: { excerpt: string | null; compressor: string; latencyMs: number; observation?: string | undefined },
): void {
  store.db
    .prepare(
      "UPDATE outputs SET excerpt = ?, excerpt_bytes = ?, compressor = ?, latency_ms = ?, observation = ? WHERE id = ?",
    )
    .run(
      e.excerpt,
      e.excerpt === null ? null : Buffer.byteLength(e.excerpt),
      e.compressor,
      Math.round(e.latencyMs * 1000) / 1000,
      e.observation ?? null,
      id,
    );
}

export function getOutput(store: Store, id: number): OutputRow | undefined {
  return store.db.prepare(`SELECT ${ROW_COLUMNS} FROM outputs WHERE id = ?`).get(id) as OutputRow | undefined;
}

/** The output already filed for a tool call, if any. */
export function findFiled(store: Store, sessionId: string, toolUseId: string): OutputRow | undefined {
  return store.db
    .prepare(
      `SELECT ${ROW_COLUMNS} FROM outputs WHERE tool_use_id = ? AND session_id = ? ORDER BY id LIMIT 1`,
    )
    .get(toolUseId, sessionId) as OutputRow | undefined;
}

export function getOriginal(store: Store, id: number): Uint8Array | undefined {
  const row = store.db.prepare("SELECT original FROM outputs WHERE id = ?").get(id) as
    | { original: Uint8Array }
    | undefined;
  return row?.original;
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  let i = text.indexOf("\n");
  while (i !== -1) {
    if (i < text.length - 1) n += 1;
    i = text.indexOf("\n", i + 1);
  }
  return n;
}
