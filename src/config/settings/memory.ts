import * as v from "valibot";
import { int, setting } from "../setting.ts";
import { lowerOnly, only, raiseOnly, userOnly, WHY } from "../trust.ts";

export const MEMORY_SETTINGS = {
  "memory.enabled": setting(
    v.boolean(),
    true,
    "Ingest conversation and tool I/O into the layered memory.",
    only(false, WHY.keep),
  ),
  "memory.recent_turns": setting(
    int(1, 200),
    6,
    "Turns kept verbatim (L2) in a resume; older turns become L1 lines.",
    lowerOnly(WHY.inject),
  ),
  "memory.inject_chars": setting(
    int(1000, 9_800),
    9000,
    "Largest resume injection (Claude Code cuts additionalContext at 10,000).",
    lowerOnly(WHY.inject),
  ),
  "memory.handoff_ttl_min": setting(
    int(1, 10_080),
    60,
    "A handoff baton older than this is ignored.",
    lowerOnly(WHY.inject),
  ),
  "memory.ingest_ms": setting(
    int(50, 30_000),
    1500,
    "Time one hook may spend ingesting; a long backlog continues at the next event.",
    lowerOnly(WHY.time),
  ),
  "memory.summarizer": setting(
    v.picklist(["extractive", "api", "claude"]),
    "extractive",
    "How L1 one-line summaries are written: extractive (no model), the Anthropic API, or `claude -p`.",
    only("extractive", WHY.model),
  ),
  "memory.summarizer_model": setting(
    v.string(),
    "claude-haiku-4-5",
    "Model for model-written L1 summaries.",
    userOnly(WHY.sends),
  ),
  "memory.summarizer_timeout_ms": setting(
    int(500, 300_000),
    30_000,
    "Give up on the model after this long and keep the extractive summaries.",
    userOnly(WHY.sends),
  ),
  "memory.slim_min_chars": setting(
    int(500, 10_000_000),
    4096,
    "`cairn slim` rewrites tool results at least this long.",
    raiseOnly(WHY.wider),
  ),
} as const;
