import { printedCli, shellQuote } from "../core/self.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { chainOwner, isKnownSession, memoryEnv, unknownSession } from "../memory/command-env.ts";
import { detail as detailOf, parseDetailSpec, SpecError } from "../memory/detail.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { err, json, outRecorded } from "./io.ts";
import { page } from "./pager.ts";

const USAGE = `Usage: cairn detail <HH:MM[:SS] | HH:MM-HH:MM | turn N[-M] | TOOL_USE_ID> [options]

Prints what happened in those turns of this project's session (and of the sessions
handed off into it): the conversation verbatim, then every tool call with its input
and its output (the stored original where cairn compressed it), thinking, system and
hook messages, images and subagents, grouped by kind. Times are local.

  --session ID      another session's chain (default: the session this runs in, else
                    the project's most recent)
  --max-chars N     stop after N characters; 0 for no limit (default: no limit on a
                    terminal, where it opens in $PAGER or less; 25,000 when piped)
  --json            machine-readable output

Examples:
  cairn detail 14:05          the turn in progress at 14:05
  cairn detail 14:00-14:30    every turn in that half hour
  cairn detail turn 3
  cairn detail toolu_01ABC    one tool call, input and whole output`;

/** Under Bash's 30,000-character limit, so the agent reading it gets it whole, with the note. */
const PIPED_MAX_CHARS = 25_000;

export const detail: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      { session: { type: "string" }, "max-chars": { type: "string" }, json: { type: "boolean" } },
      { positionals: true },
    );
    let spec: ReturnType<typeof parseDetailSpec>;
    try {
      spec = parseDetailSpec(positionals);
    } catch (e) {
      if (e instanceof SpecError) throw new UsageError(e.message);
      throw e;
    }
    const asked = intFlag(values["max-chars"], "max-chars", 0);
    // Piped without a limit (into a file, a pipe, the agent's Bash): capped, and said so.
    const piped = !process.stdout.isTTY && !values.json;
    const maxChars = asked ?? (piped ? PIPED_MAX_CHARS : 0);
    const m = await memoryEnv();
    try {
      const store = await m.store();
      if (values.session !== undefined && !isKnownSession(store, values.session)) {
        err(`cairn detail: ${unknownSession(values.session)}`);
        return 1;
      }
      const owner = chainOwner(store, m.projectDir, values.session, m.env);
      if (!owner) {
        err(`cairn detail: cairn has no memory of a session in ${m.projectDir} yet`);
        return 1;
      }
      const r = detailOf(store, owner, spec, { maxChars, cli: printedCli() });
      if (values.json) {
        json({ session: owner, ...r });
        return r.turns.length ? 0 : 1;
      }
      if (r.turns.length === 0) {
        err(
          `cairn detail: nothing matches "${visibleLine(positionals.join(" "))}" in session ${owner.slice(0, 8)}`,
        );
        return 1;
      }
      // On a terminal a long turn opens in the pager instead of flooding the screen.
      if (!piped && page(r.text)) return 0;
      outRecorded(r.text, `cairn detail ${positionals.join(" ")}`);
      if (piped && r.truncated && asked === undefined) {
        const again = [printedCli(), "detail", ...argv.map(shellQuote), "--max-chars", "0"].join(" ");
        err(
          `cairn detail: cut at ${PIPED_MAX_CHARS.toLocaleString("en-US")} characters because the output is piped; all of it: ${again}`,
        );
      }
      return 0;
    } finally {
      m.close();
    }
  },
};
