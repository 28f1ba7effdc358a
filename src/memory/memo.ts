import type { Store } from "../store/db.ts";
import { ensureMemSession, insertItem, ownerOf } from "./store.ts";

interface MemoRequest {
  readonly sessionId: string;
  readonly projectDir: string;
  readonly memo: string;
  readonly now: number;
}

/**
 * The in-flight memo joins the session's memory as an L2 row of its latest turn, so it
 * travels with merges and is searchable; a resume shows the handed-off session's latest.
 */
export function saveMemo(store: Store, r: MemoRequest): { key: string } {
  const key = `memo:${r.sessionId}:${r.now}`;
  store.tx(() => {
    ensureMemSession(store, r.sessionId, r.projectDir, r.now);
    const owner = ownerOf(store, r.sessionId);
    const turn =
      (
        store.db
          .prepare(
            "SELECT current_turn AS t FROM mem_sources WHERE session_id = ? AND agent_id IS NULL AND current_turn IS NOT NULL ORDER BY updated_at DESC LIMIT 1",
          )
          .get(r.sessionId) as { t: number } | undefined
      )?.t ??
      (
        store.db.prepare("SELECT turns FROM mem_sessions WHERE session_id = ?").get(owner) as {
          turns: number;
        }
      ).turns;
    insertItem(store, {
      key,
      sessionId: owner,
      originSession: r.sessionId,
      turn,
      kind: "memo",
      text: r.memo,
      at: r.now,
    });
    store.db.prepare("UPDATE mem_sessions SET updated_at = ? WHERE session_id = ?").run(r.now, owner);
  });
  return { key };
}
