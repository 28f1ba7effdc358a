/** What a file is by its name: source code, a lockfile, an installed dependency. Tiny: the hook path imports it. */

/** Source code by its file name: a Read of it becomes an outline of its declarations. */
export const CODE_EXT =
  /\.(?:[cm]?[jt]sx?|py|pyi|rb|rs|go|java|kt|kts|scala|swift|cs|fs|c|h|cc|cpp|cxx|hpp|hh|m|mm|php|lua|pl|pm|sh|bash|zsh|ex|exs|erl|hs|ml|clj|dart|vue|svelte|sql|zig|nim|r|jl)$/i;

/** Lockfiles by their file name: written by a package manager, never edited by hand. */
export const LOCK_FILE =
  /(?:^|[/\\])(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock|Cargo\.lock|poetry\.lock|Pipfile\.lock|uv\.lock|Gemfile\.lock|composer\.lock|go\.sum|flake\.lock)$/;

/**
 * Files a package manager or a build installed or wrote (node_modules, a virtualenv's
 * site-packages, vendored modules, Cargo's and Go's caches): read to learn an API, not
 * edited by hand.
 */
export const INSTALLED_FILE =
  /(?:^|[/\\])(?:node_modules|site-packages|dist-packages|bower_components|\.venv|\.cargo[/\\]registry|pkg[/\\]mod)[/\\]/;
