import type { Store } from "../store/db.ts";
import { clip, oneLine } from "../summarize/digest.ts";
import { extractiveSummary } from "../summarize/extractive.ts";
import { hhmm } from "./compose.ts";
import { chainTurns } from "./resume.ts";
import { latestOwner } from "./store.ts";
import { digestTurn, summariesOf } from "./turns.ts";

const MAX_CHARS = 1500;

/**
 * Where the last session in this project stopped, in a few lines from layered memory:
 * its last turns one line each, its last words, and its memo if it left one. Read
 * only; undefined when memory has nothing for the project.
 */
export function lastSessionSummary(store: Store, projectDir: string): string | undefined {
  const owner = latestOwner(store, projectDir);
  if (!owner) return undefined;
  const { all, recent } = chainTurns(store, owner, 3);
  if (all.length === 0) return undefined;
  const last = all.at(-1)!;
  const lines = [
    `Last session ${owner.slice(0, 8)} (${all.length} turn${all.length === 1 ? "" : "s"}, last active ${new Date(last.lastAt).toISOString().slice(0, 10)} ${hhmm(last.lastAt)}):`,
  ];
  for (const t of recent.length ? recent : [last]) {
    const line = summariesOf(t)?.text ?? extractiveSummary(digestTurn(t), 300);
    lines.push(`- T${t.turn} ${hhmm(t.firstAt)} ${line}`);
  }
  const words = last.items.filter((i) => i.kind === "assistant").at(-1)?.text;
  if (words) lines.push(`Its last words: ${clip(oneLine(words), 400)}`);
  const memo = store.db
    .prepare("SELECT text FROM mem_items WHERE session_id = ? AND kind = 'memo' ORDER BY id DESC LIMIT 1")
    .get(owner) as { text: string } | undefined;
  if (memo) lines.push(`Its in-flight memo: ${clip(oneLine(memo.text), 500)}`);
  return clip(lines.join("\n"), MAX_CHARS);
}
