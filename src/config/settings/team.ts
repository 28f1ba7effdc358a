import * as v from "valibot";
import { int, patterns, setting } from "../setting.ts";
import { userOnly, WHY } from "../trust.ts";

/** The kinds of records a machine may share (team.share), each its own choice. */
export const SHARE_KINDS = ["handoffs", "decisions", "summaries", "conversation", "outputs"] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/**
 * Team memory. Every key is user-only: a repository's .claude/cairn.yaml could
 * otherwise send the user's memory to a server of its choosing, so a project layer
 * that sets one is reported and ignored (config/trust.ts).
 */
export const TEAM_SETTINGS = {
  "team.url": setting(
    v.string(),
    "",
    "PostgreSQL URL of the shared team store (libpq form, sslmode honoured); empty = off. CAIRN_TEAM_URL overrides it only for `cairn team` in a terminal outside Claude Code.",
    userOnly(WHY.sends),
  ),
  "team.project": setting(
    v.string(),
    "",
    "Names this project in the team store; empty = the normalized origin remote.",
    userOnly(WHY.sends),
  ),
  "team.share": setting(
    v.array(v.picklist(SHARE_KINDS)),
    ["handoffs", "decisions", "summaries", "conversation"],
    "What this machine shares: handoffs (baton and memo), decisions (and dead-ends), summaries (one line a turn), conversation (its text), outputs (stored tool originals).",
    userOnly(WHY.sends),
  ),
  "team.exclude": setting(
    patterns(),
    [],
    "Regular expressions: a record (or a message, line or memo inside a handoff) with a line matching any of them is not shared.",
    userOnly(WHY.sends),
  ),
  "team.refresh_ms": setting(
    int(0, 5000),
    0,
    "How long SessionStart may wait for its background pull (0: never; it uses what was last pulled).",
    userOnly(WHY.sends),
  ),
  "team.push_delay_s": setting(
    int(0, 3600),
    15,
    "Debounce of the background push after a turn: turns within this window share one push.",
    userOnly(WHY.sends),
  ),
  "team.inject_chars": setting(
    int(200, 6000),
    2500,
    "Largest team part of the SessionStart injection (within the 9,800-character total).",
    userOnly(WHY.sends),
  ),
} as const;
