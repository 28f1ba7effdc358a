/**
 * What a PostToolUse hook answers for each case: its stdout and exit code, as the scorer
 * replays them (score.ts). Three sources:
 *
 * - a hook command run the way Claude Code runs it (stdin the case's input, a fresh HOME
 *   and project folder), e.g. the built bundle `node dist/cairn.cjs hook PostToolUse`;
 *   a spilled output stored whole (sets.ts) is written into that HOME where Claude Code
 *   keeps spills, so the hook reads it on any machine;
 * - the product's compressors called in-process from a source tree (fast: no build, no
 *   process per case), the path bench/compress.ts measures: extractOutput, the size
 *   threshold, excerptBudget, compressText, excerptHeader, replace. It skips what only the
 *   hook does (the store, repeats already in context, the exit marker), so the real hook
 *   is the figure of record; a spilled output is compressed whole from its stored copy,
 *   as the hook reads it from Claude Code's file (an older round's, stored only as its
 *   prefix, from that prefix);
 * - the first and last halves of a budget, the blind baseline.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { product } from "../../compress.ts";
import { type FactCase, type HookInput, wholeOutput } from "./sets.ts";

export interface Answer {
  readonly stdout: string;
  readonly code: number | null;
  /** Wall time of the hook for this case (0 for answers made in-process without timing). */
  readonly ms: number;
}

export type AnswerSource = (c: FactCase) => Promise<Answer>;

/** Runs `cmd` through /bin/sh for each case, as Claude Code runs a command hook. */
export function hookCommand(cmd: string, timeoutMs = 60_000): { answer: AnswerSource; close(): void } {
  const root = mkdtempSync(join(tmpdir(), "cairn-facts-"));
  const home = join(root, "home");
  const cwd = join(root, "project");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    USERPROFILE: home,
    CLAUDE_PROJECT_DIR: cwd,
    NO_COLOR: "1",
  };
  for (const k of Object.keys(env)) if (/^(CLAUDE_CODE_|CLAUDECODE$|VITEST)/.test(k)) delete env[k];
  const answer: AnswerSource = (c) =>
    new Promise((resolve) => {
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
        resolve({ stdout, code, ms: performance.now() - t0 });
      });
      child.stdin.end(JSON.stringify(c.spilled === undefined ? c.input : spillInto(home, c, c.spilled)));
    });
  return { answer, close: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * The case's input with its whole output written as Claude Code spills one, under `home`:
 * `.claude/projects/<project>/<session>/tool-results/<id>.txt` beside the session's
 * transcript path, which the input is made to name (the hook reads a spill only there).
 * The capture's project folder and session are kept when they have Claude Code's shape.
 */
function spillInto(home: string, c: FactCase, whole: string): HookInput {
  const named = (s: string) => /^[A-Za-z0-9_-]+$/.test(s);
  const session = named(String(c.input.session_id)) ? String(c.input.session_id) : "facts-session";
  const was = basename(dirname(String(c.input.transcript_path ?? "")));
  const project = join(home, ".claude", "projects", named(was) ? was : "-facts-project");
  const dir = join(project, session, "tool-results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${c.input.tool_use_id}.txt`);
  writeFileSync(file, whole);
  const r = c.input.tool_response as Record<string, unknown>;
  return {
    ...c.input,
    session_id: session,
    transcript_path: join(project, `${session}.jsonl`),
    tool_response: { ...r, persistedOutputPath: file },
  };
}

function updated(replacement: unknown): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: replacement },
  });
}

/** The product's compressors from the source tree `src`, called in-process. */
export async function inProcess(src: string): Promise<AnswerSource> {
  const p = await product(src);
  const config = p.defaults();
  return async (c) => {
    const { tool_name: tool, tool_input, tool_response } = c.input;
    const out = p.extractOutput(tool, tool_input, tool_response);
    if (!out) return { stdout: "", code: 0, ms: 0 };
    // The hook reads a spilled output whole from Claude Code's file; the stored copy here.
    const text: string = c.spilled ?? out.text;
    const hints = p.hintsOf(tool, out);
    if (text.length < p.minCharsFor(config, tool, out.filePath, out.command))
      return { stdout: "", code: 0, ms: 0 };
    p.forgetDoc();
    const t0 = performance.now();
    const excerpt = p.compressText(text, hints, p.excerptBudget(config, text.length));
    const ms = performance.now() - t0;
    const shown = p.shownOf(
      p.excerptHeader(1, text, Buffer.byteLength(text), excerpt, hints, 0),
      excerpt.text,
    );
    if (shown.length >= text.length) return { stdout: "", code: 0, ms };
    return { stdout: updated(out.replace(shown)), code: 0, ms };
  };
}

/** The tool's text field that carries most of what the model reads, and its replacement. */
function withText(tool: string, response: unknown, text: string): unknown {
  const r = response as Record<string, unknown>;
  switch (tool) {
    case "Bash":
      return { ...r, stdout: text, stderr: "" };
    case "Read":
      return { ...r, file: { ...(r.file as Record<string, unknown>), content: text } };
    case "Grep":
      return typeof r.content === "string" && r.content
        ? { ...r, content: text }
        : { ...r, filenames: text.split("\n") };
    case "Glob":
      return { ...r, filenames: text.split("\n") };
  }
  return response;
}

/** The first and last halves of `budget` characters of what the model would read. */
export function headTail(c: FactCase, budget: number): Answer {
  const tool = c.input.tool_name;
  const text = wholeOutput(c);
  if (text.length <= budget) return { stdout: "", code: 0, ms: 0 };
  const half = Math.max(0, Math.floor((budget - 3) / 2));
  const cut = `${text.slice(0, half)}\n…\n${text.slice(text.length - half)}`;
  return { stdout: updated(withText(tool, c.input.tool_response, cut)), code: 0, ms: 0 };
}

/** Every case's answer from `source`, `parallel` at a time, keyed `set/name`. */
export async function answerAll(
  cases: readonly FactCase[],
  source: AnswerSource,
  parallel: number,
): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      out.set(`${c.set}/${c.name}`, await source(c));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return out;
}
