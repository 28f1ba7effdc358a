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
 * The letter of a line that reports a diagnostic so, `E`, `F` or `W`, or undefined. Read
 * by character at the first `: ` (where a path's place ends), so that a line without one
 * costs one search: the engine asks this of every line.
 */
export function severityLetter(line: string): "E" | "F" | "W" | undefined {
  const at = line.indexOf(": ");
  if (at < 4 || line.charCodeAt(at + 3) !== 58 || line.charCodeAt(at + 4) !== 32) return undefined;
  const letter = line[at + 2];
  if (letter !== "E" && letter !== "F" && letter !== "W") return undefined;
  return PLACE.test(line.slice(0, at)) ? letter : undefined;
}

/**
 * Whether a line reports a diagnostic so with an advice letter, C, R or I (a convention,
 * a refactoring, a note): the tool says it is no problem, whatever its words hold
 * (`C: Layout/SpaceAfterComma: Space missing after comma.` is style, not something
 * missing), so a word like `missing` does not rank it with the warnings around it.
 */
export function isAdvice(line: string): boolean {
  const at = line.indexOf(": ");
  if (at < 4 || line.charCodeAt(at + 3) !== 58 || line.charCodeAt(at + 4) !== 32) return false;
  const letter = line[at + 2];
  if (letter !== "C" && letter !== "R" && letter !== "I") return false;
  return PLACE.test(line.slice(0, at));
}
