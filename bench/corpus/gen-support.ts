/**
 * What every corpus scenario shares: running a real command the way Claude Code's Bash
 * tool does (stdout and stderr apart, exit status), and building entries in the exact
 * shapes PostToolUse receives (test/fixtures/hook-inputs, sdk-tools.d.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Fact } from "./oracle.ts";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** Generation-only tools (TypeScript 5 for its compiler API, jest): `npm install` here. */
export const TOOLS = join(REPO, ".tmp/bench-tools");
export const WORK = join(REPO, ".tmp/bench-corpus/work");

export interface CorpusEntry {
  readonly id: string;
  /** The class of output: the bench reports recall and reduction per class. */
  readonly class: string;
  readonly tool_name: "Bash" | "Read" | "Grep" | "Glob";
  readonly tool_input: Record<string, unknown>;
  readonly tool_response: unknown;
  /** Bash only: the command's exit status (the product learns it from its exit marker). */
  readonly exitCode?: number;
  readonly facts: readonly Fact[];
}

export interface Ran {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/** Runs a shell command as Claude Code's Bash tool would, with a C locale and no colour forcing. */
export function sh(command: string, cwd: string, env: Record<string, string> = {}): Ran {
  const r = spawnSync("bash", ["-c", command], {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: {
      ...process.env,
      LANG: "C",
      LC_ALL: "C",
      TZ: "UTC",
      GIT_PAGER: "cat",
      PAGER: "cat",
      FORCE_COLOR: "",
      CI: "",
      ...env,
    },
  });
  return { stdout: r.stdout ?? "", stderr: r.stderr ?? "", code: r.status ?? 1 };
}

/** Like sh, but throws when the command fails: for setup steps, not for the outputs measured. */
export function must(command: string, cwd: string, env: Record<string, string> = {}): string {
  const r = sh(command, cwd, env);
  if (r.code !== 0) throw new Error(`${command} (in ${cwd}) exited ${r.code}: ${r.stderr.slice(0, 500)}`);
  return r.stdout;
}

export function bashEntry(
  id: string,
  cls: string,
  command: string,
  ran: Ran,
  facts: readonly Fact[],
): CorpusEntry {
  return {
    id,
    class: cls,
    tool_name: "Bash",
    tool_input: { command, description: command.slice(0, 60) },
    tool_response: {
      stdout: ran.stdout.replace(/\n$/, ""),
      stderr: ran.stderr.replace(/\n$/, ""),
      interrupted: false,
      isImage: false,
      noOutputExpected: false,
    },
    exitCode: ran.code,
    facts: ran.code !== 0 ? [...facts, ["exit", String(ran.code)]] : facts,
  };
}

/** Claude Code's Read without offset/limit: the first 2,000 lines, lines cut at 2,000 characters. */
export function readEntry(
  id: string,
  cls: string,
  filePath: string,
  text: string,
  facts: readonly Fact[],
): CorpusEntry {
  const all = text.split("\n");
  if (all.at(-1) === "") all.pop();
  const lines = all.slice(0, 2000).map((l) => (l.length > 2000 ? l.slice(0, 2000) : l));
  return {
    id,
    class: cls,
    tool_name: "Read",
    tool_input: { file_path: filePath },
    tool_response: {
      type: "text",
      file: {
        filePath,
        content: lines.join("\n"),
        numLines: lines.length,
        startLine: 1,
        totalLines: all.length,
      },
    },
    facts,
  };
}

/** The 2,000 lines a whole Read returns, for oracles that must judge only what was read. */
export function readPart(text: string): string {
  return text.split("\n").slice(0, 2000).join("\n");
}

export function grepContentEntry(
  id: string,
  cls: string,
  input: Record<string, unknown>,
  content: string,
  facts: readonly Fact[],
): CorpusEntry {
  const lines = content.replace(/\n$/, "").split("\n");
  return {
    id,
    class: cls,
    tool_name: "Grep",
    tool_input: { ...input, output_mode: "content", "-n": true },
    tool_response: {
      mode: "content",
      numFiles: 0,
      filenames: [],
      content: lines.join("\n"),
      numLines: lines.length,
    },
    facts,
  };
}

export function filenamesEntry(
  id: string,
  cls: string,
  tool: "Grep" | "Glob",
  input: Record<string, unknown>,
  filenames: string[],
  facts: readonly Fact[],
): CorpusEntry {
  // Glob returns at most 100 names and says it truncated; Grep's files mode lists them all.
  const shown = tool === "Glob" ? filenames.slice(0, 100) : filenames;
  const response =
    tool === "Glob"
      ? { filenames: shown, durationMs: 7, numFiles: shown.length, truncated: filenames.length > 100 }
      : { mode: "files_with_matches", filenames: shown, numFiles: shown.length };
  return { id, class: cls, tool_name: tool, tool_input: input, tool_response: response, facts };
}

/** A deterministic generator (mulberry32), so a regenerated corpus has the same content. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

export function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

export function freshDir(...parts: string[]): string {
  const dir = join(WORK, ...parts);
  sh(`rm -rf '${dir}'`, WORK);
  mkdirSync(dir, { recursive: true });
  return dir;
}
