import type { HookEvent } from "../claude/events.ts";
import { notebookPath } from "../core/paths.ts";
import { mark } from "../core/trace.ts";
import type { HookContext, Parts } from "../hooks/context.ts";
import type { Store } from "../store/db.ts";
import { getState, sessionScope, setState } from "../store/kv.ts";
import { adviceFor, decide, type Level, ladderOf, type MonitorState, type Reading } from "./advisor.ts";
import { toolUseLine, waitForTranscript } from "./transcript-sync.ts";
import { type ContextUsage, currentUsage } from "./usage.ts";

/** The kv key of the monitor's debounce state, per session. */
const MONITOR_KEY = "context.monitor";
/** Consecutive tool calls whose transcript entry never appeared in time. */
const SYNC_MISSES_KEY = "context.sync_misses";

type ToolEvent = HookEvent<"PostToolUse"> | HookEvent<"PostToolUseFailure">;

/**
 * After every tool call: tell the agent (not only the human) when its context runs
 * low (the statusline's figures are refreshed with the call's own, on-tool-figures.ts).
 * The measurement is the statusline's while fresh, else the ledger's, which this call
 * brings up to date from the transcript; with neither, nothing is said.
 */
async function monitorToolUse(
  event: ToolEvent,
  ctx: HookContext,
): Promise<{ additionalContext: string } | undefined> {
  const c = ctx.config;
  const t = ladderOf(c);
  // A subagent's tool calls fill the subagent's own window, which ends with its task.
  if (event.agent_id || !c["monitor.enabled"]) return undefined;

  // The response that issued this tool carries the usage that matters; make sure it is
  // in the transcript before the ledger reads it. A session whose transcript never
  // shows the entry (three misses in a row) is not waited for again.
  const store = await ctx.store();
  const scope = sessionScope(event.session_id);
  const misses = getState<number>(store, scope, SYNC_MISSES_KEY) ?? 0;
  if (misses < 3) {
    const seen = await waitForTranscript(event.transcript_path, toolUseLine(event.tool_use_id), 150);
    const next = seen ? 0 : misses + 1;
    if (next !== misses) setState(store, scope, SYNC_MISSES_KEY, next, ctx.now());
  }
  mark("monitor:transcript-wait");
  const usage = await currentUsage(
    { paths: ctx.paths, config: c, now: ctx.now, store: ctx.store },
    event.session_id,
    event.transcript_path,
  );
  mark("monitor:usage");
  const now = ctx.now();
  // Most calls change nothing (context healthy, state already at rest): then no write,
  // so parallel tool calls' hooks do not queue for the write lock for nothing.
  const reading: Reading | undefined = usage && {
    remainingPct: usage.remainingPct,
    assumed: usage.windowBasis === "assumed",
  };
  const prev = getState<MonitorState>(store, scope, MONITOR_KEY);
  const quiet = decide(prev, reading, t);
  if (!quiet.fire && prev && sameState(prev, quiet.next)) return undefined;
  // One transaction: parallel tool calls run their hooks at the same time.
  const fire = store.tx(() => {
    const d = decide(getState<MonitorState>(store, scope, MONITOR_KEY), reading, t);
    setState(store, scope, MONITOR_KEY, d.next, now);
    // The suggestion is advice, not a warning: the warnings table keeps the two others.
    if (d.fire && d.fire !== "suggest" && usage) recordWarning(store, event, d.fire, usage, now);
    return d.fire;
  });
  if (!fire || !usage) return undefined;
  return {
    additionalContext: adviceFor({
      ...usage,
      level: fire,
      notebook: notebookPath(ctx.projectDir),
      cli: ctx.cli(),
    }).forAgent,
  };
}

function sameState(a: MonitorState, b: MonitorState): boolean {
  return a.level === b.level && a.since === b.since;
}

function recordWarning(store: Store, event: ToolEvent, level: Level, u: ContextUsage, at: number): void {
  store.db
    .prepare(
      `INSERT INTO context_warnings (session_id, level, remaining_pct, used_tokens, window_tokens, source, tool_use_id, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      event.session_id,
      level,
      u.remainingPct,
      u.usedTokens,
      u.windowTokens,
      u.source,
      event.tool_use_id,
      at,
    );
}

export const parts: Parts = {
  PostToolUse: { name: "context-monitor", run: (event, ctx) => monitorToolUse(event, ctx) },
  PostToolUseFailure: { name: "context-monitor", run: (event, ctx) => monitorToolUse(event, ctx) },
};
