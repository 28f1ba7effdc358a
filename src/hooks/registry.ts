import type { EventName } from "../claude/events.ts";
import type { PartLoader } from "./context.ts";

/**
 * What cairn does on each event, in order: the feature modules taking part. Each is
 * imported only when its event fires, so a PostToolUse hook never loads the memory
 * or notebook code. To find what happens on an event, start here.
 */
export const EVENT_PARTS: { readonly [E in EventName]: readonly PartLoader[] } = {
  SessionStart: [
    () => import("../compress/on-compact.ts"), // after a compaction, repeated outputs are shown again
    () => import("../memory/on-session-start.ts"), // resume after a handoff (includes the notebook)
    () => import("../notebook/on-session-start.ts"), // restore STATE.md, unless a resume already did
  ],
  UserPromptSubmit: [
    () => import("../notebook/on-user-prompt.ts"), // the anchor: goal, step, context health, advice
  ],
  PreToolUse: [
    () => import("../run/on-pre-tool-use.ts"), // route Bash through cairn's runner
    () => import("../notebook/on-pre-tool-use.ts"), // nudges: bounded reads, cheaper subagent models
  ],
  PostToolUse: [
    () => import("../run/on-post-tool-use.ts"), // file the partial output of a stopped wrapped command
    () => import("../compress/on-post-tool-use.ts"), // replace large outputs with excerpts
    () => import("../context/on-tool-use.ts"), // context warnings to the agent
  ],
  PostToolUseFailure: [
    () => import("../run/on-post-tool-use.ts"), // file the partial output of a stopped wrapped command
    () => import("../context/on-tool-use.ts"), // context warnings to the agent
  ],
  Stop: [
    () => import("../context/on-stop.ts"), // catch the ledger up with the transcript
    () => import("../memory/on-stop.ts"), // ingest the turn into layered memory
    () => import("../notebook/on-stop.ts"), // task boundaries for compaction advice
    () => import("../retention/on-stop.ts"), // apply the retention policy (days, size)
  ],
  SubagentStop: [
    () => import("../memory/on-stop.ts"), // ingest the subagent's transcript
  ],
  PreCompact: [
    () => import("../compress/on-compact.ts"), // outputs summarised away are no longer in context
    () => import("../notebook/on-pre-compact.ts"), // curate the compaction, snapshot, block a stale one once
  ],
  PostCompact: [],
  SessionEnd: [
    () => import("../context/on-stop.ts"), // final ledger catch-up
    () => import("../memory/on-stop.ts"), // safety-net ingest
    () => import("../retention/on-stop.ts"), // apply the retention policy (days, size)
  ],
};
