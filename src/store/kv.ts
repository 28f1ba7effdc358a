import type { Store } from "./db.ts";

/**
 * Small JSON values keyed by scope ("session:<id>", "project:<dir>") and name, for the
 * state parts keep between events (debounce counters, once-per-session flags).
 */
export function getState<T>(store: Store, scope: string, key: string): T | undefined {
  const row = store.db.prepare("SELECT value FROM kv WHERE scope = ? AND key = ?").get(scope, key) as
    | { value: string }
    | undefined;
  if (!row) return undefined;
  try {
    return JSON.parse(row.value) as T;
  } catch {
    return undefined;
  }
}

export function setState(
  store: Store,
  scope: string,
  key: string,
  value: unknown,
  at: number = Date.now(),
): void {
  // In a transaction of its own when none is open: it waits for the write lock as every
  // transaction does (db.ts beginImmediate), not in SQLite's own unfair wait.
  const json = JSON.stringify(value);
  store.tx(() =>
    store.db
      .prepare(
        `INSERT INTO kv (scope, key, value, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(scope, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(scope, key, json, at),
  );
}

export const sessionScope = (sessionId: string) => `session:${sessionId}`;
