import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { errorMessage, readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, projectKey } from "../core/paths.ts";
import { readProjectFile } from "../core/project-file.ts";
import { type ConfigLayer, type ResolvedConfig, resolveConfig } from "./resolve.ts";
import { SETTINGS } from "./schema.ts";

export function projectConfigPath(projectDir: string): string {
  return join(projectDir, ".claude", "cairn.yaml");
}

interface CacheEntry {
  readonly stamp: string;
  readonly resolved: ResolvedConfig;
}

const CACHE_VERSION = 3;
/** A config file is a few lines; a larger one from a repository is not read. */
const CONFIG_MAX_BYTES = 256 * 1024;

/**
 * Loads the effective config for a project. Hooks call this on every event, so the
 * common cases are cheap: with no config files nothing is parsed at all, and parsed
 * results are cached by the files' modification times (the YAML parser is loaded only
 * on a cache miss).
 */
export async function loadConfig(paths: CairnPaths, projectDir: string | undefined): Promise<ResolvedConfig> {
  const files: { source: ConfigLayer["source"]; path: string }[] = [{ source: "user", path: paths.config }];
  if (projectDir) files.push({ source: "project", path: projectConfigPath(projectDir) });

  const stamps = files.map((f) => `${f.path}@${mtimeOf(f.path)}`);
  if (stamps.every((s) => s.endsWith("@-"))) return resolveConfig([]);

  const stamp = `${CACHE_VERSION}|${settingsStamp()}|${stamps.join("|")}`;
  const cachePath = join(paths.cache, `config-${projectDir ? projectKey(projectDir) : "user"}.json`);
  const cached = readJsonIfExists<CacheEntry>(cachePath);
  if (cached?.stamp === stamp) return cached.resolved;

  const { parse } = await import("yaml");
  const layers: ConfigLayer[] = [];
  for (const f of files) {
    let text: string;
    if (f.source === "project" && projectDir) {
      // The repository's file: read only as a regular file inside the project, capped.
      const read = readProjectFile(projectDir, f.path, CONFIG_MAX_BYTES);
      if (!read.ok) {
        if (!read.missing) layers.push({ ...f, data: undefined, refused: read.refused });
        continue;
      }
      text = read.text;
    } else {
      try {
        text = readFileSync(f.path, "utf8");
      } catch {
        continue;
      }
    }
    try {
      layers.push({ ...f, data: parse(text) });
    } catch (err) {
      layers.push({ ...f, data: undefined, parseError: errorMessage(err).split("\n")[0] });
    }
  }
  const resolved = resolveConfig(layers);
  try {
    writeFileAtomic(cachePath, JSON.stringify({ stamp, resolved } satisfies CacheEntry));
  } catch {
    // A cache that cannot be written only costs speed.
  }
  return resolved;
}

/**
 * What the same files resolve to depends on the table too: a setting added, a default or
 * a trust changed, must not be answered from a cache resolved under the old table (that
 * would keep a repository's value the new trust refuses). Kept as text, not hashed: a
 * hash of it costs a cold hook ~10 ms in the interpreter, the text ~0.2 ms.
 */
function settingsStamp(): string {
  return JSON.stringify(
    Object.entries(SETTINGS).map(([key, s]) => [
      key,
      s.default,
      s.trust.kind,
      "value" in s.trust ? s.trust.value : 0,
    ]),
  );
}

function mtimeOf(path: string): string {
  try {
    const st = statSync(path);
    return `${st.mtimeMs}:${st.size}`;
  } catch {
    return "-";
  }
}
