import { CODE_EXT } from "../../excerpt/files.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

export const reads: Detector = {
  name: "read",
  detect: (_text: string, hints: Hints) =>
    hints.tool === "Read" ? 1 : hints.tool === "Bash" && printedSource(hints.command) ? 0.75 : 0,
};

/**
 * The source file a command prints whole from its first line (`cat src/a.ts`,
 * `head -n 400 lib/b.py`), or undefined: its output is that file's text, numbered from 1.
 */
export function printedSource(command: string | undefined): string | undefined {
  if (!command) return undefined;
  // Most commands start otherwise: then the regex is never compiled (\s is what trimStart trims).
  const start = command.trimStart();
  if (!start.startsWith("cat") && !start.startsWith("head")) return undefined;
  const m = /^\s*(?:cat|head(?:\s+-n\s*\d+|\s+-\d+)?)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\1\s*$/.exec(
    command,
  );
  return m && CODE_EXT.test(m[2]!) ? m[2] : undefined;
}
