import { visibleLine } from "../core/terminal-text.ts";
import { patternProblem } from "./patterns.ts";
import { type Config, checkSetting, defaults, isSettingKey, SETTINGS, type SettingKey } from "./schema.ts";
import { projectValue } from "./trust.ts";

export type ConfigSource = "default" | "user" | "project";

export interface ConfigLayer {
  readonly source: Exclude<ConfigSource, "default">;
  readonly path: string;
  /** The parsed file, or an error message when it could not be read or parsed. */
  readonly data: unknown;
  readonly parseError?: string;
  /** Why the file was not read at all (a repository's file that is a FIFO, a link out...). */
  readonly refused?: string;
}

export interface ConfigIssue {
  readonly path: string;
  readonly key?: string;
  readonly problem: string;
  /** A value (or pattern) cairn would not take from this file: a repository loosening it, or an unbounded pattern. */
  readonly refused?: true;
}

/** Settings that hold regular expressions: each pattern is checked on its own. */
const PATTERN_KEYS: ReadonlySet<string> = new Set(["compress.never", "team.exclude"]);

export interface ResolvedConfig {
  readonly config: Config;
  readonly origin: Readonly<Record<SettingKey, ConfigSource>>;
  readonly issues: readonly ConfigIssue[];
}

/**
 * Layers are applied in order (user, then project). Each value is validated on its
 * own: an invalid one is reported and the next layer down (ultimately the default)
 * stays in effect, so one typo never disables the rest of the config. A project's
 * value may only tighten what is in effect (trust.ts); patterns that could run
 * unbounded are dropped (patterns.ts). Both are reported as refused.
 */
export function resolveConfig(layers: readonly ConfigLayer[]): ResolvedConfig {
  const config: Record<string, unknown> = { ...defaults() };
  const origin: Record<string, ConfigSource> = {};
  for (const key of Object.keys(config)) origin[key] = "default";
  const issues: ConfigIssue[] = [];

  for (const layer of layers) {
    if (layer.refused) {
      issues.push({ path: layer.path, problem: `not read: ${layer.refused}`, refused: true });
      continue;
    }
    if (layer.parseError) {
      issues.push({ path: layer.path, problem: `cannot parse: ${layer.parseError}` });
      continue;
    }
    if (layer.data === null || layer.data === undefined) continue;
    if (typeof layer.data !== "object" || Array.isArray(layer.data)) {
      issues.push({ path: layer.path, problem: "expected a mapping of settings at the top level" });
      continue;
    }
    for (const [key, value] of Object.entries(flatten(layer.data as Record<string, unknown>))) {
      if (!isSettingKey(key)) {
        issues.push({ path: layer.path, key, problem: "unknown setting (ignored)" });
        continue;
      }
      const checked = checkSetting(key, value);
      if (checked.ok) {
        let accepted = checked.value;
        if (PATTERN_KEYS.has(key) && Array.isArray(accepted)) {
          accepted = accepted.filter((p) => {
            const problem = patternProblem(p);
            if (problem)
              issues.push({
                path: layer.path,
                key,
                problem: `pattern ${JSON.stringify(p)} refused: ${problem}`,
                refused: true,
              });
            return !problem;
          });
        }
        if (layer.source === "project") {
          const judged = projectValue(SETTINGS[key].trust, accepted, config[key]);
          if (!judged.ok) {
            issues.push({
              path: layer.path,
              key,
              problem: `refused from the project's config: ${judged.why}; ${keeping(config[key], origin[key])}`,
              refused: true,
            });
            continue;
          }
          accepted = judged.value;
        }
        config[key] = accepted;
        origin[key] = layer.source;
      } else {
        issues.push({
          path: layer.path,
          key,
          problem: `${checked.problem}; ${keeping(config[key], origin[key])}`,
        });
      }
    }
  }
  return { config: config as Config, origin: origin as Record<SettingKey, ConfigSource>, issues };
}

/**
 * One issue as one line for a terminal or the agent: its file, key and problem come
 * from files anyone may have written (a repository's config), so every control a
 * terminal would act on is shown as a mark and nothing can break the line.
 */
export function issueLine(i: ConfigIssue): string {
  return visibleLine(`${i.path}${i.key ? ` ${i.key}` : ""}: ${i.problem}`);
}

/**
 * What stays in effect, for an issue's text. A string in effect is never echoed: it
 * may be a URL with a password (team.url), and any file could provoke the issue.
 */
function keeping(value: unknown, source: ConfigSource | undefined): string {
  if (typeof value !== "string") return `using ${JSON.stringify(value)}`;
  return source === "default" || source === undefined
    ? "keeping the default"
    : `keeping the ${source} setting`;
}

/**
 * `{compress: {min_bytes: 1}}` and `{"compress.min_bytes": 1}` mean the same. Arrays
 * and scalars are leaves; a mapping under a key that is itself a setting is a leaf too.
 */
export function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  // No prototype: a top-level "__proto__" key is then a key like any other, reported as
  // unknown, instead of replacing the prototype of a plain object and vanishing.
  const out: Record<string, unknown> = Object.create(null);
  for (const [k, value] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && !isSettingKey(key)) {
      Object.assign(out, flatten(value as Record<string, unknown>, key));
    } else {
      out[key] = value;
    }
  }
  return out;
}
