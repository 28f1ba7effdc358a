import { randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Who may use the dashboard: whoever holds the random token `cairn ui` printed. The
 * first page load carries it in the URL; the server answers with an HttpOnly,
 * SameSite=Strict cookie and a redirect that drops it from the address bar. Scripts
 * may send it in a header instead. Pure functions, so the rules are testable alone.
 */

export const TOKEN_HEADER = "x-cairn-token";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** One cookie per port: two dashboards on one machine do not log each other out. */
export function cookieName(port: number): string {
  return `cairn_ui_${port}`;
}

function sameToken(given: string | undefined | null, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of one cookie in a Cookie header. */
export function readCookie(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/**
 * Only the names the server was reached by on loopback: a page on another site that
 * rebinds its DNS name to 127.0.0.1 sends its own name and is refused even before the
 * token is checked.
 */
export function hostAllowed(host: string | undefined | null, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

type Access = "ok" | "ok-from-url" | "refused";

interface Presented {
  readonly host: string | undefined | null;
  readonly header: string | undefined | null;
  readonly cookie: string | undefined | null;
  readonly query: string | undefined | null;
}

/** Whether a request may be served, and whether it came in with the token in its URL. */
export function access(p: Presented, port: number, token: string): Access {
  if (!hostAllowed(p.host, port)) return "refused";
  if (sameToken(p.header, token) || sameToken(readCookie(p.cookie, cookieName(port)), token)) return "ok";
  if (sameToken(p.query, token)) return "ok-from-url";
  return "refused";
}
