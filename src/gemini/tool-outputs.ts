/**
 * Gemini CLI's tool results in the shapes cairn's engine reads (Claude Code's), and back.
 *
 * One engine serves both agents: an AfterTool result is handed to the same PostToolUse
 * parts as Claude Code's, under the tool family it belongs to (run_shell_command as Bash,
 * read_file as Read, grep_search as Grep, glob as Glob, MCP tools as MCP), and the excerpt
 * those parts answer is put back into Gemini's own framing. What Gemini CLI 0.61.0 sends
 * (docs/gemini-cli-contract.md, captures in test/fixtures/gemini-captures/):
 *
 * - `tool_response.llmContent` is what the model would read: a string for the built-in
 *   tools, a list of parts (`[{text}]`) for MCP tools.
 * - run_shell_command: `<untrusted_context>\nOutput: …\n[Error: …\n][Exit Code: N\n]
 *   [Signal: …\n][Background PIDs: …\n]Process Group PGID: N\n</untrusted_context>`; the
 *   whole output, before Gemini's own cut at 40,000 characters (made after the hook).
 * - read_file: the file's text; over 2,000 lines (or with start_line/end_line) it starts
 *   with Gemini's note (`IMPORTANT: The file content has been truncated. …`) and
 *   `--- FILE CONTENT (truncated) ---`.
 * - grep_search: `Found N matches for pattern "…" …:\n---\nFile: a.ts\nL1: …\n---`.
 * - glob: `Found N file(s) matching "…" within DIR, sorted …:\n/abs/path\n…`.
 *
 * The framing Gemini wrote (the wrapper, the shell's status lines, read_file's note, the
 * headline of a search or a listing) is kept byte for byte around the excerpt.
 */

/** The Claude Code tool each Gemini tool's output is compressed as. */
const FAMILY: Readonly<Record<string, string>> = {
  run_shell_command: "Bash",
  read_file: "Read",
  read_many_files: "Read",
  grep_search: "Grep",
  search_file_content: "Grep",
  glob: "Glob",
};

/** Gemini names MCP tools `mcp_<server>_<tool>`; cairn's engine knows them as `mcp__<server>__<tool>`. */
const MCP = /^mcp_([^_].*)$/;

export interface AsClaude {
  /** The tool name the engine sees. */
  readonly toolName: string;
  readonly toolInput: Record<string, unknown>;
  readonly toolResponse: unknown;
  /** Puts the engine's replacement (in the Claude shape) back into Gemini's framing: the text the model reads. */
  rebuild(updated: unknown): string | undefined;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

const WRAP_OPEN = "<untrusted_context>\n";
const WRAP_CLOSE = "\n</untrusted_context>";

/** `inner` and how to put text back where it was: Gemini's <untrusted_context> wrapper, when there is one. */
function unwrap(s: string): { inner: string; wrap(t: string): string } {
  if (s.startsWith(WRAP_OPEN) && s.endsWith(WRAP_CLOSE))
    return {
      inner: s.slice(WRAP_OPEN.length, -WRAP_CLOSE.length),
      wrap: (t) => `${WRAP_OPEN}${t}${WRAP_CLOSE}`,
    };
  return { inner: s, wrap: (t) => t };
}

/** The text of an MCP result's parts, when they are all text. */
function partsText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content) || content.length === 0) return undefined;
  if (!content.every((p) => isObj(p) && typeof p.text === "string" && Object.keys(p).length === 1))
    return undefined;
  return content.map((p) => (p as { text: string }).text).join("\n");
}

const SHELL_SECTION = /^(Error|Exit Code|Signal|Background PIDs|Process Group PGID): /;

/** The shell's output and the status lines after it, as Gemini wrote them. */
export function splitShell(inner: string): { output: string; status: string } | undefined {
  if (!inner.startsWith("Output: ")) return undefined;
  const lines = inner.slice("Output: ".length).split("\n");
  let cut = lines.length;
  while (cut > 0 && SHELL_SECTION.test(lines[cut - 1] ?? "")) cut--;
  return { output: lines.slice(0, cut).join("\n"), status: lines.slice(cut).join("\n") };
}

function shell(input: Obj, llm: string): AsClaude | undefined {
  const { inner, wrap } = unwrap(llm);
  const parts = splitShell(inner);
  if (!parts) return undefined;
  const rest = parts.status ? `\n${parts.status}` : "";
  return {
    toolName: "Bash",
    toolInput: input,
    toolResponse: {
      stdout: parts.output,
      stderr: "",
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    },
    rebuild(updated) {
      const stdout = isObj(updated) && typeof updated.stdout === "string" ? updated.stdout : undefined;
      return stdout === undefined ? undefined : wrap(`Output: ${stdout}${rest}`);
    },
  };
}

const READ_NOTE_END = "\n--- FILE CONTENT (truncated) ---\n";

