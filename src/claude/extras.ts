import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { safeUnlink, writeFileAtomic } from "../core/fs.ts";
import type { SelfInvocation } from "../core/self.ts";
import { handoffCommand } from "./handoff-command.ts";
import { homeLauncherMcpArgs } from "./home-launcher.ts";
import { claudeDir, type SettingsScope } from "./paths.ts";

/**
 * What `cairn install` adds besides hooks: the MCP server that offers search, detail
 * and stored outputs to the agent, and the /handoff slash command. Both are merged
 * into files Claude Code owns and may rewrite at any time, so each change re-reads the
 * file just before an atomic write, and uninstall removes only an entry that is still
 * exactly cairn's.
 */

export interface McpEntry {
  type: "stdio";
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface ExtrasRecord {
  readonly mcpFile: string;
  readonly mcpEntry: McpEntry;
  readonly commandFile: string;
  /** The command file's text as cairn wrote it; null when a file of the user's was there. */
  readonly commandText: string | null;
  /** Whether the MCP file did not exist before cairn wrote it (so uninstall may remove it). */
  readonly mcpFileCreated?: boolean;
  /** Whether the file had no mcpServers before cairn added its server. */
  readonly mcpKeyCreated?: boolean;
}

export function extrasFiles(scope: SettingsScope, projectDir: string, env: NodeJS.ProcessEnv = process.env) {
  return scope === "user"
    ? {
        mcpFile: join(env.HOME || "", ".claude.json"),
        commandFile: join(claudeDir(env), "commands", "handoff.md"),
      }
    : {
        mcpFile: join(projectDir, ".mcp.json"),
        commandFile: join(projectDir, ".claude", "commands", "handoff.md"),
      };
}

export function mcpEntry(self: SelfInvocation): McpEntry {
  return { type: "stdio", command: self.command, args: [...self.args, "mcp"], env: {} };
}

/** A project's server (.mcp.json, committed): through the home launcher, no path of this machine. */
export function projectMcpEntry(): McpEntry {
  return { type: "stdio", command: "sh", args: homeLauncherMcpArgs(), env: {} };
}

function readJson(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) return {};
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as unknown;
    return data && typeof data === "object" && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether an MCP entry is the one cairn wrote: the same command and arguments. Claude
 * Code rewrites its file and may reorder keys or drop an empty env, which changes
 * nothing about what the entry runs.
 */
function isCairnEntry(found: unknown, entry: McpEntry): boolean {
  if (!found || typeof found !== "object") return false;
  const f = found as { command?: unknown; args?: unknown };
  return f.command === entry.command && same(f.args, entry.args);
}

/** What the MCP file holds before cairn's server goes in: whether it and its mcpServers exist. */
export function mcpFileState(file: string): { fileCreated: boolean; keyCreated: boolean } {
  if (!existsSync(file)) return { fileCreated: true, keyCreated: true };
  const data = readJson(file);
  return { fileCreated: false, keyCreated: !data || data.mcpServers === undefined };
}

/** Adds cairn's MCP server; returns a problem instead when the file cannot be read as JSON. */
export function addMcpServer(file: string, entry: McpEntry): string | undefined {
  const data = readJson(file);
  if (!data)
    return `${file} is not a JSON object; add "mcpServers": {"cairn": ${JSON.stringify(entry)}} by hand`;
  const servers = (data.mcpServers && typeof data.mcpServers === "object" ? data.mcpServers : {}) as Record<
    string,
    unknown
  >;
  if (same(servers.cairn, entry)) return undefined;
  writeFileAtomic(
    file,
    `${JSON.stringify({ ...data, mcpServers: { ...servers, cairn: entry } }, null, 2)}\n`,
  );
  return undefined;
}

/**
 * Takes cairn's server out, and with it what cairn's install created: an mcpServers
 * left empty (unless the user had one, empty, before) and a file left as \`{}\` that
 * cairn created. Records from before these were kept count as created.
 */
export function removeMcpServer(
  file: string,
  entry: McpEntry,
  created: { fileCreated?: boolean | undefined; keyCreated?: boolean | undefined } = {},
): boolean {
  if (!existsSync(file)) return false;
  const data = readJson(file);
  const servers = data?.mcpServers as Record<string, unknown> | undefined;
  if (!data || !servers || typeof servers !== "object" || !isCairnEntry(servers.cairn, entry)) return false;
  const { cairn: _gone, ...rest } = servers;
  const next: Record<string, unknown> = { ...data, mcpServers: rest };
  if (Object.keys(rest).length === 0 && created.keyCreated !== false) delete next.mcpServers;
  if (Object.keys(next).length === 0 && created.fileCreated !== false) safeUnlink(file);
  else writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
  return true;
}

/**
 * Writes /handoff, naming cairn as `cli` (one command in its allowed-tools, its `!` line
 * and its text), unless the user has a handoff command of their own; returns the text
 * written or null.
 */
export function addHandoffCommand(
  file: string,
  cli: string,
  previous: string | null | undefined,
): string | null {
  const text = handoffCommand(cli);
  if (existsSync(file)) {
    const current = readFileSync(file, "utf8");
    if (current !== text && current !== previous) return null; // the user's own
  }
  writeFileAtomic(file, text, 0o644);
  return text;
}

export function removeHandoffCommand(file: string, text: string | null): boolean {
  if (text === null || !existsSync(file) || readFileSync(file, "utf8") !== text) return false;
  safeUnlink(file);
  return true;
}
