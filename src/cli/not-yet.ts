import { err } from "./io.ts";
import type { Command } from "./main.ts";

/** A command whose feature has not landed yet: says so plainly instead of pretending. */
export function notYet(name: string, what: string): Command {
  return {
    usage: `Usage: cairn ${name}\n\n${what}\n\nNot available in this build yet.`,
    async run() {
      err(`cairn ${name}: not available in this build yet (${what})`);
      return 1;
    },
  };
}
