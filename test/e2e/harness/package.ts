/**
 * cairn as users receive it: the release archive (`npm run release`, scripts/pack.ts,
 * with the bundle under test as dist/), which is the npm package and, unpacked, the
 * plugin's marketplace, and helpers for the three ways of installing it.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { packRelease } from "../../../scripts/pack.ts";
import { CAIRN, REPO } from "../../helpers/cairn.ts";
import { BIN_DIR, CLAUDE_BIN, claudeEnv } from "./claude.ts";

export interface Packed {
  /** The npm tarball. */
  readonly tarball: string;
  /** The tarball unpacked: the plugin folder and its marketplace. */
  readonly folder: string;
}

function run(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 120_000, ...opts });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "", error: r.error };
}

/** Stages package.json's files with the bundle under test as dist/ (a clone after `npm run build`). */
export function stageClone(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { files: string[] };
  cpSync(join(REPO, "package.json"), join(dir, "package.json"));
  for (const entry of pkg.files) {
    if (entry === "dist") cpSync(dirname(CAIRN), join(dir, "dist"), { recursive: true });
    else cpSync(join(REPO, entry), join(dir, entry), { recursive: true });
  }
  return dir;
}

/** The release archive (`npm run release`, with the bundle under test), and it unpacked beside it. */
export function pack(root: string): Packed {
  const out = join(root, "packed");
  const tarball = packRelease(out, { dist: dirname(CAIRN), env: nodeFirst() });
  const t = run("tar", ["xzf", tarball, "-C", out]);
  if (t.status !== 0) throw new Error(`tar failed: ${t.stderr}`);
  return { tarball, folder: join(out, "package") };
}

/** PATH with Node 24 (the `node` devDependency) first, as a user with a current Node has. */
export function nodeFirst(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, PATH: `${BIN_DIR}:/usr/local/bin:/usr/bin:/bin`, ...extra };
}

/** `claude plugin …` in a sandbox HOME; throws with its output when it fails. */
export function claudePlugin(home: string, apiUrl: string, args: string[], env: Record<string, string> = {}) {
  const r = run(CLAUDE_BIN, ["plugin", ...args], { env: claudeEnv(apiUrl, home, env) });
  if (r.status !== 0) throw new Error(`claude plugin ${args.join(" ")} failed: ${r.stdout}${r.stderr}`);
  return r.stdout;
}

export { run };
