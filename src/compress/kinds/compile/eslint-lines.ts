/**
 * ESLint's one-line formatters (`-f unix`, `-f compact`, in its core until ESLint 9): each
 * problem on a line of its own with its file's path, where stylish puts the path above its
 * file's problems. Read into the problems stylish's are (eslint.ts), so a rule rare among
 * a thousand repeats of a few (no-var, eqeqeq) is told from them as it is there, rather
 * than each line being a grep match or a table row like the next.
 */
import type { Sign } from "../../excerpt/signs.ts";

export interface OneLineProblem {
  readonly path: string;
  readonly line: number;
  readonly col: number;
  readonly severity: "error" | "warning";
  readonly message: string;
  readonly rule: string;
}

/** unix: `path:12:3: message [Error/rule]`. */
const UNIX = /^(\S[^:]*):(\d+):(\d+): (.*) \[(Error|Warning)\/([^\]\s]+)\]$/;
/** compact: `path: line 12, col 3, Error - message (rule)`. */
const COMPACT = /^(\S[^:]*): line (\d+), col (\d+), (Error|Warning) - (.*?)(?: \(([^()\s]+)\))?$/;
/** Both formats close with the count alone. */
export const ONE_LINE_SUMMARY = /^\d+ problems?$/;

/** The words one of these outputs holds (a detector's cheap gate). */
export const ONE_LINE_WORDS = ["[Error/", "[Warning/", ", Error - ", ", Warning - "] as const;

export const oneLineSigns: readonly Sign[] = [
  [/^\S[^:\n]*:\d+:\d+: .* \[(?:Error|Warning)\/\S+\]$/m, 0.7],
  [/^\S[^:\n]*: line \d+, col \d+, (?:Error|Warning) - /m, 0.7],
];

/** The problem a line of either format tells, or undefined. */
export function oneLineProblem(line: string): OneLineProblem | undefined {
  const last = line.charCodeAt(line.length - 1);
  if (last === 93 /* ] */) {
    const m = UNIX.exec(line);
    if (m) return problem(m[1]!, m[2]!, m[3]!, m[5]!, m[4]!, m[6]!);
  }
  if (!line.includes(", col ")) return undefined;
  const m = COMPACT.exec(line);
  return m ? problem(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6] ?? "(no rule)") : undefined;
}

function problem(
  path: string,
  line: string,
  col: string,
  severity: string,
  message: string,
  rule: string,
): OneLineProblem {
  const level = severity === "Error" ? "error" : "warning";
  return { path, line: Number(line), col: Number(col), severity: level, message, rule };
}
