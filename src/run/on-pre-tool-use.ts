import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { allowedWithoutAsking, loadBashRules } from "../claude/permissions.ts";
import { anyMatches, CAIRN_COMMAND } from "../core/cairn-commands.ts";
import { ensureDir, FILE_MODE, writeFileAtomic } from "../core/fs.ts";
import type { Parts } from "../hooks/context.ts";
import { type RunMeta, runDir, runFiles } from "./spool.ts";
import { isInteractive, isWrapped, wrapCommand } from "./wrap.ts";

/**
 * Routes a Bash call through cairn's runner, so failing commands (PostToolUseFailure
 * cannot replace output) and outputs over Claude Code's 30,000-character spill are
 * compressed too. Only commands the user's own permission rules allow without asking
 * are wrapped; the rest run as they would without cairn.
 */
export const parts: Parts = {
  PreToolUse: {
    name: "run",
    async run(event, ctx) {
      if (event.tool_name !== "Bash") return undefined;
      const c = ctx.config;
      if (!c["run.enabled"] || !c["compress.enabled"]) return undefined;
      const command = event.tool_input.command;
      if (typeof command !== "string" || !command.trim()) return undefined;
      const skip = (why: string) => {
        ctx.log.debug(`not wrapping: ${why}`, { event: "PreToolUse", session: event.session_id });
        return undefined;
      };
      if (event.tool_input.run_in_background === true) return skip("runs in the background");
      if (isWrapped(command) || CAIRN_COMMAND.test(command)) return skip("cairn's own command");
      if (isInteractive(command)) return skip("interactive or streaming");
      if (anyMatches(c["run.never"], command)) return skip("run.never");
      // The wrapper uses bash features; Claude Code runs Bash commands in the user's shell.
      const shell = basename(ctx.env.SHELL || "bash");
      if (shell !== "bash") return skip(`shell is ${shell}`);
      const verdict = allowedWithoutAsking(
        command,
        loadBashRules(ctx.projectDir, ctx.env),
        event.permission_mode,
      );
      if (!verdict.ok) return skip(verdict.reason);

      const files = runFiles(ctx.paths, event.tool_use_id);
      ensureDir(runDir(ctx.paths));
      writeFileSync(files.commandFile, command, { mode: FILE_MODE });
      const meta: RunMeta = {
        sessionId: event.session_id,
        toolUseId: event.tool_use_id,
        command,
        projectDir: ctx.projectDir,
        createdAt: ctx.now(),
      };
      writeFileAtomic(files.metaFile, JSON.stringify(meta));
      const runner = [ctx.self.command, ...ctx.self.args, "run", "--id", files.id];
      return {
        updatedInput: { ...event.tool_input, command: wrapCommand(runner, files) },
        // Claude Code checks the command a hook returns; this one is cairn's wrapper of a
        // command the user's rules already allow (verified above).
        permissionDecision: "allow",
        permissionDecisionReason: "cairn runs this allowed command through its output filer",
      };
    },
  },
};
