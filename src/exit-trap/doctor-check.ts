import { existsSync } from "node:fs";
import { errorMessage } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { openStore } from "../store/db.ts";
import { describeExitTrap, exitTrapState } from "./exit-trap-state.ts";

interface ExitTrapCheck {
  readonly name: string;
  readonly status: "ok" | "warn";
  readonly detail: string;
  readonly fix?: string;
}

/** `cairn doctor`'s line on failing Bash commands: what the project's latest Claude Code session found (the trap is Claude Code's alone). */
export async function checkExitTrap(paths: CairnPaths, projectDir: string): Promise<ExitTrapCheck[]> {
  if (!existsSync(paths.db)) return [];
  try {
    return await latestSession(paths, projectDir);
  } catch (err) {
    return [{ name: "failing Bash commands", status: "warn", detail: errorMessage(err) }];
  }
}

async function latestSession(paths: CairnPaths, projectDir: string): Promise<ExitTrapCheck[]> {
  const store = await openStore(paths.db, { busyTimeoutMs: 2000 });
  try {
    const latest = store.db
      .prepare(
        "SELECT id FROM sessions WHERE project_dir = ? AND agent = 'claude-code' ORDER BY last_seen_at DESC LIMIT 1",
      )
      .get(projectDir) as { id: string } | undefined;
    if (!latest) return [];
    const state = exitTrapState(store, latest.id);
    const detail = `${describeExitTrap(state)} (latest session ${latest.id.slice(0, 8)})`;
    if (state?.installed) return [{ name: "failing Bash commands", status: "ok" as const, detail }];
    return [
      {
        name: "failing Bash commands",
        status: "warn" as const,
        detail,
        fix: "keep cairn's SessionStart a command hook (Claude Code gives only those CLAUDE_ENV_FILE) and run.enabled and compress.enabled true; Claude Code needs bash or zsh installed",
      },
    ];
  } finally {
    store.close();
  }
}
