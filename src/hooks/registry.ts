import type { EventName } from "../claude/events.ts";
import type { HandlerModule } from "./context.ts";

/**
 * One handler module per event, imported only when its event fires: a PostToolUse
 * hook never loads the SessionStart code.
 */
export const HANDLERS: { [E in EventName]: () => Promise<HandlerModule<E>> } = {
  SessionStart: () => import("./session-start.ts"),
  UserPromptSubmit: () => import("./user-prompt-submit.ts"),
  PreToolUse: () => import("./pre-tool-use.ts"),
  PostToolUse: () => import("./post-tool-use.ts"),
  PostToolUseFailure: () => import("./post-tool-use-failure.ts"),
  Stop: () => import("./stop.ts"),
  SubagentStop: () => import("./subagent-stop.ts"),
  PreCompact: () => import("./pre-compact.ts"),
  PostCompact: () => import("./post-compact.ts"),
  SessionEnd: () => import("./session-end.ts"),
};
