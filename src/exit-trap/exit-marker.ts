/**
 * The exit-status marker. Claude Code fires PostToolUseFailure, which cannot replace
 * output, for a Bash command that exits non-zero; failing runs are the noisiest
 * outputs. cairn never rewrites the command (Claude Code checks only the command a hook
 * returns, so a rewrite would switch the user's permission rules off). Instead a
 * SessionStart hook appends an EXIT trap to CLAUDE_ENV_FILE, whose text Claude Code runs
 * before every Bash command. When a command fails, the trap prints one final line with
 * the status and a per-session nonce and makes the shell exit 0, so the output reaches
 * PostToolUse, which takes the line off and states the status to the model.
 *
 * The trap acts only for a command that cairn's PreToolUse hook armed (arming.ts): that
 * hook ran for this very command, in this session, with cairn on. So it stands aside,
 * and Claude Code reports the failure itself, whenever cairn is off in any way the hook
 * can see (enabled: false in any config, run.enabled: false, a kill switch) and whenever
 * the hook did not run at all (uninstalled, plugin removed or disabled, a session
 * resumed without cairn, a hook that failed before arming). An arming is used once, by
 * the next command that starts, and only within ARM_TTL_S: it cannot go stale.
 *
 * A command that succeeds is left exactly as it was: the trap prints nothing then.
 * The trap is the same text for bash and zsh (verified on bash 5.2 and zsh 5.9), the
 * only shells Claude Code runs commands in (session-shell.ts).
 */

const NONCE = /^[0-9a-f]{16,64}$/;

/** How long an arming stays good: PreToolUse runs moments before the command's shell starts. */
export const ARM_TTL_S = 120;

/** The first and last lines of cairn's block in an env file: `cairn uninstall` removes what lies between. */
const BEGIN = "# cairn exit trap (begin; `cairn uninstall` removes it)";
const END = "# cairn exit trap (end)";

export interface TrapPlaces {
  /** cairn's kill switches: while one exists the trap stands aside. */
  readonly offSwitches: readonly string[];
  /** The session's arming files without their suffix (arming.ts): `<arm>.armed`, `<arm>.used`. */
  readonly arm: string;
}

/**
 * The text appended to CLAUDE_ENV_FILE. The nonce is hex, so it needs no quoting; paths
 * are single-quoted. It runs when Claude Code starts each command's shell ("source
 * time"): it takes this command's arming, if there is a fresh unused one, and keeps a
 * copy of the command's stdout, so a command that moves its own stdout (`exec >log`)
 * still gets its marker where Claude Code reads, and a marker that cannot be written
 * leaves the failure as it was (`printf … && exit 0`).
 *
 * The clock comes from the shell itself (bash 5's EPOCHSECONDS, bash 4.2's printf
 * %(%s)T, zsh's prompt %D{%s}): no process is started. A shell without one (bash
 * before 4.2) is never armed, so its failures stay Claude Code's own.
 */
export function exitTrap(nonce: string, places: TrapPlaces): string {
  if (!NONCE.test(nonce)) throw new Error("the exit marker's nonce must be hex");
  const offs = places.offSwitches.map((p, i) => `__cairn_off${i}=${shellQuote(p)}`);
  const on = places.offSwitches.map((_, i) => `[ ! -e "$__cairn_off${i}" ]`).join(" && ");
  const onAnd = on ? `${on} && ` : "";
  return [
    BEGIN,
    "# A failing Bash command that cairn's PreToolUse hook armed just now prints its exit status",
    "# on a last line and exits 0; cairn's PostToolUse hook states the status to the model.",
    "__cairn_armed= __cairn_fd= __cairn_now= __cairn_used= __cairn_at= __cairn_id=",
    ...offs,
    `__cairn_arm=${shellQuote(places.arm)}`,
    `if ${onAnd}{ read -r __cairn_at __cairn_id <"$__cairn_arm.armed"; } 2>/dev/null; then`,
    `  if [ -n "\${ZSH_VERSION-}" ]; then eval '__cairn_now=\${(%):-%D{%s}}'`,
    `  elif [ "\${BASH_VERSINFO-0}" -ge 5 ]; then __cairn_now=\${EPOCHSECONDS-}`,
    `  elif [ "\${BASH_VERSINFO-0}" -eq 4 ] && [ "\${BASH_VERSINFO[1]-0}" -ge 2 ]; then printf -v __cairn_now '%(%s)T' -1`,
    "  fi",
    `  { read -r __cairn_used <"$__cairn_arm.used"; } 2>/dev/null`,
    `  case "$__cairn_at.$__cairn_now" in`,
    "    *[!0-9.]*|.*|*.|*.*.*) ;;",
    `    *) if [ "$__cairn_used" != "$__cairn_at $__cairn_id" ] && [ $((__cairn_now - __cairn_at)) -ge -5 ] && [ $((__cairn_now - __cairn_at)) -le ${ARM_TTL_S} ] &&`,
    `         { printf '%s\\n' "$__cairn_at $__cairn_id" >|"$__cairn_arm.used" && exec {__cairn_fd}>&1; } 2>/dev/null; then __cairn_armed=1; fi ;;`,
    "  esac",
    "fi",
    `trap '__cairn_rc=$?; if [ "$__cairn_rc" -ne 0 ] && [ -n "$__cairn_armed" ]${on ? ` && ${on}` : ""}; then printf "\\n${markerText(nonce, "%s")}\\n" "$__cairn_rc" 2>/dev/null >&"$__cairn_fd" && exit 0; fi' EXIT`,
    END,
    "",
  ].join("\n");
}

/** Lines an older cairn wrote for its trap (no begin/end lines then). */
const OLD_TRAP_LINE = [
  /^# cairn: a failing Bash command prints its exit status on a last line and exits 0, so$/,
  /^# cairn's PostToolUse hook can compress its output; the hook states the status to the model\.$/,
  /^__cairn_off\d+=.*$/,
  /^trap '__cairn_rc=\$\?; .*' EXIT$/,
];

/**
 * An env file's text without cairn's trap, this cairn's block and any older cairn's
 * lines alike; everything else (other hooks' lines) is kept as it was.
 */
export function withoutExitTrap(text: string): string {
  const kept: string[] = [];
  let inBlock = false;
  for (const line of text.split("\n")) {
    if (!inBlock && line === BEGIN) inBlock = true;
    else if (inBlock) inBlock = line !== END;
    else if (!OLD_TRAP_LINE.some((re) => re.test(line))) kept.push(line);
  }
  return kept.join("\n");
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
