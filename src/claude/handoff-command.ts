/**
 * The /handoff slash command. One template serves every install, each naming cairn as
 * one `cli`: the plugin's commands/handoff.md (`cairn`: Claude Code puts the plugin's
 * bin/ on the PATH of its shell), the user command `cairn install` writes to
 * ~/.claude/commands/handoff.md (cairn's absolute invocation, core/self.ts) and a
 * project's (the home launcher, home-launcher.ts). The `!` line runs when the command
 * expands, before the model answers: it writes the baton and prints what it did
 * (`--quiet`: without naming the memo command, which this text names, so the model is
 * shown one command, the one allowed-tools allows). It allows exactly cairn's two
 * commands, not every script the same node could run.
 */
export function handoffCommand(cli: string): string {
  return `---
description: Hand this session's work to the next session in this project (in-flight memo + layered memory)
argument-hint: "[what the next session should focus on]"
allowed-tools: Bash(${cli} handoff:*), Bash(${cli} save-inflight:*)
---
!\`${cli} handoff --write --quiet\`

You are handing this task over to a fresh session that will continue it. It will receive
this session's memory (recent turns verbatim, older ones in one line each, the project
notebook) and the memo you write now. Write the memo for someone who knows the project but
not what happened in this session: be specific (files, functions, commands, error messages).

Save it with exactly one Bash call, piping it into cairn like this:

${cli} save-inflight <<'CAIRN_MEMO'
## Next step
<the very next concrete action>
## Hypothesis
<what you currently believe about the problem, and why>
## Open questions
<what is still unknown or undecided>
## TODOs
- <remaining items, most important first>
CAIRN_MEMO

Focus for the next session (may be empty): $ARGUMENTS

Then tell the user in one or two sentences that the handoff is ready and that the next
session they start in this project (or /clear) within the hour continues from here.
`;
}

/** The plugin's form: the plugin's bin/cairn launcher, which Claude Code puts on its shell's PATH. */
export const PLUGIN_CLI = "cairn";
