import { readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeDir } from "./paths.ts";

/**
 * Claude Code checks permissions against the command a PreToolUse hook returns, not
 * the model's original (verified on 2.1.328). The Bash runner therefore answers
 * "allow" for its wrapper, and may only do so for a command the user's own rules
 * already allow without asking. This decides that, conservatively: anything it cannot
 * prove allowed is left to Claude Code's normal permission flow, unwrapped.
 */

export interface BashRules {
  readonly allow: readonly string[];
  readonly deny: readonly string[];
  readonly ask: readonly string[];
}

export type WrapVerdict = { ok: true } | { ok: false; reason: string };

/** Reads the Bash rules of every settings file Claude Code merges (managed, user, project, local). */
export function loadBashRules(projectDir: string, env: NodeJS.ProcessEnv = process.env): BashRules {
  const files = [
    "/etc/claude-code/managed-settings.json",
    join(claudeDir(env), "settings.json"),
    join(projectDir, ".claude", "settings.json"),
    join(projectDir, ".claude", "settings.local.json"),
  ];
  const rules = { allow: [] as string[], deny: [] as string[], ask: [] as string[] };
  for (const f of files) {
    let perms: Record<string, unknown> | undefined;
    try {
      perms = (JSON.parse(readFileSync(f, "utf8")) as { permissions?: Record<string, unknown> }).permissions;
    } catch {
      continue;
    }
    for (const kind of ["allow", "deny", "ask"] as const) {
      const list = perms?.[kind];
      if (Array.isArray(list))
        rules[kind].push(...list.filter((r): r is string => typeof r === "string" && /^Bash\b/.test(r)));
    }
  }
  return rules;
}

/** Shell features whose effect a prefix rule cannot vouch for: nested commands, eval, redirection to files. */
const OPAQUE = /\$\(|`|<\(|>\(|\beval\b|\bexec\b|\bsource\b|(?:^|[\s;&|])\.\s|\bsudo\b|\bsu\b/;
const REDIRECT = /(?<![0-9&])>{1,2}\s*(?!&[0-9-]|\/dev\/null\b)|[0-9]>{1,2}\s*(?!&[0-9-]|\/dev\/null\b)/;

/** The part of a rule inside Bash( … ), or "*" for a bare "Bash". */
function ruleBody(rule: string): string | undefined {
  if (rule === "Bash") return "*";
  const m = /^Bash\((.*)\)$/s.exec(rule);
  return m ? m[1]! : undefined;
}

/** Claude Code's rule forms: "prefix:*", globs with "*", or an exact command. */
export function ruleMatches(rule: string, command: string): boolean {
  const body = ruleBody(rule);
  if (body === undefined) return false;
  const cmd = command.trim();
  if (body === "*" || body === ":*" || body === "") return true;
  if (body.endsWith(":*")) {
    const prefix = body.slice(0, -2).trim();
    return cmd === prefix || cmd.startsWith(`${prefix} `);
  }
  if (body.includes("*")) {
    const re = new RegExp(`^${body.split("*").map(escapeRe).join(".*")}$`, "s");
    return re.test(cmd);
  }
  return cmd === body.trim();
}

function escapeRe(s: string): string {
  return s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
}

/** Splits a command line on && || ; | and newlines, outside quotes. */
export function segments(command: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === "\\" && quote === '"') {
        cur += ch + (command[i + 1] ?? "");
        i += 1;
        continue;
      }
      cur += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      cur += ch;
      continue;
    }
    if (ch === "\\") {
      cur += ch + (command[i + 1] ?? "");
      i += 1;
      continue;
    }
    // ">&", "&>" and "|&" are redirections, not separators.
    if (ch === "&" && (command[i - 1] === ">" || command[i + 1] === ">")) {
      cur += ch;
      continue;
    }
    if (ch === ";" || ch === "\n" || ch === "|" || ch === "&") {
      if (cur.trim()) out.push(cur.trim());
      cur = "";
      continue;
    }
    cur += ch;
  }
  if (quote) return [command]; // unbalanced: treat as one opaque segment
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/**
 * True only when the user's rules allow this command without asking: bypass mode, or
 * every segment matched by an allow rule, and nothing matched by a deny or ask rule.
 */
export function allowedWithoutAsking(
  command: string,
  rules: BashRules,
  permissionMode: string | undefined,
): WrapVerdict {
  const parts = segments(command);
  const denied = rules.deny.find((r) => parts.some((p) => ruleMatches(r, p)) || ruleMatches(r, command));
  if (denied) return { ok: false, reason: `matches deny rule ${denied}` };
  const asked = rules.ask.find((r) => parts.some((p) => ruleMatches(r, p)) || ruleMatches(r, command));
  if (asked) return { ok: false, reason: `matches ask rule ${asked}` };
  if (permissionMode === "bypassPermissions") return { ok: true };
  if (permissionMode === "plan") return { ok: false, reason: "plan mode" };
  const allowAll = rules.allow.some((r) => ruleBody(r) === "*" || ruleBody(r) === ":*");
  if (allowAll) return { ok: true };
  if (OPAQUE.test(command))
    return { ok: false, reason: "has nested commands or eval; only a rule allowing all Bash vouches for it" };
  if (REDIRECT.test(command))
    return { ok: false, reason: "redirects to a file; only a rule allowing all Bash vouches for it" };
  const uncovered = parts.find((p) => !rules.allow.some((r) => ruleMatches(r, p)));
  if (uncovered !== undefined)
    return { ok: false, reason: `no allow rule covers "${uncovered.slice(0, 80)}"` };
  return { ok: true };
}
