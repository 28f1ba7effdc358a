import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "./cairn.ts";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestMtime(p) : st.mtimeMs);
  }
  return newest;
}

/** Tests run the built bundle; rebuild it when any source is newer, so a test never sees stale code. */
export default function setup(): void {
  let built = 0;
  try {
    built = statSync(join(REPO, "dist", "cairn.mjs")).mtimeMs;
  } catch {
    built = 0;
  }
  const sources = Math.max(
    newestMtime(join(REPO, "src")),
    statSync(join(REPO, "scripts", "build.mjs")).mtimeMs,
  );
  if (sources > built)
    execFileSync(process.execPath, [join(REPO, "scripts", "build.mjs")], { cwd: REPO, stdio: "inherit" });
}
