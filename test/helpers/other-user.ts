import { execFileSync } from "node:child_process";

/** The unprivileged account tests run "another local user" as (through setpriv). */
export const NOBODY = 65_534;

/** Why a process cannot be started as `nobody` here, or undefined when it can. */
export function cannotRunAsNobody(): string | undefined {
  if (process.platform !== "linux") return "needs Linux (/proc/net/tcp, setpriv)";
  if (process.getuid?.() !== 0) return "needs root to start a process as another user";
  try {
    execFileSync("setpriv", [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "true"]);
  } catch {
    return `setpriv cannot switch to uid ${NOBODY} (nobody)`;
  }
  return undefined;
}
