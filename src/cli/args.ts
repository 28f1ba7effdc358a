import { type ParseArgsConfig, parseArgs } from "node:util";

/**
 * A mistake in how a command was called: the CLI prints it with the usage and exits 2.
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
 * node:util's parseArgs with the errors a person can act on: an unknown flag or a
 * missing value becomes a UsageError that the CLI prints with the command's usage.
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
    throw new UsageError((err as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ""));
  }
}

export function intFlag(value: string | undefined, name: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} expects a whole number >= ${min}, got "${value}"`);
  return n;
}
