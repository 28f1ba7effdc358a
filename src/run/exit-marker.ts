/**
 * The exit-status marker. Claude Code fires PostToolUseFailure, which cannot replace
 * output, for a Bash command that exits non-zero; failing runs are the noisiest
 * outputs. cairn never rewrites the command (Claude Code checks only the command a hook
 * returns, so a rewrite would switch the user's permission rules off). Instead a
 * SessionStart hook appends an EXIT trap to CLAUDE_ENV_FILE, which Claude Code sources
 * before every Bash command. When a command fails, the trap prints one final line with
 * the status and a per-session nonce and makes the shell exit 0, so the output reaches
 * PostToolUse, which takes the line off and states the status to the model.
 *
 * A command that succeeds is left exactly as it was: the trap prints nothing then.
 * The trap is the same text for bash and zsh (verified on bash 5.2 and zsh 5.9), the
 * only shells Claude Code runs commands in (session-shell.ts).
 */

const NONCE = /^[0-9a-f]{16,64}$/;

/**
 * The text appended to CLAUDE_ENV_FILE. The nonce is hex, so it needs no quoting. The
 * trap stands aside while any of `offSwitches` exists (cairn's kill switches), since
 * its hooks then answer nothing and would leave the marker in place.
 */
export function exitTrap(nonce: string, offSwitches: readonly string[] = []): string {
  if (!NONCE.test(nonce)) throw new Error("the exit marker's nonce must be hex");
  const offs = offSwitches.map((p, i) => `__cairn_off${i}=${shellQuote(p)}`);
  const tests = offSwitches.map((_, i) => ` && [ ! -e "$__cairn_off${i}" ]`).join("");
  return [
    "# cairn: a failing Bash command prints its exit status on a last line and exits 0, so",
    "# cairn's PostToolUse hook can compress its output; the hook states the status to the model.",
    ...offs,
    `trap '__cairn_rc=$?; if [ "$__cairn_rc" -ne 0 ]${tests}; then printf "\\n${markerText(nonce, "%s")}\\n" "$__cairn_rc"; exit 0; fi' EXIT`,
    "",
  ].join("\n");
}

/** A word for a POSIX shell, single-quoted unless it is plainly safe. */
function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_/.,:=@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function markerText(nonce: string, status: string): string {
  return `[cairn-exit ${nonce} ${status}]`;
}

interface SplitOutput {
  /** The output without the marker line (and the newline the trap put before it). */
  readonly text: string;
  /** The command's own exit status. */
  readonly status: number;
}

/**
 * The output and the status, when the LAST line is this session's marker; undefined
 * otherwise. Only the last line counts and it must carry the nonce, so a file that is
 * printed, or a test that prints marker-like lines, cannot set a status.
 */
export function splitExitMarker(output: string, nonce: string): SplitOutput | undefined {
  const end = output.endsWith("\n") ? output.length - 1 : output.length;
  const start = output.lastIndexOf("\n", end - 1) + 1;
  const last = output.slice(start, end);
  const prefix = `[cairn-exit ${nonce} `;
  if (!last.startsWith(prefix) || !last.endsWith("]")) return undefined;
  const digits = last.slice(prefix.length, -1);
  if (!/^\d{1,3}$/.test(digits)) return undefined;
  // The trap prints "\n" before the marker so it always starts a line; that newline is its own.
  const before = start > 0 ? output.slice(0, start - 1) : "";
  return { text: before, status: Number(digits) };
}

/** A cheap first look: does the output end like a marker, whatever its nonce? */
export function looksLikeMarker(output: string): boolean {
  return /\[cairn-exit [0-9a-f]+ \d{1,3}\]\n?$/.test(output.slice(-200));
}

/** How Claude Code itself states a failure at the top of a tool result. */
export function statusLine(status: number): string {
  return `Exit code ${status}`;
}
