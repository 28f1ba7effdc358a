import type { Config } from "../config/schema.ts";
import type { CairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";
import type { Store } from "../store/db.ts";
import type { Baton } from "./baton.ts";
import { indexOutputs, ingestSource, subagentSources } from "./ingest.ts";
import { buildResume, resumeDocPath } from "./resume.ts";
import { ownerOf } from "./store.ts";
import { writeModelSummaries } from "./summaries.ts";

interface HandoffRequest {
  readonly sessionId: string;
  readonly transcriptPath: string | undefined;
  readonly projectDir: string;
  readonly config: Config;
  readonly env: NodeJS.ProcessEnv;
  readonly now: number;
}

interface Prepared {
  readonly turns: number;
  readonly summarizer?: string;
  readonly note?: string;
}

/**
 * Everything a handoff does before leaving the baton, outside any hook (no time
 * budget): the transcript is brought fully up to date and, when a model summariser is
 * configured, the older turns get their model-written L1 lines (with the extractive
 * ones kept wherever the model fails or times out).
 */
export async function prepareHandoff(store: Store, r: HandoffRequest): Promise<Prepared> {
  if (r.transcriptPath) {
    ingestSource(
      store,
      { path: r.transcriptPath, sessionId: r.sessionId, projectDir: r.projectDir },
      { now: r.now, redact: r.config["compress.redact"] },
    );
    for (const sub of subagentSources(r.transcriptPath, r.sessionId, r.projectDir))
      ingestSource(store, sub, { now: r.now, redact: r.config["compress.redact"] });
  }
  indexOutputs(store, r.now, 100_000);
  const owner = ownerOf(store, r.sessionId);
  const summarized = await writeModelSummaries(store, owner, r.config, r.env, r.now);
  const turns = (
    store.db
      .prepare("SELECT count(DISTINCT turn) AS n FROM mem_items WHERE session_id = ? AND kind = 'user'")
      .get(owner) as {
      n: number;
    }
  ).n;
  return { turns, ...summarized };
}

/** What the next session will receive for this baton, built exactly as SessionStart builds it. */
export function previewResume(
  store: Store,
  paths: CairnPaths,
  baton: Baton,
  config: Config,
  notebook: (max: number) => string | undefined,
  now: number,
  cli = printedCli(),
): { injection: string; docPath: string; included: ReturnType<typeof buildResume>["included"] } {
  const docPath = resumeDocPath(paths, baton.projectDir, baton.sessionId);
  const r = buildResume(store, {
    fromSession: baton.sessionId,
    owner: ownerOf(store, baton.sessionId),
    projectDir: baton.projectDir,
    recentTurns: config["memory.recent_turns"],
    maxChars: config["memory.inject_chars"],
    notebook,
    cli,
    docPath,
    now,
  });
  return { injection: r.injection, docPath, included: r.included };
}
