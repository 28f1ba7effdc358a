// The entry of the bundle. The hot paths (hooks, the statusline)
// are routed before anything else is loaded; everything else goes through the CLI,
// which is only loaded when a person runs a command. Each `import()` here and in the
// code it reaches is a lazy boundary: the build makes it a file of its own.
import { codeCacheDir, installChunkLoader } from "./chunk-loader.ts";
import { EVENT_PARTS, GEMINI_EVENT_PARTS } from "./cli/event-parts.ts";
import { MIN_NODE_TEXT, nodeVersionOk } from "./core/node-min.ts";
import { mark } from "./core/trace.ts";

mark("main");

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const isHook = command === "hook" && rest[0] !== undefined && !rest[0].startsWith("-");
  const isGeminiHook = command === "gemini-hook" && rest[0] !== undefined;

  const launched = process.env.CAIRN_LAUNCHER === "1";
  delete process.env.CAIRN_LAUNCHER;
  if (!nodeVersionOk(process.versions.node)) {
    // Too old for node:sqlite. The launcher (bin/cairn) tries its next node on 86; stdin is left unread for it.
    if (launched) process.exit(86);
    const problem = `cairn needs Node.js ${MIN_NODE_TEXT} or newer; this is ${process.version} (${process.execPath}). Put a newer node first on PATH (https://nodejs.org).`;
    // A hook must still answer validly, so Claude Code goes on; SessionStart says why once per session.
    if (isGeminiHook) process.stdout.write("{}");
    else if (isHook)
      process.stdout.write(
        rest[0] === "PreCompact"
          ? ""
          : rest[0] === "SessionStart"
            ? JSON.stringify({ systemMessage: `cairn is off: ${problem}` })
            : "{}",
      );
    else process.stderr.write(`${problem}\n`);
    process.exit(isHook || isGeminiHook ? 0 : 1);
  }

  if (isHook || isGeminiHook || command === "statusline") {
    // The hot paths: their lazy files load with a code cache of what earlier runs compiled.
    installChunkLoader(__dirname, codeCacheDir(), require);
  } else {
    try {
      // Only a speed-up: later runs skip compiling the top level of the files they load.
      (
        process.getBuiltinModule("node:module") as { enableCompileCache?: () => unknown }
      ).enableCompileCache?.();
    } catch {}
  }
  if (isHook) {
    const { runCommandHook } = await import("./transports/command.ts");
    await runCommandHook(EVENT_PARTS, rest[0], rest.slice(1));
  } else if (isGeminiHook) {
    // Gemini CLI's hooks: the same parts, read and answered in Gemini's terms.
    const { runGeminiHook } = await import("./transports/gemini.ts");
    await runGeminiHook(GEMINI_EVENT_PARTS, rest[0]);
  } else if (command === "statusline") {
    const { runStatusline } = await import("./window/statusline.ts");
    await runStatusline();
  } else {
    const { runCli } = await import("./cli/main.ts");
    process.exitCode = await runCli(argv);
  }
}

void main(process.argv.slice(2));
