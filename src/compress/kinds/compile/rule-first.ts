/**
 * A stylish table whose rule stands right after the severity, in a column of its own, and
 * whose last column is where in the document the problem is: spectral's and vacuum's lint of
 * an OpenAPI or AsyncAPI document (`  217:12    error  path-params    Operation must define
 * parameter "{vetId}" …   paths./vets/{vetId}.delete`). ESLint's puts the rule last; read so,
 * each row's document path was its rule, every row a rule of its own, and the first of each
 * rule (all 47 warnings of one kind among them) went before every error.
 *
 * The rule column is told by its padding: the word after the severity is followed by two
 * blanks or more in every row (a message of one word would be too, so all rows must agree,
 * and at least two).
 */

/** `line:col  severity  rule  message  where`, the rule a word without blanks. */
const RULE_FIRST = /^\s+(\d+):(\d+)\s+(error|warning|✖|⚠|info|hint)\s+(\S+)\s{2,}(\S.*?)\s{2,}(\S+)$/;
/** A row of stylish's layout at all: place, severity, then anything. */
const ROW = /^\s+\d+:\d+\s+(?:error|warning|✖|⚠|info|hint)\s+\S/;

export interface RuleFirstRow {
  readonly line: number;
  readonly col: number;
  readonly severity: string;
  readonly rule: string;
  readonly message: string;
  /** Where in the document: spectral's JSON path. */
  readonly where: string;
}

/**
 * Whether every stylish row of `lines` (at least two) has its rule first: then each row reads
 * with ruleFirstRow; else none does.
 */
export function rulesFirst(lines: readonly string[]): boolean {
  let rows = 0;
  for (const line of lines) {
    if (line.length > 2000 || !ROW.test(line)) continue;
    if (!RULE_FIRST.test(line)) return false;
    rows++;
  }
  return rows >= 2;
}

/** A row of a rule-first table (rulesFirst), or undefined. */
export function ruleFirstRow(line: string): RuleFirstRow | undefined {
  const m = RULE_FIRST.exec(line);
  if (!m) return undefined;
  return {
    line: Number(m[1]),
    col: Number(m[2]),
    severity: m[3]!,
    rule: m[4]!,
    message: m[5]!,
    where: m[6]!,
  };
}