function readFile(input: Obj, llm: string): AsClaude {
  // Gemini's note on a cut or ranged read stays in front of the excerpt, as it wrote it.
  const at = llm.startsWith("\nIMPORTANT: ") ? llm.indexOf(READ_NOTE_END) : -1;
  const note = at >= 0 ? llm.slice(0, at + READ_NOTE_END.length) : "";
  const content = llm.slice(note.length);
  const start = typeof input.start_line === "number" ? input.start_line : undefined;
  const end = typeof input.end_line === "number" ? input.end_line : undefined;
  const filePath = typeof input.file_path === "string" ? input.file_path : "";
  const numLines = content.split("\n").length;
  return {
    toolName: "Read",
    // A read the model bounded itself is the region it asked for (the engine leaves it whole).
    toolInput: {
      file_path: filePath,
      ...(start !== undefined ? { offset: start } : {}),
      ...(end !== undefined ? { limit: end - (start ?? 1) + 1 } : {}),
    },
    toolResponse: {
      type: "text",
      file: { filePath, content, numLines, startLine: start ?? 1, totalLines: numLines },
    },
    rebuild(updated) {
      const file = isObj(updated) && isObj(updated.file) ? updated.file : undefined;
      return typeof file?.content === "string" ? `${note}${inReadFileTerms(file.content)}` : undefined;
    },
  };
}

/**
 * The excerpt header's advice in read_file's terms: Claude Code's Read numbers the lines
 * it shows and takes offset/limit; Gemini's read_file shows no numbers and takes
 * start_line/end_line. Only the header's second line (`[full output: …]`) is cairn's own
 * words to translate; the excerpt under it is left as it is.
 */
export function inReadFileTerms(excerpt: string): string {
  const first = excerpt.indexOf("\n");
  const second = first < 0 ? -1 : excerpt.indexOf("\n", first + 1);
  const end = second < 0 ? excerpt.length : second;
  const line = excerpt.slice(first + 1, end);
  if (first < 0 || !line.startsWith("[full output: ")) return excerpt;
  const said = line
    .replace(" (the number before it counts excerpt lines)", "")
    .replace(/Read with offset=(\d+) limit=(\d+)/, (_m, a: string, n: string) => {
      const start = Number(a);
      return `read_file with start_line=${start} end_line=${start + Number(n) - 1}`;
    });
  return `${excerpt.slice(0, first + 1)}${said}${excerpt.slice(end)}`;
}

/** grep_search and glob: the headline stays, the rest is what the engine compresses. */
function headed(toolName: "Grep" | "Glob", input: Obj, llm: string): AsClaude {
  const nl = llm.indexOf("\n");
  const head = nl >= 0 ? llm.slice(0, nl + 1) : "";
  const body = llm.slice(head.length);
  const toolResponse =
    toolName === "Grep"
      ? { mode: "content", numFiles: 0, filenames: [], content: body, numLines: body.split("\n").length }
      : { filenames: body.split("\n"), numFiles: body.split("\n").length, truncated: false, durationMs: 0 };
  return {
    toolName,
    toolInput: { ...input, pattern: typeof input.pattern === "string" ? input.pattern : "" },
    toolResponse,
    rebuild(updated) {
      if (!isObj(updated)) return undefined;
      if (toolName === "Grep")
        return typeof updated.content === "string" ? `${head}${updated.content}` : undefined;
      const names = updated.filenames;
      return Array.isArray(names) && names.every((n) => typeof n === "string")
        ? `${head}${names.join("\n")}`
        : undefined;
    },
  };
}

function mcpTool(name: string, input: Obj, content: unknown, mcp: unknown): AsClaude | undefined {
  const text = partsText(content);
  if (text === undefined) return undefined;
  const inner = unwrap(text);
  // mcp_<server>_<tool> does not mark where the server's name ends; mcp_context does.
  const server = isObj(mcp) && typeof mcp.server_name === "string" ? mcp.server_name : undefined;
  const tool = isObj(mcp) && typeof mcp.tool_name === "string" ? mcp.tool_name : undefined;
  return {
    toolName: server && tool ? `mcp__${server}__${tool}` : `mcp__${MCP.exec(name)?.[1] ?? name}`,
    toolInput: input,
    toolResponse: inner.inner,
    rebuild(updated) {
      const t = typeof updated === "string" ? updated : partsText(updated);
      return t === undefined ? undefined : inner.wrap(t);
    },
  };
}

/**
 * A Gemini tool result in the shape the engine reads, or undefined when cairn does not
 * know the tool or its result (it then reaches the model as Gemini made it).
 */
export function asClaude(
  toolName: string,
  toolInput: Obj,
  toolResponse: unknown,
  mcpContext?: unknown,
): AsClaude | undefined {
  if (!isObj(toolResponse) || toolResponse.error !== undefined) return undefined;
  const llm = toolResponse.llmContent;
  if (MCP.test(toolName)) return mcpTool(toolName, toolInput, llm, mcpContext);
  if (typeof llm !== "string") return undefined;
  switch (FAMILY[toolName]) {
    case "Bash":
      return shell(toolInput, llm);
    case "Read":
      return readFile(toolInput, llm);
    case "Grep":
      return headed("Grep", toolInput, llm);
    case "Glob":
      return headed("Glob", toolInput, llm);
    default:
      return undefined;
  }
}

/** The tools cairn registers its AfterTool hook for (a regex, as Gemini matches it). */
export const AFTER_TOOL_MATCHER =
  "run_shell_command|read_file|read_many_files|grep_search|search_file_content|glob|mcp_.*";
