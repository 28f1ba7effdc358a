/**
 * A diagnostic tagged at its end with its severity and rule, as ESLint's unix format prints
 * each problem (`lib/x.js:5:1: Unexpected var, use let or const instead. [Error/no-var]`).
 * The word is joined to the rule by a slash, which the problem words read as part of a path
 * (`src/errors/index.ts` names no error), so 149 errors and 71 warnings among them read as
 * no problem at all. Read only where a line ends with `]`: the engine asks it of every line.
 */
const TAG = /^\[(Error|Warning)\/[\w@/-]+\]$/;

/** The severity a line's closing `[Error/rule]` or `[Warning/rule]` tag names, or undefined. */
export function severityTag(line: string): "Error" | "Warning" | undefined {
  if (line.charCodeAt(line.length - 1) !== 93) return undefined;
  const at = line.lastIndexOf("[");
  return at > 0 ? (TAG.exec(line.slice(at))?.[1] as "Error" | "Warning" | undefined) : undefined;
}
