import { fstatSync } from "node:fs";
import pc from "picocolors";
import { notedDataBlock } from "../core/data-block.ts";
import { writeStdout } from "../core/stdout.ts";
import { visible } from "../core/terminal-text.ts";

/** Colour only on a terminal, never with NO_COLOR (picocolors checks both). */
export const color = pc;

/** Every command's stdout goes through src/core/stdout.ts: whole to a slow pipe, quiet to a closed one. */
export function out(line = ""): void {
  writeStdout(`${line}\n`);
}

/**
 * Stored text (a resume, a notebook, recorded turns) as it may reach stdout: on a
 * terminal its control sequences are shown as marks, not acted on; piped, as it is.
 */
export function storedForStdout(text: string): string {
  return process.stdout.isTTY ? visible(text) : text;
}

export function outStored(text: string): void {
  out(storedForStdout(text));
}

/**
 * Recorded material someone asked cairn for (turns, tool output), printed for whoever
 * reads it: on a terminal, controls shown as marks; read by the agent, as a data block;
 * otherwise as it is.
 */
export function outRecorded(text: string, source: string): void {
  if (agentReads()) out(notedDataBlock(text, source));
  else outStored(text);
}

/**
 * Whether the model reads this output: piped inside a Claude Code session (a Bash call
 * or a `!` command; Claude Code sets these variables for every command it runs there).
 */
export function agentReads(env: NodeJS.ProcessEnv = process.env): boolean {
  return !process.stdout.isTTY && (env.CLAUDECODE === "1" || Boolean(env.CLAUDE_CODE_SESSION_ID));
}

/**
 * Whether the model reads stdout as it is: inside a Claude Code session (agentReads) and
 * not piped into another program. Claude Code hands a Bash command a regular file for
 * stdout and stderr and shows the model that file (checked on 2.1.328); a pipe
 * (`cairn show 12 | grep X`) goes to a program the model chose, which decides.
 */
export function modelReadsStdout(env: NodeJS.ProcessEnv = process.env): boolean {
  if (!agentReads(env)) return false;
  try {
    const st = fstatSync(1);
    return !st.isFIFO() && !st.isSocket();
  } catch {
    return true;
  }
}

export function err(line = ""): void {
  process.stderr.write(`${line}\n`);
}

export function json(value: unknown): void {
  writeStdout(`${JSON.stringify(value, null, 2).replace(JSON_UNSAFE, jsonEscape)}\n`);
}

// JSON.stringify escapes C0 controls but leaves C1 (U+009B is a one-character CSI on
// some terminals) and bidi controls raw; written as \uXXXX they are the same JSON
// value and nothing a terminal acts on, whoever prints it.
const JSON_UNSAFE = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const jsonEscape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;

export function formatInt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}
