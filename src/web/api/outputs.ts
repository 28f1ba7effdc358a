import { getOriginal, getOutput, type OutputRow } from "../../store/outputs.ts";
import type { ToolView } from "../types.ts";
import type { Reader } from "./reader.ts";

/** The most of an original the dashboard sends; `cairn show ID` (ToolView.showCommand) prints the rest. */
const MAX_ORIGINAL_BYTES = 2 * 1024 * 1024;

function memText(r: Reader, toolUseId: string | null, kind: "tool_use" | "tool_result"): string | null {
  if (!toolUseId) return null;
  const row = r.store.db
    .prepare("SELECT text FROM mem_items WHERE tool_use_id = ? AND kind = ? ORDER BY id LIMIT 1")
    .get(toolUseId, kind) as { text: string } | undefined;
  return row?.text ?? null;
}

function viewOfOutput(r: Reader, o: OutputRow): ToolView {
  const bytes = getOriginal(r.store, o.id) ?? new Uint8Array();
  const originalCut = bytes.byteLength > MAX_ORIGINAL_BYTES;
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
    // A cut can split a character: the decoder replaces the broken tail.
    original:
      o.pruned_at !== null
        ? `[the original was removed by the retention policy on ${new Date(o.pruned_at).toISOString()}]`
        : Buffer.from(originalCut ? bytes.subarray(0, MAX_ORIGINAL_BYTES) : bytes).toString("utf8"),
    originalBytes: o.original_bytes,
    originalLines: o.original_lines,
    originalCut,
    showCommand: `${r.cli} show ${o.id}`,
    shown: o.excerpt,
    shownBytes: o.excerpt_bytes,
  };
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
