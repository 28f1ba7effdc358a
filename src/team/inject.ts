import { DATA_NOTE, dataBlockOverhead, notedDataBlock } from "../core/data-block.ts";
import { formatAgo } from "../core/format.ts";
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
}

export interface TeamView {
  readonly handoff: PulledRecord | undefined;
  /** The handed-off session's last one-line summaries, oldest first. */
  readonly handoffTurns: readonly PulledRecord[];
  readonly decisions: readonly PulledRecord[];
  readonly deadEnds: readonly PulledRecord[];
}

/**
 * What teammates (other machines) shared for the project, from the local copy: the
 * newest fresh handoff this machine has not taken yet, and the newest decisions and
 * dead-ends. Local SQLite only.
 */
export function teamView(
  store: Store,
  r: { project: string; ownMachine: string; now: number; handoffTtlMin: number; taken: ReadonlySet<string> },
): TeamView {
  const others = (kind: string, limit: number) =>
    store.db
      .prepare(
        `SELECT id, kind, machine, machine_id, user_name, session_id, at, text FROM team_records
         WHERE project = ? AND kind = ? AND machine_id <> ? ORDER BY at DESC, id LIMIT ?`,
      )
      .all(r.project, kind, r.ownMachine, limit) as unknown as PulledRecord[];
  const since = r.now - r.handoffTtlMin * 60_000;
  const handoff = others("handoff", 5).find(
    (h) => h.at >= since && h.at <= r.now + 60_000 && !r.taken.has(h.id),
  );
  const handoffTurns = handoff?.session_id
    ? (
        store.db
          .prepare(
            `SELECT id, kind, machine, machine_id, user_name, session_id, at, text FROM team_records
             WHERE project = ? AND kind = 'summary' AND session_id = ? AND machine_id = ? ORDER BY at DESC LIMIT 5`,
          )
          .all(r.project, handoff.session_id, handoff.machine_id) as unknown as PulledRecord[]
      ).reverse()
    : [];
  return { handoff, handoffTurns, decisions: others("decision", 20), deadEnds: others("dead-end", 20) };
}

const who = (r: PulledRecord) => `${r.user_name}@${r.machine}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * The team part of the SessionStart injection, within `maxChars`. The handoff comes
 * first (it is what the next session is for), then decisions and dead-ends newest
 * first, each line naming who and when; lines that do not fit are counted, never cut
 * silently, and the last line says how to search for more.
 */
export function renderTeam(
  v: TeamView,
  r: { project: string; now: number; maxChars: number; searchCli: string },
): string | undefined {
  if (!v.handoff && v.decisions.length === 0 && v.deadEnds.length === 0) return undefined;
  const head = `Team memory for ${r.project}, shared by teammates (other machines):`;
  const foot = `More: ${r.searchCli} search --team "WORDS"`;
  const source = `team store: ${r.project}`;
  let budget = r.maxChars - head.length - foot.length - DATA_NOTE.length - dataBlockOverhead(source) - 4;
  if (budget < 100) return undefined;
  const body: string[] = [];
  const add = (line: string): boolean => {
    if (line.length + 1 > budget) return false;
    body.push(line);
    budget -= line.length + 1;
    return true;
  };
  if (v.handoff) {
    const h = v.handoff;
    add(`Handoff from ${who(h)} (session ${(h.session_id ?? "?").slice(0, 8)}, ${formatAgo(r.now - h.at)}):`);
    const memoRoom = Math.max(200, Math.floor(budget * 0.6));
    add(clip(h.text.trim(), memoRoom));
    if (v.handoffTurns.length) {
      add("Its last turns:");
      for (const t of v.handoffTurns) add(`- ${clip(oneLine(t.text), 200)}`);
    }
  }
  for (const [title, list] of [
    ["Team decisions:", v.decisions],
    ["Team dead-ends (do not retry without a new reason):", v.deadEnds],
  ] as const) {
    if (list.length === 0) continue;
    if (!add(title)) break;
    let shown = 0;
    for (const d of list) {
      if (!add(`- ${clip(oneLine(d.text), 300)} (${who(d)}, ${day(d.at)})`)) break;
      shown++;
    }
    if (shown < list.length) add(`  (${list.length - shown} more not shown)`);
  }
  // Teammates' words are recorded material, like a resume's: one data block.
  return [head, notedDataBlock(body.join("\n"), source), foot].join("\n");
}
