import { loadConfig } from "../config/load.ts";
import type { Config } from "../config/schema.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { openStore, type Store } from "../store/db.ts";

interface CommandEnv {
  readonly paths: CairnPaths;
  readonly projectDir: string;
  readonly config: Config;
  readonly store: Store;
  now(): number;
}

/** Runs a context command with the store open (closed again however it ends). */
export async function withStore<T>(fn: (env: CommandEnv) => Promise<T> | T): Promise<T> {
  const paths = cairnPaths();
  const projectDir = commandProjectDir();
  const config = (await loadConfig(paths, projectDir)).config;
  const store = await openStore(paths.db, { busyTimeoutMs: 3000 });
  try {
    return await fn({ paths, projectDir, config, store, now: Date.now });
  } finally {
    store.close();
  }
}
