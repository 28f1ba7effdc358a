import { randomBytes } from "node:crypto";
import { sameSecret } from "../core/secrets/same-secret.ts";

/**
 * Who may use the dashboard. Pure rules, so each is testable alone; the server applies
 * them after its per-connection check that the peer runs as our own user.
 *
 * - The data (every /api/ route) needs the run's random token in the `x-cairn-token`
 *   header. Never a cookie: a browser sends 127.0.0.1's cookies to every port of
 *   127.0.0.1, where any local user may serve a page (and SameSite does not help:
 *   ports are the same site). A header is sent only by a script that holds the token.
 * - The page gets the token from a one-time code: the link `cairn ui` opens or prints
 *   is `http://127.0.0.1:<port>/#code=<code>`. The fragment never reaches a server;
 *   the page trades the code for the token once (`x-cairn-code` on /api/session), the
 *   code is spent at that moment whoever presented it, and the page keeps the token in
 *   its own origin's storage, which a page on another port cannot read. So the token
 *   is in no process's argv (an opener's argv is readable by every local user) and in
 *   no URL; the code that is, is worth nothing once the browser has used it.
 * - The page itself, its script and style carry no data and are served without it
 *   (a browser's navigation cannot carry a header).
 * - Host must be the loopback name the server was reached by: a page on another site
 *   that rebinds its DNS name to 127.0.0.1 sends its own name and is refused first.
 */

export const TOKEN_HEADER = "x-cairn-token";
export const CODE_HEADER = "x-cairn-code";
/** Where the page trades a one-time code for the token. */
export const SESSION_PATH = "/api/session";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Only the names the server was reached by on loopback: a page on another site that
 * rebinds its DNS name to 127.0.0.1 sends its own name and is refused even before the
 * token is checked.
 */
export function hostAllowed(host: string | undefined | null, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** The dashboard's link for a browser: the page, with a one-time code in the fragment. */
export function linkWithCode(port: number, code: string): string {
  return `http://127.0.0.1:${port}/#code=${code}`;
}

export type Access = "public" | "ok" | "exchange" | "refused";

interface Presented {
  readonly path: string;
  readonly host: string | undefined | null;
  readonly token: string | undefined | null;
}

/**
 * What a request may have: the page shell ("public"), the data ("ok", with the token),
 * the code exchange ("exchange": the code is judged by OneTimeCodes), or nothing.
 */
export function access(p: Presented, port: number, token: string): Access {
  if (!hostAllowed(p.host, port)) return "refused";
  if (p.path === SESSION_PATH) return "exchange";
  if (!p.path.startsWith("/api/")) return "public";
  return sameSecret(p.token, token) ? "ok" : "refused";
}

/** At most this many unspent codes at once: a run issues two (the opener's, the printed link). */
const MAX_CODES = 16;

/**
 * One-time codes for the dashboard's links. A code is spent by its first presentation,
 * whether that succeeds or not; presenting a spent code again is reported (someone else
 * may have used the link), never honoured.
 */
export class OneTimeCodes {
  readonly #unspent = new Set<string>();
  readonly #spent = new Set<string>();

  issue(): string {
    const code = newToken();
    if (this.#unspent.size >= MAX_CODES) this.#unspent.delete(this.#unspent.values().next().value!);
    this.#unspent.add(code);
    return code;
  }

  /** "ok" once per code; "spent" for a code presented before; "unknown" otherwise. */
  redeem(given: string | undefined | null): "ok" | "spent" | "unknown" {
    if (!given) return "unknown";
    for (const code of this.#unspent)
      if (sameSecret(given, code)) {
        this.#unspent.delete(code);
        this.#spent.add(code);
        return "ok";
      }
    for (const code of this.#spent) if (sameSecret(given, code)) return "spent";
    return "unknown";
  }
}
