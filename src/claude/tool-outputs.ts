/**
 * Where the long text lives in each tool's output, and how to put an excerpt back in
 * the same shape. Claude Code validates a replacement against the tool's own output
 * schema (sdk-tools.d.ts) and silently keeps the original if it does not match, so
 * every adapter returns the original object with only the long text swapped, and
 * anything it does not recognise is left alone (undefined).
 */

import { finiteNumber } from "../core/finite.ts";

export interface Extracted {
  /** The text a compressor works on. */
  readonly text: string;
  /** A short label for listings: the command, the path, the pattern. */
  readonly label: string;
  readonly command?: string;
  /** What the agent said the command is for (Bash's `description`), when it said more than the command. */
  readonly description?: string;
  readonly filePath?: string;
  readonly firstLine?: number;
  readonly offset?: number;
  readonly limit?: number;
  /** Claude Code already cut this output (Bash over 30,000 chars): the whole of it is here. */
  readonly persistedPath?: string;
  /** Rebuilds the tool's output with `excerpt` in place of the long text. */
  replace(excerpt: string): unknown;
}

type Input = Record<string, unknown>;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = finiteNumber;

function bash(input: Input, r: unknown): Extracted | undefined {
  if (!isObj(r) || typeof r.stdout !== "string" || typeof r.stderr !== "string") return undefined;
  if (r.isImage === true || typeof r.backgroundTaskId === "string") return undefined;
  const command = str(input.command) ?? "";
  const text = r.stderr
    ? `${r.stdout}${r.stdout && !r.stdout.endsWith("\n") ? "\n" : ""}${r.stderr}`
    : r.stdout;
  const persistedPath = str(r.persistedOutputPath);
  const description = str(input.description)?.trim();
  const said = description && !command.startsWith(description) && !description.startsWith(command);
  return {
    text,
    label: command,
    command,
    ...(said ? { description } : {}),
    ...(persistedPath ? { persistedPath } : {}),
    replace(excerpt) {
      // Without the persisted-output fields the model sees the excerpt plainly rather
      // than a <persisted-output> preview of it.
      const { persistedOutputPath: _p, persistedOutputSize: _s, ...rest } = r;
      return { ...rest, stdout: excerpt, stderr: "" };
    },
  };
}

function read(input: Input, r: unknown): Extracted | undefined {
  if (!isObj(r) || r.type !== "text" || !isObj(r.file)) return undefined;
  const file = r.file;
  const content = str(file.content);
  if (content === undefined) return undefined;
  const filePath = str(file.filePath) ?? str(input.file_path) ?? "";
  const offset = num(input.offset);
  const limit = num(input.limit);
  return {
    text: content,
    label: filePath,
    filePath,
    firstLine: num(file.startLine) ?? 1,
    ...(offset !== undefined ? { offset } : {}),
    ...(limit !== undefined ? { limit } : {}),
    // Claude Code numbers every line of the content it shows from file.startLine; an excerpt
    // skips lines (each kept one names its own, `L<n>: `), so its lines are counted from 1:
    // numbers that cannot be mistaken for the file's, even after an offset.
    replace: (excerpt) => ({
      ...r,
      file: { ...file, content: excerpt, ...(typeof file.startLine === "number" ? { startLine: 1 } : {}) },
    }),
  };
}

function grep(input: Input, r: unknown): Extracted | undefined {
  if (!isObj(r) || !Array.isArray(r.filenames)) return undefined;
  const label = `grep ${str(input.pattern) ?? ""}${str(input.path) ? ` in ${str(input.path)}` : ""}`;
  if (typeof r.content === "string") {
    return { text: r.content, label, replace: (excerpt) => ({ ...r, content: excerpt }) };
  }
  return filenameList(r, label);
}

function glob(input: Input, r: unknown): Extracted | undefined {
  if (!isObj(r) || !Array.isArray(r.filenames)) return undefined;
  return filenameList(r, `glob ${str(input.pattern) ?? ""}`);
}

/** Grep (files mode) and Glob list paths; the excerpt's lines become the list, numFiles keeps the true count. */
function filenameList(r: Obj, label: string): Extracted | undefined {
  const names = r.filenames as unknown[];
  if (!names.every((n) => typeof n === "string")) return undefined;
  return {
    text: (names as string[]).join("\n"),
    label,
    replace: (excerpt) => ({ ...r, filenames: excerpt.split("\n") }),
  };
}

function webFetch(input: Input, r: unknown): Extracted | undefined {
  if (!isObj(r) || typeof r.result !== "string") return undefined;
  return {
    text: r.result,
    label: str(input.url) ?? str(r.url) ?? "web fetch",
    replace: (excerpt) => ({ ...r, result: excerpt }),
  };
}

function webSearch(input: Input, r: unknown): Extracted | undefined {
  if (!isObj(r) || !Array.isArray(r.results)) return undefined;
  const texts = r.results.filter((x): x is string => typeof x === "string");
  if (texts.length === 0) return undefined;
  return {
    text: texts.join("\n\n"),
    label: `web search ${str(input.query) ?? ""}`,
    replace(excerpt) {
      // The text parts collapse into one excerpt; the link lists stay as they were.
      const links = (r.results as unknown[]).filter((x) => typeof x !== "string");
      return { ...r, results: [excerpt, ...links] };
    },
  };
}

/** MCP results: a string, or content blocks of which the text ones are compressed together. */
function mcp(tool: string, r: unknown): Extracted | undefined {
  if (typeof r === "string") return { text: r, label: tool, replace: (excerpt) => excerpt };
  if (!Array.isArray(r) || r.length === 0) return undefined;
  const blocks = r as unknown[];
  if (!blocks.every((b) => isObj(b) && typeof b.type === "string")) return undefined;
  const texts = blocks.filter(
    (b): b is Obj => (b as Obj).type === "text" && typeof (b as Obj).text === "string",
  );
  if (texts.length === 0) return undefined;
  return {
    text: texts.map((b) => b.text as string).join("\n"),
    label: tool,
    replace(excerpt) {
      const others = blocks.filter((b) => (b as Obj).type !== "text");
      return [{ type: "text", text: excerpt }, ...others];
    },
  };
}

/** The long text of a tool's output, or undefined when cairn does not understand the tool or shape. */
export function extractOutput(tool: string, input: Input, response: unknown): Extracted | undefined {
  switch (tool) {
    case "Bash":
      return bash(input, response);
    case "Read":
      return read(input, response);
    case "Grep":
      return grep(input, response);
    case "Glob":
      return glob(input, response);
    case "WebFetch":
      return webFetch(input, response);
    case "WebSearch":
      return webSearch(input, response);
    default:
      return tool.startsWith("mcp__") ? mcp(tool, response) : undefined;
  }
}

/** The setting name a tool answers to in compress.tools ("mcp" covers every MCP tool). */
export function toolFamily(tool: string): string {
  return tool.startsWith("mcp__") ? "mcp" : tool;
}
