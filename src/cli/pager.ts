import { spawnSync } from "node:child_process";
import { onPath } from "../core/process.ts";
import { storedForStdout } from "./io.ts";

/**
 * Shows long text on a terminal through the user's pager: $PAGER when set (an empty
 * PAGER means none), else `less -R` when it is installed. Returns false when no pager
 * ran (none found, or the shell could not start it), so the caller prints the text itself.
 * Stored text reaches the pager with its control sequences made visible, as it would
 * reach the terminal.
 */
export function page(text: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const input = `${storedForStdout(text)}\n`;
  const pager = env.PAGER;
  if (pager !== undefined) {
    if (!pager.trim()) return false;
    // PAGER is a command line the user wrote (`less -S`, `bat -p`): their shell reads it.
    const r = spawnSync("/bin/sh", ["-c", pager], { input, stdio: ["pipe", "inherit", "inherit"] });
    // 126/127: the shell could not run it (not found, not executable): print instead.
    return !r.error && r.status !== 126 && r.status !== 127;
  }
  const less = onPath("less", env);
  if (!less) return false;
  // -F: leave at once when it fits one screen; -R: keep colour; -X: leave it on screen.
  const r = spawnSync(less, [], {
    input,
    stdio: ["pipe", "inherit", "inherit"],
    env: { ...env, LESS: env.LESS ?? "FRX" },
  });
  return !r.error;
}
