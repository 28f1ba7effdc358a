import type { Store } from "../store/db.ts";
import type { TurnDigest } from "../summarize/digest.ts";
import { extractiveSummary } from "../summarize/extractive.ts";
import { type Item, upsertItem } from "./store.ts";

/** One turn of a chain, as the resume and the summaries see it. */
export interface Turn {
  readonly turn: number;
  readonly origin: string;
  readonly firstAt: number;
  readonly lastAt: number;
  /** The key of the prompt that opened it (undefined for what came before any prompt). */
  readonly promptKey?: string;
  readonly items: readonly Item[];
}

/** Groups a chain's rows (in turn, id order) into turns. */
export function groupTurns(items: readonly Item[]): Turn[] {
  const out: Turn[] = [];
  let cur: Item[] = [];
  const flush = () => {
    if (cur.length === 0) return;
    const times = cur.map((i) => i.at).filter((t) => t > 0);
    const prompt = cur.find((i) => i.kind === "user" && !i.agent_id);
    out.push({
      turn: cur[0]!.turn,
      origin: (prompt ?? cur[0]!).origin_session,
      firstAt: times.length ? Math.min(...times) : 0,
      lastAt: times.length ? Math.max(...times) : 0,
      ...(prompt ? { promptKey: prompt.key } : {}),
      items: cur,
    });
    cur = [];
  };
  for (const it of items) {
    if (cur.length > 0 && cur[0]!.turn !== it.turn) flush();
    cur.push(it);
  }
  flush();
  return out;
}

const FILE_KEYS = ["file_path", "notebook_path", "path"];

/** The material of a turn's one-line summary. */
export function digestTurn(t: Turn): TurnDigest {
  const main = t.items.filter((i) => !i.agent_id);
  const request = main
    .filter((i) => i.kind === "user")
    .map((i) => i.text)
    .join("\n");
  const conclusion = main.filter((i) => i.kind === "assistant").at(-1)?.text ?? "";
  const files: string[] = [];
  let tools = 0;
  for (const i of main) {
    if (i.kind !== "tool_use") continue;
    tools++;
    try {
      const input = JSON.parse(i.text) as Record<string, unknown>;
      for (const k of FILE_KEYS) {
        const v = input[k];
        if (typeof v === "string" && v && !files.includes(v)) files.push(v);
      }
    } catch {
      // An input that is not JSON names no file.
    }
  }
  const failed = main.filter((i) => i.kind === "tool_result" && i.is_error === 1).length;
  return { turn: t.turn, at: t.firstAt, request, conclusion, files, tools, failed };
}

export const summaryKey = (promptKey: string) => `l1:${promptKey}`;

/** Writes a turn's L1 line, keyed by its prompt so a later writer replaces it. */
function storeSummary(store: Store, owner: string, t: Turn, text: string, madeBy: string, now: number): void {
  upsertItem(store, {
    key: summaryKey(t.promptKey!),
    sessionId: owner,
    originSession: t.origin,
    turn: t.turn,
    kind: "summary",
    text,
    at: t.firstAt || now,
    madeBy,
  });
}

/** The L1 line of each turn that has one. */
export function summariesOf(t: Turn): Item | undefined {
  return t.items.find((i) => i.layer === 1);
}

/**
 * Writes the extractive L1 line of every turn given that has none yet (lazily: only
 * turns that fell out of the recent window are ever asked for). Returns the lines.
 */
export function ensureExtractive(
  store: Store,
  owner: string,
  turns: readonly Turn[],
  now: number,
): Map<number, string> {
  const out = new Map<number, string>();
  const missing = turns.filter((t) => t.promptKey && !summariesOf(t));
  if (missing.length > 0) {
    store.tx(() => {
      for (const t of missing) {
        const text = extractiveSummary(digestTurn(t));
        storeSummary(store, owner, t, text, "extractive", now);
        out.set(t.turn, text);
      }
    });
  }
  for (const t of turns) {
    const s = summariesOf(t);
    if (s) out.set(t.turn, s.text);
  }
  return out;
}

/** Stores model-written lines over the extractive ones. */
export function storeModelSummaries(
  store: Store,
  owner: string,
  turns: readonly Turn[],
  lines: ReadonlyMap<number, string>,
  madeBy: string,
  now: number,
): number {
  let n = 0;
  store.tx(() => {
    for (const t of turns) {
      const text = lines.get(t.turn);
      if (!text || !t.promptKey) continue;
      storeSummary(store, owner, t, text, madeBy, now);
      n++;
    }
  });
  return n;
}
