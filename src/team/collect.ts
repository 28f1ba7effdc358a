import { resumeContent } from "../memory/resume.ts";
import { itemsOfTurns } from "../memory/store.ts";
import { digestTurn, groupTurns, summariesOf, summaryKey, type Turn } from "../memory/turns.ts";
import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";
import { extractiveSummary } from "../summarize/extractive.ts";
import { mapHandoffText, sharedHandoff } from "./handoff.ts";
import type { Machine } from "./identity.ts";
import { judge, type SharePolicy, type Withheld } from "./policy.ts";
import { boundedText, notebookItems, type RecordKind, recordId, type TeamRecord } from "./records.ts";

export interface CollectInput {
  readonly projectDir: string;
  readonly project: string;
  readonly machine: Machine;
  /** The notebook: its whole text (a handoff carries it) and its Decisions and Dead-ends sections. */
  readonly notebook?:
    | { readonly text: string; readonly decisions: string; readonly deadEnds: string }
    | undefined;
  /** What may leave this machine (policy.ts): what it withholds is never queued. */
  readonly policy: SharePolicy;
  /** memory.recent_turns: a handoff splits its turns as the local resume does. */
  readonly recentTurns: number;
  readonly now: number;
  /** Masks secrets in text that memory did not mask already (memos, the notebook). */
  readonly mask: (text: string) => string;
  /** Most rows read from memory in one call; the next call continues. */
  readonly limit?: number;
}

const ITEM_KINDS: Record<string, RecordKind> = {
  summary: "summary",
  user: "turn",
  assistant: "turn",
  memo: "handoff",
};

type Make = (
  kind: RecordKind,
  natural: string,
  session: string | null,
  at: number,
  text: string,
  meta: Record<string, unknown> | null,
) => TeamRecord;

/** Builds this machine's records for the project, each under its stable id. */
function recordMaker(c: CollectInput): Make {
  return (kind, natural, session, at, text, meta) => ({
    id: recordId(c.project, kind, natural),
    project: c.project,
    kind,
    machine: c.machine.name,
    machineId: c.machine.id,
    user: c.machine.user,
    session,
    at,
    text: boundedText(text),
    meta,
  });
}

export interface Collected {
  /** Records added to the outbox. */
  readonly added: number;
  /** Records this call made and kept back, by why (policy.ts). */
  readonly withheld: Readonly<Partial<Record<Withheld, number>>>;
}

/**
 * Moves what this machine learnt since the last call into the outbox: new decisions
 * and dead-ends in the notebook, new one-line summaries, conversation text and
 * handoffs (a memo, with the resume it completes) from layered memory, and the stored
 * originals when team.share has outputs. Each record is masked, then judged by the
 * share policy; what it withholds is never queued. Local SQLite only; a watermark per
 * project makes each call cheap, and stable ids make a repeated call add nothing.
 */
export function collect(store: Store, c: CollectInput): Collected {
  const scope = `team:${c.projectDir}`;
  const limit = c.limit ?? 2000;
  const make = recordMaker(c);
  const memory = memoryRecords(store, c, make, getState<number>(store, scope, "collected_item") ?? 0, limit);
  const outputs = c.policy.kinds.has("outputs")
    ? outputRecords(store, c, make, getState<number>(store, scope, "collected_output") ?? 0, limit)
    : undefined;
  const withheld: Partial<Record<Withheld, number>> = {};
  const shared: TeamRecord[] = [];
  for (const r of [...notebookRecords(c, make), ...memory.records, ...(outputs?.records ?? [])]) {
    const v = judge(r, c.policy);
    if ("share" in v) shared.push(v.share);
    else withheld[v.withhold] = (withheld[v.withhold] ?? 0) + 1;
  }
  return store.tx(() => {
    const added = enqueue(store, shared);
    setState(store, scope, "collected_item", memory.last, c.now);
    if (outputs) setState(store, scope, "collected_output", outputs.last, c.now);
    return { added, withheld };
  });
}

interface Batch {
  readonly records: TeamRecord[];
  /** The watermark after this batch. */
  readonly last: number;
}

function notebookRecords(c: CollectInput, make: Make): TeamRecord[] {
  if (!c.notebook) return [];
  const records: TeamRecord[] = [];
  for (const [kind, body] of [
    ["decision", c.notebook.decisions],
    ["dead-end", c.notebook.deadEnds],
  ] as const) {
    for (const item of notebookItems(body)) {
      const text = c.mask(item);
      records.push(make(kind, text.toLowerCase().replace(/\s+/g, " "), null, c.now, text, null));
    }
  }
  return records;
}

