import { type ParseArgsConfig, parseArgs } from "node:util";

/**
 * A mistake in how a command was called: the CLI prints it on one line and exits 2.
 * Recognised by name, not instanceof: each lazily loaded file has its own copy of it.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export function isUsageError(err: unknown): err is UsageError {
  return err instanceof Error && err.name === "UsageError";
}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * node:util's parseArgs with the errors a person can act on: an unknown flag, a missing
 * value or a stray argument becomes a one-line UsageError that names the flag and what
 * to do, never Node's own advice (which talks about `--` and positional arguments).
 */
export function parse<O extends Options>(argv: string[], options: O, opts: { positionals?: boolean } = {}) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: opts.positionals ?? false,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(parseProblem(err as Error & { code?: string }, options));
  }
}

/** What parseArgs objected to, said in cairn's words. */
function parseProblem(err: Error & { code?: string }, options: Options): string {
  const quoted = /'([^']*)'/.exec(err.message)?.[1] ?? "";
  const flag = quoted.replace(/ <value>$/, "");
  switch (err.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": {
      const near = closest(flag, options);
      return `unknown option ${flag}${near ? `; did you mean ${near}?` : ""}`;
    }
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      return / argument missing/.test(err.message)
        ? `${flag} needs a value (${flag} VALUE)`
        : `${flag} takes no value (write ${flag} alone)`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument "${flag}": this command takes only options`;
    default:
      return err.message.replace(/^TypeError \[[A-Z_]+\]: /, "");
  }
}

/** The option most like a mistyped one (same start, or one contains the other). */
function closest(flag: string, options: Options): string | undefined {
  const bare = flag.replace(/^-+/, "").replace(/=.*$/, "");
  if (bare.length < 2) return undefined;
  const names = [...Object.keys(options), "help"];
  const hit =
    names.find((n) => n.startsWith(bare) || bare.startsWith(n)) ??
    names.find((n) => n.includes(bare) || bare.includes(n)) ??
    names.find((n) => n.slice(0, 3) === bare.slice(0, 3));
  return hit ? `--${hit}` : undefined;
}

export function intFlag(value: string | undefined, name: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} expects a whole number >= ${min}, got "${value}"`);
  return n;
}
