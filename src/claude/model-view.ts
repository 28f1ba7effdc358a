import { dirname, join } from "node:path";
import {
  BASH_SPILL_CHARS,
  GLOB_SPILL_CHARS,
  GREP_SPILL_CHARS,
  MCP_SPILL_CHARS,
  PREVIEW_CHARS,
} from "./limits.ts";
import { extractOutput } from "./tool-outputs.ts";

/**
 * What the model is shown of a tool's result, as Claude Code 2.1.328 builds it
 * (checked against captures without cairn: test/fixtures/claude-code-captures/
 * spill-without-cairn.json). A result over its tool's limit is saved to a file and the
 * model sees a notice instead: the size, the path, and the first 2,000 characters cut
 * at a line's end when one falls in their second half. A Read is shown with its line
 * numbers (`12\t…`).
 */

/** The most of a tool's result Claude Code shows inline: Read never saves (it has caps of its own). */
export function toolLimit(tool: string): number {
  if (tool === "Bash") return BASH_SPILL_CHARS;
  if (tool === "Grep") return GREP_SPILL_CHARS;
  if (tool === "Glob") return GLOB_SPILL_CHARS;
  return tool.startsWith("mcp__") ? MCP_SPILL_CHARS : Number.POSITIVE_INFINITY;
}

/** Claude Code's notice for a saved result: what the model sees instead of it. */
export function savedNotice(text: string, path: string, size = text.length): string {
  let cut = text.length;
  if (text.length > PREVIEW_CHARS) {
    const nl = text.slice(0, PREVIEW_CHARS).lastIndexOf("\n");
    cut = nl > PREVIEW_CHARS / 2 ? nl : PREVIEW_CHARS;
    if (/[\ud800-\udbff]/.test(text.charAt(cut - 1))) cut -= 1;
  }
  const more = cut < text.length ? "\n...\n" : "\n";
  return `<persisted-output>\nOutput too large (${sizeText(size)}). Full output saved to: ${path}\n\nPreview (first 2KB):\n${text.slice(0, cut)}${more}</persisted-output>`;
}

/** Claude Code's size words: "812 bytes", "91.5KB", "1.1MB". */
function sizeText(n: number): string {
  const k = n / 1024;
  if (k < 1) return `${n} bytes`;
  if (k < 1024) return `${k.toFixed(1).replace(/\.0$/, "")}KB`;
  const m = k / 1024;
  if (m < 1024) return `${m.toFixed(1).replace(/\.0$/, "")}MB`;
  return `${(m / 1024).toFixed(1).replace(/\.0$/, "")}GB`;
}

/** Where Claude Code saves a result after the hooks: beside the session's transcript. */
export function resultPath(
  transcriptPath: string,
  sessionId: string,
  toolUseId: string,
  json = false,
): string {
  return join(dirname(transcriptPath), sessionId, "tool-results", `${toolUseId}.${json ? "json" : "txt"}`);
}

/** The call a result belongs to: what names the saved file. */
export interface CallPlace {
  readonly tool: string;
  readonly toolUseId: string;
  readonly sessionId: string;
  readonly transcriptPath: string;
}

/**
 * The text the model reads for a tool's result (`response`, in the tool's own shape:
 * what it returned, or a hook's replacement), or undefined for a shape cairn does not
 * read. `size` is the result's length where Claude Code already cut it (Bash's own
 * limit, before the hooks).
 */
export function modelText(
  place: CallPlace,
  input: Record<string, unknown>,
  response: unknown,
): string | undefined {
  const out = extractOutput(place.tool, input, response);
  if (!out) return undefined;
  let text = out.text;
  if (place.tool === "Read") text = numbered(text, out.firstLine ?? 1);
  // Bash saved its own output before the hooks ran: the notice names that file, the preview is its start.
  if (out.persistedPath !== undefined) {
    const size = (response as { persistedOutputSize?: unknown }).persistedOutputSize;
    return savedNotice(text, out.persistedPath, typeof size === "number" ? size : text.length);
  }
  if (text.length <= toolLimit(place.tool)) return text;
  const json = place.tool.startsWith("mcp__") && Array.isArray(response);
  return savedNotice(text, resultPath(place.transcriptPath, place.sessionId, place.toolUseId, json));
}

/** A Read as the model sees it: every line after its number and a tab, counted from `first`. */
function numbered(content: string, first: number): string {
  return content
    .split("\n")
    .map((line, i) => `${first + i}\t${line}`)
    .join("\n");
}
