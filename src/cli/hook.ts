import { EVENT_NAMES } from "../claude/events.ts";
import { UsageError } from "./args.ts";
import type { Command } from "./command.ts";

// `cairn hook <Event>` itself is routed in main.ts before the CLI loads; this file only
// answers for the forms that are not a hook call.
export const hook: Command = {
  usage: [
    "Usage: cairn hook <Event>   (reads the event JSON on stdin, prints the answer JSON)",
    "",
    "Claude Code runs this; you normally do not. Events:",
    `  ${EVENT_NAMES.join(", ")}`,
    "",
    "It always exits 0 with a valid answer: on bad input, errors or timeouts it answers",
    "with a no-op and writes a line to ~/.cairn/logs/cairn.log.",
  ].join("\n"),
  async run() {
    throw new UsageError("name the event, e.g. `cairn hook PostToolUse`");
  },
};
