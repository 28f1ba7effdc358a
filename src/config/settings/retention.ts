import * as v from "valibot";
import { int, setting } from "../setting.ts";
import { userOnly, WHY } from "../trust.ts";

export const RETENTION_SETTINGS = {
  "retention.days": setting(
    int(1, 3650),
    30,
    "Sessions not seen for this many days are removed with everything cairn stored for them.",
    userOnly(WHY.store),
  ),
  "retention.max_mb": setting(
    int(16, 1_000_000),
    1024,
    "Largest size of cairn's database; past it the oldest stored originals go first, then the oldest sessions.",
    userOnly(WHY.store),
  ),
  "retention.auto": setting(
    v.boolean(),
    true,
    "Apply the retention policy at the end of turns (at most every retention.every_min, sooner when over size).",
    userOnly(WHY.store),
  ),
  "retention.every_min": setting(
    int(1, 10_080),
    60,
    "Minutes between automatic retention runs.",
    userOnly(WHY.store),
  ),
} as const;
