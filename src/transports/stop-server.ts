import { setTimeout as sleep } from "node:timers/promises";
import { safeUnlink } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { health, ownServerPid } from "./http-client.ts";
import { type HttpInstall, serverStatePath } from "./http-config.ts";
import { portOwner } from "./socket-owner.ts";

export type StopResult =
  | { readonly stopped: number }
  | { readonly stopped: undefined; readonly foreignUid?: number };

/**
 * Stops the http transport's server of this install (`cairn serve --stop`, and
 * uninstall or a transport switch): SIGTERM only to a pid that is our own server, one
 * holding the port's socket as our user or the recorded `cairn serve` of our user,
 * never a pid a listener on the port merely reports. Up to 3 s for it to stop
 * answering, then its state file goes.
 */
export async function stopServer(paths: CairnPaths, install: HttpInstall): Promise<StopResult> {
  const pid = await ownServerPid(install, paths);
  if (!pid) {
    // A state file naming no server of ours is stale (the server died, its pid may be reused).
    safeUnlink(serverStatePath(paths));
    const owner = portOwner(install.port);
    return owner.kind === "foreign" ? { stopped: undefined, foreignUid: owner.uid } : { stopped: undefined };
  }
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  for (let i = 0; i < 30 && (await health(install, 200)); i++) await sleep(100);
  safeUnlink(serverStatePath(paths));
  return { stopped: pid };
}

/** What a stop did, in one line. */
export function describeStop(r: StopResult, port: number): string {
  if (r.stopped) return `stopped cairn serve (pid ${r.stopped})`;
  if ("foreignUid" in r && r.foreignUid !== undefined)
    return `port ${port} is held by another user's process (uid ${r.foreignUid}); nothing stopped`;
  return "cairn serve is not running";
}
