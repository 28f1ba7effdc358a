import type { Store } from "../store/db.ts";
import { highestId } from "../store/never-reuse.ts";

interface ShowOptions {
  /** "A-B", "A-", "A" (1-based, inclusive). */
  readonly lines?: string | undefined;
  /** A regular expression (case-insensitive); matching lines are shown with their numbers. */
  readonly grep?: string | undefined;
  readonly maxChars?: number | undefined;
}

interface Shown {
  readonly id: number;
  readonly toolName: string;
  readonly label: string | null;
  readonly totalLines: number;
  readonly text: string;
}

/**
 * A stored original, whole or in part, for the agent (the MCP tool). Lines keep their
 * original numbers so the agent can ask for a neighbouring range next.
 */
export function showOutput(store: Store, id: number, opts: ShowOptions = {}): Shown | undefined {
  const row = store.db
    .prepare("SELECT id, tool_name, label, original, pruned_at FROM outputs WHERE id = ?")
    .get(id) as
    | { id: number; tool_name: string; label: string | null; original: Uint8Array; pruned_at: number | null }
    | undefined;
  if (!row) {
    // Ids are never given twice: one at or below the highest given was removed, record and all.
    if (id <= highestId(store.db, "outputs"))
      throw new Error(
        `output #${id} was removed by the retention policy (its original first, then its record)`,
      );
    return undefined;
  }
  if (row.pruned_at !== null)
    throw new Error(
      `the original of #${id} was removed by the retention policy on ${new Date(row.pruned_at).toISOString()}; only the excerpt shown at the time remains`,
    );
  const all = Buffer.from(row.original).toString("utf8").split("\n");
  if (all.at(-1) === "") all.pop();
  let picked: string[];
  if (opts.grep) {
    let re: RegExp;
    try {
      re = new RegExp(opts.grep, "i");
    } catch {
      throw new Error(`not a regular expression: ${opts.grep}`);
    }
    picked = all.flatMap((l, i) => (re.test(l) ? [`${i + 1}: ${l}`] : []));
  } else if (opts.lines) {
    const m = /^(\d+)?\s*(-)?\s*(\d+)?$/.exec(opts.lines.trim());
    if (!m || (!m[1] && !m[3]))
      throw new Error(`lines must look like 120-260, 120- or 120 (got "${opts.lines}")`);
    const from = Math.max(1, Number(m[1] ?? 1));
    const to = m[2] ? Number(m[3] ?? all.length) : from;
    // A reversed range is a typo, not a request for nothing (as \`cairn show --lines\` says).
    if (m[3] !== undefined && to < from)
      throw new Error(`lines ${opts.lines} is reversed: the first line comes first ("${to}-${from}")`);
    picked = all.slice(from - 1, to).map((l, i) => `${from + i}: ${l}`);
  } else {
    picked = all;
  }
  let text = picked.join("\n");
  const max = opts.maxChars ?? 0;
  if (max > 0 && text.length > max) {
    const shownLines = text.slice(0, max).split("\n").length;
    text = `${text.slice(0, max)}\n[… cut at ${max} characters (about ${shownLines} of ${picked.length} lines); ask for lines or grep]`;
  }
  return { id: row.id, toolName: row.tool_name, label: row.label, totalLines: all.length, text };
}
