/**
 * cairn's side of the e2e harness: install the built bundle into a sandbox HOME, run
 * its CLI there, and read back what it recorded (database, log).
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CAIRN, type CairnRun, runCairn } from "../../helpers/cairn.ts";
import { BIN_DIR, type Sandbox } from "./claude.ts";

export function cairnEnv(sb: Sandbox, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { HOME: sb.home, CAIRN_HOME: "", CLAUDE_PROJECT_DIR: "", ...extra };
}

/** Runs `cairn <args>` as the sandbox's user, from the project directory. */
export function cairn(
  sb: Sandbox,
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CairnRun> {
  return runCairn(args, {
    cwd: sb.project,
    env: cairnEnv(sb, opts.env),
    ...(opts.input !== undefined ? { input: opts.input } : {}),
  });
}

/**
 * A session environment (runClaude's env) of a user who has cairn on PATH, as after
 * `npm install -g` or with the plugin, and none of npm's variables (under npm cairn
 * prints its absolute form): headers then print `cairn show N`, whatever the path of the
 * bundle under test. For what is shown to people (the demo, README screenshots).
 */
export function cairnOnPath(sb: Sandbox): Record<string, string | undefined> {
  const bin = join(sb.root, "bin");
  if (!existsSync(join(bin, "cairn"))) {
    mkdirSync(bin, { recursive: true });
    symlinkSync(CAIRN, join(bin, "cairn"));
  }
  const env: Record<string, string | undefined> = { PATH: `${bin}:${BIN_DIR}:/usr/bin:/bin` };
  for (const key of Object.keys(process.env)) if (key.startsWith("npm_")) env[key] = undefined;
  return env;
}

export async function installCairn(sb: Sandbox, args: string[] = []): Promise<void> {
  const r = await cairn(sb, ["install", ...args]);
  if (r.code !== 0) throw new Error(`cairn install failed: ${r.stderr}${r.stdout}`);
}

/** Opens the sandbox's cairn.db read-only; close it when done. */
export function cairnDb(sb: Sandbox): DatabaseSync {
  return new DatabaseSync(join(sb.home, ".cairn", "cairn.db"), { readOnly: true });
}

export function cairnLog(sb: Sandbox): Record<string, unknown>[] {
  const path = join(sb.home, ".cairn", "logs", "cairn.log");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export function rows<T = Record<string, unknown>>(
  db: DatabaseSync,
  sql: string,
  ...params: (string | number | null)[]
): T[] {
  return db.prepare(sql).all(...params) as T[];
}
