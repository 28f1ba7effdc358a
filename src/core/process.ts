import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** Whether a process is there: EPERM means it is, only not ours to signal. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The first executable file called `name` in `dirs`, as a shell's PATH search finds it. */
export function firstExecutable(dirs: readonly string[], name: string): string | undefined {
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** The first executable `name` on the environment's PATH. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return firstExecutable((env.PATH ?? "").split(delimiter), name);
}
