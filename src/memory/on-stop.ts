import type { HookEvent } from "../claude/events.ts";
import type { HookContext, Part, Parts } from "../hooks/context.ts";
import { indexOutputs, ingestSource, type Source, subagentSources } from "./ingest.ts";

type IngestEvent = "Stop" | "SubagentStop" | "SessionEnd";

/**
 * Ingest at the end of every turn (Stop), of every subagent (SubagentStop) and of the
 * session (SessionEnd, the safety net). Never answers with context: Stop context would
 * force another model turn.
 */
function ingestPart<E extends IngestEvent>(event: E): Part<E> {
  return {
    name: "memory-ingest",
    async run(ev: HookEvent<E>, ctx: HookContext) {
      if (!ctx.config["memory.enabled"]) return undefined;
      const store = await ctx.store();
      const deadline = performance.now() + ctx.config["memory.ingest_ms"];
      const now = ctx.now();
      for (const src of sourcesFor(event, ev, ctx.projectDir)) {
        const r = ingestSource(store, src, { now, deadline, redact: ctx.config["compress.redact"] });
        if (!r.done) {
          ctx.log.info("memory ingest paused at its time budget; the next event continues", {
            event,
            session: ev.session_id,
            bytes: r.bytes,
          });
          break;
        }
      }
      if (performance.now() < deadline) indexOutputs(store, now);
      return undefined;
    },
  };
}

/** Which transcripts an event brings up to date. */
export function sourcesFor(event: IngestEvent, ev: HookEvent<IngestEvent>, projectDir: string): Source[] {
  const main: Source = { path: ev.transcript_path, sessionId: ev.session_id, projectDir };
  if (event === "SessionEnd")
    return [main, ...subagentSources(ev.transcript_path, ev.session_id, projectDir)];
  if (event === "SubagentStop") {
    const sub = ev as HookEvent<"SubagentStop">;
    // Compaction runs as a subagent with an empty agent_type; its transcript is the
    // whole conversation again plus the summary prompt, so only the main transcript
    // (which gets the summary itself) is brought up to date.
    if (!sub.agent_type || !sub.agent_transcript_path) return [main];
    return [
      main,
      { path: sub.agent_transcript_path, sessionId: ev.session_id, projectDir, agentId: sub.agent_id },
    ];
  }
  return [main];
}

export const parts: Parts = {
  Stop: ingestPart("Stop"),
  SubagentStop: ingestPart("SubagentStop"),
  SessionEnd: ingestPart("SessionEnd"),
};
