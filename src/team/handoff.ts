import { formatAgo } from "../core/format.ts";
import {
  type Composed,
  composeResume,
  hhmm,
  type OlderTurn,
  type RecentTurn,
  type ResumeContent,
  type ResumeFrame,
  resumeFrame,
  turnCount,
} from "../memory/compose.ts";
import { renderNotebookText } from "../notebook/inject.ts";
import { clip } from "../summarize/digest.ts";

/**
 * A handoff as it travels to a teammate: the parts of the resume the handing-off
 * machine would compose for itself (memory/resume.ts resumeContent: the memo, the final
 * thinking, the recent turns verbatim, where decisions stated in conversation are, and
 * the older turns' one-line summaries) and its notebook's text. The teammate composes
 * it with the same function, under its own memory.inject_chars, so the next session
 * on either machine gets the same handoff; only cairn's own lines around it differ
 * (whose it is, and that its details stayed on that machine).
 */
export interface SharedHandoff {
  readonly v: 1;
  readonly parts: ResumeContent;
  /** STATE.md of the machine that handed off (masked), or absent. */
  readonly notebook?: string;
}

/**
 * One message longer than this is clipped: the composition never shows more of one
 * (compose.ts caps a turn at 4,800 characters), and clipping the same way twice gives
 * the same text, so the teammate's composition is unchanged.
 */
const MESSAGE_CHARS = 9_800;
/** The last messages of one turn kept; the composition fills a turn from its end. */
const MESSAGES_PER_TURN = 400;
/** The newest one-line summaries kept, in characters: far more than any injection shows. */
const OLDER_CHARS = 60_000;
const NOTEBOOK_CHARS = 64_000;

/** The handoff to share, bounded in size without changing what a composition shows. */
export function sharedHandoff(parts: ResumeContent, notebook: string | undefined): SharedHandoff {
  const msg = (s: string) => (s.length > MESSAGE_CHARS ? clip(s.trim(), MESSAGE_CHARS) : s);
  const recent = parts.recent.map((t): RecentTurn => {
    const kept = t.assistant.slice(-MESSAGES_PER_TURN);
    const earlier = (t.earlier ?? 0) + t.assistant.length - kept.length;
    return { ...t, user: msg(t.user), assistant: kept.map(msg), ...(earlier ? { earlier } : {}) };
  });
  const older: OlderTurn[] = [];
  let used = 0;
  for (let i = parts.older.length - 1; i >= 0; i--) {
    used += parts.older[i]!.line.length + 16;
    if (used > OLDER_CHARS) break;
    older.unshift(parts.older[i]!);
  }
  return {
    v: 1,
    parts: { ...parts, recent, older, ...(parts.thinking ? { thinking: msg(parts.thinking) } : {}) },
    ...(notebook?.trim() ? { notebook: notebook.slice(0, NOTEBOOK_CHARS) } : {}),
  };
}

/** A handoff shared as its memo alone (by a cairn before handoffs carried their resume). */
export function memoOnly(r: { text: string; session_id: string | null; at: number }): SharedHandoff {
  return {
    v: 1,
    parts: {
      fromSession: r.session_id ?? "unknown",
      turns: 0,
      lastAt: r.at,
      memo: r.text,
      recent: [],
      older: [],
    },
  };
}

/** Every piece of text in a handoff, mapped (masking, withholding): the shape stays. */
export function mapHandoffText(
  h: SharedHandoff,
  message: (text: string) => string,
  notebook: (text: string) => string = message,
): SharedHandoff {
  const p = h.parts;
  return {
    v: 1,
    parts: {
      ...p,
      ...(p.memo !== undefined ? { memo: message(p.memo) } : {}),
      ...(p.thinking !== undefined ? { thinking: message(p.thinking) } : {}),
      recent: p.recent.map((t) => ({ ...t, user: message(t.user), assistant: t.assistant.map(message) })),
      older: p.older.map((o) => ({ ...o, line: message(o.line) })),
    },
    ...(h.notebook !== undefined ? { notebook: notebook(h.notebook) } : {}),
  };
}

