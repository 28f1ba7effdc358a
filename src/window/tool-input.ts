import { redact } from "../core/secrets/redact.ts";
import type { Store } from "../store/db.ts";

/** The keys of a tool input that say what the call did, most telling first. */
const TELLING = ["command", "file_path", "notebook_path", "pattern", "url", "query", "description", "prompt"];

const cutAt = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}…`);

/**
 * A tool input as one short line: the command, the file or the pattern when there is
 * one, with any secret in it masked (it is shown to whoever reads a report or the page).
 */
export function shortInput(text: string | null | undefined): string {
  if (!text) return "";
  let line: string | undefined;
  try {
    const input = JSON.parse(text) as Record<string, unknown>;
    for (const k of TELLING) {
      const v = input[k];
      if (typeof v === "string" && v) {
        const where = k === "pattern" && typeof input.path === "string" ? ` in ${input.path}` : "";
        line = `${v}${where}`;
        break;
      }
    }
  } catch {
    // Not JSON: the text itself.
  }
  return cutAt(redact((line ?? text).replace(/\s+/g, " ").trim()).text, 200);
}

/**
 * What each tool call was asked to do, by tool_use id: the input memory recorded, or
 * else the label of the output cairn filed for it. Ids with neither are left out.
 */
export function toolInputs(store: Store, ids: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  if (ids.length === 0) return found;
  const list = JSON.stringify(ids);
  const rows = store.db
    .prepare(
      `SELECT tool_use_id AS id, text FROM mem_items
         WHERE kind = 'tool_use' AND tool_use_id IN (SELECT value FROM json_each(?))`,
    )
    .all(list) as { id: string; text: string }[];
  for (const r of rows) {
    const s = shortInput(r.text);
    if (s) found.set(r.id, s);
  }
  const labels = store.db
    .prepare(
      `SELECT tool_use_id AS id, label FROM outputs
         WHERE label IS NOT NULL AND tool_use_id IN (SELECT value FROM json_each(?))`,
    )
    .all(list) as { id: string; label: string }[];
  for (const r of labels) if (!found.has(r.id)) found.set(r.id, shortInput(r.label));
  return found;
}
