import { findOutput, type ReadSpec, readOutput } from "../../memory/show-output.ts";
import { getOutput, type OutputRow } from "../../store/outputs.ts";
import type { OutputRead, ToolView } from "../types.ts";
import type { Reader } from "./reader.ts";

/** The most of an original the dashboard sends at once; `cairn show ID` (ToolView.showCommand) prints the rest. */
const MAX_ORIGINAL_CHARS = 2_000_000;

function memText(r: Reader, toolUseId: string | null, kind: "tool_use" | "tool_result"): string | null {
  if (!toolUseId) return null;
  const row = r.store.db
    .prepare("SELECT text FROM mem_items WHERE tool_use_id = ? AND kind = ? ORDER BY id LIMIT 1")
    .get(toolUseId, kind) as { text: string } | undefined;
  return row?.text ?? null;
}

function viewOfOutput(r: Reader, o: OutputRow): ToolView {
  // The same reader as `cairn show` and the MCP tool: the same bytes, and the same words
  // for an original that retention removed.
  const read = readOutput(r.store, o.id, { paging: { chars: MAX_ORIGINAL_CHARS, page: 1 } }, { cli: r.cli });
  return {
    sessionId: o.session_id,
    toolUseId: o.tool_use_id,
    toolName: o.tool_name,
    input: memText(r, o.tool_use_id, "tool_use"),
    outputId: o.id,
    label: o.label,
    compressor: o.compressor,
    exitCode: o.exit_code,
    at: o.created_at,
    original: read.ok ? Buffer.from(read.bytes).toString("utf8") : `[${read.message}]`,
    originalBytes: o.original_bytes,
    originalLines: o.original_lines,
    originalCut: read.ok && read.page !== undefined,
    showCommand: `${r.cli} show ${o.id}`,
    shown: o.excerpt,
    // No excerpt: the model was shown the original.
    shownBytes: o.excerpt_bytes ?? o.original_bytes,
  };
}

/**
 * Part of a filed output, as `cairn show ID --lines/--grep/--shown/--page` gives it (one
 * reader for the three), in pages of MAX_ORIGINAL_CHARS. The dashboard is the user's
 * own view of every project: not limited to one.
 */
export function readPart(
  r: Reader,
  id: number,
  spec: Omit<ReadSpec, "paging"> & { page?: number },
): OutputRead {
  const { page, ...rest } = spec;
  const read = readOutput(
    r.store,
    id,
    { ...rest, paging: { chars: MAX_ORIGINAL_CHARS, page: page ?? 1 } },
    { cli: r.cli },
  );
  if (!read.ok) return { ok: false, why: read.why, message: read.message };
  return {
    ok: true,
    id,
    text: Buffer.from(read.bytes).toString("utf8"),
    totalLines: read.totalLines,
    page: read.page ?? null,
  };
}

/** Whether an output id names a stored record (the read endpoint's 404). */
export function outputExists(r: Reader, id: number): boolean {
  return findOutput(r.store, id, { cli: r.cli }).ok;
}

/** A filed output: its original and the excerpt the model was shown. */
export function outputView(r: Reader, id: number): ToolView | undefined {
  const o = getOutput(r.store, id);
  return o ? viewOfOutput(r, o) : undefined;
}

/**
 * One tool call of a session: the filed original and excerpt when cairn filed its
 * output, else the result as memory recorded it (what the model was shown).
 */
export function toolView(r: Reader, sessionId: string, toolUseId: string): ToolView | undefined {
  const filed = r.store.db
    .prepare("SELECT max(id) AS id FROM outputs WHERE tool_use_id = ? AND session_id = ?")
    .get(toolUseId, sessionId) as { id: number | null };
  if (filed.id !== null) return outputView(r, filed.id);
  const call = r.store.db
    .prepare(
      "SELECT name, result_bytes, called_at FROM ledger_tools WHERE session_id = ? AND tool_use_id = ?",
    )
    .get(sessionId, toolUseId) as
    | { name: string | null; result_bytes: number | null; called_at: number }
    | undefined;
  const shown = memText(r, toolUseId, "tool_result");
  const input = memText(r, toolUseId, "tool_use");
  if (!call && shown === null && input === null) return undefined;
  return {
    sessionId,
    toolUseId,
    toolName: call?.name ?? "?",
    input,
    outputId: null,
    label: null,
    compressor: null,
    exitCode: null,
    at: call?.called_at ?? null,
    original: null,
    originalBytes: null,
    originalLines: null,
    originalCut: false,
    showCommand: null,
    shown,
    shownBytes: call?.result_bytes ?? (shown === null ? null : Buffer.byteLength(shown)),
  };
}
