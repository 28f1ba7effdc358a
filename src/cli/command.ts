/**
 * A command of the CLI: one file in src/cli/ exports one, and main.ts lists them. Its own
 * module so the command files and the command table do not import each other.
 */
export interface Command {
  readonly usage: string;
  run(argv: string[]): Promise<number>;
}
