/**
 * Loads the bundle's lazy files (scripts/build.mjs) with a V8 code cache that holds the
 * functions a run compiled, not only the file's top level. Every hook is a new process:
 * with node's own compile cache each one still parses and compiles every function it
 * calls (the compressors, the dispatcher, the config) the first time it calls it. V8
 * writes those into a code cache made after the code has run, so later runs start with
 * them compiled.
 *
 * The caches are code: they live in cairn's own directory (0700, ours) and are used only
 * when that directory is neither another user's nor open to others. Each is named by
 * its file's content (another build's files have other names; a build's older caches
 * are removed when a newer one is written), and one V8 rejects (another node, other
 * flags) is made again. A cache is written at exit
 * when the file had none or V8 rejected it, and by one run in REFRESH_ONE_IN after
 * that, so it comes to hold what later runs compiled too (a cache made by a
 * run that filed nothing lacks the compressors; one loaded from a cache keeps what it
 * holds, so a refresh only adds). Writing happens after the answer is out.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, unlinkSync } from "node:fs";
import { basename, join } from "node:path";
import type { Script } from "node:vm";
import { writeFileAtomic } from "./core/fs.ts";
import { fnv1a64 } from "./core/hash.ts";
import { cairnHome } from "./core/paths.ts";
import { mark } from "./core/trace.ts";

/** One run in this many refreshes the caches V8 accepted (all of that run's, so the others write none). */
const REFRESH_ONE_IN = 32;
const SUFFIX = ".v8cache";
/** The trace marks (CAIRN_TRACE=1) around loading one lazy file: "loading <file>", "loaded <file>". */
export const LOADING = "loading ";
export const LOADED = "loaded ";

type Loader = (rel: string) => unknown;
declare global {
  var __cairnChunk: Loader | undefined;
  /** Each lazy file's content hash, written into the entry by scripts/build.mjs. */
  var __cairnChunkIds: Readonly<Record<string, string>> | undefined;
  /** Set when the run turned out to be one cairn is off for: it leaves nothing behind. */
  var __cairnCodeCacheOff: boolean | undefined;
}

/**
 * Keeps this run from writing code caches: a hook answering "off" must leave nothing in
 * cairn's home. (A global, as every lazy file holds its own copy of this module.)
 */
export function skipCodeCacheWrites(): void {
  globalThis.__cairnCodeCacheOff = true;
}

interface Pending {
  readonly script: Script;
  readonly file: string;
  readonly chunk: string;
  readonly contentId: string;
}

/**
 * Where this user's caches go, or undefined when that place cannot be trusted or cairn
 * has no directory yet (loading code never creates cairn's home).
 */
export function codeCacheDir(root: string = cairnHome()): string | undefined {
  const dir = join(root, "cache", "v8");
  try {
    statSync(root);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const d of [root, join(root, "cache"), dir]) {
      const st = statSync(d);
      if (!st.isDirectory() || (process.getuid && st.uid !== process.getuid()) || (st.mode & 0o022) !== 0)
        return undefined;
    }
    return (statSync(dir).mode & 0o077) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The cache's name: the file, its content's hash (from the build), the node that
 * compiled it and its flags. V8 checks a cache only against the source's length: a
 * cache of another build's file of the same length would run that build's code, so the
 * hash is the key. V8 rejects a cache made under other V8 flags (the plugin's launcher
 * runs hooks with --max-opt=2, a hook `cairn install` registered runs without), so runs
 * with other flags keep caches of their own instead of each remaking the other's.
 */
export function cacheName(
  chunk: string,
  contentId: string,
  execArgv: readonly string[] = process.execArgv,
): string {
  const flags = execArgv.length > 0 ? `-f${fnv1a64(execArgv.join("\0")).slice(0, 8)}` : "";
  return `${chunk}@${contentId}-${process.version}-${process.arch}${flags}${SUFFIX}`;
}

/**
 * Makes `globalThis.__cairnChunk(rel)` load the bundle's file `rel` (in `dir`) once,
 * through the code cache in `cacheDir`; without a cache directory it is require().
 */
export function installChunkLoader(dir: string, cacheDir: string | undefined, req: NodeJS.Require): void {
  const loaded = new Map<string, unknown>();
  const pending: Pending[] = [];
  const vm = cacheDir ? process.getBuiltinModule("node:vm") : undefined;
  const refresh = Math.random() * REFRESH_ONE_IN < 1;
  const requireIn = builtinsFirst(req);
  globalThis.__cairnChunk = (rel) => {
    const path = join(dir, rel);
    if (loaded.has(path)) return loaded.get(path);
    const chunk = basename(path, ".cjs");
    // Between these two marks the run is loading cairn's code (bench/lib/trace-account.ts).
    mark(`${LOADING}${chunk}`);
    const exports = loadFile(path, chunk);
    loaded.set(path, exports);
    mark(`${LOADED}${chunk}`);
    return exports;
  };
  /** One file through its code cache (require() when there is none to use). */
  const loadFile = (path: string, chunk: string): unknown => {
    const contentId = globalThis.__cairnChunkIds?.[chunk];
    if (!vm || !cacheDir || !contentId || !/^[0-9a-f]{16}$/.test(contentId)) return req(path);
    const file = join(cacheDir, cacheName(chunk, contentId));
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(file);
    } catch {
      // No cache yet: this run makes it.
    }
    const script = new vm.Script(
      `(function (exports, require, module, __filename, __dirname) {${readFileSync(path, "utf8")}\n})`,
      {
        filename: path,
        ...(cachedData ? { cachedData } : {}),
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      },
    );
    const module = { exports: {} as unknown };
    (script.runInThisContext() as (...a: unknown[]) => void).call(
      module.exports,
      module.exports,
      requireIn,
      module,
      path,
      dir,
    );
    if (!cachedData || script.cachedDataRejected || refresh) pending.push({ script, file, chunk, contentId });
    return module.exports;
  };
  process.on("exit", () => writeCaches(pending, cacheDir));
}

/**
 * The require() a lazy file runs with: its built-ins (`node:fs`, `node:path`: some sixty
 * in a PostToolUse's files) straight from node's table, which takes half the time of
 * resolving each through the module loader; anything else as the entry would.
 */
function builtinsFirst(req: NodeJS.Require): NodeJS.Require {
  const fast = (id: string): unknown =>
    id.startsWith("node:") ? (process.getBuiltinModule(id) ?? req(id)) : req(id);
  return Object.assign(fast, req);
}

/** Writes the caches this run made (atomically: a rename) and drops the chunk's older ones. */
function writeCaches(pending: readonly Pending[], cacheDir: string | undefined): void {
  if (!cacheDir || pending.length === 0 || globalThis.__cairnCodeCacheOff) return;
  let names: string[] = [];
  try {
    names = readdirSync(cacheDir);
  } catch {}
  for (const p of pending) {
    try {
      // Not fsynced: a cache lost in a crash is only made again. The temp name is the one
      // gc sweeps, should a killed run leave it.
      writeFileAtomic(p.file, p.script.createCachedData(), 0o600, { durable: false });
      // Another build's caches of this file go; this build's for another node or other flags stay.
      for (const n of names)
        if (n.startsWith(`${p.chunk}@`) && !n.startsWith(`${p.chunk}@${p.contentId}-`) && n.endsWith(SUFFIX))
          unlinkSync(join(cacheDir, n));
    } catch {
      // Only a speed-up: the next run makes it again.
    }
  }
}
