import { DATA_NOTE, dataBlockOverhead, notedDataBlock } from "../core/data-block.ts";
import type { Store } from "../store/db.ts";

/** One record as SessionStart reads it from the last pull. */
export interface PulledRecord {
  readonly id: string;
  readonly kind: string;
  readonly machine: string;
  readonly machine_id: string;
  readonly user_name: string;
  readonly session_id: string | null;
  readonly at: number;
  readonly text: string;
  /** JSON, as pushed (a handoff's resume: handoff.ts). */
  readonly meta: string | null;
}

export interface TeamView {
  readonly decisions: readonly PulledRecord[];
  readonly deadEnds: readonly PulledRecord[];
}

const COLUMNS = "id, kind, machine, machine_id, user_name, session_id, at, text, meta";

/**
 * The newest fresh handoff of another machine for the project that this machine has
 * not taken yet (memory.handoff_ttl_min, as a local baton). Local SQLite only.
 */
export function teammateHandoff(
  store: Store,
  r: { project: string; ownMachine: string; now: number; handoffTtlMin: number; taken: ReadonlySet<string> },
): PulledRecord | undefined {
  const since = r.now - r.handoffTtlMin * 60_000;
  const rows = store.db
    .prepare(
      `SELECT ${COLUMNS} FROM team_records
       WHERE project = ? AND kind = 'handoff' AND machine_id <> ? AND at >= ? ORDER BY at DESC, id LIMIT 5`,
    )
    .all(r.project, r.ownMachine, since) as unknown as PulledRecord[];
  return rows.find((h) => h.at <= r.now + 60_000 && !r.taken.has(h.id));
}

/** The newest decisions and dead-ends other machines shared for the project. Local SQLite only. */
export function teamView(store: Store, r: { project: string; ownMachine: string }): TeamView {
  const others = (kind: string, limit: number) =>
    store.db
      .prepare(
        `SELECT ${COLUMNS} FROM team_records
         WHERE project = ? AND kind = ? AND machine_id <> ? ORDER BY at DESC, id LIMIT ?`,
      )
      .all(r.project, kind, r.ownMachine, limit) as unknown as PulledRecord[];
  return { decisions: others("decision", 20), deadEnds: others("dead-end", 20) };
}

const who = (r: PulledRecord) => `${r.user_name}@${r.machine}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * The team's other recent decisions and dead-ends for the SessionStart injection,
 * within `maxChars`, newest first, each line naming who and when. What the injection
 * already holds (a teammate's handoff carries their notebook) is not repeated; lines
 * that do not fit are counted, never cut silently, and the last line says how to
 * search for more.
 */
export function renderTeam(
  v: TeamView,
  r: { project: string; now: number; maxChars: number; searchCli: string; already?: string | undefined },
): string | undefined {
  const seen = oneLine(r.already ?? "");
  const fresh = (list: readonly PulledRecord[]) => list.filter((d) => !seen.includes(oneLine(d.text)));
  const decisions = fresh(v.decisions);
  const deadEnds = fresh(v.deadEnds);
  if (decisions.length === 0 && deadEnds.length === 0) return undefined;
  const head = `Team memory for ${r.project}: what teammates (other machines) recorded recently.`;
  const foot = `More: ${r.searchCli} search --team "WORDS"`;
  const source = `team store: ${r.project}`;
  let budget = r.maxChars - head.length - foot.length - DATA_NOTE.length - dataBlockOverhead(source) - 4;
  if (budget < 100) return undefined;
  const body: string[] = [];
  // An item leaves room for the line that counts what did not fit.
  const add = (line: string, reserve = 0): boolean => {
    if (line.length + 1 + reserve > budget) return false;
    body.push(line);
    budget -= line.length + 1;
    return true;
  };
  for (const [title, list] of [
    ["Team decisions:", decisions],
    ["Team dead-ends (do not retry without a new reason):", deadEnds],
  ] as const) {
    if (list.length === 0) continue;
    if (!add(title)) break;
    let shown = 0;
    for (const d of list) {
      if (!add(`- ${clip(oneLine(d.text), 300)} (${who(d)}, ${day(d.at)})`, 32)) break;
      shown++;
    }
    if (shown < list.length) add(`  (${list.length - shown} more not shown)`);
  }
  if (body.length === 0) return undefined;
  // Teammates' words are recorded material, like a resume's: one data block.
  return [head, notedDataBlock(body.join("\n"), source), foot].join("\n");
}
