/**
 * A diagnostic whose severity is one capital letter after its place, as RuboCop's default,
 * emacs and clang formats print each offense (`lib/net/http.rb:609:22: W: Lint/…: msg`):
 * E and F are errors, W a warning; C (convention), R (refactor) and I (info) are advice.
 * Their words say nothing of the letter (`Lint/Syntax: unexpected token $end`), so without
 * it 31 warnings and a syntax error were lines like the 1,242 conventions around them.
 */

/**
 * The place before the letter: a path without blanks, a letter in it (`Gemfile`, not the
 * `12` of a clock's `12:30`), then `:line` and maybe `:column`.
 */
const PLACE = /^\S*[A-Za-z]\S*:\d+(?::\d+)?$/;

/**
 * The letter after a line's place (`path:12:5: W: …`) when it is one of `letters`, else
 * undefined. Read by character at the first `: ` (where a path's place ends), so that a
 * line without one costs one search: the engine asks this of every line.
 */
function placedLetter<L extends string>(line: string, letters: readonly L[]): L | undefined {
  const at = line.indexOf(": ");
  if (at < 4 || line.charCodeAt(at + 3) !== 58 || line.charCodeAt(at + 4) !== 32) return undefined;
  const letter = line[at + 2] as L;
  return letters.includes(letter) && PLACE.test(line.slice(0, at)) ? letter : undefined;
}

const SEVERITIES = ["E", "F", "W"] as const;
const ADVICE = ["C", "R", "I"] as const;

/** The letter of a line that reports a diagnostic so, `E`, `F` or `W`, or undefined. */
export function severityLetter(line: string): "E" | "F" | "W" | undefined {
  return placedLetter(line, SEVERITIES);
}

/**
 * Whether a line reports a diagnostic so with an advice letter, C, R or I (a convention,
 * a refactoring, a note): the tool says it is no problem, whatever its words hold
 * (`C: Layout/SpaceAfterComma: Space missing after comma.` is style, not something
 * missing), so a word like `missing` does not rank it with the warnings around it.
 */
export function isAdvice(line: string): boolean {
  return placedLetter(line, ADVICE) !== undefined;
}
