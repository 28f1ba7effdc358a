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

/** Whether `path` is a file this process may run. */
export function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first executable file called `name` in `dirs`, as a shell's PATH search finds it. */
export function firstExecutable(dirs: readonly string[], name: string): string | undefined {
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** The first executable `name` on the environment's PATH. */
export function onPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return firstExecutable((env.PATH ?? "").split(delimiter), name);
}
