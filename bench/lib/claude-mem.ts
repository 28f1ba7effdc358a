import { readFileSync } from "node:fs";
import { join } from "node:path";

/** claude-mem's hook commands, exactly as its plugin manifest registers them. */
export function claudeMemHooks(plugin: string): Record<string, string> {
  const hooks = (
    JSON.parse(readFileSync(join(plugin, "hooks", "hooks.json"), "utf8")) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    }
  ).hooks;
  const out: Record<string, string> = {};
  for (const event of ["SessionStart", "UserPromptSubmit", "PostToolUse"]) {
    const command = hooks[event]?.[0]?.hooks?.[0]?.command;
    if (command) out[event] = command;
  }
  return out;
}