/** Pulled meta is a teammate's (or the server's) data: only a well-formed handoff is used. */
export function readSharedHandoff(meta: unknown): SharedHandoff | undefined {
  const h = (meta as { handoff?: unknown } | null)?.handoff as Record<string, unknown> | undefined;
  if (!h || typeof h !== "object" || h.v !== 1) return undefined;
  const p = h.parts as Record<string, unknown> | undefined;
  if (!p || typeof p !== "object") return undefined;
  const str = (x: unknown): x is string => typeof x === "string";
  const num = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
  const optStr = (x: unknown) => x === undefined || str(x);
  if (!str(p.fromSession) || !num(p.turns) || !num(p.lastAt) || !optStr(p.memo) || !optStr(p.thinking))
    return undefined;
  if (!Array.isArray(p.recent) || !Array.isArray(p.older) || !optStr(h.notebook)) return undefined;
  const recent: RecentTurn[] = [];
  for (const t of p.recent as Record<string, unknown>[]) {
    if (!t || !num(t.turn) || !num(t.at) || !str(t.user) || !str(t.tools)) return undefined;
    if (!Array.isArray(t.assistant) || !t.assistant.every(str)) return undefined;
    if (t.earlier !== undefined && !num(t.earlier)) return undefined;
    recent.push({
      turn: t.turn,
      at: t.at,
      user: t.user,
      assistant: t.assistant,
      tools: t.tools,
      ...(t.earlier ? { earlier: t.earlier } : {}),
    });
  }
  const older: OlderTurn[] = [];
  for (const o of p.older as Record<string, unknown>[]) {
    if (!o || !num(o.turn) || !num(o.at) || !str(o.line)) return undefined;
    older.push({ turn: o.turn, at: o.at, line: o.line });
  }
  return {
    v: 1,
    parts: {
      fromSession: p.fromSession,
      turns: p.turns,
      lastAt: p.lastAt,
      ...(str(p.memo) ? { memo: p.memo } : {}),
      ...(str(p.thinking) ? { thinking: p.thinking } : {}),
      recent,
      older,
    },
    ...(str(h.notebook) ? { notebook: h.notebook } : {}),
  };
}

/** A name another machine chose, fit to stand in cairn's own words: no spaces, no markup, short. */
export function safeLabel(s: string, max = 64): string {
  const t = s.replace(/[^\w.@+-]/g, "_").slice(0, max);
  return t || "unknown";
}

export interface Provenance {
  readonly user: string;
  readonly machine: string;
  /** When the handoff was made, on its machine. */
  readonly at: number;
}

/**
 * cairn's lines around a teammate's handoff: whose it is, how old, and what the next
 * session can and cannot reach of it (the resume document on this machine, and the
 * team store; not the other machine's `cairn detail`).
 */
export function teammateFrame(
  h: SharedHandoff,
  from: Provenance,
  r: { now: number; cli: string; docPath: string },
): ResumeFrame {
  const who = `${safeLabel(from.user)}@${safeLabel(from.machine)}`;
  const p = h.parts;
  return resumeFrame({
    source: `handoff from ${who}, another machine`,
    opening: `You are continuing a teammate's work: ${who} handed off session ${safeLabel(p.fromSession, 8)} (${turnCount(p.turns)}, last active ${hhmm(p.lastAt)}) ${formatAgo(Math.max(0, r.now - from.at))} with /handoff, on another machine (its paths, branches and local files may differ from yours).`,
    whole: "handoff",
    docPath: r.docPath,
    detail: `The tool inputs and outputs of its turns stayed on ${who}'s machine; search what the team shared: \`${r.cli} search --team "words"\`.`,
  });
}

/** A pulled handoff record: its meta's resume when well-formed, else its memo alone. */
export function handoffOfRecord(r: {
  text: string;
  session_id: string | null;
  at: number;
  meta: string | null;
}): SharedHandoff {
  let meta: unknown = null;
  try {
    meta = r.meta ? JSON.parse(r.meta) : null;
  } catch {
    // Not JSON: the memo alone.
  }
  return readSharedHandoff(meta) ?? memoOnly(r);
}

/**
 * A teammate's handoff as the next session here receives it: composed by memory's
 * composeResume from what the other machine would have composed for itself, within
 * `maxChars` (memory.inject_chars, and the room left under the injection cap).
 */
export function composeTeamHandoff(
  h: SharedHandoff,
  from: Provenance,
  r: { now: number; cli: string; docPath: string; maxChars: number },
): Composed {
  const notebook = h.notebook;
  return composeResume(
    {
      ...h.parts,
      notebook: (max) => (notebook?.trim() ? renderNotebookText(notebook, r.docPath, max) : undefined),
      cli: r.cli,
      docPath: r.docPath,
      frame: teammateFrame(h, from, r),
    },
    r.maxChars,
  );
}
