import { join } from "node:path";
import { writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, projectStateDir, safeId } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import {
  type Composed,
  composeResume,
  type OlderTurn,
  type RecentTurn,
  type ResumeContent,
} from "./compose.ts";
import { ensureMemSession, type Item, ownerOf } from "./store.ts";
import { ensureExtractive, groupTurns, type Turn } from "./turns.ts";

interface ResumeRequest {
  /** The session whose memory is resumed (the baton's). */
  readonly fromSession: string;
  /** Whose rows to read: the new session after the merge, or the chain's owner for a preview. */
  readonly owner: string;
  readonly projectDir: string;
  readonly recentTurns: number;
  readonly maxChars: number;
  readonly notebook: (max: number) => string | undefined;
  readonly cli: string;
  readonly docPath: string;
  readonly now: number;
}

/** Where the full resume document of a handoff is written (known before the next session starts). */
export function resumeDocPath(paths: CairnPaths, projectDir: string, fromSession: string): string {
  return join(projectStateDir(paths, projectDir), "handoffs", `${safeId(fromSession)}.md`);
}

/**
 * The rows a resume reads: the conversation and summaries whole, and of the details
 * only what a summary needs (tool names, the paths in their inputs, failures), so a
 * chain with megabytes of tool output is not loaded for it.
 */
function resumeRows(store: Store, owner: string): Item[] {
  return store.db
    .prepare(
      `SELECT id, key, session_id, origin_session, agent_id, turn, layer, kind, tool_name, tool_use_id, is_error, at, made_by,
         CASE
           WHEN kind = 'tool_use' THEN CASE WHEN json_valid(text) THEN json_object(
             'file_path', json_extract(text, '$.file_path'),
             'notebook_path', json_extract(text, '$.notebook_path'),
             'path', json_extract(text, '$.path')) ELSE '{}' END
           WHEN kind = 'tool_result' THEN ''
           ELSE text END AS text
       FROM mem_items
       WHERE session_id = ? AND agent_id IS NULL AND kind IN ('user', 'assistant', 'summary', 'tool_use', 'tool_result')
       ORDER BY turn, id`,
    )
    .all(owner) as unknown as Item[];
}

const HANDOFF_PROMPT = /<command-name>\/(?:[\w-]+:)?handoff<\/command-name>/;

function isHandoffTurn(t: Turn): boolean {
  return t.items.some((i) => i.kind === "user" && HANDOFF_PROMPT.test(i.text));
}

