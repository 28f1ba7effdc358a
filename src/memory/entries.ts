/**
 * What one transcript entry contributes to layered memory, as a pure function of the
 * parsed JSON line. Claude Code 2.1.328 writes one entry per content block for
 * assistant messages, tool results as `user` entries, hook output as `attachment`
 * entries, and much bookkeeping (api-request, cost-state, ...) that memory ignores.
 */

import { type ContentBlock, readEntry, resultBlocks, type TranscriptEntry } from "../claude/transcript.ts";

export type Kind =
  | "user"
  | "assistant"
  | "memo"
  | "tool_use"
  | "tool_result"
  | "thinking"
  | "system"
  | "hook"
  | "image"
  | "summary";

/** Layer 2 is the conversation verbatim; layer 3 the details; layer 1 the turn summaries. */
export const LAYER: Readonly<Record<Kind, 1 | 2 | 3>> = {
  summary: 1,
  user: 2,
  assistant: 2,
  memo: 2,
  tool_use: 3,
  tool_result: 3,
  thinking: 3,
  system: 3,
  hook: 3,
  image: 3,
};

export interface EntryItem {
  /** The entry's uuid and the block's index: the idempotency key. */
  readonly key: string;
  readonly kind: Kind;
  readonly text: string;
  readonly toolName?: string;
  readonly toolUseId?: string;
  readonly isError?: boolean;
}

export interface ParsedEntry {
  readonly uuid: string;
  readonly at: number;
  /** A real user prompt: it opens a new turn. */
  readonly opensTurn: boolean;
  readonly items: readonly EntryItem[];
}

/** Hook attachments worth keeping as details; environment snapshots and listings are noise. */
const HOOK_ATTACHMENTS = new Set([
  "hook_additional_context",
  "hook_system_message",
  "hook_blocking_error",
  "hook_non_blocking_error",
  "hook_error_during_execution",
  "hook_stopped_continuation",
  "hook_cancelled",
  "async_hook_response",
]);

/** System entries with content a person may look for later. */
const SYSTEM_SUBTYPES = new Set(["compact_boundary", "local_command", "informational", "api_error"]);

/** Text Claude Code itself puts into user messages: not a prompt from the person. */
const NOT_A_PROMPT =
  /^\s*(<system-reminder>|<local-command-stdout>|<local-command-stderr>|<local-command-caveat>|\[Request interrupted by user)/;

/** Marks cairn's own resume injection, so ingesting the new session never stores it again. */
export const RESUME_MARK = "[cairn resume]";

export function parseEntry(line: string): ParsedEntry | undefined {
  // Cheap pre-filter: most lines of a transcript are bookkeeping memory never needs.
  if (!line.includes('"uuid"')) return undefined;
  const e = readEntry(line);
  if (!e?.uuid) return undefined;
  const at = e.timestamp !== undefined ? Date.parse(e.timestamp) || 0 : 0;
  const uuid = e.uuid;
  const items: EntryItem[] = [];
  let opensTurn = false;
  const add = (i: number, item: Omit<EntryItem, "key">) => {
    if (item.text) items.push({ key: `${uuid}#${i}`, ...item });
  };

  if (e.type === "user") {
    const content = e.message?.content;
    const special = e.isCompactSummary || e.isMeta || e.isVisibleInTranscriptOnly;
    if (typeof content === "string") {
      if (special || NOT_A_PROMPT.test(content)) add(0, { kind: "system", text: content });
      else {
        opensTurn = true;
        add(0, { kind: "user", text: content });
      }
    } else if (Array.isArray(content)) {
      content.forEach((b, i) => {
        if (!b) return;
        if (b.type === "text" && b.text !== undefined) {
          if (special || NOT_A_PROMPT.test(b.text)) add(i, { kind: "system", text: b.text });
          else {
            opensTurn = true;
            add(i, { kind: "user", text: b.text });
          }
        } else if (b.type === "tool_result") {
          add(i, {
            kind: "tool_result",
            text: resultText(b.content),
            ...(b.tool_use_id ? { toolUseId: b.tool_use_id } : {}),
            ...(b.is_error ? { isError: true } : {}),
          });
        } else if (b.type === "image") {
          add(i, { kind: "image", text: imagePlaceholder(b) });
        } else if (b.type === "document") {
          add(i, { kind: "image", text: `[document: ${mediaType(b)}]` });
        }
      });
    }
  } else if (e.type === "assistant") {
    const content = e.message?.content;
    if (typeof content === "string") add(0, { kind: "assistant", text: content });
    else if (Array.isArray(content)) {
      content.forEach((b, i) => {
        if (!b) return;
        if (b.type === "text" && b.text !== undefined) add(i, { kind: "assistant", text: b.text });
        else if (b.type === "tool_use")
          add(i, {
            kind: "tool_use",
            text: jsonText(b.input ?? {}),
            ...(b.name ? { toolName: b.name } : {}),
            ...(b.id ? { toolUseId: b.id } : {}),
          });
        else if (b.type === "thinking" && b.thinking !== undefined)
          add(i, { kind: "thinking", text: b.thinking });
        else if (b.type === "redacted_thinking") add(i, { kind: "thinking", text: "[redacted thinking]" });
      });
    }
  } else if (e.type === "attachment") {
    const a = e.attachment;
    if (a?.type && HOOK_ATTACHMENTS.has(a.type)) {
      const text = attachmentText(a);
      const name = a.hookName ?? a.type;
      if (!text.includes(RESUME_MARK)) add(0, { kind: "hook", text: `${name}: ${text}` });
    }
  } else if (e.type === "system") {
    if (e.subtype && SYSTEM_SUBTYPES.has(e.subtype) && e.content !== undefined)
      add(0, { kind: "system", text: `${e.subtype}: ${e.content}` });
  } else {
    return undefined;
  }
  return { uuid, at, opensTurn, items };
}

/** A tool_result's content: a string, or blocks of text and images. */
export function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  const blocks = resultBlocks(content);
  if (!blocks) return content === undefined ? "" : jsonText(content);
  return blocks
    .map((b) => {
      if (!b) return "[block]";
      if (b.type === "text") return b.text ?? "";
      if (b.type === "image") return imagePlaceholder(b);
      return `[${b.type ?? "block"}]`;
    })
    .join("\n");
}

/**
 * JSON text of a parsed value. JSON.parse accepts nesting far deeper than
 * JSON.stringify can write back (it runs out of stack), and one such line must not
 * stop ingestion of the rest of the transcript.
 */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "[nested too deeply to show]";
  }
}

function mediaType(b: ContentBlock): string {
  return b.source?.media_type ?? "unknown type";
}

function imagePlaceholder(b: ContentBlock): string {
  const data = b.source?.data;
  const bytes = data !== undefined ? Math.floor((data.length * 3) / 4) : 0;
  return `[image: ${mediaType(b)}${bytes ? `, ${bytes} bytes` : ""}]`;
}

function attachmentText(a: NonNullable<TranscriptEntry["attachment"]>): string {
  const parts: string[] = [];
  if (typeof a.content === "string" && a.content) parts.push(a.content);
  else if (Array.isArray(a.content))
    parts.push(a.content.map((c) => (typeof c === "string" ? c : jsonText(c))).join("\n"));
  if (a.stdout) parts.push(a.stdout);
  if (a.stderr) parts.push(`stderr: ${a.stderr}`);
  return parts.join("\n");
}
