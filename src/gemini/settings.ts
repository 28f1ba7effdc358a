import { join } from "node:path";
import { hasHook, type MatcherGroup, type SettingsFile, withoutHooks } from "../claude/settings.ts";
import { homeDir } from "../core/paths.ts";
import { cliLine, type SelfInvocation } from "../core/self.ts";
import type { GeminiEventName } from "./events.ts";
import { AFTER_TOOL_MATCHER } from "./tool-outputs.ts";

/**
 * cairn in Gemini CLI's settings.json (`~/.gemini/settings.json`, or a project's
 * `.gemini/settings.json`), as pure functions over the parsed file; parsing, writing and
 * the byte-for-byte uninstall are shared with Claude Code's (claude/settings.ts,
 * cli/install-gemini.ts). Gemini CLI 0.61.0 runs a hook's `command` through a shell, with
 * `timeout` in milliseconds (60,000 by default); lifecycle matchers are exact strings
 * (PreCompress's is the trigger), tool matchers regular expressions.
 */

export type GeminiScope = "user" | "project";

export function geminiSettingsPath(
  scope: GeminiScope,
  projectDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return scope === "user"
    ? join(homeDir(env), ".gemini", "settings.json")
    : join(projectDir, ".gemini", "settings.json");
}

/**
 * The events cairn registers, each with Gemini's timeout (ms) as the outer guard
 * (cairn answers within hook.budget_ms). BeforeTool is left out: cairn's PreToolUse parts
 * (the exit trap's arming, Claude Code's read nudges) have nothing to do in Gemini CLI.
 */
const HOOKS: readonly { event: GeminiEventName; timeout: number; matcher?: string }[] = [
  { event: "SessionStart", timeout: 15_000 },
  { event: "BeforeAgent", timeout: 10_000 },
  { event: "AfterTool", timeout: 15_000, matcher: AFTER_TOOL_MATCHER },
  { event: "AfterAgent", timeout: 20_000 },
  { event: "PreCompress", timeout: 15_000 },
  { event: "SessionEnd", timeout: 10_000 },
];

export const GEMINI_INSTALLED_EVENTS: readonly GeminiEventName[] = HOOKS.map((h) => h.event);

/** The name Gemini CLI shows for cairn's hooks (`/hooks`), and how cairn knows its own. */
const HOOK_NAME = "cairn";
const MCP_NAME = "cairn";

export interface GeminiPlan {
  readonly hooks: Record<string, MatcherGroup>;
  readonly mcp: { command: string; args: string[] };
}

export function geminiPlan(self: SelfInvocation): GeminiPlan {
  const hooks: Record<string, MatcherGroup> = {};
  for (const h of HOOKS) {
    const hook = {
      type: "command",
      name: HOOK_NAME,
      command: `${cliLine(self)} gemini-hook ${h.event}`,
      timeout: h.timeout,
    };
    hooks[h.event] = h.matcher ? { matcher: h.matcher, hooks: [hook] } : { hooks: [hook] };
  }
  return { hooks, mcp: { command: self.command, args: [...self.args, "mcp"] } };
}

export function isCairnGeminiHook(hook: unknown): boolean {
  const h = hook as { type?: unknown; command?: unknown };
  return (
    h?.type === "command" &&
    typeof h.command === "string" &&
    /cairn(\.[cm]?js)?["']?\s+gemini-hook\s+\w+/.test(h.command)
  );
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether the MCP entry is the one cairn writes (its command runs `… mcp`). */
function isCairnMcp(entry: unknown, plan?: GeminiPlan): boolean {
  if (!isObj(entry)) return false;
  if (plan) return JSON.stringify(entry) === JSON.stringify(plan.mcp);
  const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
  return args.at(-1) === "mcp" && /cairn(\.[cm]?js)?$/.test(args.at(-2) ?? "");
}

export function hasCairnGemini(settings: SettingsFile): boolean {
  return (
    hasHook(settings, isCairnGeminiHook) ||
    (isObj(settings.mcpServers) && isCairnMcp(settings.mcpServers[MCP_NAME]))
  );
}

/** Removes cairn's hooks and its MCP server entry; what is left empty goes too. */
export function withoutCairnGemini(settings: SettingsFile): SettingsFile {
  const out = withoutHooks(settings, isCairnGeminiHook);
  if (isObj(settings.mcpServers) && isCairnMcp(settings.mcpServers[MCP_NAME])) {
    const { [MCP_NAME]: _cairn, ...rest } = settings.mcpServers;
    if (Object.keys(rest).length > 0) out.mcpServers = rest;
    else delete out.mcpServers;
  }
  return out;
}

/**
 * Adds cairn's hooks (an earlier install's replaced, so installing twice is the same as
 * once) and its MCP server, unless the user has a server of that name of their own.
 * Nothing is trusted: cairn's MCP tools ask for confirmation like any other, and the
 * excerpts reach the model through Gemini's own read_file (transports/gemini.ts).
 */
export function withCairnGemini(settings: SettingsFile, plan: GeminiPlan): SettingsFile {
  const base = withoutCairnGemini(settings);
  const hooks: Record<string, MatcherGroup[]> = { ...(base.hooks ?? {}) };
  for (const [event, group] of Object.entries(plan.hooks)) hooks[event] = [...(hooks[event] ?? []), group];
  const out: SettingsFile = { ...base, hooks };
  const servers = isObj(base.mcpServers) ? base.mcpServers : {};
  if (!(MCP_NAME in servers)) out.mcpServers = { ...servers, [MCP_NAME]: plan.mcp };
  return out;
}
