/**
 * A search's command line read once, as its program reads it: grep (egrep, fgrep), rg, ag,
 * ack or git grep, its options (each letter of a bundle its own: `-rn` is -r and -n), the
 * options that take a value (`-A 3`, `-A3`, `--context=2`, `-t go`, `-e PATTERN`), its
 * patterns and the paths it searched. Which options take a value is the program's own:
 * grep's `-E` asks for extended regular expressions and takes none, rg's names an encoding;
 * rg's `-r` is a replacement, grep's a walk. Pure.
 */

/** The programs that search, by the word that runs them (`git grep` by its second). */
export const SEARCH = /^(?:grep|egrep|fgrep|rg|ag|ack)$/;

/** Where a command line's first search program stands, as a word among others. */
export const SEARCH_WORD = /(?<![\w./-])(?:grep|egrep|fgrep|rg|ag|ack)(?![\w.-])/;

export interface SearchCommand {
  /** `grep` (egrep and fgrep too), `rg`, `ag`, `ack` or `git grep`. */
  readonly program: string;
  /** Options without a value: short ones by letter (`-r`, `-n`), long ones by name (`--count`). */
  readonly flags: ReadonlySet<string>;
  /** Options with their values, in order (`-A`, `3`), short by letter, long by name; `-e`'s are the patterns. */
  readonly valued: ReadonlyArray<readonly [string, string]>;
  /** The patterns searched for: each `-e`'s (`--regexp`'s), or else the first operand (none when read from a file, `-f`). */
  readonly patterns: readonly string[];
  /** The operands past the pattern: the files and directories searched. */
  readonly paths: readonly string[];
}

/** Options that take a value, by program: short ones by letter, long ones by name. */
interface Valued {
  readonly short: string;
  readonly long: ReadonlySet<string>;
}

const CONTEXT_LONG = ["after-context", "before-context", "context", "max-count", "regexp", "file"];
const GREP: Valued = {
  short: "efmABCdD",
  long: new Set([
    ...CONTEXT_LONG,
    "include",
    "exclude",
    "exclude-dir",
    "exclude-from",
    "directories",
    "devices",
    "binary-files",
    "label",
    "group-separator",
  ]),
};
const VALUED: Readonly<Record<string, Valued>> = {
  grep: GREP,
  "git grep": { short: "efmABC", long: new Set([...CONTEXT_LONG, "max-depth", "threads"]) },
  rg: {
    short: "efgtTABCmMjEr",
    long: new Set([
      ...CONTEXT_LONG,
      "glob",
      "iglob",
      "type",
      "type-not",
      "type-add",
      "type-clear",
      "max-columns",
      "threads",
      "encoding",
      "replace",
      "sort",
      "sortr",
      "max-depth",
      "max-filesize",
      "pre",
      "pre-glob",
      "path-separator",
      "colors",
      "color",
      "context-separator",
      "engine",
      "ignore-file",
    ]),
  },
  ag: {
    short: "ABCGgm",
    long: new Set([
      ...CONTEXT_LONG,
      "file-search-regex",
      "ignore",
      "ignore-dir",
      "depth",
      "workers",
      "pager",
    ]),
  },
  ack: {
    short: "ABCm",
    long: new Set([...CONTEXT_LONG, "type", "ignore-dir", "ignore-file", "match", "output"]),
  },
};

/** The command's words, quotes taken off (`'a|b'` is one word), up to the end of the first command that searches. */
export function words(command: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"|;&]+)|([|;&]+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) {
    if (m[4] !== undefined) {
      if (out.length > 0 && out.some((w) => SEARCH.test(w))) break;
      out.length = 0;
      continue;
    }
    out.push(m[1] ?? m[2] ?? m[3]!);
  }
  return out;
}

