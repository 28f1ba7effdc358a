// The single entry of the bundle. The hot paths (hooks, the Bash runner, the
// statusline) are routed before anything else is loaded; everything else goes
// through the CLI, which is only imported when a person runs a command.
import { enableCompileCache } from "node:module";

try {
  enableCompileCache?.();
} catch {
  // Only a speed-up.
}

const [command, ...rest] = process.argv.slice(2);

if (command === "hook" && rest[0] && !rest[0].startsWith("-")) {
  const { runCommandHook } = await import("./transports/command.ts");
  await runCommandHook(rest[0]);
} else {
  const { runCli } = await import("./cli/main.ts");
  process.exitCode = await runCli(process.argv.slice(2));
}
