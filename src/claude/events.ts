import * as v from "valibot";

/**
 * The hook events cairn handles, named exactly as Claude Code names them, with the
 * stdin fields verified against Claude Code 2.1.328 (its real inputs are in
 * test/fixtures/hook-inputs/ and test/fixtures/claude-code-captures/).
 * Objects are loose: fields a future version adds pass through untouched.
 */
export const EVENT_NAMES = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "Stop",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

export function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

const common = {
  session_id: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  transcript_path: v.string(),
  cwd: v.string(),
  prompt_id: v.optional(v.string()),
  permission_mode: v.optional(v.string()),
  agent_id: v.optional(v.string()),
  agent_type: v.optional(v.string()),
};

const toolCommon = {
  ...common,
  tool_name: v.pipe(v.string(), v.minLength(1)),
  tool_input: v.record(v.string(), v.unknown()),
  tool_use_id: v.string(),
};

const schemas = {
  SessionStart: v.looseObject({
    ...common,
    hook_event_name: v.literal("SessionStart"),
    source: v.string(),
    model: v.optional(v.string()),
    context_tokens: v.optional(v.number()),
  }),
  UserPromptSubmit: v.looseObject({
    ...common,
    hook_event_name: v.literal("UserPromptSubmit"),
    prompt: v.string(),
  }),
  PreToolUse: v.looseObject({ ...toolCommon, hook_event_name: v.literal("PreToolUse") }),
  PostToolUse: v.looseObject({
    ...toolCommon,
    hook_event_name: v.literal("PostToolUse"),
    tool_response: v.unknown(),
    duration_ms: v.optional(v.number()),
  }),
  PostToolUseFailure: v.looseObject({
    ...toolCommon,
    hook_event_name: v.literal("PostToolUseFailure"),
    error: v.optional(v.string()),
    is_interrupt: v.optional(v.boolean()),
    duration_ms: v.optional(v.number()),
  }),
  Stop: v.looseObject({
    ...common,
    hook_event_name: v.literal("Stop"),
    stop_hook_active: v.optional(v.boolean()),
    last_assistant_message: v.optional(v.nullable(v.string())),
  }),
  SubagentStop: v.looseObject({
    ...common,
    hook_event_name: v.literal("SubagentStop"),
    stop_hook_active: v.optional(v.boolean()),
    agent_transcript_path: v.optional(v.string()),
    last_assistant_message: v.optional(v.nullable(v.string())),
  }),
  PreCompact: v.looseObject({
    ...common,
    hook_event_name: v.literal("PreCompact"),
    trigger: v.picklist(["manual", "auto"]),
    custom_instructions: v.optional(v.nullable(v.string())),
  }),
  PostCompact: v.looseObject({
    ...common,
    hook_event_name: v.literal("PostCompact"),
    trigger: v.optional(v.string()),
    compact_summary: v.optional(v.string()),
  }),
  SessionEnd: v.looseObject({
    ...common,
    hook_event_name: v.literal("SessionEnd"),
    reason: v.optional(v.string()),
  }),
} satisfies Record<EventName, v.GenericSchema>;

export type HookEvent<E extends EventName = EventName> = v.InferOutput<(typeof schemas)[E]>;
export type AnyHookEvent = { [E in EventName]: HookEvent<E> }[EventName];

type ParseResult<E extends EventName> = { ok: true; event: HookEvent<E> } | { ok: false; problem: string };

/** Checks one parsed stdin object against the event it was registered for. */
export function parseEvent<E extends EventName>(name: E, input: unknown): ParseResult<E> {
  return parseWith<HookEvent<E>>(schemas[name] as v.GenericSchema, input);
}

/** An input checked against a schema, or the first problem found, named by where it is. */
export function parseWith<T>(
  schema: v.GenericSchema,
  input: unknown,
): { ok: true; event: T } | { ok: false; problem: string } {
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, event: result.output as T };
  const first = result.issues[0];
  const where = first?.path?.map((p) => String(p.key)).join(".") || "(root)";
  return { ok: false, problem: `${where}: ${first?.message ?? "invalid"}` };
}

/**
 * What a handler may answer, per event. The dispatcher renders it to Claude Code's
 * JSON (adding hookEventName itself), so a handler cannot produce an answer that
 * Claude Code would reject as a whole for a wrong event name.
 */
export interface AnswerMap {
  SessionStart: { additionalContext?: string; systemMessage?: string };
  UserPromptSubmit: { additionalContext?: string; systemMessage?: string };
  /**
   * Context only. Claude Code decides every permission: cairn never answers a
   * permissionDecision and never rewrites the input (updatedInput), since Claude Code
   * checks only the command a hook returns (test/e2e/permission-matrix.e2e.test.ts).
   */
  PreToolUse: { additionalContext?: string };
  PostToolUse: { updatedToolOutput?: unknown; additionalContext?: string; systemMessage?: string };
  PostToolUseFailure: { additionalContext?: string; systemMessage?: string };
  Stop: { systemMessage?: string };
  SubagentStop: { systemMessage?: string };
  /** PreCompact's plain stdout is appended to the compaction prompt; JSON there means a block. */
  PreCompact: { instructions?: string; block?: { reason: string }; systemMessage?: string };
  PostCompact: { systemMessage?: string };
  SessionEnd: Record<string, never>;
}

export type Answer<E extends EventName> = AnswerMap[E];

/** Keys of an answer that belong inside hookSpecificOutput rather than at the top level. */
const SPECIFIC = new Set(["additionalContext", "updatedToolOutput"]);

/** The exact bytes to print for an answer. An empty answer is the no-op for its event. */
export function renderAnswer<E extends EventName>(name: E, answer: Answer<E> | undefined): string {
  if (name === "PreCompact") {
    const a = (answer ?? {}) as AnswerMap["PreCompact"];
    if (a.block) return JSON.stringify({ decision: "block", reason: a.block.reason });
    // Plain text becomes compaction instructions; an empty line adds nothing.
    return a.instructions ?? "";
  }
  if (!answer) return "{}";
  const top: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (value === undefined) continue;
    (SPECIFIC.has(key) ? specific : top)[key] = value;
  }
  if (Object.keys(specific).length > 0) top.hookSpecificOutput = { hookEventName: name, ...specific };
  return JSON.stringify(top);
}

export function noopAnswer(name: EventName): string {
  return renderAnswer(name, undefined);
}
