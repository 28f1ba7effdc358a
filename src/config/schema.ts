import * as v from "valibot";

/**
 * Every setting cairn has, as one flat table of dotted keys. A flat table makes three
 * things trivial that nested schemas make hard: validating each value on its own (so
 * one bad value falls back to its default without disabling the rest), reporting where
 * each effective value came from, and printing the whole config with its docs.
 */
interface Setting<S extends v.GenericSchema> {
  readonly schema: S;
  readonly default: v.InferOutput<S>;
  readonly doc: string;
}

function setting<S extends v.GenericSchema>(schema: S, def: v.InferOutput<S>, doc: string): Setting<S> {
  return { schema, default: def, doc };
}

const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const fraction = () => v.pipe(v.number(), v.minValue(0), v.maxValue(1));
const strings = () => v.array(v.string());

export const SETTINGS = {
  enabled: setting(v.boolean(), true, "Master switch for cairn in this scope (also: cairn off / cairn on)."),
  "hook.budget_ms": setting(
    int(100, 60_000),
    4000,
    "Time a hook may take before cairn answers with a no-op (Claude Code's own timeout is longer).",
  ),
  "hook.max_stdin_mb": setting(int(1, 512), 16, "Hook inputs larger than this are passed through untouched."),
  "log.level": setting(
    v.picklist(["debug", "info", "warn", "error"]),
    "info",
    "Minimum level written to ~/.cairn/logs.",
  ),

  "compress.enabled": setting(v.boolean(), true, "Replace large tool outputs with content-aware excerpts."),
  "compress.min_bytes": setting(int(0, 10_000_000), 4096, "Outputs smaller than this are never compressed."),
  "compress.read_min_bytes": setting(
    int(0, 10_000_000),
    24_000,
    "Read results smaller than this are never compressed (reading to edit must keep working).",
  ),
  "compress.tools": setting(
    strings(),
    ["Bash", "Read", "Grep", "Glob", "WebFetch", "WebSearch", "mcp"],
    "Tools whose outputs may be compressed ('mcp' means every MCP tool with text output).",
  ),
  "compress.keep_recent": setting(
    int(0, 1000),
    0,
    "Leave the N most recent large outputs of a session uncompressed.",
  ),
  "compress.budget_fraction": setting(fraction(), 0.08, "Excerpt size as a fraction of the original."),
  "compress.budget_min_chars": setting(int(200, 100_000), 1800, "Smallest excerpt budget, in characters."),
  "compress.budget_max_chars": setting(int(500, 25_000), 6000, "Largest excerpt budget, in characters."),
  "compress.never": setting(
    strings(),
    [],
    "Regular expressions: Bash commands or file paths matching any of them are never compressed.",
  ),
  "compress.redact": setting(
    v.boolean(),
    true,
    "Mask secrets (keys, tokens, passwords) in stored originals and excerpts.",
  ),
  "run.enabled": setting(
    v.boolean(),
    true,
    "Run Bash commands through cairn's runner so failing and huge outputs are compressed too.",
  ),
  "run.never": setting(
    strings(),
    [],
    "Regular expressions: Bash commands matching any of them are never wrapped by the runner.",
  ),
  "observe.enabled": setting(
    v.boolean(),
    false,
    "Ask a model for an observation instead of the deterministic excerpt (opt-in).",
  ),
  "observe.provider": setting(
    v.picklist(["api", "claude"]),
    "api",
    "Anthropic API (honours ANTHROPIC_BASE_URL) or a `claude -p` subprocess.",
  ),
  "observe.model": setting(
    v.string(),
    "claude-haiku-4-5",
    "Model used for observations and model summaries.",
  ),
  "observe.timeout_ms": setting(
    int(100, 120_000),
    8000,
    "Give up on the model after this long and use the excerpt.",
  ),

  "monitor.warn_remaining_pct": setting(
    int(1, 99),
    35,
    "Warn the agent when remaining context falls to this percentage.",
  ),
  "monitor.critical_remaining_pct": setting(int(1, 99), 25, "Critical warning at this remaining percentage."),
  "monitor.debounce_tool_uses": setting(
    int(0, 1000),
    5,
    "Tool uses between repeated warnings of the same level.",
  ),
  "monitor.metrics_max_age_s": setting(
    int(1, 3600),
    60,
    "Statusline metrics older than this are not trusted.",
  ),

  "notebook.enabled": setting(
    v.boolean(),
    true,
    "Keep .claude/cairn/STATE.md and restore it into every session.",
  ),
  "anchor.enabled": setting(v.boolean(), true, "Pin goal and context health to each prompt."),
  "anchor.max_tokens": setting(int(50, 2000), 400, "Largest anchor, in estimated tokens."),
  "advisor.suggest_used_pct": setting(
    int(1, 99),
    55,
    "Suggest compacting at the next task boundary from this usage.",
  ),
  "advisor.urge_used_pct": setting(int(1, 99), 70, "Recommend compacting now from this usage."),
  "precompact.block_stale": setting(
    v.boolean(),
    true,
    "Block one stale automatic compaction per session until STATE.md is updated.",
  ),
  "precompact.stale_output_tokens": setting(
    int(0, 1_000_000),
    20_000,
    "Output since STATE.md last changed that makes the notebook stale.",
  ),
  "nudge.read": setting(v.boolean(), true, "Suggest offset/limit for unbounded reads of large files."),
  "nudge.subagent_model": setting(v.boolean(), true, "Suggest an explicit, cheaper model for subagents."),

  "memory.enabled": setting(v.boolean(), true, "Ingest conversation and tool I/O into the layered memory."),
  "memory.recent_turns": setting(
    int(1, 200),
    6,
    "Turns kept verbatim (L2) in a resume; older turns become L1 lines.",
  ),
  "memory.inject_chars": setting(
    int(1000, 9_900),
    9000,
    "Largest resume injection (Claude Code cuts additionalContext at 10,000).",
  ),
  "memory.handoff_ttl_min": setting(int(1, 10_080), 60, "A handoff baton older than this is ignored."),
  "memory.summarizer": setting(
    v.picklist(["extractive", "api", "claude"]),
    "extractive",
    "How L1 one-line summaries are written.",
  ),
} as const;

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

/** Validates one value for one key; undefined means valid, a string is the problem. */
export function checkSetting(
  key: SettingKey,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  const result = v.safeParse(SETTINGS[key].schema as v.GenericSchema, value);
  if (result.success) return { ok: true, value: result.output };
  return { ok: false, problem: result.issues.map((i) => i.message).join("; ") };
}
