import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { cliLine, type SelfInvocation } from "../core/self.ts";
import { handoffCommand } from "./handoff-command.ts";
import { claudeDir, type Scope } from "./paths.ts";

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
}

export function extrasFiles(scope: Scope, projectDir: string, env: NodeJS.ProcessEnv = process.env) {
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

export function removeMcpServer(file: string, entry: McpEntry): boolean {
  const data = readJson(file);
  const servers = data?.mcpServers as Record<string, unknown> | undefined;
  if (!data || !servers || !same(servers.cairn, entry)) return false;
  const { cairn: _gone, ...rest } = servers;
  const next = { ...data, mcpServers: rest };
  if (Object.keys(rest).length === 0) delete (next as { mcpServers?: unknown }).mcpServers;
  writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
  return true;
}

/** Writes /handoff unless the user has a handoff command of their own; returns the text written or null. */
export function addHandoffCommand(
  file: string,
  self: SelfInvocation,
  previous: string | null | undefined,
): string | null {
  const text = handoffCommand(cliLine(self));
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
