import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

// Not imported from ./cairn.ts: that module asks vitest for this setup's result.
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else out.push(p);
  }
  return out;
}

/**
 * Tests run a build of the current sources in a folder named by their hash. Such a
 * folder is never changed once written, so parallel test runs (and hooks still running
 * from an earlier build) never see a bundle change under them, and unchanged sources
 * are not rebuilt.
 */
export default async function setup(project: TestProject): Promise<void> {
  const hash = createHash("sha256");
  for (const f of [
    ...files(join(REPO, "src")),
    join(REPO, "scripts", "build.mjs"),
    join(REPO, "package-lock.json"),
  ]) {
    hash.update(relative(REPO, f)).update("\0").update(readFileSync(f));
  }
  const dir = join(REPO, ".tmp", "test-dist", hash.digest("hex").slice(0, 16));
  if (!existsSync(join(dir, "cairn.cjs"))) {
    mkdirSync(join(REPO, ".tmp", "test-dist"), { recursive: true });
    const staging = `${dir}.${process.pid}.tmp`;
    const { bundle } = (await import(join(REPO, "scripts", "build.mjs"))) as {
      bundle(outdir: string, o: { quiet: boolean }): Promise<unknown>;
    };
    const cwd = process.cwd();
    process.chdir(REPO);
    try {
      await bundle(staging, { quiet: true });
    } finally {
      process.chdir(cwd);
    }
    try {
      renameSync(staging, dir);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another run built the same sources first
    }
  }
  project.provide("cairnEntry", join(dir, "cairn.cjs"));
}

declare module "vitest" {
  export interface ProvidedContext {
    cairnEntry: string;
  }
}
