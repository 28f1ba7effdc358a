import { join } from "node:path";
import { readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";

/**
 * Whether the user agreed that this machine shares: nothing leaves it before `cairn
 * team enable` (after `cairn team outbox` showed exactly what would go), and nothing
 * more after `cairn team disable`. Until then records wait in the outbox and syncs
 * only pull. A small file in cairn's home, like the machine's identity, so hooks and
 * doctor read it without the database; one answer per machine (per cairn home).
 */
export type ConsentState = "enabled" | "disabled";

export interface Consent {
  /** Absent: the user has not answered yet. */
  readonly state?: ConsentState;
  /** When the user answered. */
  readonly at?: number;
  /** When SessionStart asked (once). */
  readonly askedAt?: number;
}

const consentPath = (paths: CairnPaths) => join(paths.root, "team-consent.json");

export function readConsent(paths: CairnPaths): Consent {
  const c = readJsonIfExists<Record<string, unknown>>(consentPath(paths));
  if (!c || typeof c !== "object") return {};
  return {
    ...(c.state === "enabled" || c.state === "disabled" ? { state: c.state } : {}),
    ...(typeof c.at === "number" ? { at: c.at } : {}),
    ...(typeof c.askedAt === "number" ? { askedAt: c.askedAt } : {}),
  };
}

export const mayPush = (c: Consent): boolean => c.state === "enabled";

export function answerConsent(paths: CairnPaths, state: ConsentState, now: number): void {
  writeFileAtomic(consentPath(paths), JSON.stringify({ ...readConsent(paths), state, at: now }));
}

export function markAsked(paths: CairnPaths, now: number): void {
  writeFileAtomic(consentPath(paths), JSON.stringify({ ...readConsent(paths), askedAt: now }));
}

/** The statusline's words (core/feature-health.ts: a few plain words) while the user has not answered. */
export const CONSENT_REASON = "waiting for your OK to share";

/** The question, with the commands that answer it, as SessionStart and doctor put it. */
export function consentQuestion(cli: string, pending: number | undefined): string {
  const waiting =
    pending === undefined
      ? "Records wait in its outbox"
      : pending === 1
        ? "1 record waits in its outbox"
        : `${pending} records wait in its outbox`;
  return `cairn team memory asks before this machine shares anything: ${waiting} and nothing is sent until you agree. See exactly what would go with \`${cli} team outbox\`, then \`${cli} team enable\` to share (or \`${cli} team disable\`).`;
}
