import type { EventName } from "./events.ts";

/**
 * Merging cairn into Claude Code's settings.json and taking it out again, as pure
 * functions over the file's text. Claude Code reads settings.json as strict JSON;
 * a file that does not parse (JSONC comments, trailing commas) is refused, never
 * rewritten.
 */

export interface CommandHook {
  type: "command";
  command: string;
  args?: string[];
  timeout?: number;
  [key: string]: unknown;
}

interface HttpHook {
  type: "http";
  url: string;
  headers?: Record<string, string>;
  timeout?: number;
  on_failure?: "continue" | "block";
  [key: string]: unknown;
}

export type HookEntry = CommandHook | HttpHook | ({ type: string } & Record<string, unknown>);

export interface MatcherGroup {
  matcher?: string;
  hooks: HookEntry[];
  [key: string]: unknown;
}

export interface StatusLine {
  type: "command";
  command: string;
  padding?: number;
  [key: string]: unknown;
}

export interface SettingsFile {
  hooks?: Record<string, MatcherGroup[]>;
  statusLine?: StatusLine | Record<string, unknown>;
  [key: string]: unknown;
}

/** One event registration cairn wants. */
export interface HookPlan {
  readonly event: EventName;
  readonly matcher?: string;
  readonly hook: HookEntry;
}

export interface InstallPlan {
  readonly hooks: readonly HookPlan[];
  /** The statusline command that wraps the user's own. */
  readonly statusLine?: StatusLine;
}

type ParsedSettings =
  | { ok: true; settings: SettingsFile; indent: string; trailingNewline: boolean }
  | { ok: false; problem: string };

export function parseSettings(text: string | undefined): ParsedSettings {
  if (text === undefined || text.trim() === "")
    return { ok: true, settings: {}, indent: "  ", trailingNewline: true };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const hint = /\/\/|\/\*/.test(text)
      ? " (it has comments: JSONC)"
      : /,\s*[}\]]/.test(text)
        ? " (trailing comma)"
        : "";
    return { ok: false, problem: `not strict JSON${hint}: ${(err as Error).message}` };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return { ok: false, problem: "the top level is not a JSON object" };
  }
  const settings = data as SettingsFile;
  if (settings.hooks !== undefined && (typeof settings.hooks !== "object" || Array.isArray(settings.hooks))) {
    return { ok: false, problem: '"hooks" is not an object' };
  }
  return { ok: true, settings, indent: detectIndent(text), trailingNewline: text.endsWith("\n") };
}

function detectIndent(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m?.[1] ?? "  ";
}

export function stringifySettings(settings: SettingsFile, indent: string, trailingNewline: boolean): string {
  return JSON.stringify(settings, null, indent) + (trailingNewline ? "\n" : "");
}

/** Recognises entries cairn wrote, in any install form (exec, shell, plugin, http). */
export function isCairnHook(hook: HookEntry): boolean {
  if (hook.type === "http") return typeof hook.url === "string" && /\/cairn\/hook\//.test(hook.url);
  if (hook.type !== "command") return false;
  const args = Array.isArray(hook.args) ? (hook.args as unknown[]).map(String) : [];
  if (args.length >= 2 && /cairn(\.[cm]?js)?$/.test(args[0] ?? "") && args[1] === "hook") return true;
  return typeof hook.command === "string" && /cairn(\.[cm]?js)?["']?\s+hook\s+\w+/.test(hook.command);
}

export function isCairnStatusLine(statusLine: unknown): boolean {
  const cmd = (statusLine as { command?: unknown } | undefined)?.command;
  return typeof cmd === "string" && /cairn(\.[cm]?js)?["']?\s+statusline\b/.test(cmd);
}

/** Removes every cairn hook; groups left empty and an empty hooks object go too. */
/** Whether settings hold anything of cairn's: one of its hooks, or its statusline. */
export function hasCairn(settings: SettingsFile): boolean {
  return isCairnStatusLine(settings.statusLine) || hasHook(settings, isCairnHook);
}

/** Whether any hook of any event is one `isOurs` recognises. */
export function hasHook(settings: SettingsFile, isOurs: (hook: HookEntry) => boolean): boolean {
  for (const groups of Object.values(settings.hooks ?? {})) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups) if (Array.isArray(g?.hooks) && g.hooks.some((h) => isOurs(h))) return true;
  }
  return false;
}

/** The settings without the hooks `isOurs` recognises; groups left empty and an empty hooks object go too. */
export function withoutHooks(settings: SettingsFile, isOurs: (hook: HookEntry) => boolean): SettingsFile {
  const out: SettingsFile = { ...settings };
  if (!settings.hooks) return out;
  const hooks: Record<string, MatcherGroup[]> = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) {
      hooks[event] = groups;
      continue;
    }
    const kept = groups
      .map((g) => (Array.isArray(g?.hooks) ? { ...g, hooks: g.hooks.filter((h) => !isOurs(h)) } : g))
      .filter((g) => !Array.isArray(g?.hooks) || g.hooks.length > 0);
    if (kept.length > 0) hooks[event] = kept;
  }
  if (Object.keys(hooks).length > 0) out.hooks = hooks;
  else delete out.hooks;
  return out;
}

export function withoutCairn(
  settings: SettingsFile,
  restoreStatusLine?: SettingsFile["statusLine"] | null,
): SettingsFile {
  const out = withoutHooks(settings, isCairnHook);
  if (isCairnStatusLine(settings.statusLine)) {
    if (restoreStatusLine) out.statusLine = restoreStatusLine;
    else delete out.statusLine;
  }
  return out;
}

/**
 * Adds cairn's hooks (replacing any earlier cairn entries, so installing twice is the
 * same as once) and wraps the statusline. Everything else is kept as it was, in order.
 */
export function withCairn(settings: SettingsFile, plan: InstallPlan): SettingsFile {
  // Passing the current statusline through keeps its key where it is in the file.
  const base = withoutCairn(settings, settings.statusLine);
  const hooks: Record<string, MatcherGroup[]> = { ...(base.hooks ?? {}) };
  for (const p of plan.hooks) {
    const group: MatcherGroup =
      p.matcher === undefined ? { hooks: [p.hook] } : { matcher: p.matcher, hooks: [p.hook] };
    hooks[p.event] = [...(hooks[p.event] ?? []), group];
  }
  const out: SettingsFile = { ...base, hooks };
  if (plan.statusLine) {
    // Keep the padding of whatever statusline is there now (the user's, or cairn's from an earlier install).
    const padding = (settings.statusLine as { padding?: unknown } | undefined)?.padding;
    out.statusLine = typeof padding === "number" ? { ...plan.statusLine, padding } : plan.statusLine;
  }
  return inPlace(settings, out);
}

/**
 * `next` with its keys in the order `original` had them and new ones after, so installing
 * over an install (a second run, a teammate's committed one) writes the same bytes.
 */
function inPlace(original: SettingsFile, next: SettingsFile): SettingsFile {
  const out: SettingsFile = {};
  for (const key of Object.keys(original)) if (key in next) out[key] = next[key];
  for (const key of Object.keys(next)) if (!(key in out)) out[key] = next[key];
  return out;
}

export { shellQuote } from "../core/self.ts";
