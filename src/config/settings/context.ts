import * as v from "valibot";
import { int, setting } from "../setting.ts";
import { lowerOnly, only, raiseOnly, userOnly, WHY } from "../trust.ts";

export const CONTEXT_SETTINGS = {
  "monitor.enabled": setting(
    v.boolean(),
    true,
    "Warn the agent (not only you) when its context window runs low.",
    only(false, WHY.warn),
  ),
  "monitor.suggest_remaining_pct": setting(
    int(1, 99),
    45,
    "Suggest compacting at the next task boundary when remaining context falls to this percentage.",
    lowerOnly(WHY.warn),
  ),
  "monitor.warn_remaining_pct": setting(
    int(1, 99),
    35,
    "Warn the agent when remaining context falls to this percentage.",
    lowerOnly(WHY.warn),
  ),
  "monitor.critical_remaining_pct": setting(
    int(1, 99),
    25,
    "Critical warning at this remaining percentage.",
    lowerOnly(WHY.warn),
  ),
  // The compaction advice's own settings before it joined the ladder, in percent used:
  // still read, as the rung each became. Unset (null) unless a config names them; a
  // repository may only raise one the user set (advise later).
  "advisor.suggest_used_pct": setting(
    v.nullable(int(1, 99)),
    null,
    "Old name, in percent used: when set, read as monitor.suggest_remaining_pct = 100 − it.",
    raiseOnly(WHY.warn),
  ),
  "advisor.urge_used_pct": setting(
    v.nullable(int(1, 99)),
    null,
    "Old name, in percent used: when set, read as monitor.warn_remaining_pct = 100 − it.",
    raiseOnly(WHY.warn),
  ),
  "monitor.debounce_tool_uses": setting(
    int(0, 1000),
    5,
    "Tool uses between repeated warnings of the same level (the suggestion is not repeated).",
    raiseOnly(WHY.warn),
  ),
  "monitor.metrics_max_age_s": setting(
    int(1, 3600),
    60,
    "Statusline metrics older than this are not trusted.",
    lowerOnly(WHY.stale),
  ),
  "monitor.hide_after_min": setting(
    int(1, 1440),
    15,
    "cairn monitor hides sessions with no activity for this many minutes (--all shows them).",
    userOnly(WHY.view),
  ),
} as const;
