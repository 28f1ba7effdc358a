/**
 * A test's output in a stream of JSON events (`go test -json`, test2json: one object a line,
 * `"Action":"output"` events carrying what the test printed, then one `"Action":"fail"` for
 * it): the lines a failing test printed are its failure text, the `file_test.go:1279:
 * Encoding of …` that says what went wrong. Read as lines of JSON they are one kind among
 * hundreds of passing tests' events, and a message holding no problem word was cut. Go's
 * `=== RUN` / `=== PAUSE` / `=== CONT` framing says nothing of a failure. Pure.
 */

/** A fail event: the action, then the test it is about. */
const FAIL = '"Action":"fail"';
/** A string field of an event, its value as JSON writes it (escapes kept). */
const field = (name: string) => new RegExp(`"${name}":"((?:[^"\\\\]|\\\\.)*)"`);
const TEST = field("Test");
const PACKAGE = field("Package");
const OUTPUT = field("Output");
/** Framing a test runner prints around every test's output, failing or not. */
const FRAMING = /^=== [A-Z]+ /;
/** Of each failing test, at most this many lines it printed. */
const PER_TEST = 12;

/** The test an event line is about (its package and name), or undefined. */
function testOf(line: string): string | undefined {
  const test = TEST.exec(line)?.[1];
  return test === undefined ? undefined : `${PACKAGE.exec(line)?.[1] ?? ""}\0${test}`;
}

/** The output event lines of the tests a fail event names, each test's first PER_TEST. */
export function failedTestOutput(lines: readonly string[]): number[] {
  const failed = new Set<string>();
  for (const line of lines)
    if (line.charCodeAt(0) === 123 && line.length <= 4000 && line.includes(FAIL)) {
      const test = testOf(line);
      if (test !== undefined) failed.add(test);
    }
  if (failed.size === 0) return [];
  const at: number[] = [];
  const shown = new Map<string, number>();
  lines.forEach((line, i) => {
    if (line.charCodeAt(0) !== 123 || line.length > 4000) return;
    const output = OUTPUT.exec(line)?.[1];
    const test = output === undefined ? undefined : testOf(line);
    if (test === undefined || !failed.has(test) || FRAMING.test(output!)) return;
    const n = shown.get(test) ?? 0;
    if (n >= PER_TEST) return;
    shown.set(test, n + 1);
    at.push(i);
  });
  return at;
}
