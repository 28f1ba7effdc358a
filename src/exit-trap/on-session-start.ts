import { appendFileSync, statSync } from "node:fs";
import { isAbsolute } from "node:path";
import { readRegularText, writeFileAtomic } from "../core/fs.ts";
import { projectOffPath } from "../core/switches.ts";
import type { HookContext, Parts } from "../hooks/context.ts";
import { armingBase } from "./arming.ts";
import { exitTrap, withoutExitTrap } from "./exit-marker.ts";
import { type ExitTrapState, saveExitTrapState } from "./exit-trap-state.ts";
import { issueNonce } from "./nonce.ts";
import { removeOldSpool } from "./old-spool.ts";
import { sessionShell, shellKind } from "./session-shell.ts";

/**
 * Puts the exit trap (exit-marker.ts) in CLAUDE_ENV_FILE, which Claude Code sets for
 * SessionStart hooks and sources before every Bash command of the session, subagents
 * included. Nothing about the command changes, so Claude Code decides every permission
 * exactly as without cairn. Where the trap cannot go (no CLAUDE_ENV_FILE, no
 * bash or zsh), failing commands are simply not compressed, and the reason is kept
 * for `cairn report` and `cairn doctor`.
 */
function install(sessionId: string, ctx: HookContext): ExitTrapState {
  const c = ctx.config;
  if (!c["run.enabled"]) return { installed: false, why: "run.enabled is off" };
  if (!c["compress.enabled"]) return { installed: false, why: "compress.enabled is off" };
  const envFile = ctx.env.CLAUDE_ENV_FILE;
  if (!envFile || !isAbsolute(envFile))
    return { installed: false, why: "Claude Code gave this SessionStart hook no CLAUDE_ENV_FILE" };
  const found = sessionShell(ctx.env);
  if (!found)
    return {
      installed: false,
      why: "no bash or zsh was found, and Claude Code runs commands in nothing else",
    };
  const shell = shellKind(found);
  const offSwitches = [ctx.paths.offSwitch, projectOffPath(ctx.paths, ctx.projectDir)];
  const trap = exitTrap(issueNonce(ctx.paths, sessionId), {
    offSwitches,
    arm: armingBase(ctx.paths, sessionId),
  });
  const before = readRegularText(envFile, 1024 * 1024);
  if (before === undefined) {
    // Not there yet (or not a file cairn would rewrite): the trap is only appended.
    appendFileSync(envFile, trap, { mode: 0o600 });
    return { installed: true, shell };
  }
  // An older trap of cairn's in this file (another version, another project's switch)
  // makes way; whatever else is there ends its own line, so the trap's first line stays a comment.
  const others = withoutExitTrap(before);
  const wanted = `${others}${others && !others.endsWith("\n") ? "\n" : ""}${trap}`;
  // After --resume or a compaction SessionStart runs again, maybe with the same file.
  if (wanted === before) return { installed: true, shell };
  if (wanted.startsWith(before)) appendFileSync(envFile, wanted.slice(before.length), { mode: 0o600 });
  else writeFileAtomic(envFile, wanted, statSync(envFile).mode & 0o777);
  return { installed: true, shell };
}

export const parts: Parts = {
  SessionStart: {
    name: "exit-trap",
    async run(event, ctx) {
      let state: ExitTrapState;
      try {
        state = install(event.session_id, ctx);
      } catch (err) {
        ctx.log.error("could not append the exit trap; failing Bash commands will not be compressed", {
          event: "SessionStart",
          session: event.session_id,
          err,
        });
        state = { installed: false, why: "appending the exit trap failed (see the log)" };
      }
      if (!state.installed)
        ctx.log.info(`failing Bash commands are not compressed in this session: ${state.why}`, {
          event: "SessionStart",
          session: event.session_id,
        });
      saveExitTrapState(await ctx.store(), event.session_id, state, ctx.now());
      try {
        if (removeOldSpool(ctx.paths))
          ctx.log.info("removed the spool files an older cairn's Bash runner left", {
            event: "SessionStart",
          });
      } catch (err) {
        ctx.log.warn("could not remove an older cairn's spool files (~/.cairn/run)", {
          event: "SessionStart",
          err,
        });
      }
      return undefined;
    },
  },
};
