/**
 * Reads complete transcript lines into ledger records. Pure: text and the state left by
 * the previous read in, records and the next state out. What it relies on (Claude Code
 * 2.1.328, as in test/fixtures/claude-code-captures/transcript-*.jsonl):
 *
 * - One API response is split over several `assistant` entries (one per content block)
 *   that share `message.id` and repeat its `usage`: a response is keyed by that id.
 * - Tool results are `user` entries with `tool_result` blocks; what the model sees is
 *   `message.content`, not `toolUseResult`.
 * - Each user prompt has its own `promptId`, which its tool results share: a new
 *   promptId is a new user turn.
 * - `system` entries of subtype `compact_boundary` mark compactions, with the size
 *   before and after in `compactMetadata`.
 * - Subagent entries have `isSidechain: true` and `agentId` (in their own file today;
 *   older versions wrote them into the main transcript).
 */

import { blocksOf, readEntry, resultBlocks, type TranscriptEntry } from "../claude/transcript.ts";
import { finiteNumber } from "../core/finite.ts";
import { estimateTokens } from "../core/format.ts";

export interface ScanState {
  /** User turns seen so far (distinct prompts). */
  readonly turn: number;
  readonly promptId: string | null;
  /** Compactions seen so far. */
  readonly epoch: number;
  readonly model: string | null;
  /** The main chain's context after the latest response or compaction. */
  readonly contextTokens: number | null;
  readonly contextAt: number | null;
  readonly maxContextTokens: number;
  /** The transcript's requests asked for the 1M-token context window. */
  readonly window1m: boolean;
}

export const EMPTY_STATE: ScanState = {
  turn: 0,
  promptId: null,
  epoch: 0,
  model: null,
  contextTokens: null,
  contextAt: null,
  maxContextTokens: 0,
  window1m: false,
};

export interface ResponseRecord {
  readonly messageId: string;
  /** '' for the main chain. */
  readonly agentId: string;
  readonly model: string | null;
  input: number;
  cacheCreation: number;
  cacheRead: number;
  output: number;
  readonly at: number;
  /** Position in the file (orders responses). */
  readonly seq: number;
  readonly turn: number;
  readonly epoch: number;
}

export interface ToolCallRecord {
  readonly toolUseId: string;
  readonly agentId: string;
  readonly name: string;
  readonly messageId: string | null;
  readonly at: number;
}

export interface ToolResultRecord {
  readonly toolUseId: string;
  readonly agentId: string;
  /** UTF-8 bytes of what the model was shown. */
  readonly bytes: number;
  /** Estimated tokens of it (4 characters each; an image counts IMAGE_TOKENS). */
  readonly tokens: number;
  readonly isError: boolean;
  readonly at: number;
  readonly turn: number;
  readonly epoch: number;
}

export interface CompactionRecord {
  readonly uuid: string;
  readonly agentId: string;
  readonly at: number;
  readonly trigger: string | null;
  readonly preTokens: number | null;
  readonly postTokens: number | null;
  readonly seq: number;
}

export interface ScanResult {
  readonly responses: ResponseRecord[];
  readonly toolCalls: ToolCallRecord[];
  readonly toolResults: ToolResultRecord[];
  readonly compactions: CompactionRecord[];
  readonly state: ScanState;
  readonly lines: number;
}

/** An image in a tool result: Claude Code's own rough figure for a screenshot-sized image. */
export const IMAGE_TOKENS = 1_600;

const CANDIDATES = ['"type":"assistant"', '"type":"user"', '"compact_boundary"'].map((c) => Buffer.from(c));
const API_REQUEST = Buffer.from('{"type":"api-request"');
const CONTEXT_1M = Buffer.from("context-1m");

/** What one scan gathers, line by line. */
interface Scan {
  readonly state: Mutable<ScanState>;
  readonly responses: Map<string, ResponseRecord>;
  readonly toolCalls: ToolCallRecord[];
  readonly toolResults: ToolResultRecord[];
  readonly compactions: CompactionRecord[];
}

/** Where an entry stands: its chain ('' for the main one), its time and its position in the file. */
interface Where {
  readonly agentId: string;
  readonly at: number;
  readonly seq: number;
}

/**
 * Scans `buf`, which holds only complete lines, starting at byte `baseOffset` of a
 * file whose main-chain entries belong to `fileAgentId` ('' for a session transcript).
 * Lines are located and filtered as bytes; only the few that matter are decoded and
 * parsed, which keeps a first read of a large transcript fast.
 */
export function scanLines(buf: Buffer, baseOffset: number, fileAgentId: string, prev: ScanState): ScanResult {
  const scan: Scan = {
    state: { ...prev },
    responses: new Map(),
    toolCalls: [],
    toolResults: [],
    compactions: [],
  };
  let lines = 0;
  let pos = 0;
  while (pos < buf.length) {
    let end = buf.indexOf(0x0a, pos);
    if (end < 0) end = buf.length;
    const start = pos;
    pos = end + 1;
    if (end - start < 2) continue;
    lines++;
    const line = buf.subarray(start, end);
    // Most bytes are in entries the ledger has no use for (request journals, prompt
    // snapshots, attachments); a byte search skips them without decoding or parsing.
    if (line.subarray(0, API_REQUEST.length).equals(API_REQUEST)) {
      if (!scan.state.window1m && line.includes(CONTEXT_1M)) scan.state.window1m = true;
      continue;
    }
    if (!CANDIDATES.some((c) => line.includes(c))) continue;
    const e = readEntry(line.toString("utf8"));
    if (!e) continue; // a torn line written by a crash: nothing to count
    const where: Where = {
      agentId: fileAgentId || (e.isSidechain ? (e.agentId ?? "sidechain") : ""),
      at: e.timestamp !== undefined ? Date.parse(e.timestamp) || 0 : 0,
      seq: baseOffset + start,
    };
    if (e.type === "assistant") onResponse(scan, e, where);
    else if (e.type === "user") onUserEntry(scan, e, where);
    else if (e.type === "system" && e.subtype === "compact_boundary") onCompaction(scan, e, where);
  }
  const { state, responses, toolCalls, toolResults, compactions } = scan;
  return { responses: [...responses.values()], toolCalls, toolResults, compactions, state, lines };
}

