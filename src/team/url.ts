/**
 * The team URL as the user gave it, and how it may be shown: never with its password.
 * Pure; the PostgreSQL client is not needed to read or mask a URL.
 */

/** `team.url` from the user's config, or CAIRN_TEAM_URL (which wins: one shell, one server). */
export function teamUrl(configured: string, env: NodeJS.ProcessEnv): string {
  return (env.CAIRN_TEAM_URL ?? "").trim() || configured.trim();
}

/** The URL with any password replaced by ***, for anything printed or logged. */
export function maskUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, "$1:***@")
    .replace(/([?&]password=)[^&]*/gi, "$1***");
}

/** Masks every occurrence of the URL's password in a text (an error message, a log line). */
export function maskSecretIn(text: string, url: string): string {
  let out = text.split(url).join(maskUrl(url));
  const pw = passwordOf(url);
  if (pw && pw.length >= 3) out = out.split(pw).join("***");
  return out;
}

export function passwordOf(url: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^:/@]*:([^@/]*)@/i.exec(url);
  const q = /[?&]password=([^&]*)/i.exec(url);
  const raw = m?.[1] ?? q?.[1];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** host:port/database, for status lines (no user, no password). */
export function serverLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return maskUrl(url);
  }
}
