import { baseline, type EventParts, type PartLoader } from "../hooks/context.ts";

/**
 * What cairn does on each event, in order: the feature modules taking part. Each is
 * imported only when its event fires, so a PostToolUse hook never loads the memory
 * or notebook code. To find what happens on an event, start here.
 *
 * It composes every feature, so it stands above them all; the entry points (main.ts for
 * the command transport, `cairn serve` for the http one) hand it to the dispatcher.
 */
/** The exit trap's SessionStart part (Claude Code only: see GEMINI_EVENT_PARTS). */
const EXIT_TRAP_SESSION_START: PartLoader = () => import("../exit-trap/on-session-start.ts");

export const EVENT_PARTS: EventParts = {
  SessionStart: [
    EXIT_TRAP_SESSION_START, // the exit trap: failing Bash commands reach PostToolUse
    () => import("../compress/hook/on-compact.ts"), // after a compaction, repeated outputs are shown again
    // Memory and the notebook meet here, not in each other's code: the resume after a
    // handoff includes the notebook; the notebook's restore names where the last session
    // stopped, from memory. Each is loaded only when the part that needs it asks.
    async () => ({
      parts: (await import("../memory/on-session-start.ts")).resumeParts(
        () => import("../notebook/inject.ts"),
      ),
    }), // resume after a handoff (includes the notebook)
    async () => ({ parts: (await import("../team/on-session-start.ts")).handoffParts }), // a teammate's handoff, where no local one came first (team.url only)
    async () => ({
      parts: (await import("../notebook/on-session-start.ts")).restoreParts(
        () => import("../memory/last-session.ts"),
      ),
    }), // restore STATE.md, unless a resume already did
    () => import("../team/on-session-start.ts"), // the team's other decisions and dead-ends, the background pull (team.url only)
  ],
  UserPromptSubmit: [
    () => import("../notebook/on-user-prompt.ts"), // the anchor: goal, step, context health, advice
  ],
  PreToolUse: [
    () => import("../exit-trap/on-pre-tool-use.ts"), // arm the exit trap for this one Bash command (cairn is on)
    () => import("../notebook/on-pre-tool-use.ts"), // nudges: bounded reads, cheaper subagent models
  ],
  PostToolUse: [
    () => import("../compress/hook/on-post-tool-use.ts"), // replace large outputs with excerpts
    baseline(() => import("../exit-trap/on-post-tool-use.ts")), // take the exit marker off what was not compressed (also while off, past the budget)
    () => import("../window/on-tool-use.ts"), // context warnings to the agent
    () => import("../window/on-tool-figures.ts"), // what the call cost the context, against Claude Code alone
  ],
  PostToolUseFailure: [
    () => import("../window/on-tool-use.ts"), // context warnings to the agent
  ],
  Stop: [
    () => import("../window/on-stop.ts"), // catch the ledger up with the transcript
    () => import("../memory/on-stop.ts"), // ingest the turn into layered memory
    () => import("../notebook/on-stop.ts"), // task boundaries for compaction advice
    () => import("../retention/on-stop.ts"), // apply the retention policy (days, size)
    () => import("../team/on-stop.ts"), // team memory: outbox, debounced background push (team.url only)
  ],
  SubagentStop: [
    () => import("../memory/on-stop.ts"), // ingest the subagent's transcript
  ],
  PreCompact: [
    () => import("../compress/hook/on-compact.ts"), // outputs summarised away are no longer in context
    () => import("../notebook/on-pre-compact.ts"), // curate the compaction, snapshot, block a stale one once
  ],
  PostCompact: [],
  SessionEnd: [
    () => import("../window/on-stop.ts"), // final ledger catch-up
    () => import("../memory/on-stop.ts"), // safety-net ingest
    () => import("../retention/on-stop.ts"), // apply the retention policy (days, size)
    () => import("../team/on-stop.ts"), // team memory: outbox, background push (team.url only)
  ],
};

/**
 * What runs for Gemini CLI's events (transports/gemini.ts reads each as the Claude Code
 * event it stands for): the same parts, less the exit trap's (src/exit-trap/), which exists
 * because Claude Code sends a failing Bash command to PostToolUseFailure, where no
 * output can be replaced. Gemini CLI sends every shell result, failing or not, to
 * AfterTool with its exit code in the text, so there is nothing to arm or take off.
 */
export const GEMINI_EVENT_PARTS: EventParts = {
  ...EVENT_PARTS,
  SessionStart: EVENT_PARTS.SessionStart.filter((p) => p !== EXIT_TRAP_SESSION_START),
  PreToolUse: [],
  PostToolUse: EVENT_PARTS.PostToolUse.filter((p) => !p.baseline),
};
