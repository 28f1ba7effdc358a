/**
 * Claude Code's size limits on what reaches the model (2.1.328, measured on the real
 * CLI: ../../test/fixtures/claude-code-captures, the contract's "Size thresholds").
 * Plain constants: what cairn prints for the model is sized against these.
 *
 * A tool result over its tool's limit is not shown: Claude Code saves it to a file and
 * the model sees a notice with the path and the first PREVIEW_CHARS characters. Bash
 * applies its limit twice, to its own output before the hooks run and to a hook's
 * replacement after; the other tools once, after the hooks.
 */

/** Bash output (BASH_MAX_OUTPUT_LENGTH's default), in characters. */
export const BASH_SPILL_CHARS = 30_000;
/** Grep results. */
export const GREP_SPILL_CHARS = 20_000;
/** Glob results. */
export const GLOB_SPILL_CHARS = 50_000;
/** MCP tool results: about 50,000 (47,889 characters went inline, 61,889 were saved to a file). */
export const MCP_SPILL_CHARS = 50_000;
/** The most of an MCP result seen inline: what an MCP answer must stay under. */
export const MCP_INLINE_CHARS = 47_889;

/** The preview of a saved result: its first 2,000 characters, cut at a line end past half of them. */
export const PREVIEW_CHARS = 2_000;

/** additionalContext over this many characters is cut to a preview. */
export const CONTEXT_CHARS = 10_000;

/**
 * One page of a retrieval run through Bash (`cairn show N` inside a session): under
 * BASH_SPILL_CHARS with room for the page's footer, a masked-secrets note on stderr and
 * the exit marker, none of which reach 1,000 characters.
 */
export const RETRIEVAL_PAGE_CHARS = 25_000;

/**
 * One page of the MCP `show_output` tool: under MCP_INLINE_CHARS with room for the
 * answer's first line, the data block's fence and the footer (under 2,000 together).
 */
export const MCP_PAGE_CHARS = 45_000;
