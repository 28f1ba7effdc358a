import { recordHealth } from "../core/feature-health.ts";
import type { CairnPaths } from "../core/paths.ts";
import { CONSENT_REASON, readConsent } from "./consent.ts";

/** Team sync's entry in ~/.cairn/health (core/feature-health.ts): the statusline's mark and doctor's line. */
export const TEAM_HEALTH = "team";

/** The reason in two or three words, from the one line describeError made. */
export function failureReason(message: string | undefined): string {
  const m = message ?? "";
  if (m.includes("cannot reach")) return "server unreachable";
  if (m.includes("authentication failed")) return "auth failed";
  if (m.includes("no such database")) return "no such database";
  if (m.includes("newer than this cairn")) return "server schema too new";
  if (m.startsWith("team.url")) return "team.url refused";
  if (/certificate|ssl|tls/i.test(m)) return "TLS failed";
  return "sync failing";
}

/**
 * The outcome of a sync for the statusline and doctor. A machine whose user has not
 * answered whether it may share keeps its mark (CONSENT_REASON) however the pull went.
 */
export function recordTeamHealth(
  paths: CairnPaths,
  r: { ok: boolean; error?: string },
  now: number,
  undecided = !readConsent(paths).state,
): void {
  recordHealth(
    paths,
    TEAM_HEALTH,
    !r.ok
      ? { ok: false, reason: failureReason(r.error), ...(r.error ? { message: r.error } : {}) }
      : undecided
        ? { ok: false, reason: CONSENT_REASON, worked: true }
        : { ok: true },
    now,
  );
}
