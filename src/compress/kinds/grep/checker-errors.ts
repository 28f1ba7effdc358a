/**
 * A command that searched nothing yet printed `path:12: text` lines is a checker run over
 * files (`ruby -wc` of each file, vulture, luacheck): its text is its verdict, not a line of
 * the files. Read as a search's matches, a checker's lines are judged by their kinds alone
 * (its words are a source's names in a search), so seven `syntax error` lines of seven
 * files, alike but for the file, were one kind shown once among 130 warnings. Where such
 * lines are a minority, the ones whose text opens with a verdict of failure (`syntax error`,
 * `error:`) are problems: the engine tells each file's, as a compiler's errors are told.
 * Pure; the grep kind hands the result to the engine as its `problem`.
 */
/**
 * A verdict of failure opening the text (after a column and a dash or bracket, as
 * `12: - [error]` may): `syntax error, unexpected`, `error: …`, `fatal error:`. Only its
 * opening words: past them the text names what it found (`&SyntaxError{…} escapes to heap`
 * is a type's name in `go build -gcflags=-m`, no failure).
 */
const VERDICT = /^\s*(?:\d+:?\s*)?(?:-\s*)?\[?(?:[a-z]+ )?(?:error|fatal)\b/i;

/**
 * Which match lines are a checker's errors, or undefined where the command searched (or
 * none is, or they are half the lines or more: then they are what the output lists).
 */
export function checkerErrors(
  lines: readonly string[],
  bodyAt: Int32Array,
  file: readonly (string | undefined)[],
  searched: boolean,
): ((i: number) => boolean) | undefined {
  if (searched) return undefined;
  const errors = new Uint8Array(lines.length);
  let count = 0;
  let matched = 0;
  for (let i = 0; i < lines.length; i++) {
    if (file[i] === undefined) continue;
    matched++;
    if (VERDICT.test(lines[i]!.slice(bodyAt[i]!, bodyAt[i]! + 64))) {
      errors[i] = 1;
      count++;
    }
  }
  if (count === 0 || 2 * count >= matched) return undefined;
  return (i) => errors[i] === 1;
}
