/**
 * The shared examples (Claude Code PostToolUse inputs) as Gemini CLI 0.61.0 would hand
 * them to an AfterTool hook, and a Gemini hook's answer read back as what the model sees
 * (docs/gemini-cli-contract.md): so one scorer (score.ts) compares the two agents on the
 * same outputs and the same facts.
 *
 * The text of each output is kept as Claude Code's tool produced it (the facts are
 * verbatim substrings of it); only Gemini's framing is put around it: the shell's
 * `<untrusted_context>\nOutput: … Process Group PGID: N\n</untrusted_context>`, read_file's
 * note when the file has more lines than were read, grep_search's and glob's headlines.
 * A Gemini answer with a tail call to read_file shows the model that file's text; any
 * other answer shows the original.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Answer } from "./answers.ts";
import type { FactCase } from "./sets.ts";

type Obj = Record<string, unknown>;
const str = (x: unknown) => (typeof x === "string" ? x : "");

export interface GeminiToolCall {
  readonly tool_name: string;
  readonly tool_input: Obj;
  readonly tool_response: { llmContent: string; returnDisplay: string };
}

/** A Claude Code PostToolUse input as Gemini CLI's AfterTool would carry the same output. */
export function asGeminiCall(input: FactCase["input"]): GeminiToolCall {
  const r = (input.tool_response ?? {}) as Obj;
  const i = input.tool_input;
  const call = (tool_name: string, tool_input: Obj, llmContent: string): GeminiToolCall => ({
    tool_name,
    tool_input,
    tool_response: { llmContent, returnDisplay: "" },
  });
  switch (input.tool_name) {
    case "Bash": {
      const out = str(r.stderr) ? `${str(r.stdout)}\n${str(r.stderr)}` : str(r.stdout);
      return call(
        "run_shell_command",
        { command: str(i.command), description: str(i.description) },
        `<untrusted_context>\nOutput: ${out}\nProcess Group PGID: 4242\n</untrusted_context>`,
      );
    }
    case "Read": {
      const f = (r.file ?? {}) as Obj;
      const content = str(f.content);
      const start = typeof i.offset === "number" ? i.offset : undefined;
      const limit = typeof i.limit === "number" ? i.limit : undefined;
      const total = typeof f.totalLines === "number" ? f.totalLines : 0;
      const num = typeof f.numLines === "number" ? f.numLines : content.split("\n").length;
      const first = typeof f.startLine === "number" ? f.startLine : 1;
      const last = first + num - 1;
      const note =
        start !== undefined || total > num
          ? `\nIMPORTANT: The file content has been truncated.\nStatus: Showing lines ${first}-${last} of ${total} total lines.\nAction: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${last + 1}.\n\n--- FILE CONTENT (truncated) ---\n`
          : "";
      return call(
        "read_file",
        {
          file_path: str(i.file_path),
          ...(start !== undefined ? { start_line: start } : {}),
          ...(limit !== undefined ? { end_line: (start ?? 1) + limit - 1 } : {}),
        },
        `${note}${content}`,
      );
    }
    case "Grep": {
      const content = str(r.content);
      const body = content || (Array.isArray(r.filenames) ? r.filenames.join("\n") : "");
      const n = content ? content.split("\n").length : Array.isArray(r.filenames) ? r.filenames.length : 0;
      return call(
        "grep_search",
        { pattern: str(i.pattern), ...(str(i.path) ? { dir_path: str(i.path) } : {}) },
        `Found ${n} matches for pattern "${str(i.pattern)}" in the workspace directory:\n${body}`,
      );
    }
    case "Glob": {
      const names = Array.isArray(r.filenames) ? (r.filenames as string[]) : [];
      return call(
        "glob",
        { pattern: str(i.pattern) },
        `Found ${names.length} file(s) matching "${str(i.pattern)}" within ${str(i.path) || "/project"}, sorted by modification time (newest first):\n${names.join("\n")}`,
      );
    }
  }
  return call(input.tool_name, i, JSON.stringify(r));
}

/**
 * What the model sees with a Gemini hook's answer, as a Claude Code answer of the case's
 * own shape (so score.ts scores both agents alike): the tail call's file, or nothing (the
 * original is shown).
 */
export function asClaudeAnswer(c: FactCase, geminiStdout: string): string {
  let tail: string | undefined;
  try {
    const a = JSON.parse(geminiStdout || "{}") as Obj;
    const req = ((a.hookSpecificOutput ?? {}) as Obj).tailToolCallRequest as Obj | undefined;
    const path = str(((req?.args ?? {}) as Obj).file_path);
    if (req?.name === "read_file" && path && existsSync(path)) tail = readFileSync(path, "utf8");
  } catch {}
  if (tail === undefined) return "";
  const r = (c.input.tool_response ?? {}) as Obj;
  const shaped: Record<string, () => unknown> = {
    Bash: () => ({ ...r, stdout: tail, stderr: "" }),
    Read: () => ({ ...r, file: { ...(r.file as Obj), content: tail } }),
    Grep: () =>
      typeof r.content === "string"
        ? { ...r, content: tail, filenames: [] }
        : { ...r, filenames: (tail as string).split("\n") },
    Glob: () => ({ ...r, filenames: (tail as string).split("\n") }),
  };
  const updated = shaped[c.input.tool_name]?.() ?? tail;
  return JSON.stringify({ hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: updated } });
}

/** The AfterTool stdin for case `c` (the `n`th of a run: Gemini stamps each call with its time). */
export function afterToolInput(c: FactCase, transcriptPath: string, cwd: string, n: number): object {
  return {
    session_id: typeof c.input.session_id === "string" ? c.input.session_id : "facts-gemini",
    transcript_path: transcriptPath,
    cwd,
    hook_event_name: "AfterTool",
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    ...asGeminiCall(c.input),
  };
}

/**
 * Runs a Gemini AfterTool hook command (through /bin/sh, as Gemini CLI runs it) on each
 * case converted, in a fresh HOME, with a session file path inside Gemini's layout
 * (`~/.gemini/tmp/<project>/chats/`) so the excerpt lands where read_file may read it.
 */
export function geminiHook(
  cmd: string,
  timeoutMs = 60_000,
): {
  answer: (c: FactCase) => Promise<Answer & { geminiStdout: string }>;
  close(): void;
} {
  const root = mkdtempSync(join(tmpdir(), "cairn-facts-gemini-"));
  const home = join(root, "home");
  const cwd = join(root, "project");
  const chats = join(home, ".gemini", "tmp", "project", "chats");
  mkdirSync(chats, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, GEMINI_PROJECT_DIR: cwd, NO_COLOR: "1" };
  for (const k of Object.keys(env)) if (/^(CLAUDE_|CLAUDECODE$|VITEST)/.test(k)) delete env[k];
  let n = 0;
  const answer = (c: FactCase) =>
    new Promise<Answer & { geminiStdout: string }>((resolve) => {
      const input = afterToolInput(c, join(chats, "session-facts.jsonl"), cwd, n++);
      const t0 = performance.now();
      const child = spawn("/bin/sh", ["-c", cmd], { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        stdout += d;
      });
      child.stderr.resume();
      child.stdin.on("error", () => {});
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.on("close", (code) => {
        clearTimeout(timer);
        const ms = performance.now() - t0;
        resolve({ stdout: asClaudeAnswer(c, stdout), geminiStdout: stdout, code, ms });
      });
      child.stdin.end(JSON.stringify(input));
    });
  return { answer, close: () => rmSync(root, { recursive: true, force: true }) };
}
