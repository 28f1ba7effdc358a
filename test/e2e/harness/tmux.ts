/**
 * The real, interactive Claude Code under tmux on a private socket: started in a clean
 * environment (`env -i` with the offline set), its screen read back as text.
 */
import { execFileSync } from "node:child_process";
import { TMUX } from "../../helpers/programs.ts";
import { CLAUDE_BIN, claudeEnv } from "./claude.ts";

export { HAS_TMUX } from "../../helpers/programs.ts";

export interface Interactive {
  /** The visible screen, as text. */
  screen(): string;
  /** Types `text` and presses Enter. */
  type(text: string): void;
  /** Stops tmux and Claude Code in it (Claude Code then runs its SessionEnd hooks). */
  stop(): void;
}

export function startInteractive(opts: {
  name: string;
  home: string;
  cwd: string;
  apiUrl: string;
  args: readonly string[];
  size?: { cols: number; rows: number };
}): Interactive {
  const socket = `${opts.name}-${process.pid}`;
  const tmux = (...args: string[]) =>
    execFileSync(TMUX, ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" });
  const q = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;
  const env = claudeEnv(opts.apiUrl, opts.home);
  const command = ["env", "-i", ...Object.entries(env).map(([k, v]) => `${k}=${v}`), CLAUDE_BIN, ...opts.args]
    .map(q)
    .join(" ");
  const { cols, rows } = opts.size ?? { cols: 120, rows: 40 };
  tmux("new-session", "-d", "-s", "cc", "-x", String(cols), "-y", String(rows), "-c", opts.cwd, command);
  return {
    screen: () => tmux("capture-pane", "-p", "-t", "cc"),
    type: (text) => {
      tmux("send-keys", "-t", "cc", text, "Enter");
    },
    stop: () => {
      try {
        tmux("kill-server");
      } catch {
        // Already gone.
      }
    },
  };
}
