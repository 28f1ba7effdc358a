import type { AnyHookEvent } from "../claude/events.ts";
import { failpoint } from "../core/failpoint.ts";
import { estimateTokens } from "../core/format.ts";
import type { Store } from "../store/db.ts";
import { endSession, type SessionSeen, touchSession } from "../store/sessions.ts";

export interface Injection {
  readonly part: string;
  readonly text: string;
}

export interface EventRecord {
  readonly outcome: string;
  readonly handlerMs: number;
  readonly projectDir: string;
  readonly at: number;
  /** What each part added to the model's context, for the audit in `cairn report`. */
  readonly injections: readonly Injection[];
  /** The parts' bookkeeping (HookContext.afterAnswer), each in its own savepoint. */
  readonly after?: readonly ((store: Store) => void)[];
  readonly onAfterError?: (err: unknown) => void;
}

/** The session an event was sent in, as the sessions table records it. */
export function sessionSeen(event: AnyHookEvent, projectDir: string, at: number): SessionSeen {
  const model = "model" in event && typeof event.model === "string" ? event.model : undefined;
  // Set by the transport that read the event (transports/gemini.ts); Claude Code's carry none.
  const agent = (event as { cairn_agent?: unknown }).cairn_agent;
  return {
    id: event.session_id,
    projectDir,
    cwd: event.cwd,
    transcriptPath: event.transcript_path,
    at,
    model,
    agent: typeof agent === "string" ? agent : undefined,
  };
}

/** Every event that reaches a handler leaves one row, in one transaction with its session. */
export function recordEvent(store: Store, event: AnyHookEvent, r: EventRecord): void {
  const tool = "tool_name" in event ? String(event.tool_name) : null;
  const toolUseId = "tool_use_id" in event ? String(event.tool_use_id) : null;
  failpoint("record:event");
  store.tx(() => {
    touchSession(store, sessionSeen(event, r.projectDir, r.at));
    store.db
      .prepare(
        "INSERT INTO events (session_id, event, tool_name, tool_use_id, at, handler_ms, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        event.session_id,
        event.hook_event_name,
        tool,
        toolUseId,
        r.at,
        Math.round(r.handlerMs * 100) / 100,
        r.outcome,
      );
    for (const inj of r.injections) {
      store.db
        .prepare(
          "INSERT INTO injections (session_id, event, part, chars, tokens_est, preview, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          event.session_id,
          event.hook_event_name,
          inj.part,
          inj.text.length,
          estimateTokens(inj.text.length),
          inj.text.slice(0, 300),
          r.at,
        );
    }
    if (event.hook_event_name === "SessionEnd") endSession(store, event.session_id, event.reason ?? "", r.at);
    for (const work of r.after ?? []) {
      try {
        store.tx(() => work(store));
      } catch (err) {
        r.onAfterError?.(err);
      }
    }
  });
}