/** An assistant entry: its response's usage (once per response) and its tool calls. */
function onResponse(scan: Scan, e: TranscriptEntry, { agentId, at, seq }: Where): void {
  const m = e.message;
  if (!m) return;
  const id = m.id ?? null;
  if (id && m.usage && m.model !== "<synthetic>") {
    const u = m.usage;
    const rec: ResponseRecord = {
      messageId: id,
      agentId,
      model: m.model ?? null,
      input: num(u.input_tokens),
      cacheCreation: num(u.cache_creation_input_tokens),
      cacheRead: num(u.cache_read_input_tokens),
      output: num(u.output_tokens),
      at,
      seq,
      turn: scan.state.turn,
      epoch: scan.state.epoch,
    };
    const key = `${agentId}\0${id}`;
    const seen = scan.responses.get(key);
    if (seen) {
      // Every entry of a response repeats its usage; a streamed one may carry a
      // partial output count, so the largest figures are the response's.
      seen.input = Math.max(seen.input, rec.input);
      seen.cacheCreation = Math.max(seen.cacheCreation, rec.cacheCreation);
      seen.cacheRead = Math.max(seen.cacheRead, rec.cacheRead);
      seen.output = Math.max(seen.output, rec.output);
    } else {
      scan.responses.set(key, rec);
    }
    if (agentId === "") {
      const r = seen ?? rec;
      const ctx = r.input + r.cacheCreation + r.cacheRead;
      scan.state.contextTokens = ctx;
      scan.state.contextAt = r.at;
      scan.state.maxContextTokens = Math.max(scan.state.maxContextTokens, ctx);
      if (r.model) scan.state.model = r.model;
    }
  }
  for (const b of blocksOf(e)) {
    if (b.type === "tool_use" && b.id !== undefined)
      scan.toolCalls.push({ toolUseId: b.id, agentId, name: b.name ?? "", messageId: id, at });
  }
}

/** A user entry: a new prompt opens a turn; its tool results are sized. */
function onUserEntry(scan: Scan, e: TranscriptEntry, { agentId, at }: Where): void {
  const { state } = scan;
  if (agentId === "" && !e.isCompactSummary && !e.isMeta) {
    if (e.promptId !== undefined) {
      if (e.promptId !== state.promptId) {
        state.turn += 1;
        state.promptId = e.promptId;
      }
    } else if (typeof e.message?.content === "string") {
      state.turn += 1;
    }
  }
  for (const b of blocksOf(e)) {
    if (b.type !== "tool_result" || b.tool_use_id === undefined) continue;
    const size = resultSize(b.content);
    scan.toolResults.push({
      toolUseId: b.tool_use_id,
      agentId,
      bytes: size.bytes,
      tokens: size.tokens,
      isError: b.is_error === true,
      at,
      turn: state.turn,
      epoch: state.epoch,
    });
  }
}

/** A compaction: its figures, and a new epoch for the main chain. */
function onCompaction(scan: Scan, e: TranscriptEntry, { agentId, at, seq }: Where): void {
  const meta = e.compactMetadata;
  const post = finite(meta?.postTokens);
  scan.compactions.push({
    uuid: e.uuid ?? `at-${seq}`,
    agentId,
    at,
    trigger: meta?.trigger ?? null,
    preTokens: finite(meta?.preTokens),
    postTokens: post,
    seq,
  });
  if (agentId === "") {
    scan.state.epoch += 1;
    // Until the next response, the best measurement of the context is Claude
    // Code's own count of what the compaction kept.
    scan.state.contextTokens = post;
    scan.state.contextAt = at;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const num = (v: unknown): number => finiteNumber(v) ?? 0;
const finite = (v: unknown): number | null => finiteNumber(v) ?? null;

/** Size of a tool_result's content as the model sees it: a string, or text and image blocks. */
export function resultSize(content: unknown): { bytes: number; tokens: number } {
  if (typeof content === "string")
    return { bytes: Buffer.byteLength(content), tokens: estimateTokens(content.length) };
  const blocks = resultBlocks(content);
  if (!blocks) return { bytes: 0, tokens: 0 };
  let bytes = 0;
  let tokens = 0;
  for (const b of blocks) {
    if (b?.type === "text" && b.text !== undefined) {
      bytes += Buffer.byteLength(b.text);
      tokens += estimateTokens(b.text.length);
    } else if (b?.type === "image") {
      bytes += b.source?.data?.length ?? 0;
      tokens += IMAGE_TOKENS;
    }
  }
  return { bytes, tokens };
}
