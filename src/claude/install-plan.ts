import { cliLine, type SelfInvocation } from "../core/self.ts";
import type { EventName } from "./events.ts";
import { homeLauncherLine, NO_LAUNCHER_MESSAGE } from "./home-launcher.ts";
import type { HookEntry, HookPlan, InstallPlan } from "./settings.ts";

/**
 * The events cairn registers, with Claude Code's timeout per hook in seconds. cairn
 * answers inside its own budget (hook.budget_ms) long before these; they are the outer
 * guard. SessionEnd must be explicit: without it Claude Code allows only 1.5 s. Only
 * events with parts behind them (cli/event-parts.ts) are here: a hook with nothing to do
 * would still start a process on every such event (test/unit/cli/event-parts.test.ts).
 */
const HOOK_TIMEOUT_S = {
  SessionStart: 15,
  UserPromptSubmit: 10,
  PreToolUse: 10,
  PostToolUse: 15,
  PostToolUseFailure: 10,
  Stop: 20,
  SubagentStop: 20,
  PreCompact: 15,
  SessionEnd: 10,
} as const satisfies Partial<Record<EventName, number>>;

type InstalledEvent = keyof typeof HOOK_TIMEOUT_S;

/** How long Claude Code waits for cairn's hook on `event` before it cancels it (ms), as registered. */
export function registeredTimeoutMs(event: EventName): number | undefined {
  const s = (HOOK_TIMEOUT_S as Partial<Record<EventName, number>>)[event];
  return s === undefined ? undefined : s * 1000;
}

/**
 * Matchers keep events cairn does not act on from starting a process at all.
 * PreToolUse: Bash (carries the notebook's once-only request after a held-back
 * compaction), Read (the large-read nudge), Agent/Task (the subagent
 * model nudge). Post-tool events see every tool: compression and context warnings
 * apply to all of them.
 */
const HOOK_MATCHER: Readonly<Partial<Record<EventName, string>>> = {
  PreToolUse: "Bash|Read|Agent|Task",
};

export const INSTALLED_EVENTS = Object.keys(HOOK_TIMEOUT_S) as InstalledEvent[];

/**
 * Events that stay command hooks under the http transport: SessionStart, which also
 * starts the server when it is down, and PreCompact, whose plain-text answer Claude
 * Code appends to the compaction prompt only from a command hook (verified on 2.1.328).
 */
const COMMAND_ONLY: ReadonlySet<EventName> = new Set(["SessionStart", "PreCompact"]);

/** One event's registration: its matcher, if any, and the hook with the event's timeout. */
function planned(event: InstalledEvent, hook: Omit<HookEntry, "timeout">): HookPlan {
  return {
    event,
    ...(HOOK_MATCHER[event] ? { matcher: HOOK_MATCHER[event] } : {}),
    hook: { ...hook, timeout: HOOK_TIMEOUT_S[event] } as HookEntry,
  };
}

function commandHook(self: SelfInvocation, event: InstalledEvent, extra: readonly string[] = []): HookPlan {
  return planned(event, {
    type: "command",
    command: self.command,
    args: [...self.args, "hook", event, ...extra],
  });
}

export function httpPlan(self: SelfInvocation, http: { port: number; secret: string }): InstallPlan {
  const hooks: HookPlan[] = INSTALLED_EVENTS.map((event) => {
    if (COMMAND_ONLY.has(event)) return commandHook(self, event, event === "SessionStart" ? ["--serve"] : []);
    return planned(event, {
      type: "http",
      url: `http://127.0.0.1:${http.port}/cairn/hook/${event}`,
      headers: { "X-Cairn-Secret": http.secret },
      // A stopped server must never block the session.
      on_failure: "continue",
    });
  });
  return { hooks, statusLine: { type: "command", command: statusLineCommand(self) } };
}

export function commandPlan(self: SelfInvocation): InstallPlan {
  const hooks = INSTALLED_EVENTS.map((event) => commandHook(self, event));
  return { hooks, statusLine: { type: "command", command: statusLineCommand(self) } };
}

/**
 * A project install, which teams commit: every hook and the statusline run cairn through
 * the home launcher (home-launcher.ts), so the file names no path of this machine. Where
 * a teammate has no launcher, each hook does nothing and SessionStart says why once.
 */
export function projectPlan(): InstallPlan {
  const hooks = INSTALLED_EVENTS.map((event): HookPlan => {
    const missing =
      event === "SessionStart" ? JSON.stringify({ systemMessage: NO_LAUNCHER_MESSAGE }) : undefined;
    return planned(event, { type: "command", command: homeLauncherLine(`hook ${event}`, missing) });
  });
  return { hooks, statusLine: { type: "command", command: homeLauncherLine("statusline") } };
}

/** The statusline is a shell command line in settings.json, so it is quoted for /bin/sh. */
function statusLineCommand(self: SelfInvocation): string {
  return `${cliLine(self)} statusline`;
}

/**
 * The plugin's launcher (bin/cairn), run through sh so a lost executable bit cannot
 * stop it: it finds a Node.js new enough for cairn even when the `node` first on PATH
 * is older, and otherwise answers a valid no-op and says so (see bin/cairn).
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code substitutes it in plugin files.
const PLUGIN_LAUNCHER = "${CLAUDE_PLUGIN_ROOT}/bin/cairn";

/**
 * The plugin's hooks/hooks.json: the same events, matchers and timeouts as
 * `cairn install`, run through the plugin's launcher.
 */
export function pluginHooks(): { description: string; hooks: Record<string, unknown[]> } {
  const hooks: Record<string, unknown[]> = {};
  for (const event of INSTALLED_EVENTS) {
    const hook = {
      type: "command",
      command: `sh "${PLUGIN_LAUNCHER}" hook ${event}`,
      timeout: HOOK_TIMEOUT_S[event],
    };
    hooks[event] = [
      HOOK_MATCHER[event] ? { matcher: HOOK_MATCHER[event], hooks: [hook] } : { hooks: [hook] },
    ];
  }
  return { description: "cairn: live compression, notebook, layered memory and context monitor", hooks };
}

/** The plugin's MCP server, through the same launcher. */
export function pluginMcpServers(): Record<string, { command: string; args: string[] }> {
  return { cairn: { command: "sh", args: [PLUGIN_LAUNCHER, "mcp"] } };
}