/** Layered memory's new rows for the project, and one summary line per turn they touch. */
function memoryRecords(store: Store, c: CollectInput, make: Make, after: number, limit: number): Batch {
  const rows = store.db
    .prepare(
      `SELECT i.id, i.key, i.origin_session AS session, i.session_id AS owner, i.turn, i.kind, i.text, i.at
       FROM mem_items i JOIN mem_sessions s ON s.session_id = i.session_id
       WHERE i.id > ? AND s.project_dir = ? AND i.agent_id IS NULL
         AND i.kind IN ('summary', 'user', 'assistant', 'memo')
       ORDER BY i.id LIMIT ?`,
    )
    .all(after, c.projectDir, limit) as {
    id: number;
    key: string;
    session: string;
    owner: string;
    turn: number;
    kind: string;
    text: string;
    at: number;
  }[];
  const records: TeamRecord[] = [];
  let last = after;
  for (const r of rows) {
    last = r.id;
    const kind = ITEM_KINDS[r.kind]!;
    const text = r.kind === "memo" ? c.mask(r.text) : r.text;
    const meta = kind === "turn" ? { role: r.kind } : kind === "handoff" ? handoffMeta(store, c, r) : null;
    records.push(make(kind, `${c.machine.id}:${r.key}`, r.session, r.at || c.now, text, meta));
  }
  // One line per turn the new rows belong to (the L1 line memory has, else the
  // extractive one), under the same id memory's own L1 row would get.
  for (const t of touchedTurns(store, rows)) {
    const line = summariesOf(t)?.text ?? extractiveSummary(digestTurn(t));
    if (!line.trim() || !t.promptKey) continue;
    records.push(
      make("summary", `${c.machine.id}:${summaryKey(t.promptKey)}`, t.origin, t.firstAt || c.now, line, {
        turn: t.turn,
      }),
    );
  }
  return { records, last };
}

/**
 * A memo completes a handoff: the record carries the resume this machine would compose
 * for the session it hands off (memory/resume.ts), so a teammate's next session gets
 * the same, decisions stated in conversation included. Masked throughout.
 */
function handoffMeta(
  store: Store,
  c: CollectInput,
  memo: { session: string; owner: string },
): Record<string, unknown> {
  const parts = resumeContent(store, {
    fromSession: memo.session,
    owner: memo.owner,
    recentTurns: c.recentTurns,
    now: c.now,
  });
  return { handoff: mapHandoffText(sharedHandoff(parts, c.notebook?.text), c.mask) };
}

/** Stored tool originals (team.share has outputs), a tenth of the batch size at a time. */
function outputRecords(store: Store, c: CollectInput, make: Make, after: number, limit: number): Batch {
  const outs = store.db
    .prepare(
      `SELECT o.id, o.session_id AS session, o.tool_name AS tool, o.label, o.original, o.created_at AS at
       FROM outputs o JOIN sessions s ON s.id = o.session_id
       WHERE o.id > ? AND s.project_dir = ? AND o.pruned_at IS NULL ORDER BY o.id LIMIT ?`,
    )
    .all(after, c.projectDir, Math.max(1, Math.floor(limit / 10))) as {
    id: number;
    session: string;
    tool: string;
    label: string | null;
    original: Uint8Array;
    at: number;
  }[];
  let last = after;
  const records = outs.map((o) => {
    last = o.id;
    const text = Buffer.from(o.original).toString("utf8");
    return make("output", `${c.machine.id}:output:${o.id}`, o.session, o.at, text, {
      tool: o.tool,
      label: o.label,
    });
  });
  return { records, last };
}

/** Adds records to the outbox; ones already there (pushed or not) are left alone. */
export function enqueue(store: Store, records: readonly TeamRecord[]): number {
  const insert = store.db.prepare(
    "INSERT OR IGNORE INTO team_outbox (id, project, kind, session_id, at, record) VALUES (?, ?, ?, ?, ?, ?)",
  );
  let added = 0;
  for (const r of records) {
    const res = insert.run(r.id, r.project, r.kind, r.session, r.at, JSON.stringify(r));
    added += Number(res.changes);
  }
  return added;
}

/** The whole turns (of their owner's chain) that the given rows belong to. */
function touchedTurns(store: Store, rows: readonly { owner: string; turn: number; kind: string }[]): Turn[] {
  const spans = new Map<string, { from: number; to: number }>();
  for (const r of rows) {
    if (r.kind !== "user" && r.kind !== "assistant") continue;
    const s = spans.get(r.owner);
    spans.set(
      r.owner,
      s ? { from: Math.min(s.from, r.turn), to: Math.max(s.to, r.turn) } : { from: r.turn, to: r.turn },
    );
  }
  const out: Turn[] = [];
  for (const [owner, s] of spans) out.push(...groupTurns(itemsOfTurns(store, owner, s.from, s.to)));
  return out;
}
