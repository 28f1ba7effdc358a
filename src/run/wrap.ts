import { shellQuote } from "../claude/settings.ts";

/**
 * The command line that runs the model's command through cairn, built so that the
 * command behaves as it would without cairn:
 *
 * - it runs in Claude Code's own shell (eval), so `cd`, exported variables and
 *   functions carry over to the next call exactly as before;
 * - its text is read from a file at run time, never pasted into this line, so no
 *   quoting of the command can go wrong;
 * - stdout and stderr go, merged as Claude Code merges them, to a spool file, then
 *   `cairn run` prints either the output itself (when small) or the excerpt;
 * - the exit status is the command's own, also when it calls `exit` (an EXIT trap
 *   still prints the output, then the shell exits with that status).
 */
export interface WrapPaths {
  readonly commandFile: string;
  readonly spoolFile: string;
}

export function wrapCommand(run: readonly string[], p: WrapPaths): string {
  const runner = run.map(shellQuote).join(" ");
  const cmd = shellQuote(p.commandFile);
  const spool = shellQuote(p.spoolFile);
  return [
    // A function, so the EXIT trap's single-quoted text needs no quoting of paths.
    `__cairn_run() { ${runner} "$@"; }`,
    `exec {__cairn_fd}>&1`,
    `__cairn_trap="$(trap -p EXIT)"`,
    `trap '__cairn_ec=$?; trap - EXIT; __cairn_run "$__cairn_ec" >&$__cairn_fd 2>&1' EXIT`,
    `{ eval "$(< ${cmd})"; } > ${spool} 2>&1`,
    `__cairn_ec=$?`,
    `trap - EXIT`,
    `eval "\${__cairn_trap:-}"`,
    `__cairn_run "$__cairn_ec"`,
    `exec {__cairn_fd}>&-`,
    `unset -f __cairn_run`,
    `eval "unset __cairn_trap __cairn_fd __cairn_ec; (exit $__cairn_ec)"`,
  ].join("; ");
}

/** Recognises a command cairn already wrapped, so it is never wrapped twice. */
export function isWrapped(command: string): boolean {
  return command.includes("__cairn_fd");
}

/**
 * Commands that never end on their own or need a terminal: the runner would hold
 * their output until Claude Code's timeout, so they pass through unwrapped.
 */
const INTERACTIVE = new RegExp(
  [
    String.raw`^\s*(?:sudo\s+)?(?:vi|vim|nvim|nano|emacs|less|more|man|top|htop|btop|watch|ssh|telnet|tmux|screen|ftp|sftp)\b`,
    String.raw`^\s*(?:python3?|node|irb|ghci|psql|mysql|sqlite3|redis-cli|mongo|mongosh|bash|zsh|sh)\s*$`,
    String.raw`\btail\s+(?:-\w*\s+)*-\w*[fF]`,
    String.raw`\bjournalctl\b.*\s-\w*f`,
    String.raw`\b(?:docker|kubectl|podman)\s+(?:\S+\s+)*logs\s+(?:\S+\s+)*-\w*f`,
    String.raw`\b(?:docker|podman)\s+(?:attach|run\s+(?:\S+\s+)*-\w*i\w*t)`,
    String.raw`\bkubectl\s+(?:exec|run)\s+(?:\S+\s+)*-\w*i\w*t`,
    String.raw`--watch\b|\s-w\s*$|\bwatchexec\b|\bnodemon\b`,
    String.raw`\b(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:dev|start|serve|watch)\b`,
    String.raw`\b(?:vite|next\s+dev|nuxt\s+dev|webpack\s+serve|ng\s+serve|rails\s+s(?:erver)?|flask\s+run|uvicorn|http-server|live-server)\b`,
    String.raw`\bpython3?\s+-m\s+http\.server\b`,
    String.raw`\bread\s+-`,
  ].join("|"),
);

export function isInteractive(command: string): boolean {
  return INTERACTIVE.test(command);
}
