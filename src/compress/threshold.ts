/** Which outputs are big enough to compress. Tiny: the hook path imports it. */
import type { Config } from "../config/schema.ts";

/** Source code by its file name: a Read of it becomes an outline of its declarations. */
export const CODE_EXT =
  /\.(?:[cm]?[jt]sx?|py|pyi|rb|rs|go|java|kt|kts|scala|swift|cs|fs|c|h|cc|cpp|cxx|hpp|hh|m|mm|php|lua|pl|pm|sh|bash|zsh|ex|exs|erl|hs|ml|clj|dart|vue|svelte|sql|zig|nim|r|jl)$/i;

/** Lockfiles by their file name: written by a package manager, never edited by hand. */
export const LOCK_FILE =
  /(?:^|[/\\])(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock)$/;

/**
 * The size (characters) from which a tool's output is compressed: Reads of source code
 * from compress.read_code_min_bytes, Reads of lockfiles from compress.min_bytes like a
 * command's output (read_min_bytes keeps a Read whole so that it can be edited; nobody
 * edits a lockfile, and a 20 KB one is mostly hashes), other Reads from
 * compress.read_min_bytes, the rest from compress.min_bytes.
 */
export function minCharsFor(config: Config, tool: string, filePath: string | undefined): number {
  if (tool !== "Read" || LOCK_FILE.test(filePath ?? "")) return config["compress.min_bytes"];
  return CODE_EXT.test(filePath ?? "")
    ? config["compress.read_code_min_bytes"]
    : config["compress.read_min_bytes"];
}
