import { writeSync } from "node:fs";
import { loadConfig } from "../config/load.ts";
import { type ResolvedConfig, resolveConfig } from "../config/resolve.ts";
import type { CairnPaths } from "../core/paths.ts";
import { stdinPending } from "./stdin.ts";

/**
 * What a hook process of either agent (Claude Code's `cairn hook`, Gemini CLI's
 * `cairn gemini-hook`) shares: it answers once on stdout and ends, and it runs on the
 * defaults when the config cannot be read.
 */

/** How a hook process answers: once, and then ends. */
export interface Reply {
  /** Writes the answer, once: whatever comes later (the record, the hard timer) cannot replace it. */
  answer(output: string): void;
  /** Answers (unless already answered) and ends the process. */
  finish(output: string): never;
  readonly answered: () => boolean;
}

export function replyOnStdout(): Reply {
  let answered = false;
  const answer = (output: string): void => {
    if (answered) return;
    answered = true;
    try {
      writeSync(1, output);
    } catch {
      // The agent stopped listening (its own timeout); nothing left to tell it.
    }
  };
  return {
    answer,
    finish(output) {
      answer(output);
      // A read of stdin still parked in libuv's pool (stdin that never closes) would hold
      // process.exit until it returns, that is forever: the answer is out, so end at once.
      if (stdinPending.value) process.kill(process.pid, "SIGKILL");
      process.exit(0);
    },
    answered: () => answered,
  };
}

/** The config, or the defaults when it cannot be read: a hook never fails on it. */
export async function configOrDefaults(paths: CairnPaths, projectDir: string): Promise<ResolvedConfig> {
  try {
    return await loadConfig(paths, projectDir);
  } catch {
    return resolveConfig([]);
  }
}
