import { basename } from "node:path";
import type { Config } from "../config/schema.ts";
import type { CairnPaths } from "../core/paths.ts";
import type { Store } from "../store/db.ts";
import type { MonitorRow } from "./monitor-view.ts";
import { readStatuslineMetrics } from "./usage.ts";
import { recentSessions, sessionUsage } from "./views.ts";

interface MonitorQuery {
  readonly now: number;
  /** Also sessions that ended or went quiet. */
  readonly all: boolean;
  readonly limit: number;
}

/**
 * The sessions `cairn monitor` lists, most recently active first. Live sessions have
 * their ledger caught up from the transcript (O(new bytes)), so the figure moves
 * during a turn even between hooks.
 */
export function monitorRows(store: Store, paths: CairnPaths, config: Config, q: MonitorQuery): MonitorRow[] {
  const hideAfter = config["monitor.hide_after_min"] * 60_000;
  // A statusline refresh also counts as activity, so look a little further back than the cut-off.
  const candidates = recentSessions(store, {
    limit: q.limit,
    ...(q.all ? {} : { since: q.now - Math.max(hideAfter, 24 * 3600_000) }),
  });
  const rows: MonitorRow[] = [];
  for (const s of candidates) {
    const ended = s.ended_at !== null;
    if (ended && !q.all) continue;
    const metricsAt = readStatuslineMetrics(paths, s.id)?.at ?? 0;
    const u = sessionUsage(store, paths, config, s, { catchUp: !ended, now: q.now });
    const updatedAt = Math.max(s.last_seen_at, metricsAt, u?.at ?? 0);
    if (!q.all && q.now - updatedAt > hideAfter) continue;
    rows.push({
      id: s.id,
      project: basename(s.project_dir ?? s.cwd ?? "?"),
      model: u?.model ?? s.model,
      usedPct: u?.usedPct ?? null,
      remainingPct: u?.remainingPct ?? null,
      usedTokens: u?.usedTokens ?? null,
      windowTokens: u?.windowTokens ?? null,
      updatedAt,
      ended,
    });
  }
  return rows.sort((a, b) => Number(a.ended) - Number(b.ended) || b.updatedAt - a.updatedAt);
}
