import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cairnPaths } from "../../../src/core/paths.ts";
import { openStore, type Store } from "../../../src/store/db.ts";

export const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");
export const TOOLS_SESSION = join(FIXTURES, "transcripts", "tools-session.jsonl");
export const SUBAGENT = join(FIXTURES, "transcripts", "tools-session-subagent.jsonl");
export const AUTOCOMPACT = join(FIXTURES, "transcripts", "autocompact-session.jsonl");
export const BASIC = join(FIXTURES, "claude-code-captures", "transcript-basic-session.trimmed.jsonl");

export interface TempStore {
  readonly dir: string;
  readonly store: Store;
  readonly paths: ReturnType<typeof cairnPaths>;
  cleanup(): void;
}

export async function tempStore(): Promise<TempStore> {
  const dir = mkdtempSync(join(tmpdir(), "cairn-mem-"));
  const paths = cairnPaths(join(dir, ".cairn"));
  const store = await openStore(paths.db);
  return {
    dir,
    store,
    paths,
    cleanup() {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every memory row, in a form two stores can be compared by (ids aside). */
export function dump(store: Store): string[] {
  return (
    store.db
      .prepare(
        "SELECT key, session_id, origin_session, agent_id, turn, layer, kind, tool_name, tool_use_id, is_error, text, at FROM mem_items ORDER BY key",
      )
      .all() as Record<string, unknown>[]
  ).map((r) => JSON.stringify(r));
}

export function ftsCount(store: Store, query: string): number {
  return (
    store.db.prepare("SELECT count(*) AS n FROM mem_fts WHERE mem_fts MATCH ?").get(query) as { n: number }
  ).n;
}

export function lines(path: string): string[] {
  return readFileSync(path, "utf8").split("\n").filter(Boolean);
}

/**
 * A longer session made of a real one: the real transcript's entries repeated as
 * further turns, each copy with fresh uuids, tool ids and timestamps, and its own
 * marker words so turns can be told apart.
 */
export function repeatSession(
  path: string,
  turns: number,
  sessionId = "c0ffee00-0000-4000-8000-00000000abcd",
): string {
  const src = lines(path);
  const out: string[] = [];
  const base = Date.parse("2026-11-22T09:00:00.000Z");
  for (let t = 1; t <= turns; t++) {
    for (const line of src) {
      const e = JSON.parse(line) as Record<string, unknown>;
      let s = JSON.stringify(e);
      s = s.replace(
        /"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})"/g,
        (_m, a, b, c, d, e2) => `"${a}-${b}-${c}-${d}-${String(t).padStart(4, "0")}${String(e2).slice(4)}"`,
      );
      s = s.replace(/toolu_cap_/g, `toolu_t${t}_`);
      s = s.replace(/"exercise the tools"/g, `"exercise the tools, round ${t} marker${t}x"`);
      s = s.replace(/"All done\."/g, `"All done with round ${t}, conclusion${t}y."`);
      s = s.replace(
        /"timestamp":"[^"]+"/g,
        () => `"timestamp":"${new Date(base + t * 60_000).toISOString()}"`,
      );
      s = s.replace(/"sessionId":"[^"]+"/g, `"sessionId":"${sessionId}"`);
      out.push(s);
    }
  }
  return `${out.join("\n")}\n`;
}
