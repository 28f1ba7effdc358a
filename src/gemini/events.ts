import * as v from "valibot";
import { type EventName, parseWith } from "../claude/events.ts";

/**
 * The Gemini CLI hook events cairn handles, with the stdin fields verified on Gemini CLI
 * 0.61.0 (docs/gemini-cli-contract.md; real inputs in test/fixtures/gemini-captures/), and the
 * Claude Code event each one is handled as: one engine, the same parts, serve both agents.
 *
 * - SessionStart {source: startup|resume|clear} is SessionStart.
 * - BeforeAgent {prompt} is UserPromptSubmit: its additionalContext is appended to the prompt.
 * - AfterTool {tool_name, tool_input, tool_response:{llmContent, returnDisplay, error?},
 *   mcp_context?, original_request_name?} is PostToolUse.
 * - AfterAgent {prompt, prompt_response, stop_hook_active} is Stop.
 * - PreCompress {trigger: auto|manual} is PreCompact, but only when a compression really
 *   follows: Gemini fires "auto" before every model request with any history, and then
 *   compresses only past its threshold (see transports/gemini.ts).
 * - SessionEnd {reason} is SessionEnd.
 */
export const GEMINI_EVENTS = [
  "SessionStart",
  "BeforeAgent",
  "AfterTool",
  "AfterAgent",
  "PreCompress",
  "SessionEnd",
] as const;
export type GeminiEventName = (typeof GEMINI_EVENTS)[number];

export function isGeminiEvent(name: string): name is GeminiEventName {
  return (GEMINI_EVENTS as readonly string[]).includes(name);
}

export const AS_CLAUDE_EVENT = {
  SessionStart: "SessionStart",
  BeforeAgent: "UserPromptSubmit",
  AfterTool: "PostToolUse",
  AfterAgent: "Stop",
  PreCompress: "PreCompact",
  SessionEnd: "SessionEnd",
} as const satisfies Record<GeminiEventName, EventName>;

const common = {
  session_id: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  transcript_path: v.string(),
  cwd: v.string(),
  timestamp: v.optional(v.string()),
};

const schemas = {
  SessionStart: v.looseObject({
    ...common,
    hook_event_name: v.literal("SessionStart"),
    source: v.optional(v.string()),
  }),
  BeforeAgent: v.looseObject({ ...common, hook_event_name: v.literal("BeforeAgent"), prompt: v.string() }),
  AfterTool: v.looseObject({
    ...common,
    hook_event_name: v.literal("AfterTool"),
    tool_name: v.pipe(v.string(), v.minLength(1)),
    tool_input: v.record(v.string(), v.unknown()),
    tool_response: v.unknown(),
    original_request_name: v.optional(v.string()),
  }),
  AfterAgent: v.looseObject({
    ...common,
    hook_event_name: v.literal("AfterAgent"),
    prompt: v.optional(v.string()),
    prompt_response: v.optional(v.string()),
    stop_hook_active: v.optional(v.boolean()),
  }),
  PreCompress: v.looseObject({
    ...common,
    hook_event_name: v.literal("PreCompress"),
    trigger: v.picklist(["auto", "manual"]),
  }),
  SessionEnd: v.looseObject({
    ...common,
    hook_event_name: v.literal("SessionEnd"),
    reason: v.optional(v.string()),
  }),
} satisfies Record<GeminiEventName, v.GenericSchema>;

export type GeminiEvent<E extends GeminiEventName = GeminiEventName> = v.InferOutput<(typeof schemas)[E]>;

export function parseGeminiEvent<E extends GeminiEventName>(
  name: E,
  input: unknown,
): { ok: true; event: GeminiEvent<E> } | { ok: false; problem: string } {
  return parseWith<GeminiEvent<E>>(schemas[name] as v.GenericSchema, input);
}

/** The agent cairn's records name for a session Gemini CLI ran (the sessions table's `agent`). */
export const GEMINI_AGENT = "gemini-cli";

/**
 * A stable id for one tool call: Gemini's AfterTool input carries none. The same call
 * (a retried hook) gets the same id; two calls differ by their timestamps.
 */
export function toolCallId(event: GeminiEvent<"AfterTool">, hash: (s: string) => string): string {
  return `gemini-${hash(`${event.timestamp ?? ""}\0${event.tool_name}\0${JSON.stringify(event.tool_input)}`).slice(0, 24)}`;
}

/** What the engine's answer (Claude Code's JSON, from the dispatcher) says, read back. */
export interface ClaudeAnswer {
  readonly additionalContext?: string;
  readonly systemMessage?: string;
  readonly updatedToolOutput?: unknown;
}

export function readClaudeAnswer(output: string): ClaudeAnswer {
  let o: unknown;
  try {
    o = JSON.parse(output);
  } catch {
    return {}; // PreCompact's plain-text instructions: Gemini has no place for them
  }
  if (typeof o !== "object" || o === null) return {};
  const top = o as Record<string, unknown>;
  const specific = (typeof top.hookSpecificOutput === "object" && top.hookSpecificOutput) || {};
  const s = specific as Record<string, unknown>;
  return {
    ...(typeof s.additionalContext === "string" ? { additionalContext: s.additionalContext } : {}),
    ...(typeof top.systemMessage === "string" ? { systemMessage: top.systemMessage } : {}),
    ...("updatedToolOutput" in s ? { updatedToolOutput: s.updatedToolOutput } : {}),
  };
}

/**
 * Gemini's answer for an event. Only what Gemini honours without side effects is
 * rendered: additionalContext where the event takes it (SessionStart, BeforeAgent,
 * AfterTool), systemMessage (shown to the user), and for a compressed tool result the
 * tail call that makes the model read the excerpt instead. cairn never answers a
 * decision: it blocks nothing, retries nothing, and never stops the agent.
 */
export function renderGeminiAnswer(
  name: GeminiEventName,
  answer: ClaudeAnswer,
  tail?: { readonly name: string; readonly args: Record<string, unknown> },
): string {
  const out: Record<string, unknown> = {};
  if (answer.systemMessage) out.systemMessage = answer.systemMessage;
  const specific: Record<string, unknown> = {};
  if (answer.additionalContext && (name === "SessionStart" || name === "BeforeAgent" || name === "AfterTool"))
    specific.additionalContext = answer.additionalContext;
  if (tail && name === "AfterTool") specific.tailToolCallRequest = tail;
  if (Object.keys(specific).length > 0) out.hookSpecificOutput = { hookEventName: name, ...specific };
  return JSON.stringify(out);
}
