/**
 * What a file is by its name (source code, a lockfile, an installed dependency), and which
 * source file a command prints. Tiny: the hook path imports it.
 */

/** Source code by its file name: a Read of it becomes an outline of its declarations. */
export const CODE_EXT =
  /\.(?:[cm]?[jt]sx?|py|pyi|rb|rs|go|java|kt|kts|scala|swift|cs|fs|c|h|cc|cpp|cxx|hpp|hh|m|mm|php|lua|pl|pm|sh|bash|zsh|ex|exs|erl|hs|ml|clj|dart|vue|svelte|sql|zig|nim|r|jl)$/i;

/**
 * Build files named by convention rather than by an extension (Makefile, Dockerfile,
 * CMakeLists.txt, Rakefile…): code, whose top-level assignments and rules are its outline;
 * their `# comment` lines are not headings.
 */
export const BUILD_FILE =
  /(?:^|[/\\])(?:(?:GNU)?[Mm]akefile(?:\.[\w.-]+)?|[\w.-]+\.mk|(?:Dockerfile|Containerfile)(?:\.[\w.-]+)?|[\w.-]+\.(?:dockerfile|cmake)|CMakeLists\.txt|Rakefile|Gemfile|Guardfile|Vagrantfile|Jenkinsfile|Justfile|justfile|meson\.build|BUILD(?:\.bazel)?|WORKSPACE(?:\.bazel)?|Snakefile)$/;

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

/** A source file a command prints as it stands: its path, and the file's line the output starts at. */
export interface PrintedFile {
  readonly path: string;
  readonly from: number;
}

/** `cat F`, `head F`, `head -n N F`, `head -N F`: the file from its first line. */
const CAT_OR_HEAD = /^\s*(?:cat|head(?:\s+-n\s*\d+|\s+-\d+)?)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\1\s*$/;
/**
 * `sed -n 'A,Bp' F` (`$` for the end only in single quotes, where the shell leaves it): the
 * file from line A.
 */
const SED_RANGE =
  /^\s*sed\s+-n\s+(?:'(\d+),(?:\d+|\$)p'|"(\d+),\d+p"|(\d+),\d+p)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\4\s*$/;

/**
 * The source file a command prints verbatim (`cat src/a.ts`, `head -n 400 lib/b.py`,
 * `sed -n '120,180p' src/c.go`), or undefined. Its output is what a Read of that part of
 * the file shows, so it goes by the same sizes and keeps the file's line numbers: an Edit
 * built from what the model saw applies.
 */
export function printedFile(command: string | undefined): PrintedFile | undefined {
  if (!command) return undefined;
  // Most commands start otherwise: then no regex runs (\s is what trimStart trims).
  const start = command.trimStart();
  if (start.startsWith("cat") || start.startsWith("head")) {
    const m = CAT_OR_HEAD.exec(command);
    return m && CODE_EXT.test(m[2]!) ? { path: m[2]!, from: 1 } : undefined;
  }
  if (start.startsWith("sed")) {
    const m = SED_RANGE.exec(command);
    const from = m ? Number(m[1] ?? m[2] ?? m[3]) : 0;
    return m && from >= 1 && CODE_EXT.test(m[5]!) ? { path: m[5]!, from } : undefined;
  }
  return undefined;
}
