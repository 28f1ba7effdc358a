import { anyPatternMatchesText } from "../config/patterns.ts";
import type { Config } from "../config/schema.ts";
import type { ShareKind } from "../config/settings/team.ts";
import type { Store } from "../store/db.ts";
import { type Forget, forgetCovers, localForgets } from "./forget.ts";
import { mapHandoffText, readSharedHandoff } from "./handoff.ts";
import { SHARE_KIND_OF, type TeamRecord } from "./records.ts";

/**
 * What this machine lets leave it, decided for each record by one function, the same
 * when a record is collected into the outbox, when `cairn team outbox` shows it and
 * when the push sends it (a record queued under an older choice is judged again):
 * the kinds chosen in team.share, minus what team.exclude matches, what `cairn team
 * share off` turned off and what `cairn team forget` took back.
 */
export interface SharePolicy {
  readonly kinds: ReadonlySet<ShareKind>;
  readonly exclude: readonly string[];
  /** Sessions and projects (team project ids) turned off with `cairn team share off`. */
  readonly offSessions: ReadonlySet<string>;
  readonly offProjects: ReadonlySet<string>;
  readonly forgets: readonly Forget[];
}

export type Withheld = "team.share" | "team.exclude" | "share off" | "forgotten";

export type Verdict = { readonly share: TeamRecord } | { readonly withhold: Withheld };

/** What stands in a handoff for a message, line or memo that team.exclude keeps back. */
export const WITHHELD = "[withheld on its machine: matches team.exclude]";

export function judge(r: TeamRecord, p: SharePolicy): Verdict {
  if (p.offProjects.has(r.project) || (r.session !== null && p.offSessions.has(r.session)))
    return { withhold: "share off" };
  if (p.forgets.some((f) => forgetCovers(f, r))) return { withhold: "forgotten" };
  if (!p.kinds.has(SHARE_KIND_OF[r.kind])) return { withhold: "team.share" };
  if (r.kind === "handoff") return { share: withholdInHandoff(r, p.exclude) };
  if (anyPatternMatchesText(p.exclude, r.text)) return { withhold: "team.exclude" };
  return { share: r };
}

/**
 * A handoff is one unit (sharing handoffs covers its turns even when conversation text
 * is not shared), so team.exclude keeps back its parts, not the whole: each message,
 * summary line, notebook line or the memo that matches is replaced by WITHHELD.
 */
function withholdInHandoff(r: TeamRecord, exclude: readonly string[]): TeamRecord {
  if (exclude.length === 0) return r;
  const keep = (text: string) => (anyPatternMatchesText(exclude, text) ? WITHHELD : text);
  const byLine = (text: string) =>
    text
      .split("\n")
      .map((l) => keep(l))
      .join("\n");
  const h = readSharedHandoff(r.meta);
  return {
    ...r,
    text: keep(r.text),
    meta: h ? { ...r.meta, handoff: mapHandoffText(h, keep, byLine) } : r.meta,
  };
}

export const SHARE_SCOPE = "team-share";
const offKey = (what: "session" | "project", id: string) => `${what}:${id}`;

/** `cairn team share off|on` for one session or one project (its team id). */
export function setShareOff(
  store: Store,
  what: "session" | "project",
  id: string,
  off: boolean,
  now: number,
): void {
  if (off)
    store.db
      .prepare(
        `INSERT INTO kv (scope, key, value, updated_at) VALUES (?, ?, 'true', ?)
         ON CONFLICT(scope, key) DO UPDATE SET value = 'true', updated_at = excluded.updated_at`,
      )
      .run(SHARE_SCOPE, offKey(what, id), now);
  else store.db.prepare("DELETE FROM kv WHERE scope = ? AND key = ?").run(SHARE_SCOPE, offKey(what, id));
}

export function loadPolicy(store: Store, config: Config): SharePolicy {
  const offSessions = new Set<string>();
  const offProjects = new Set<string>();
  for (const { key } of store.db.prepare("SELECT key FROM kv WHERE scope = ?").all(SHARE_SCOPE) as {
    key: string;
  }[]) {
    const at = key.indexOf(":");
    if (key.startsWith("session:")) offSessions.add(key.slice(at + 1));
    else if (key.startsWith("project:")) offProjects.add(key.slice(at + 1));
  }
  return {
    kinds: new Set(config["team.share"]),
    exclude: config["team.exclude"],
    offSessions,
    offProjects,
    forgets: localForgets(store),
  };
}
