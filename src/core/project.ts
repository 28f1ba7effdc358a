import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { homeDir } from "./paths.ts";

/**
 * The project a CLI command is about: the nearest directory up from `from` that holds
 * a .git or .claude folder, stopping below HOME (whose ~/.claude is Claude Code's
 * user folder, not a project). Falls back to `from` itself.
 */
export function findProjectDir(from: string = process.cwd(), home: string = homeDir()): string {
  const start = resolve(from);
  let dir = start;
  for (;;) {
    if (dir !== resolve(home) && (existsSync(join(dir, ".git")) || existsSync(join(dir, ".claude"))))
      return dir;
    const up = dirname(dir);
    if (up === dir) return start;
    dir = up;
  }
}
