import { join } from "node:path";
import { formatAgo } from "./format.ts";
import { ensureDir, readJsonIfExists, writeFileAtomic } from "./fs.ts";
import type { CairnPaths } from "./paths.ts";

/**
 * Whether a feature that works beside the session (team sync) currently works, kept in
 * a small file for the statusline, which never opens the database, and doctor: the last
 * outcome, the reason in a few words when it failed, and when it last succeeded. The
 * feature writes it after each attempt and removes it when it is off, so then nothing
 * shows.
 */
export interface FeatureHealth {
  readonly ok: boolean;
  /** When the last attempt ended. */
  readonly at: number;
  /** A few words for the statusline ("server unreachable"), when it failed. */
  readonly reason?: string;
  /** The one-line failure (no secrets), for doctor. */
  readonly message?: string;
  /** When an attempt last succeeded, on this machine. */
  readonly lastOkAt?: number;
}

export function healthPath(paths: CairnPaths, feature: string): string {
  return join(paths.root, "health", `${feature}.json`);
}

export function readHealth(paths: CairnPaths, feature: string): FeatureHealth | undefined {
  const h = readJsonIfExists<Partial<FeatureHealth>>(healthPath(paths, feature));
  if (!h || typeof h.ok !== "boolean" || typeof h.at !== "number") return undefined;
  const text = (k: "reason" | "message") => (typeof h[k] === "string" ? { [k]: h[k] } : {});
  return {
    ok: h.ok,
    at: h.at,
    ...text("reason"),
    ...text("message"),
    ...(typeof h.lastOkAt === "number" ? { lastOkAt: h.lastOkAt } : {}),
  };
}

/** Records one attempt's outcome, keeping the time of the last success across failures. */
export function recordHealth(
  paths: CairnPaths,
  feature: string,
  r: {
    ok: boolean;
    reason?: string;
    message?: string;
    /** The attempt worked though the feature waits on the user (team sync before they agree to share). */
    worked?: boolean;
  },
  now: number,
): void {
  const lastOkAt = r.ok || r.worked ? now : readHealth(paths, feature)?.lastOkAt;
  const h: FeatureHealth = {
    ok: r.ok,
    at: now,
    ...(!r.ok && r.reason ? { reason: r.reason } : {}),
    ...(!r.ok && r.message ? { message: r.message } : {}),
    ...(lastOkAt !== undefined ? { lastOkAt } : {}),
  };
  ensureDir(join(paths.root, "health"));
  writeFileAtomic(healthPath(paths, feature), JSON.stringify(h));
}

/**
 * The statusline's mark for a feature: nothing while it works (or never ran), else
 * why it fails and when it last worked. Only the fixed reason words, never the
 * message: that may hold text a server wrote.
 */
export function healthMark(feature: string, h: FeatureHealth | undefined, now: number): string | undefined {
  if (!h || h.ok) return undefined;
  const reason = h.reason && /^[\w .-]{1,40}$/.test(h.reason) ? h.reason : "failing";
  const last = h.lastOkAt === undefined ? "never synced" : `last sync ${formatAgo(now - h.lastOkAt)}`;
  return `${feature}: ${reason}, ${last}`;
}
