import * as v from "valibot";
import { int, setting } from "../setting.ts";
import { lowerOnly, only, raiseOnly, WHY } from "../trust.ts";

export const NOTEBOOK_SETTINGS = {
  "notebook.enabled": setting(
    v.boolean(),
    true,
    "Keep .cairn/STATE.md and restore it into every session.",
    only(false, WHY.inject),
  ),
  "notebook.restore_max_chars": setting(
    int(1500, 9000),
    6000,
    "Largest notebook restore at session start, in characters (Goal and Now first, the path for the rest).",
    lowerOnly(WHY.inject),
  ),
  "anchor.enabled": setting(
    v.boolean(),
    true,
    "Pin goal and context health to each prompt.",
    only(false, WHY.inject),
  ),
  "anchor.max_tokens": setting(
    int(50, 2000),
    400,
    "Largest anchor, in estimated tokens.",
    lowerOnly(WHY.inject),
  ),
  "precompact.instructions": setting(
    v.boolean(),
    true,
    "Add cairn's keep/drop instructions to every compaction (manual and automatic).",
    only(false, WHY.inject),
  ),
  "precompact.block_stale": setting(
    v.boolean(),
    true,
    "Block one stale automatic compaction per session until STATE.md is updated.",
    only(false, WHY.block),
  ),
  "precompact.stale_output_tokens": setting(
    int(0, 1_000_000),
    20_000,
    "Output since STATE.md last changed that makes the notebook stale.",
    raiseOnly(WHY.block),
  ),
  "precompact.keep_snapshots": setting(
    int(1, 10_000),
    50,
    "Snapshots kept per project in ~/.cairn/snapshots (oldest removed first).",
    lowerOnly(WHY.keep),
  ),
  "nudge.read": setting(
    v.boolean(),
    true,
    "Suggest offset/limit for unbounded reads of large files.",
    only(false, WHY.warn),
  ),
  "nudge.read_min_bytes": setting(
    int(1024, 100_000_000),
    50_000,
    "A Read without offset/limit of a text file at least this large gets the offset/limit note.",
    raiseOnly(WHY.warn),
  ),
  "nudge.subagent_model": setting(
    v.boolean(),
    true,
    "Suggest an explicit, cheaper model for subagents.",
    only(false, WHY.warn),
  ),
} as const;
