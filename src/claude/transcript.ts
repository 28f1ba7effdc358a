import { closeSync, fstatSync, readSync } from "node:fs";
import * as v from "valibot";
import { openRegularFile } from "../core/fs.ts";

/**
 * The one reader of Claude Code's transcript (JSONL, one entry a line). What the
 * entries hold (Claude Code 2.1.328, as in test/fixtures/claude-code-captures/):
 *
 * - `assistant` entries carry one content block each; the entries of one API response
 *   share `message.id` and repeat its `usage`.
 * - Tool results are `user` entries with `tool_result` blocks; a prompt is a `user`
 *   entry whose content is text, with its own `promptId`.
 * - `system` entries of subtype `compact_boundary` mark compactions (`compactMetadata`);
 *   hook output is in `attachment` entries.
 * - Subagent entries have `isSidechain: true` and `agentId`.
 *
 * The schemas say what each field must be. A transcript is written by another program
 * and may be torn or edited, so a field of the wrong type reads as absent (a number
 * where a string goes must not reach a template literal, String() or the store) rather
 * than costing the whole entry; a line that is not a JSON object is no entry.
 */

/** A field of the type Claude Code writes, or absent when the line holds anything else there. */
const maybe = <S extends v.GenericSchema>(schema: S) => v.fallback(v.optional(schema), undefined);

/** A field read as it is (each reader checks what it needs of it). */
const anything = v.optional(v.unknown());
const str = maybe(v.string());
const bool = maybe(v.boolean());
/** An object of named values (`usage`, a tool's `input`); an array or null is not one. */
const dict = maybe(
  v.custom<Record<string, unknown>>((x) => typeof x === "object" && x !== null && !Array.isArray(x)),
);

const BlockSchema = v.object({
  type: str,
  id: str,
  name: str,
  text: str,
  thinking: str,
  input: anything,
  tool_use_id: str,
  /** A tool result's content: a string, or text and image blocks (see resultBlocks). */
  content: anything,
  is_error: bool,
  source: maybe(v.object({ type: str, media_type: str, data: str })),
});

/** A message's content: text, or blocks where each element that is not an object reads as absent (indexes are kept). */
const ContentSchema = maybe(v.union([v.string(), v.array(maybe(BlockSchema))]));

const EntrySchema = v.object({
  type: str,
  subtype: str,
  uuid: str,
  timestamp: str,
  isSidechain: bool,
  isMeta: bool,
  isCompactSummary: bool,
  isVisibleInTranscriptOnly: bool,
  agentId: str,
  promptId: str,
  /** A `system` entry's text. */
  content: str,
  compactMetadata: maybe(v.object({ trigger: str, preTokens: anything, postTokens: anything })),
  message: maybe(v.object({ id: str, role: str, model: str, usage: dict, content: ContentSchema })),
  attachment: maybe(v.object({ type: str, hookName: str, content: anything, stdout: str, stderr: str })),
});

export type TranscriptEntry = v.InferOutput<typeof EntrySchema>;
export type ContentBlock = v.InferOutput<typeof BlockSchema>;

/** A parsed JSON value as a transcript entry, or undefined when it is not an object. */
export function entryOf(value: unknown): TranscriptEntry | undefined {
  const r = v.safeParse(EntrySchema, value);
  return r.success ? r.output : undefined;
}

/** One line as a transcript entry; undefined for a torn line, one being written, or one that is not an object. */
export function readEntry(line: string): TranscriptEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return entryOf(value);
}

/** The blocks of an entry's message that are objects (a string content has none). */
export function blocksOf(e: TranscriptEntry): ContentBlock[] {
  const content = e.message?.content;
  return Array.isArray(content) ? content.filter((b): b is ContentBlock => b !== undefined) : [];
}

const ResultContentSchema = v.array(maybe(BlockSchema));

/**
 * A tool result's content as blocks (text and images; an element that is not an
 * object reads as absent, in its place), or undefined when the content is not a list.
 */
export function resultBlocks(content: unknown): (ContentBlock | undefined)[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const r = v.safeParse(ResultContentSchema, content);
  return r.success ? r.output : undefined;
}

/** A tool use's input as an object ({} when a line holds anything else there). */
export function toolInput(b: ContentBlock): Record<string, unknown> {
  const input = b.input;
  return typeof input === "object" && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

/** The last `maxBytes` of a file as lines (the cut first line dropped), and whether that is the whole file. */
export function readTail(path: string, maxBytes: number): { lines: string[]; whole: boolean } {
  // The path comes from hook input: a FIFO, a device or a directory reads as empty.
  const fd = openRegularFile(path);
  if (fd === undefined) return { lines: [], whole: true };
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString("utf8").split("\n");
    if (start > 0) lines.shift();
    return { lines, whole: start === 0 };
  } finally {
    closeSync(fd);
  }
}
