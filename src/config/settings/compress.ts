import * as v from "valibot";
import { fraction, int, patterns, setting, strings } from "../setting.ts";
import { extendOnly, narrowOnly, only, raiseOnly, userOnly, WHY } from "../trust.ts";

export const COMPRESS_SETTINGS = {
  "compress.enabled": setting(
    v.boolean(),
    true,
    "Replace large tool outputs with content-aware excerpts.",
    only(false, WHY.wider),
  ),
  // Issue 24: an output of 2 to 8 KB gets an excerpt only where it keeps every fact whole
  // (compress-with.ts), else it passes whole; from 4 KB, as it was, a 4,071-character
  // `find` listing never reached that rule.
  "compress.min_bytes": setting(
    int(0, 10_000_000),
    2048,
    "Outputs smaller than this are never compressed.",
    raiseOnly(WHY.wider),
  ),
  "compress.read_min_bytes": setting(
    int(0, 10_000_000),
    24_000,
    "Read results smaller than this are never compressed (reading to edit must keep working).",
    raiseOnly(WHY.wider),
  ),
  // A Read of source code from this size becomes an outline that keeps every declaration
  // (a class's members too) with its line; the agent Reads the range it needs next, and
  // Edit works either way. Other files (data, prose) go by read_min_bytes; lockfiles,
  // which nobody edits, by min_bytes (compress/threshold.ts).
  "compress.read_code_min_bytes": setting(
    int(0, 10_000_000),
    12_000,
    "Reads of source code (and `cat`, `head` or `sed -n` of a source file) smaller than this are shown whole; larger ones become an outline with the file's line numbers.",
    raiseOnly(WHY.wider),
  ),
  "compress.tools": setting(
    strings(),
    ["Bash", "Read", "Grep", "Glob", "WebFetch", "WebSearch", "mcp"],
    "Tools whose outputs may be compressed ('mcp' means every MCP tool with text output).",
    narrowOnly(WHY.wider),
  ),
  "compress.keep_recent": setting(
    int(0, 1000),
    2,
    "The most recent large tool results that `cairn slim` leaves whole. (Live, every output is the most recent when it arrives and nothing replaces it later, so live compression does not use this.)",
    raiseOnly(WHY.wider),
  ),
  "compress.budget_fraction": setting(
    fraction(),
    0.08,
    "Excerpt size as a fraction of the original.",
    raiseOnly(WHY.shorter),
  ),
  "compress.budget_min_chars": setting(
    int(200, 100_000),
    1200,
    "Smallest excerpt budget, in characters.",
    raiseOnly(WHY.shorter),
  ),
  "compress.budget_max_chars": setting(
    int(500, 25_000),
    6000,
    "Largest excerpt budget, in characters.",
    raiseOnly(WHY.shorter),
  ),
  "compress.never": setting(
    patterns(),
    [],
    "Regular expressions: Bash commands or file paths matching any of them are never compressed.",
    extendOnly(),
  ),
  "compress.redact": setting(
    v.boolean(),
    true,
    "Mask secrets (keys, tokens, passwords) in stored originals and excerpts.",
    only(true, WHY.masking),
  ),
  "run.enabled": setting(
    v.boolean(),
    true,
    "Compress failing Bash commands too: an EXIT trap (bash, zsh) makes them reach cairn's PostToolUse hook; the command itself is never changed.",
    only(false, WHY.wider),
  ),
  "observe.enabled": setting(
    v.boolean(),
    false,
    "Ask a model for an observation instead of the deterministic excerpt (opt-in).",
    only(false, WHY.model),
  ),
  "observe.provider": setting(
    v.picklist(["api", "claude"]),
    "api",
    "Anthropic API (honours ANTHROPIC_BASE_URL) or a `claude -p` subprocess.",
    userOnly(WHY.sends),
  ),
  "observe.model": setting(
    v.string(),
    "claude-haiku-4-5",
    "Model used for observations.",
    userOnly(WHY.sends),
  ),
  "observe.timeout_ms": setting(
    int(100, 120_000),
    8000,
    "Give up on the model after this long and use the excerpt.",
    userOnly(WHY.sends),
  ),
} as const;
