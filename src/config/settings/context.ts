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
  "monitor.debounce_tool_uses": setting(
    int(0, 1000),
    5,
    "Tool uses between repeated warnings of the same level.",
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
