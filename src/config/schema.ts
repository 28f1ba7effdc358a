import * as v from "valibot";
import { int, type Setting, setting } from "./setting.ts";
import { COMPRESS_SETTINGS } from "./settings/compress.ts";
import { CONTEXT_SETTINGS } from "./settings/context.ts";
import { MEMORY_SETTINGS } from "./settings/memory.ts";
import { NOTEBOOK_SETTINGS } from "./settings/notebook.ts";
import { RETENTION_SETTINGS } from "./settings/retention.ts";
import { TEAM_SETTINGS } from "./settings/team.ts";
import { TRANSPORT_SETTINGS } from "./settings/transports.ts";
import { only, userOnly, WHY } from "./trust.ts";

/**
 * Every setting cairn has, as one flat table of dotted keys (each feature declares its
 * own in config/settings/<feature>.ts). A flat table makes three things trivial that nested
 * schemas make hard: validating each value on its own (so one bad value falls back to
 * its default without disabling the rest), reporting where each effective value came
 * from, and printing the whole config with its docs.
 */
const CORE_SETTINGS = {
  enabled: setting(
    v.boolean(),
    true,
    "Master switch for cairn in this scope (also: cairn off / cairn on).",
    only(false, "a repository may turn cairn off, not on"),
  ),
  "hook.budget_ms": setting(
    int(100, 60_000),
    4000,
    "Time a hook may take before cairn answers with a no-op; at most Claude Code's own timeout for the event less 2 s (8 s for a prompt, 13 s after a tool).",
    userOnly(WHY.hooks),
  ),
  "hook.max_stdin_mb": setting(
    int(1, 512),
    16,
    "Hook inputs larger than this are passed through untouched.",
    userOnly(WHY.hooks),
  ),
  "log.level": setting(
    v.picklist(["debug", "info", "warn", "error"]),
    "info",
    "Minimum level written to ~/.cairn/logs.",
    userOnly(WHY.log),
  ),
} as const;

export const SETTINGS = {
  ...CORE_SETTINGS,
  ...COMPRESS_SETTINGS,
  ...CONTEXT_SETTINGS,
  ...NOTEBOOK_SETTINGS,
  ...MEMORY_SETTINGS,
  ...RETENTION_SETTINGS,
  ...TEAM_SETTINGS,
  ...TRANSPORT_SETTINGS,
} as const satisfies Record<string, Setting>;

export type SettingKey = keyof typeof SETTINGS;
export type Config = { readonly [K in SettingKey]: v.InferOutput<(typeof SETTINGS)[K]["schema"]> };

export function defaults(): Config {
  const out: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SETTINGS)) out[key] = s.default;
  return out as Config;
}

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** Validates one value for one key. */
export function checkSetting(
  key: SettingKey,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const result = v.safeParse(SETTINGS[key].schema as v.GenericSchema, value);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, problem: result.issues.map((i) => i.message).join("; ") };
}
