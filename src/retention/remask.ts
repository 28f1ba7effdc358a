import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { redact } from "../core/secrets/redact.ts";
import type { Store } from "../store/db.ts";
import { indexItem, unindexItem } from "../store/items-index.ts";
import { countLines } from "../store/outputs.ts";
import { type IndexedRow, originalText, reindexOutputs, unindexOutputs } from "../store/outputs-index.ts";
import { forEachAgingFile } from "./sweep-files.ts";

/**
 * Masks secrets in what is already stored, with today's rules: originals, their
 * excerpts and observations, every memory row, injection previews, the values hook parts
 * keep between events, and the files
 * cairn keeps beside the database (compaction snapshots, written-out handoffs). For text stored before masking reached memory, or
 * by older, weaker rules. The search indexes are updated with each row, and
 * secure_delete zeroes the pages the old text leaves, so the secret does not linger
 * in the file either.
 */
export interface RemaskReport {
  readonly outputs: number;
  readonly items: number;
  readonly files: number;
  readonly secrets: number;
}

const BATCH = 200;

export function remaskStored(
  store: Store,
  paths: CairnPaths,
  onProgress?: (done: number, total: number) => void,
): RemaskReport {
  const { db } = store;
  db.exec("PRAGMA secure_delete = ON");
  const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
  const total = count("SELECT count(*) AS n FROM outputs") + count("SELECT count(*) AS n FROM mem_items");
  let done = 0;
  const progress = (n: number) => {
    done += n;
    onProgress?.(done, total);
  };
  const outputs = remaskOutputs(store, progress);
  const items = remaskItems(store, progress);
  const columns = remaskColumns(store) + remaskState(store);
  // Index segments still hold the old tokens until merged; then the WAL goes too.
  db.exec("INSERT INTO mem_fts (mem_fts) VALUES ('optimize')");
  db.exec("INSERT INTO mem_outputs_fts (mem_outputs_fts) VALUES ('optimize')");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const files = remaskFiles(paths);
  return {
    outputs: outputs.rows,
    items: items.rows,
    files: files.files,
    secrets: outputs.secrets + items.secrets + columns + files.secrets,
  };
}

/** Rows changed and secrets masked. */
interface Masked {
  rows: number;
  secrets: number;
}

/** Runs `each` over a table's rows in id order, BATCH rows to a transaction. */
function inBatches<R extends { id: number }>(
  store: Store,
  select: string,
  each: (r: R) => void,
  progress: (n: number) => void,
): void {
  for (let after = 0; ; ) {
    const rows = store.db.prepare(select).all(after, BATCH) as unknown as R[];
    if (rows.length === 0) break;
    store.tx(() => {
      for (const r of rows) each(r);
    });
    after = rows.at(-1)!.id;
    progress(rows.length);
  }
}

/** Stored originals, their excerpts and labels, with their search index. */
function remaskOutputs(store: Store, progress: (n: number) => void): Masked {
  const m: Masked = { rows: 0, secrets: 0 };
  const update = store.db.prepare(
    "UPDATE outputs SET original = ?, original_bytes = ?, original_lines = ?, excerpt = ?, label = ?, redactions = redactions + ? WHERE id = ?",
  );
  inBatches<IndexedRow & { excerpt: string | null; label: string | null }>(
    store,
    "SELECT id, original, pruned_at, excerpt, label FROM outputs WHERE id > ? ORDER BY id LIMIT ?",
    (r) => {
      const original = redact(originalText(r.original));
      const excerpt = r.excerpt === null ? undefined : redact(r.excerpt);
      // The label is the command line: PGPASSWORD=..., curl -H 'Authorization: ...'.
      const label = r.label === null ? undefined : redact(r.label);
      const found = original.count + (excerpt?.count ?? 0) + (label?.count ?? 0);
      if (found === 0) return;
      const bytes = Buffer.from(original.text, "utf8");
      const removed = unindexOutputs(store, [r]);
      update.run(
        bytes,
        bytes.byteLength,
        countLines(original.text),
        excerpt?.text ?? null,
        label?.text ?? null,
        found,
        r.id,
      );
      reindexOutputs(store, [{ ...r, original: bytes }], removed);
      m.rows += 1;
      m.secrets += found;
    },
    progress,
  );
  return m;
}

/** Every memory row, with its search index. */
function remaskItems(store: Store, progress: (n: number) => void): Masked {
  const m: Masked = { rows: 0, secrets: 0 };
  const update = store.db.prepare("UPDATE mem_items SET text = ? WHERE id = ?");
  inBatches<{ id: number; text: string }>(
    store,
    "SELECT id, text FROM mem_items WHERE id > ? ORDER BY id LIMIT ?",
    (r) => {
      const masked = redact(r.text);
      if (masked.count === 0) return;
      unindexItem(store, r.id, r.text);
      update.run(masked.text, r.id);
      indexItem(store, r.id, masked.text);
      m.rows += 1;
      m.secrets += masked.count;
    },
    progress,
  );
  return m;
}

/** Smaller text columns with no index of their own; returns the secrets masked. */
function remaskColumns(store: Store): number {
  let secrets = 0;
  for (const [table, column] of [
    ["injections", "preview"],
    ["outputs", "observation"],
    // What the model was sent for a call (cairn show --shown): an excerpt's kept lines.
    ["call_figures", "shown"],
  ] as const) {
    store.tx(() => {
      const rows = store.db
        .prepare(`SELECT rowid AS id, ${column} AS text FROM ${table} WHERE ${column} IS NOT NULL`)
        .all() as { id: number; text: string }[];
      const update = store.db.prepare(`UPDATE ${table} SET ${column} = ? WHERE rowid = ?`);
      for (const r of rows) {
        const masked = redact(r.text);
        if (masked.count === 0) continue;
        update.run(masked.text, r.id);
        secrets += masked.count;
      }
    });
  }
  return secrets;
}

/**
 * The small JSON values hook parts keep between events (kv): among them the excerpt body
 * a near repeat is compared with, which holds whatever lines the excerpt kept. Every
 * string inside a value is masked, so the value stays the JSON its part reads.
 */
function remaskState(store: Store): number {
  let secrets = 0;
  const mask = (v: unknown): unknown => {
    if (typeof v === "string") {
      const masked = redact(v);
      secrets += masked.count;
      return masked.text;
    }
    if (Array.isArray(v)) return v.map(mask);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x)]));
    return v;
  };
  store.tx(() => {
    const rows = store.db.prepare("SELECT rowid AS id, value FROM kv").all() as {
      id: number;
      value: string;
    }[];
    const update = store.db.prepare("UPDATE kv SET value = ? WHERE rowid = ?");
    for (const r of rows) {
      let value: unknown;
      try {
        value = JSON.parse(r.value);
      } catch {
        continue;
      }
      const before = secrets;
      const masked = mask(value);
      if (secrets > before) update.run(JSON.stringify(masked), r.id);
    }
  });
  return secrets;
}

/** Markdown cairn wrote from session text (snapshots, handoffs): rewritten atomically where a secret shows. */
function remaskFiles(paths: CairnPaths): { files: number; secrets: number } {
  let files = 0;
  let secrets = 0;
  forEachAgingFile(paths, (path) => {
    if (!path.endsWith(".md")) return;
    const masked = redact(readFileSync(path, "utf8"));
    if (masked.count === 0) return;
    writeFileAtomic(path, masked.text);
    files += 1;
    secrets += masked.count;
  });
  return { files, secrets };
}
