/**
 * How long an e2e test may take, derived from the work it does, never guessed: a slower
 * machine makes the suite slower, not red.
 *
 * Each hook of a session may take as long as Claude Code allows it (the timeouts cairn
 * registers, src/claude/install-plan.ts): past that Claude Code cancels the hook itself,
 * so their sum bounds the hooks' time at any load. On top come each Claude Code
 * process's own start and exit, each cairn command (its kill timer) and each wait for an
 * event; those three are hang detectors (HANG_MS, COMMAND_HANG_MS). The sum is
 * far beyond what a test takes even on a loaded machine (a 60-turn session, some two
 * minutes alone, gets over an hour), at no cost: a real hang is caught long before, by
 * the harness's watchdog (a Claude Code process with no progress for HANG_MS is killed,
 * see claude.ts), and a test that times out has its processes stopped (setup.ts).
 */

import type { EventName } from "../../../src/claude/events.ts";
import { registeredTimeoutMs } from "../../../src/claude/install-plan.ts";
import { COMMAND_HANG_MS, HANG_MS } from "../../helpers/wait.ts";

export interface Work {
  /** Claude Code processes started: each runs SessionStart and SessionEnd. */
  readonly sessions?: number;
  /** Prompts they are sent, UserPromptSubmit and Stop each (default: one per session). */
  readonly prompts?: number;
  /** Tool calls the model makes, PreToolUse and PostToolUse each. */
  readonly tools?: number;
  /** cairn commands the test runs itself (runCairn, `cairn` in the harness). */
  readonly commands?: number;
  /** Waits for an event (`until`, a line on screen), each bounded by HANG_MS. */
  readonly waits?: number;
}

const allowed = (event: EventName): number => registeredTimeoutMs(event) ?? HANG_MS;

/** The longest the hooks of `work` may run, as Claude Code allows each of them. */
export function hookTimeMs(work: Work): number {
  const sessions = work.sessions ?? 0;
  return (
    sessions * (allowed("SessionStart") + allowed("SessionEnd")) +
    (work.prompts ?? sessions) * (allowed("UserPromptSubmit") + allowed("Stop")) +
    (work.tools ?? 0) * (allowed("PreToolUse") + allowed("PostToolUse"))
  );
}

/** A test's timeout for `work`: its hooks' time, plus a hang bound per process, command and wait. */
export function e2eTimeout(work: Work): number {
  return (
    hookTimeMs(work) +
    (work.sessions ?? 0) * HANG_MS +
    (work.commands ?? 0) * COMMAND_HANG_MS +
    (work.waits ?? 0) * HANG_MS
  );
}

/**
 * The e2e project's default timeout (vitest.config.ts): a test of one session of a
 * prompt with up to eight tool calls, a handful of cairn commands and waits. A test
 * that does more says what it does: `it(name, fn, e2eTimeout({ … }))`.
 */
export const DEFAULT_E2E_TIMEOUT = e2eTimeout({ sessions: 1, tools: 8, commands: 6, waits: 2 });
