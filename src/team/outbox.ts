import { DATA_NOTE } from "../core/data-block.ts";
import { composeResume, turnCount } from "../memory/compose.ts";
import { renderNotebookText } from "../notebook/inject.ts";
import type { Store } from "../store/db.ts";
import { readSharedHandoff } from "./handoff.ts";
import { judge, type SharePolicy, type Withheld } from "./policy.ts";
import type { TeamRecord } from "./records.ts";

/**
 * `cairn team outbox`: exactly what the next push would send, judged by the same
 * policy the push applies (a record queued under an older choice is judged again),
 * and what it would drop instead.
 */
export interface OutboxView {
  /** In the push's order. */
  readonly going: readonly TeamRecord[];
  readonly withheld: readonly { readonly id: string; readonly kind: string; readonly why: Withheld }[];
}

export function outboxView(store: Store, policy: SharePolicy): OutboxView {
  const rows = store.db
    .prepare(
      "SELECT id, kind, record FROM team_outbox WHERE pushed_at IS NULL AND dropped_at IS NULL ORDER BY at, id",
    )
    .all() as { id: string; kind: string; record: string }[];
  const going: TeamRecord[] = [];
  const withheld: { id: string; kind: string; why: Withheld }[] = [];
  for (const r of rows) {
    const v = judge(JSON.parse(r.record) as TeamRecord, policy);
    if ("share" in v) going.push(v.share);
    else withheld.push({ id: r.id, kind: r.kind, why: v.withhold });
  }
  return { going, withheld };
}

/**
 * One record as a person reads it before it goes: what it is, then every word of it.
 * A handoff's text is its memo; what it carries besides (the resume its teammate's
 * next session is composed from) is written out whole, as its resume document.
 */
export function describeRecord(r: TeamRecord): { head: string; body: string } {
  const when = new Date(r.at).toISOString().replace("T", " ").slice(0, 16);
  const head = [
    r.kind,
    when,
    ...(r.session ? [`session ${r.session.slice(0, 8)}`] : []),
    `id ${r.id}`,
    `${r.text.length} chars`,
  ].join(" · ");
  const h = r.kind === "handoff" ? readSharedHandoff(r.meta) : undefined;
  if (!h) return { head, body: r.text };
  const notebook = h.notebook;
  const doc = composeResume(
    {
      ...h.parts,
      notebook: (max) => (notebook?.trim() ? renderNotebookText(notebook, "STATE.md", max) : undefined),
      cli: "cairn",
      docPath: "",
      frame: {
        source: "this machine's handoff",
        header: `The handoff of session ${h.parts.fromSession} (${turnCount(h.parts.turns)}): a teammate's next session receives it as its resume, composed from this.\n${DATA_NOTE}`,
        footer: () => "",
      },
    },
    9_800,
  ).document;
  return { head: `${head} + the resume below`, body: doc.trimEnd() };
}
