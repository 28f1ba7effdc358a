import { insideClaudeCode } from "../core/session-env.ts";

/**
 * The team URL as the user gave it, and how it may be shown: never with its password.
 * Pure; the PostgreSQL client is not needed to read or mask a URL.
 */

/**
 * The team server is the user's choice only: `team.url` from the user's own config file
 * (a repository's .claude/cairn.yaml cannot set it). Inside a Claude Code session the
 * environment is no witness of that choice: a repository's .claude/settings.json `env`
 * reaches every hook and every command the agent runs, and a hook cannot tell it from
 * the user's shell. So CAIRN_TEAM_URL counts only for a command a person runs outside
 * Claude Code (`cairn team sync` in a terminal), never for hooks, the background syncs
 * they start, `cairn serve`, or anything run inside a session.
 */
export function teamUrl(configured: string, env: NodeJS.ProcessEnv): string {
  return envTeamUrl(env) ?? configured.trim();
}

/** CAIRN_TEAM_URL when it counts (a person's command outside Claude Code). */
function envTeamUrl(env: NodeJS.ProcessEnv): string | undefined {
  const given = (env.CAIRN_TEAM_URL ?? "").trim();
  return given && !insideClaudeCode(env) ? given : undefined;
}

/** One line about CAIRN_TEAM_URL for a command to print, when it is set. */
export function teamUrlNotice(env: NodeJS.ProcessEnv): string | undefined {
  if (!(env.CAIRN_TEAM_URL ?? "").trim()) return undefined;
  return envTeamUrl(env)
    ? "note: team server from CAIRN_TEAM_URL for this command only (hooks use team.url in ~/.cairn/config.yaml)"
    : "note: CAIRN_TEAM_URL ignored inside a Claude Code session (a repository's settings could set it): team.url in ~/.cairn/config.yaml is used";
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
