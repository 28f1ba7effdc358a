import { UsageError } from "./args.ts";
import { color, err, out } from "./io.ts";

export interface Command {
  readonly usage: string;
  run(argv: string[]): Promise<number>;
}

interface Entry {
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/** Every command, with a one-line summary; a command's code is loaded only when it runs. */
const COMMANDS: Record<string, Entry> = {
  install: {
    summary: "register cairn's hooks and statusline with Claude Code",
    load: () => import("./install.ts").then((m) => m.install),
  },
  uninstall: {
    summary: "remove cairn from Claude Code's settings (restores them byte for byte)",
    load: () => import("./install.ts").then((m) => m.uninstall),
  },
  doctor: {
    summary: "check that cairn is installed and healthy, and say how to fix what is not",
    load: () => import("./doctor.ts").then((m) => m.doctor),
  },
  config: {
    summary: "print the effective config and where each value comes from",
    load: () => import("./config.ts").then((m) => m.config),
  },
  on: {
    summary: "turn cairn back on (globally, or --project)",
    load: () => import("./switch.ts").then((m) => m.on),
  },
  off: {
    summary: "turn every cairn hook into a no-op (globally, or --project)",
    load: () => import("./switch.ts").then((m) => m.off),
  },
  hook: {
    summary: "answer one Claude Code hook event from stdin (used by the installed hooks)",
    load: () => import("./hook.ts").then((m) => m.hook),
  },
};

export const VERSION = "0.1.0";

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, e]) => `  ${color.bold(name.padEnd(width))}  ${e.summary}`,
  );
  return [
    `${color.bold("cairn")} ${VERSION}: keeps Claude Code sessions sharp`,
    "",
    `Usage: cairn <command> [options]     (cairn <command> --help for details)`,
    "",
    "Commands:",
    ...lines,
    "",
    "State lives in ~/.cairn (config.yaml, cairn.db, logs/). Docs: README.md.",
  ].join("\n");
}

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    out(usage());
    return 0;
  }
  if (name === "--version" || name === "-v" || name === "version") {
    out(VERSION);
    return 0;
  }
  const entry = COMMANDS[name];
  if (!entry) {
    err(`cairn: unknown command "${name}"`);
    const close = Object.keys(COMMANDS).filter((c) => c.startsWith(name.slice(0, 2)));
    if (close.length > 0) err(`Did you mean: ${close.join(", ")}?`);
    err("Run `cairn --help` for the list of commands.");
    return 2;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`cairn ${name}: ${e.message}`);
      err("");
      err(command.usage);
      return 2;
    }
    err(`cairn ${name}: ${(e as Error).message}`);
    if (process.env.CAIRN_DEBUG) err((e as Error).stack ?? "");
    return 1;
  }
}
