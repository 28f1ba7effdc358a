/**
 * Made-up notation: shorthand in an excerpt that is not in the original and that a reader
 * must expand to get a name back (issue 24: it must be 0). Each kind is counted where a
 * whitespace-delimited token of the excerpt holds it and the same token is nowhere in the
 * original output, so notation the tool itself printed (a JSON `{a,b}`, a regex `(a|b)`,
 * a `[1-5]` in a log line) never counts.
 *
 * Also here: the `--grep` arguments an excerpt prints, masked so that a fact standing only
 * in a retrieval command the model has not run does not count as shown.
 */

export const NOTATION_KINDS = ["brace", "range", "bracket", "alternation", "ellipsis", "glob"] as const;
export type NotationKind = (typeof NOTATION_KINDS)[number];

const DETECTORS: Record<NotationKind, RegExp> = {
  /** bash brace groups: `lib/{a,b}.so`, `e{scape,slint}` */
  brace: /\{[^{}\s]*,[^{}\s]*\}/,
  /** bash sequence ranges: `{1..5}`, `{a..f}` */
  range: /\{[\w-]+\.\.[\w-]+\}/,
  /** glob bracket ranges standing for several names: `node[01-12]`, `file[1-5].txt` */
  bracket: /\w\[[\w]+-[\w]+\]|\[[\w]+-[\w]+\][\w.]/,
  /** alternations inside a token: `(get|post)`, `TS2345|TS2322` */
  alternation: /\([^()\s|]+\|[^()\s]+\)|[\w.-]\|[\w.-]/,
  /** an ellipsis standing for part of a name: `abc…xyz`, `lib...d.ts` */
  ellipsis: /[\w/-](…|\.\.\.)[\w/-]/,
  /** a wildcard standing for names in a path: `src/handlers/*.ts`, `@types/*` */
  glob: /[\w.-]\/\*|\*\.[\w]|\*\*\//,
};

export type NotationCounts = Record<NotationKind, number>;

export function emptyCounts(): NotationCounts {
  return Object.fromEntries(NOTATION_KINDS.map((k) => [k, 0])) as NotationCounts;
}

/** Tokens of `shown` holding made-up notation, by kind (a token counts once per kind). */
export function madeUpNotation(original: string, shown: string): NotationCounts {
  const counts = emptyCounts();
  if (shown === original) return counts;
  for (const token of shown.split(/\s+/)) {
    if (!token || original.includes(token)) continue;
    for (const kind of NOTATION_KINDS) {
      const m = DETECTORS[kind].exec(token);
      if (m && !original.includes(m[0])) counts[kind]++;
    }
  }
  return counts;
}

export const totalNotation = (c: NotationCounts): number => NOTATION_KINDS.reduce((a, k) => a + c[k], 0);

/**
 * `text` with the argument of every printed `--grep` replaced by `#` of the same length:
 * a fact behind a retrieval command is not shown until the model runs it. The length is
 * kept so that byte counts do not change.
 */
export function maskGreps(text: string): string {
  return text.replace(
    /(--grep[ =])('(?:[^'\\]|'\\'')*'|"(?:[^"\\]|\\.)*"|\S+)/g,
    (_m, flag: string, arg: string) => flag + "#".repeat(arg.length),
  );
}
