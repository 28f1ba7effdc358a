// `npm run release`: the release archive, `cairn-<version>.tgz`. It is the npm package
// (`npm install -g cairn-<version>.tgz`) and, unpacked, a plugin marketplace that holds
// only what runs (`claude plugin marketplace add <folder>`): package.json's files, links
// resolved, with the release's own marketplace.json, which names the archive's root as
// the plugin (a clone's names ./plugin, a folder of links that npm would leave out).
// A plain `npm pack` in a clone is refused (package.json's prepack runs this with --refuse-plain): its archive would
// name a ./plugin it does not hold.
//
//   node scripts/pack.ts [OUTDIR]          (default: the current folder)
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { marketplaceJson } from "./plugin-manifest.ts";

const ROOT = join(import.meta.dirname, "..");

interface Pkg {
  files: string[];
  scripts?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * The release's folder: package.json's files copied (links resolved; `dist` from `dist`,
 * the bundle under test in tests), its marketplace naming its own root, and package.json
 * without the scripts that only a clone runs.
 */
export function stageRelease(dir: string, opts: { dist?: string } = {}): string {
  mkdirSync(dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Pkg;
  for (const entry of pkg.files) {
    const from = entry === "dist" && opts.dist ? opts.dist : join(ROOT, entry);
    cpSync(from, join(dir, entry), { recursive: true, dereference: true });
  }
  writeFileSync(join(dir, ".claude-plugin", "marketplace.json"), marketplaceJson("./"));
  const { prepack: _clone, release: _release, ...scripts } = pkg.scripts ?? {};
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ ...pkg, scripts }, null, 2)}\n`);
  return dir;
}

/** `npm pack` of a staged release; returns the archive's path. */
export function packRelease(outDir: string, opts: { dist?: string; env?: NodeJS.ProcessEnv } = {}): string {
  const stage = mkdtempSync(join(tmpdir(), "cairn-release-"));
  try {
    stageRelease(stage, opts);
    mkdirSync(outDir, { recursive: true });
    const r = spawnSync("npm", ["pack", "--pack-destination", resolve(outDir)], {
      cwd: stage,
      encoding: "utf8",
      env: opts.env ?? process.env,
    });
    if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr}`);
    const name = r.stdout.trim().split("\n").pop() ?? "";
    return join(resolve(outDir), name);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === "--refuse-plain") {
    console.error(
      "cairn: use `npm run release`: a plain `npm pack` of a clone makes an archive whose plugin is missing.",
    );
    process.exit(1);
  }
  console.log(`wrote ${packRelease(process.argv[2] ?? ".")}`);
}
