import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The peers, installed from npm into bench/.peers/ at bench time (kept between runs),
 * each in its own folder so one that will not install does not hold up the others.
 */
export function installPeer(
  root: string,
  pkg: string,
  version: string,
  timeoutMs: number,
): { dir: string } | { error: string } {
  const dir = join(root, `${pkg}@${version}`);
  const marker = join(dir, "node_modules", pkg, "package.json");
  if (existsSync(marker)) return { dir: join(dir, "node_modules", pkg) };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), '{"private":true}\n');
  const r = spawnSync(
    "npm",
    ["install", `${pkg}@${version}`, "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
    {
      cwd: dir,
      encoding: "utf8",
      timeout: timeoutMs,
    },
  );
  if (r.error || r.status !== 0 || !existsSync(marker)) {
    return {
      error: r.error
        ? r.error.message
        : `npm install exited ${r.status}: ${(r.stderr || "").trim().split("\n").at(-1)}`,
    };
  }
  return { dir: join(dir, "node_modules", pkg) };
}

/**
 * claude-mem: `npm install claude-mem` resolves a very large tree (it ran for over 8
 * minutes at 2 GB here without finishing), but its hooks are bundled scripts that need
 * only Bun and zod. So: the package tarball (npm pack), plus `bun` and `zod` from npm.
 */
export function installClaudeMem(
  root: string,
  version: string,
  timeoutMs: number,
): { plugin: string; bin: string; dir: string } | { error: string } {
  const dir = join(root, `claude-mem@${version}`);
  const plugin = join(dir, "package", "plugin");
  const bin = join(dir, "node_modules", ".bin");
  if (existsSync(join(plugin, "hooks", "hooks.json")) && existsSync(join(bin, "bun")))
    return { plugin, bin, dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(join(dir, "package.json"), '{"private":true}\n');
    const tgz = execFileSync("npm", ["pack", `claude-mem@${version}`, "--loglevel=error"], {
      cwd: dir,
      encoding: "utf8",
      timeout: timeoutMs,
    })
      .trim()
      .split("\n")
      .at(-1)!;
    execFileSync("tar", ["xzf", tgz], { cwd: dir, timeout: timeoutMs });
    const zod =
      (
        JSON.parse(readFileSync(join(plugin, "package.json"), "utf8")) as {
          dependencies?: Record<string, string>;
        }
      ).dependencies?.zod ?? "4";
    execFileSync("npm", ["install", "bun", `zod@${zod}`, "--no-audit", "--no-fund", "--loglevel=error"], {
      cwd: dir,
      timeout: timeoutMs,
      stdio: "ignore",
    });
  } catch (err) {
    return { error: (err as Error).message.split("\n")[0]! };
  }
  if (!existsSync(join(bin, "bun"))) return { error: "bun did not install" };
  return { plugin, bin, dir };
}

/** Stops what a peer left running (claude-mem starts a worker service). */
export function stopPeerProcesses(dir: string): void {
  spawnSync("pkill", ["-f", dir]);
}
