import { cairnPaths } from "../core/paths.ts";
import { setSwitch } from "../core/switches.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { parse } from "./args.ts";
import type { Command } from "./command.ts";
import { color, out } from "./io.ts";

function toggle(on: boolean): Command {
  const verb = on ? "on" : "off";
  return {
    usage: `Usage: cairn ${verb} [--project]

${on ? "Re-enables" : "Disables"} cairn. Off, every hook answers with a no-op at once: Claude Code
behaves as if cairn were not installed, while the install stays in place.

  --project   only for the project around the current directory`,
    async run(argv) {
      const { values } = parse(argv, { project: { type: "boolean" } });
      const projectDir = values.project ? commandProjectDir() : undefined;
      setSwitch(cairnPaths(), on, projectDir);
      const where = projectDir ? `for ${projectDir}` : "globally";
      out(`cairn is ${on ? color.green("on") : color.yellow("off")} ${where}`);
      return 0;
    },
  };
}

export const on = toggle(true);
export const off = toggle(false);
