import type { Config } from "../config/schema.ts";
import { redact } from "../core/secrets/redact.ts";
import type { Store } from "../store/db.ts";
import { type Collected, collect } from "./collect.ts";
import type { Machine } from "./identity.ts";
import { loadPolicy } from "./policy.ts";

/** Moves what this machine has learnt about a project into the outbox (local only). */
export async function collectProject(
  store: Store,
  r: { projectDir: string; project: string; machine: Machine; config: Config; now: number },
): Promise<Collected> {
  const [{ readNotebook, sectionText }] = await Promise.all([import("../notebook/state-file.ts")]);
  const nb = readNotebook(r.projectDir);
  const mask = (text: string) => (r.config["compress.redact"] ? redact(text).text : text);
  return collect(store, {
    projectDir: r.projectDir,
    project: r.project,
    machine: r.machine,
    notebook: nb
      ? {
          text: mask(nb.text),
          decisions: sectionText(nb.notebook, "decisions"),
          deadEnds: sectionText(nb.notebook, "dead-ends"),
        }
      : undefined,
    policy: loadPolicy(store, r.config),
    recentTurns: r.config["memory.recent_turns"],
    now: r.now,
    mask,
  });
}