/** The search a command line runs, read as its program reads it, or undefined where it runs none. */
export function searchCommand(command: string): SearchCommand | undefined {
  const w = words(command);
  let at = w.findIndex((x) => SEARCH.test(x));
  if (at < 0) return undefined;
  const git = w[at] === "grep" && w[at - 1] === "git";
  const program = git ? "git grep" : /grep$/.test(w[at]!) ? "grep" : w[at]!;
  const takes = VALUED[program]!;
  const flags = new Set<string>();
  const valued: Array<readonly [string, string]> = [];
  const operands: string[] = [];
  let options = true;
  for (at++; at < w.length; at++) {
    const x = w[at]!;
    if (!options || !x.startsWith("-") || x === "-") {
      operands.push(x);
      continue;
    }
    if (x === "--") {
      options = false;
      continue;
    }
    if (x.startsWith("--")) {
      const eq = x.indexOf("=");
      const name = x.slice(2, eq < 0 ? undefined : eq);
      if (eq >= 0) valued.push([`--${name}`, x.slice(eq + 1)]);
      else if (takes.long.has(name) && at + 1 < w.length) valued.push([`--${name}`, w[++at]!]);
      else flags.add(`--${name}`);
      continue;
    }
    // grep's `-5`: five lines of context.
    if (/^-\d+$/.test(x)) {
      valued.push(["-C", x.slice(1)]);
      continue;
    }
    // A bundle of letters; a letter that takes a value takes the rest of the word, or the next.
    for (let k = 1; k < x.length; k++) {
      const letter = x[k]!;
      if (!takes.short.includes(letter)) {
        flags.add(`-${letter}`);
        continue;
      }
      const rest = x.slice(k + 1);
      if (rest !== "") valued.push([`-${letter}`, rest]);
      else if (at + 1 < w.length) valued.push([`-${letter}`, w[++at]!]);
      break;
    }
  }
  const given = valued.filter(([o]) => o === "-e" || o === "--regexp").map(([, v]) => v);
  const fromFile = valued.some(([o]) => o === "-f" || o === "--file");
  const patterns = given.length > 0 || fromFile ? given : operands.slice(0, 1);
  const paths = given.length > 0 || fromFile ? operands : operands.slice(1);
  return { program, flags, valued, patterns, paths };
}

/**
 * Options after which a search prints something else than its matching lines one by one,
 * or names a file on each: counts (-c), lists of files (-l, -L), nothing (-q), the lines
 * that do not match (-v), names asked for (-H), a walk (grep's -r), JSON (rg's --json).
 * Each program's own: rg's -L follows links and its -r replaces, ag's -L lists files.
 */
/** What every one of them reads alike: a count, files with matches, names asked for, the lines that do not. */
const EVERY = ["-c", "-l", "-H", "-v", "--count", "--files-with-matches", "--invert-match"];
const NOT_MATCH_LINES: Readonly<Record<string, readonly string[]>> = {
  // grep's -r walks a tree and names each file.
  grep: [
    ...EVERY,
    "-r",
    "-R",
    "-L",
    "-q",
    "-Z",
    "--recursive",
    "--dereference-recursive",
    "--files-without-match",
    "--quiet",
    "--silent",
    "--with-filename",
    "--null",
  ],
  rg: [
    ...EVERY,
    "-q",
    "--count-matches",
    "--files",
    "--files-without-match",
    "--quiet",
    "--with-filename",
    "--null",
    "--json",
    "--vimgrep",
  ],
  ag: [...EVERY, "-L", "-g", "--files-without-matches", "--filename", "--print0", "--vimgrep"],
  ack: [...EVERY, "-L", "-f", "-g", "--files-without-matches", "--with-filename", "--print0"],
};

/**
 * Whether the search prints its matching lines one by one with no file's name on them:
 * one of grep, rg, ag or ack, none of the options that print counts, lists, names or
 * other lines (git grep always names the file).
 */
export function printsBareLines(search: SearchCommand): boolean {
  const not = NOT_MATCH_LINES[search.program];
  return not !== undefined && !hasOption(search, ...not);
}

/** Whether a search has any of these options (`-n`, `--line-number`), with or without a value. */
export function hasOption(search: SearchCommand, ...names: string[]): boolean {
  return names.some((n) => search.flags.has(n) || search.valued.some(([o]) => o === n));
}
