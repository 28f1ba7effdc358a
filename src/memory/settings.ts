import { int, setting, v } from "../config/setting.ts";

export const MEMORY_SETTINGS = {
  "memory.enabled": setting(v.boolean(), true, "Ingest conversation and tool I/O into the layered memory."),
  "memory.recent_turns": setting(
    int(1, 200),
    6,
    "Turns kept verbatim (L2) in a resume; older turns become L1 lines.",
  ),
  "memory.inject_chars": setting(
    int(1000, 9_800),
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
