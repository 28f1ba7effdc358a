import { closeSync, existsSync, fstatSync, readFileSync, readSync } from "node:fs";
import { extname, isAbsolute, join, relative, resolve } from "node:path";
import { notedDataBlock } from "../core/data-block.ts";
import { estimateTokens, formatBytes, formatTokens } from "../core/format.ts";
import { openRegularFile } from "../core/fs.ts";
import { readProjectFile } from "../core/project-file.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { groupDigits } from "./anchor.ts";

/**
 * Advice before a tool runs, delivered with its result: the agent learns for its next
 * call, and nothing is ever blocked or changed. Two nudges: an unbounded Read of a
 * large text file (use offset/limit), and a subagent without an explicit model (pick
 * the cheapest tier that fits).
 */

/** Files Read renders specially (images, PDFs, notebooks): their size says nothing about text. */
const NOT_TEXT = new Set([
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".bmp",
  ".ico",
  ".pdf",
  ".ipynb",
  ".svgz",
]);

interface TextFileInfo {
  readonly bytes: number;
  /** Line count; estimated from the head for very large files. */
  readonly lines: number;
  readonly linesEstimated: boolean;
}

const COUNT_LIMIT = 8 * 1024 * 1024;

/** Size and line count of a text file at least `minBytes` large; undefined otherwise (or binary, or missing). */
export function inspectTextFile(path: string, minBytes: number): TextFileInfo | undefined {
  if (NOT_TEXT.has(extname(path).toLowerCase())) return undefined;
  // A path the agent read may be a FIFO or a device: those are never opened for reading.
  const fd = openRegularFile(path);
  if (fd === undefined) return undefined;
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size < minBytes) return undefined;
    const headLen = Math.min(st.size, COUNT_LIMIT);
    const buf = Buffer.alloc(headLen);
    readSync(fd, buf, 0, headLen, 0);
    if (buf.subarray(0, 8192).includes(0)) return undefined; // binary
    let newlines = 0;
    for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) newlines++;
    const estimated = st.size > headLen;
    const lines = estimated ? Math.round((newlines / headLen) * st.size) : newlines + 1;
    return { bytes: st.size, lines, linesEstimated: estimated };
  } finally {
    closeSync(fd);
  }
}

export function readNudge(
  input: Record<string, unknown>,
  cwd: string,
  projectDir: string,
  minBytes: number,
): string | undefined {
  const file = input.file_path;
  if (typeof file !== "string" || !file) return undefined;
  if (input.offset !== undefined || input.limit !== undefined || input.pages !== undefined) return undefined;
  const abs = isAbsolute(file) ? file : resolve(cwd, file);
  const info = inspectTextFile(abs, minBytes);
  if (!info) return undefined;
  const rel = relative(projectDir, abs);
  const name = rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : abs;
  const lines = `${info.linesEstimated ? "about " : ""}${groupDigits(info.lines)} lines`;
  // The name is the repository's (it may hold line breaks and prose): data, on one line.
  return `cairn note: this Read is of a file of ${formatBytes(info.bytes)} (${lines}, ≈${formatTokens(estimateTokens(info.bytes))} tokens, estimate). Reading it whole fills the context; next time find the part you need first (Grep with -n) and Read it with offset and limit. The file:\n${notedDataBlock(visibleLine(name), "file name")}`;
}

type ModelTier = "haiku" | "sonnet";

const LOOKUP =
  /\b(find|search|locate|look ?up|list|grep|where (is|are|do)|which files?|summari[sz]e|skim|scan|count|collect|gather|explore|check (whether|if)|read through|inventory|survey)\b/i;
const HEAVY =
  /\b(design|architect\w*|plan\w*|refactor\w*|implement\w*|debug\w*|fix\w*|review\w*|migrat\w*|optimi[sz]\w*|rewrite|write (the |a |some )?(code|tests?|module|function)|port|prove|analy[sz]e (why|the root))\b/i;

/** The cheapest tier that fits the task, judged from its wording: lookups need no big model. */
export function suggestTier(input: Record<string, unknown>): ModelTier {
  const type = typeof input.subagent_type === "string" ? input.subagent_type : "";
  const text = `${str(input.description)}\n${str(input.prompt).slice(0, 4000)}`;
  if (HEAVY.test(text)) return "sonnet";
  if (type === "Explore" || LOOKUP.test(text)) return "haiku";
  return "sonnet";
}

/**
 * A subagent runs on the session's model unless told otherwise (Claude Code 2.1.328:
 * "If omitted, uses the agent definition's model, else … inherits from the parent").
 */
export function subagentNudge(
  input: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  projectDir: string,
): string | undefined {
  if (typeof input.model === "string" && input.model) return undefined;
  const type = typeof input.subagent_type === "string" ? input.subagent_type : "general-purpose";
  if (type === "fork") return undefined; // forks always inherit; a model would be ignored
  if (env.CLAUDE_CODE_SUBAGENT_MODEL) return undefined; // a default subagent model is configured
  if (agentDefinesModel(type, projectDir, env)) return undefined;
  const tier = suggestTier(input);
  const what = str(input.description) ? `"${str(input.description).slice(0, 80)}"` : "this one";
  return `cairn note: this subagent (${type}) has no explicit model, so it runs on the session's model. For a task like ${what}, model: "${tier}" is likely enough; set model on the ${tier === "haiku" ? "next lookup" : "next such"} Agent call unless it needs deep reasoning.`;
}

/** Whether a custom agent's definition (.claude/agents/<type>.md) sets its own model. */
function agentDefinesModel(type: string, projectDir: string, env: NodeJS.ProcessEnv): boolean {
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(type)) return false;
  const home = env.HOME ?? "";
  for (const dir of [
    join(projectDir, ".claude", "agents"),
    ...(home ? [join(home, ".claude", "agents")] : []),
  ]) {
    const path = join(dir, `${type}.md`);
    if (!existsSync(path)) continue;
    try {
      // The project's agents come with the repository: read only as a regular file inside it.
      const read = dir.startsWith(projectDir) ? readProjectFile(projectDir, path, 64 * 1024) : undefined;
      if (read && !read.ok) return false;
      const head = (read?.ok ? read.text : readFileSync(path, "utf8")).slice(0, 4000);
      const front = /^---\n([\s\S]*?)\n---/.exec(head.replace(/\r\n/g, "\n"))?.[1] ?? "";
      const model = /^model:\s*["']?([^"'\s#]+)/m.exec(front)?.[1];
      return !!model && model !== "inherit";
    } catch {
      return false;
    }
  }
  return false;
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}