function toolList(t: Turn): string {
  const counts = new Map<string, number>();
  for (const i of t.items)
    if (i.kind === "tool_use") counts.set(i.tool_name ?? "?", (counts.get(i.tool_name ?? "?") ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}

function lastOfKind(store: Store, owner: string, origin: string, kind: string): string | undefined {
  const row = store.db
    .prepare(
      "SELECT text FROM mem_items WHERE session_id = ? AND origin_session = ? AND kind = ? AND agent_id IS NULL ORDER BY turn DESC, id DESC LIMIT 1",
    )
    .get(owner, origin, kind) as { text: string } | undefined;
  return row?.text;
}

/** A chain's turns split as a resume sees them: the recent window, and the older turns before it. */
export function chainTurns(
  store: Store,
  owner: string,
  recentTurns: number,
): { all: Turn[]; recent: Turn[]; older: Turn[] } {
  const all = groupTurns(resumeRows(store, owner)).filter((t) => t.promptKey);
  const work = all.filter((t) => !isHandoffTurn(t));
  const recent = work.slice(-recentTurns);
  const older = work.slice(0, Math.max(0, work.length - recent.length));
  return { all, recent, older };
}

/**
 * What a resume of `fromSession` is made of, read from the chain `owner` holds (writing
 * missing L1 lines on the way): the memo, the final thinking, the recent turns
 * verbatim and the older ones as one-liners. A local resume composes it at once; a
 * shared handoff carries it to a teammate, who composes it the same way (src/team).
 */
export function resumeContent(
  store: Store,
  req: { fromSession: string; owner: string; recentTurns: number; now: number },
): ResumeContent {
  const { all: turns, recent, older } = chainTurns(store, req.owner, req.recentTurns);
  const lines = ensureExtractive(store, req.owner, older, req.now);
  const recentTurns: RecentTurn[] = recent.map((t) => ({
    turn: t.turn,
    at: t.firstAt,
    user: t.items
      .filter((i) => i.kind === "user")
      .map((i) => i.text)
      .join("\n"),
    assistant: t.items.filter((i) => i.kind === "assistant").map((i) => i.text),
    tools: toolList(t),
  }));
  const olderTurns: OlderTurn[] = older.map((t) => ({
    turn: t.turn,
    at: t.firstAt,
    line: lines.get(t.turn) ?? "",
  }));
  return {
    fromSession: req.fromSession,
    turns: turns.length,
    lastAt: turns.at(-1)?.lastAt ?? 0,
    memo: lastOfKind(store, req.owner, req.fromSession, "memo"),
    thinking: lastThinking(store, req.owner, req.fromSession),
    recent: recentTurns,
    older: olderTurns,
  };
}

/** Builds the injection and the document from the store (writing missing L1 lines on the way). */
export function buildResume(store: Store, req: ResumeRequest): Composed & { turns: number } {
  const parts = resumeContent(store, req);
  const composed = composeResume(
    { ...parts, notebook: req.notebook, cli: req.cli, docPath: req.docPath },
    req.maxChars,
  );
  return { ...composed, turns: parts.turns };
}

/** The thinking of the handed-off session's final turn that had any. */
function lastThinking(store: Store, owner: string, origin: string): string | undefined {
  const row = store.db
    .prepare(
      `SELECT text FROM mem_items WHERE session_id = ? AND origin_session = ? AND kind = 'thinking' AND agent_id IS NULL
         AND turn = (SELECT MAX(turn) FROM mem_items WHERE session_id = ? AND origin_session = ? AND kind = 'thinking' AND agent_id IS NULL)
       ORDER BY id`,
    )
    .all(owner, origin, owner, origin) as { text: string }[];
  const text = row
    .map((r) => r.text)
    .filter((t) => t !== "[redacted thinking]")
    .join("\n\n");
  return text || undefined;
}

export function writeResumeDocument(path: string, document: string): void {
  writeFileAtomic(path, document);
}

/**
 * Moves the handed-off session's memory (and everything already merged into it) to
 * the new session, in one transaction. Rows keep their origin session; the new
 * session's own turns (normally none yet) are numbered after the inherited ones.
 */
export function mergeChain(
  store: Store,
  from: string,
  into: string,
  projectDir: string,
  now: number,
): boolean {
  return store.tx(() => {
    const source = ownerOf(store, from);
    if (source === into) return false;
    const src = ensureMemSession(store, source, projectDir, now);
    ensureMemSession(store, into, projectDir, now);
    const base = src.turns;
    if (base > 0) {
      store.db.prepare("UPDATE mem_items SET turn = turn + ? WHERE session_id = ?").run(base, into);
      store.db
        .prepare(
          "UPDATE mem_sources SET current_turn = current_turn + ? WHERE session_id = ? AND current_turn IS NOT NULL",
        )
        .run(base, into);
    }
    store.db.prepare("UPDATE mem_items SET session_id = ? WHERE session_id = ?").run(into, source);
    store.db
      .prepare(
        "UPDATE mem_sessions SET turns = turns + ?, resumed_from = ?, updated_at = ? WHERE session_id = ?",
      )
      .run(base, from, now, into);
    store.db
      .prepare("UPDATE mem_sessions SET merged_into = ?, updated_at = ? WHERE session_id = ?")
      .run(into, now, source);
    return true;
  });
}
