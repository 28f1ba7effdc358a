import { statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { isAlive } from "../core/process.ts";
import { readHttpInstall, type ServerState, serverStatePath } from "./http-config.ts";
import { type PortOwner, portOwner } from "./socket-owner.ts";

/** At most one restart per this long, whoever asks (statuslines run in parallel). */
const REVIVE_EVERY_MS = 10_000;

export type Tended = "none" | "alive" | "revived" | "recently" | "foreign";

/**
 * The statusline's care of an http install's port, which Claude Code runs every few
 * seconds while a session is open. First, who listens: when another user's process
 * holds the port (cairn serve stopped, crashed or was killed, and someone took it),
 * every http install goes back to command hooks at once, loudly, so the running
 * sessions stop posting their events there. Then a `cairn serve` that was running and
 * died (its state file names a process that is gone) is started again, so it is back
 * within seconds instead of at the next SessionStart; one stopped on purpose
 * (`cairn serve --stop`) leaves no state and stays stopped. Costs two small file reads,
 * the socket table and a signal 0 when all is well.
 */
export async function tendHttpServer(
  paths: CairnPaths,
  env: NodeJS.ProcessEnv = process.env,
  now = Date.now(),
  owner: (port: number) => PortOwner = portOwner,
): Promise<Tended> {
  const install = readHttpInstall(paths);
  if (!install) return "none";
  const held = owner(install.port);
  if (held.kind === "foreign") {
    const { httpInstalls, fallBackToCommandHooks } = await import("./http-fallback.ts");
    // Already on command hooks: nothing posts there any more, nothing to say again.
    if (httpInstalls(paths).length === 0) return "foreign";
    const [{ squattedRisk }, { createLogger }] = await Promise.all([
      import("./http-risk.ts"),
      import("../core/log.ts"),
    ]);
    fallBackToCommandHooks(
      paths,
      squattedRisk(install.port, held.uid),
      createLogger(paths),
      "the statusline",
      install.port,
    );
    return "foreign";
  }
  const state = readJsonIfExists<ServerState>(serverStatePath(paths));
  if (!state || typeof state.pid !== "number") return "none";
  if (isAlive(state.pid)) return "alive";
  const marker = join(paths.install, "serve-revived");
  try {
    if (now - statSync(marker).mtimeMs < REVIVE_EVERY_MS) return "recently";
  } catch {}
  writeFileAtomic(marker, String(now));
  try {
    utimesSync(marker, now / 1000, now / 1000);
  } catch {}
  const { spawnServer } = await import("./http-client.ts");
  // A new server that finds the port taken switches to command hooks itself (cairn serve).
  spawnServer(paths.root, env);
  return "revived";
}
