import { visible, visibleLine } from "../core/terminal-text.ts";
import { isUsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, out } from "./io.ts";

interface Entry {
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/**
 * Every command, with a one-line summary, in the groups `cairn --help` shows. A
 * command's code is loaded only when it runs.
 */
const COMMANDS: Record<string, Entry & { group: string }> = {
  install: {
    group: "setup",
    summary: "register cairn's hooks and statusline with Claude Code",
    load: () => import("./install.ts").then((m) => m.install),
  },
  uninstall: {
    group: "setup",
    summary: "remove cairn from Claude Code's settings (restores them byte for byte)",
    load: () => import("./install.ts").then((m) => m.uninstall),
  },
  doctor: {
    group: "setup",
    summary: "check that cairn is installed and healthy, and say how to fix what is not",
    load: () => import("./doctor.ts").then((m) => m.doctor),
  },
  config: {
    group: "setup",
    summary: "print the effective config and where each value comes from",
    load: () => import("./config.ts").then((m) => m.config),
  },
  on: {
    group: "setup",
    summary: "turn cairn back on (globally, or --project)",
    load: () => import("./switch.ts").then((m) => m.on),
  },
  off: {
    group: "setup",
    summary: "turn every cairn hook into a no-op (globally, or --project)",
    load: () => import("./switch.ts").then((m) => m.off),
  },

  status: {
    group: "context",
    summary: "this project's session: context used, outputs filed, savings, notebook",
    load: () => import("./status.ts").then((m) => m.status),
  },
  monitor: {
    group: "context",
    summary: "live view of every active session's context",
    load: () => import("./monitor.ts").then((m) => m.monitor),
  },
  sessions: {
    group: "context",
    summary: "recent sessions across projects",
    load: () => import("./sessions.ts").then((m) => m.sessions),
  },
  report: {
    group: "context",
    summary: "tool results, compressions, savings, injections and token use",
    load: () => import("./report.ts").then((m) => m.report),
  },
  ui: {
    group: "context",
    summary: "open the local web dashboard",
    load: () => import("./ui.ts").then((m) => m.ui),
  },

  show: {
    group: "originals",
    summary: "print a stored original, whole or by --lines / --grep",
    load: () => import("./show.ts").then((m) => m.show),
  },

  state: {
    group: "memory",
    summary: "print or edit this project's notebook (.cairn/STATE.md)",
    load: () => import("./state.ts").then((m) => m.state),
  },
  handoff: {
    group: "memory",
    summary: "show (or write) what the next session in this project receives",
    load: () => import("./handoff.ts").then((m) => m.handoff),
  },
  "save-inflight": {
    group: "memory",
    summary: "store the in-flight memo for the next session (stdin)",
    load: () => import("./save-inflight.ts").then((m) => m.saveInflight),
  },
  detail: {
    group: "memory",
    summary: "conversation and tool details of a time, turn or tool call",
    load: () => import("./detail.ts").then((m) => m.detail),
  },
  search: {
    group: "memory",
    summary: "full-text search across conversation, tool I/O and outputs",
    load: () => import("./search.ts").then((m) => m.search),
  },
  team: {
    group: "memory",
    summary: "team memory on PostgreSQL: status of the shared store, sync now",
    load: () => import("./team.ts").then((m) => m.team),
  },
  slim: {
    group: "memory",
    summary: "rewrite a stopped session's transcript so a resume starts lean",
    load: () => import("./slim.ts").then((m) => m.slim),
  },
  gc: {
    group: "memory",
    summary: "apply the retention policy now (age and size), or see what it would remove",
    load: () => import("./gc.ts").then((m) => m.gc),
  },
  mcp: {
    group: "memory",
    summary: "serve search, detail and show to the agent over MCP (stdio)",
    load: () => import("./mcp.ts").then((m) => m.mcp),
  },

  hook: {
    group: "plumbing",
    summary: "answer one Claude Code hook event from stdin",
    load: () => import("./hook.ts").then((m) => m.hook),
  },
  serve: {
    group: "plumbing",
    summary: "run the hooks behind a loopback HTTP server (http transport)",
    load: () => import("./serve.ts").then((m) => m.serve),
  },
};

import { VERSION } from "../core/version.ts";

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines: string[] = [];
  for (const group of new Set(Object.values(COMMANDS).map((e) => e.group))) {
    lines.push("", color.dim(group));
    for (const [name, e] of Object.entries(COMMANDS)) {
      if (e.group === group) lines.push(`  ${color.bold(name.padEnd(width))}  ${e.summary}`);
    }
  }
  return [
    `${color.bold("cairn")} ${VERSION}: keeps Claude Code sessions sharp`,
    "",
    `Usage: cairn <command> [options]     (cairn <command> --help for details)`,
    "",
    "Commands:",
    ...lines.slice(1),
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
    const close = Object.keys(COMMANDS).filter((c) => c.startsWith(name.slice(0, 2)));
    err(
      `cairn: unknown command "${visibleLine(name)}"${close.length > 0 ? `; did you mean ${close.join(", ")}?` : ""} (commands: cairn --help)`,
    );
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
    // Messages may quote what was typed: shown, never interpreted by the terminal.
    if (isUsageError(e)) {
      err(usageLine(name, e.message));
      return 2;
    }
    err(`cairn ${name}: ${visible((e as Error).message)}`);
    if (process.env.CAIRN_DEBUG) err((e as Error).stack ?? "");
    return 1;
  }
}

/**
 * A usage error as one line: what is wrong, and where the options are listed. The
 * message may quote what was typed: shown as visible text on that one line.
 */
function usageLine(command: string, message: string): string {
  return `cairn ${command}: ${visibleLine(message)} (options: cairn ${command} --help)`;
}
