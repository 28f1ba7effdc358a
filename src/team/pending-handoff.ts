import type { Config } from "../config/schema.ts";
import type { CairnPaths } from "../core/paths.ts";
import { CONTEXT_CAP } from "../hooks/merge.ts";
import type { Composed } from "../memory/compose.ts";
import type { Store } from "../store/db.ts";
import { getState, setState } from "../store/kv.ts";
import { type PulledRecord, teammateHandoff } from "./inject.ts";

const projectScope = (project: string) => `team-project:${project}`;

export interface PendingHandoff {
  readonly record: PulledRecord;
  readonly composed: Composed;
  /** Where the whole handoff is written when a session takes it. */
  readonly docPath: string;
}

/**
 * The teammate's handoff the next fresh session in this project would take, composed
 * as it would receive it (SessionStart's part, and `cairn handoff`'s preview), or
 * undefined. Local SQLite only; the composition's code loads only when there is one.
 */
export async function pendingTeamHandoff(
  store: Store,
  r: {
    project: string;
    machineId: string;
    config: Config;
    paths: CairnPaths;
    projectDir: string;
    now: number;
    cli: string;
  },
): Promise<PendingHandoff | undefined> {
  const record = findHandoff(store, r.project, r.machineId, r.config, r.now);
  if (!record) return undefined;
  const [h, { resumeDocPath }] = await Promise.all([import("./handoff.ts"), import("../memory/resume.ts")]);
  const shared = h.handoffOfRecord(record);
  const docPath = resumeDocPath(r.paths, r.projectDir, `team-${shared.parts.fromSession}`);
  const composed = h.composeTeamHandoff(
    shared,
    { user: record.user_name, machine: record.machine, at: record.at },
    { now: r.now, cli: r.cli, docPath, maxChars: Math.min(r.config["memory.inject_chars"], CONTEXT_CAP) },
  );
  return { record, composed, docPath };
}

function findHandoff(
  store: Store,
  project: string,
  machineId: string,
  config: Config,
  now: number,
): PulledRecord | undefined {
  return teammateHandoff(store, {
    project,
    ownMachine: machineId,
    now,
    handoffTtlMin: config["memory.handoff_ttl_min"],
    taken: new Set(getState<string[]>(store, projectScope(project), "handoffs_taken") ?? []),
  });
}

/**
 * Takes a handoff for this session: of two sessions starting at once, the one whose
 * transaction still finds it untaken gets it (true); each is taken once per machine.
 */
export function takeHandoff(
  store: Store,
  p: PendingHandoff,
  r: { project: string; machineId: string; config: Config; now: number },
): boolean {
  return store.tx(() => {
    if (findHandoff(store, r.project, r.machineId, r.config, r.now)?.id !== p.record.id) return false;
    const taken = getState<string[]>(store, projectScope(r.project), "handoffs_taken") ?? [];
    setState(store, projectScope(r.project), "handoffs_taken", [...taken, p.record.id].slice(-50), r.now);
    return true;
  });
}
