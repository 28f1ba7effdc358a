import { appendFileSync, readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { skipCodeCacheWrites } from "../chunk-loader.ts";
import type { EventName } from "../claude/events.ts";
import { readTail } from "../claude/transcript.ts";
import { monotonicMs } from "../core/clock.ts";
import { errorMessage, FILE_MODE, readRegularText, writeFileAtomic } from "../core/fs.ts";
import { RECURSION_GUARD } from "../core/guard.ts";
import { fnv1a64 } from "../core/hash.ts";
import { createLogger, type Logger } from "../core/log.ts";
import { type CairnPaths, cairnPaths, isUsableDir, safeId, sessionDir } from "../core/paths.ts";
import { redact } from "../core/secrets/redact.ts";
import { selfInvocation } from "../core/self.ts";
import { isOff } from "../core/switches.ts";
import { mark } from "../core/trace.ts";
import {
  AS_CLAUDE_EVENT,
  GEMINI_AGENT,
  type GeminiEvent,
  type GeminiEventName,
  isGeminiEvent,
  parseGeminiEvent,
  readClaudeAnswer,
  renderGeminiAnswer,
  toolCallId,
} from "../gemini/events.ts";
import { type AsClaude, asClaude } from "../gemini/tool-outputs.ts";
import { geminiWindow, lastPromptTokens, mirrorLines } from "../gemini/transcript.ts";
import type { EventParts } from "../hooks/context.ts";
import { dispatch, PROTO_KEY } from "../hooks/dispatch.ts";
import { openStore } from "../store/db.ts";
import { configOrDefaults, replyOnStdout } from "./hook-process.ts";
import { readStdin } from "./stdin.ts";

/**
 * `cairn gemini-hook <Event>`: one Gemini CLI hook, answered by the same dispatcher and
 * parts as Claude Code's. The Gemini event is read as the Claude Code event it stands for
 * (gemini/events.ts), the engine answers, and the answer is put back in Gemini's terms:
 * context where Gemini takes it, and a compressed tool result as a tail call.
 *
 * A compressed result reaches the model through AfterTool's `tailToolCallRequest`: Gemini
 * runs the named tool next and sends its result in place of the original, under the
 * original call's name and id, not marked as a failure (measured on 0.61.0:
 * docs/gemini-cli-contract.md §3). The tool is Gemini's own read_file, reading the
 * excerpt cairn wrote into Gemini's project temp directory (`~/.gemini/tmp/<project>/`,
 * where read_file may read): nothing to trust, no server that must be up. `decision:
 * "deny"` would mark the call failed; additionalContext only adds to the original.
 *
 * Fail-open like every transport: any problem answers `{}` (Gemini goes on with its own
 * result) and leaves a log line; a hard timer answers `{}` past hook.budget_ms.
 */
export async function runGeminiHook(parts: EventParts, name: string | undefined): Promise<void> {
  const startedAt = monotonicMs() - process.uptime() * 1000;
  const reply = replyOnStdout();
  const env = process.env;
  const eventName = name ?? "";
  if (env[RECURSION_GUARD] === "1" || !isGeminiEvent(eventName)) return reply.finish(NOOP);
  const paths = cairnPaths();
  const projectDir = env.GEMINI_PROJECT_DIR || env.CLAUDE_PROJECT_DIR || process.cwd();
  if (isOff(paths, projectDir) === "global") {
    skipCodeCacheWrites();
    return reply.finish(NOOP);
  }
  const resolved = await configOrDefaults(paths, projectDir);
  const log = createLogger(paths, resolved.config["log.level"]);
  const hard = setTimeout(
    () => {
      if (!reply.answered())
        log.error(`gemini hook did not finish within its budget; answering no-op`, { event: eventName });
      reply.finish(NOOP);
    },
    Math.max(0, startedAt + resolved.config["hook.budget_ms"] + 250 - monotonicMs()),
  );
  hard.unref();
  try {
    const input = await readStdin(resolved.config["hook.max_stdin_mb"] * 1024 * 1024);
    mark("stdin");
    if (input.oversize) {
      log.warn("gemini hook input exceeds hook.max_stdin_mb; passing through untouched", {
        event: eventName,
      });
      return reply.finish(NOOP);
    }
    const event = geminiEventOf(eventName, input.text, log);
    if (!event) return reply.finish(NOOP);
    const plan = planFor(eventName, event, paths, log);
    if (!plan) return reply.finish(NOOP);
    const answerFor = (output: string) => geminiAnswer(eventName, event, plan.tool, output, log);
    const result = await dispatch(plan.name, JSON.stringify(plan.event), {
      paths,
      resolved,
      log,
      env,
      self: selfInvocation(),
      openStore: () => openStore(paths.db),
      parts,
      projectDir,
      onAnswer: (r) => reply.answer(answerFor(r.output)),
      startedAt,
    });
    reply.finish(reply.answered() ? NOOP : answerFor(result.output));
  } catch (err) {
    log.error("gemini hook failed; answering no-op", { event: eventName, err });
    reply.finish(NOOP);
  }
}

const NOOP = "{}";

function geminiEventOf(name: GeminiEventName, raw: string, log: Logger): GeminiEvent | undefined {
  let input: unknown;
  try {
    input = JSON.parse(raw);
  } catch (err) {
    log.warn("gemini hook input is not JSON; answering no-op", { event: name, err: errorMessage(err) });
    return undefined;
  }
  // A "__proto__" key would become the prototype of the objects built from the input (as in dispatch.ts).
  if (raw.includes('"__proto__"') && PROTO_KEY.test(raw)) {
    log.warn("gemini hook input has a __proto__ key; answering no-op", { event: name });
    return undefined;
  }
  const parsed = parseGeminiEvent(name, input);
  if (!parsed.ok) {
    log.warn("gemini hook input does not match the contract; answering no-op", {
      event: name,
      problem: parsed.problem,
    });
    return undefined;
  }
  return parsed.event;
}

interface Plan {
  readonly name: EventName;
  readonly event: Record<string, unknown>;
  readonly tool?: AsClaude;
}

/**
 * The Claude Code event a Gemini one is handled as, or undefined when cairn has nothing
 * to do: the tail call cairn itself asked for (it carries `original_request_name`), and
 * the automatic PreCompress Gemini fires before every model request, except when the
 * prompt it last sent is large enough that a compression may follow.
 */
function planFor(name: GeminiEventName, e: GeminiEvent, paths: CairnPaths, log: Logger): Plan | undefined {
  const g = e as GeminiEvent & Record<string, unknown>;
  const common = {
    session_id: g.session_id,
    // The engine reads Claude Code's transcript format: Gemini's session file, mirrored.
    transcript_path: mirrorPath(paths, g.session_id),
    cwd: g.cwd,
    hook_event_name: AS_CLAUDE_EVENT[name],
    cairn_agent: GEMINI_AGENT,
  };
  switch (g.hook_event_name) {
    case "SessionStart":
      if (g.source === "resume") updateMirror(paths, g, true, log);
      return { name: "SessionStart", event: { ...common, source: g.source ?? "startup" } };
    case "BeforeAgent":
      return { name: "UserPromptSubmit", event: { ...common, prompt: g.prompt } };
    case "AfterTool": {
      if (g.original_request_name !== undefined) return undefined;
      const tool = asClaude(g.tool_name, g.tool_input, g.tool_response, g.mcp_context);
      const event = {
        ...common,
        tool_name: tool?.toolName ?? g.tool_name,
        tool_input: tool?.toolInput ?? g.tool_input,
        tool_response: tool?.toolResponse ?? g.tool_response,
        tool_use_id: toolCallId(g as GeminiEvent<"AfterTool">, fnv1a64),
      };
      return { name: "PostToolUse", event, ...(tool ? { tool } : {}) };
    }
    case "AfterAgent":
      updateMirror(paths, g, true, log);
      return {
        name: "Stop",
        event: {
          ...common,
          stop_hook_active: g.stop_hook_active ?? false,
          last_assistant_message: g.prompt_response ?? null,
        },
      };
    case "PreCompress": {
      if (g.trigger === "auto" && !mayCompress(g.transcript_path)) return undefined;
      updateMirror(paths, g, false, log);
      return { name: "PreCompact", event: { ...common, trigger: g.trigger, custom_instructions: null } };
    }
    case "SessionEnd":
      updateMirror(paths, g, true, log);
      return { name: "SessionEnd", event: { ...common, reason: g.reason ?? "other" } };
  }
  return undefined;
}

/**
 * Whether Gemini's automatic compression may run now. It compresses when the prompt it
 * last sent reached its threshold (half the window by default; a user setting or an
 * experiment can lower it), so from a fifth of the window on cairn counts it as one:
 * treating a compression that did not happen as one only shows outputs in full again.
 */
function mayCompress(transcriptPath: string): boolean {
  const { lines } = readTail(transcriptPath, 256 * 1024);
  const last = lastPromptTokens(lines.join("\n"));
  return last !== undefined && last.tokens >= COMPRESSION_SHARE * geminiWindow(last.model);
}
const COMPRESSION_SHARE = 0.2;

/** Beside the session's other files, so retention ages it out with them. */
export function mirrorPath(paths: CairnPaths, sessionId: string): string {
  return join(sessionDir(paths, sessionId), "gemini-transcript.jsonl");
}

/** Largest session file mirrored (a longer one keeps the mirror as it was). */
const MIRROR_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Brings the mirror up to Gemini's session file: what the mirror holds stays its prefix,
 * so only the new lines are appended (readers keep their byte offsets); when it is not a
 * prefix (the session was rewound), it is rewritten whole.
 */
function updateMirror(
  paths: CairnPaths,
  e: { session_id: string; transcript_path: string },
  final: boolean,
  log: Logger,
): void {
  try {
    if (!isUsableDir(e.transcript_path)) return;
    const text = readRegularText(e.transcript_path, MIRROR_MAX_BYTES);
    if (text === undefined) return;
    const lines = mirrorLines(text, final, (s) => redact(s).text);
    const want = lines.length > 0 ? `${lines.join("\n")}\n` : "";
    const path = mirrorPath(paths, e.session_id);
    let have = "";
    try {
      have = readFileSync(path, "utf8");
    } catch {}
    if (want === have) return;
    if (have && want.startsWith(have)) appendFileSync(path, want.slice(have.length), { mode: FILE_MODE });
    else writeFileAtomic(path, want, FILE_MODE, { durable: false });
  } catch (err) {
    log.warn("could not mirror the Gemini session file; memory and the ledger wait for the next turn", {
      session: e.session_id,
      err,
    });
  }
}

/** The engine's answer in Gemini's terms; a replaced tool result becomes the tail call that shows the excerpt. */
function geminiAnswer(
  name: GeminiEventName,
  e: GeminiEvent,
  tool: AsClaude | undefined,
  output: string,
  log: Logger,
): string {
  const answer = readClaudeAnswer(output);
  if (name !== "AfterTool" || answer.updatedToolOutput === undefined || !tool)
    return renderGeminiAnswer(name, answer);
  const text = tool.rebuild(answer.updatedToolOutput);
  const file = text === undefined ? undefined : writeExcerpt(e as GeminiEvent<"AfterTool">, text, log);
  return renderGeminiAnswer(
    name,
    answer,
    file ? { name: "read_file", args: { file_path: file } } : undefined,
  );
}

/**
 * Writes the text the model is to read where Gemini's read_file may read it: its project
 * temp directory, the parent of the session file's `chats/` folder. Undefined (the
 * original then goes to the model) when that is not where the session file is.
 */
function writeExcerpt(e: GeminiEvent<"AfterTool">, text: string, log: Logger): string | undefined {
  const chats = dirname(e.transcript_path);
  if (!isUsableDir(e.transcript_path) || basename(chats) !== "chats") {
    log.warn("Gemini's session file is not in its chats/ folder; the output goes to the model as it was", {
      session: e.session_id,
    });
    return undefined;
  }
  try {
    const dir = join(dirname(chats), "cairn");
    const file = join(dir, `${safeId(toolCallId(e, fnv1a64))}.txt`);
    writeFileAtomic(file, text, FILE_MODE, { durable: false });
    sweep(dir, file);
    return file;
  } catch (err) {
    log.warn("could not write the excerpt for Gemini's read_file; the output goes to the model as it was", {
      session: e.session_id,
      err,
    });
    return undefined;
  }
}

/** Excerpts the model has read long since (read_file runs right after the hook) go. */
function sweep(dir: string, keep: string): void {
  const cutoff = Date.now() - 60 * 60 * 1000;
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (p === keep || !name.endsWith(".txt")) continue;
    try {
      if (statSync(p).mtimeMs < cutoff) unlinkSync(p);
    } catch {}
    if (++n >= 64) break;
  }
}
