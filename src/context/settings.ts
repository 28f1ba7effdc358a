import * as v from "valibot";
import { int, setting } from "../config/setting.ts";

export const CONTEXT_SETTINGS = {
  "monitor.enabled": setting(
    v.boolean(),
    true,
    "Warn the agent (not only you) when its context window runs low.",
  ),
  "monitor.suggest_remaining_pct": setting(
    int(1, 99),
    45,
    "Suggest compacting at the next task boundary when remaining context falls to this percentage.",
  ),
  "monitor.warn_remaining_pct": setting(
    int(1, 99),
    35,
    "Warn the agent when remaining context falls to this percentage.",
  ),
  "monitor.critical_remaining_pct": setting(int(1, 99), 25, "Critical warning at this remaining percentage."),
  // The compaction advice's own settings before it joined the ladder, in percent used:
  // still read, as the rung each became. Unset (null) unless a config names them.
  "advisor.suggest_used_pct": setting(
    v.nullable(int(1, 99)),
    null,
    "Old name, in percent used: when set, read as monitor.suggest_remaining_pct = 100 − it.",
  ),
  "advisor.urge_used_pct": setting(
    v.nullable(int(1, 99)),
    null,
    "Old name, in percent used: when set, read as monitor.warn_remaining_pct = 100 − it.",
  ),
  "monitor.debounce_tool_uses": setting(
    int(0, 1000),
    5,
    "Tool uses between repeated warnings of the same level (the suggestion is not repeated).",
  ),
  "monitor.metrics_max_age_s": setting(
    int(1, 3600),
    60,
    "Statusline metrics older than this are not trusted.",
  ),
  "monitor.hide_after_min": setting(
    int(1, 1440),
    15,
    "cairn monitor hides sessions with no activity for this many minutes (--all shows them).",
  ),
} as const;
