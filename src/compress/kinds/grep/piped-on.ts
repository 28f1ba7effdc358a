/**
 * Whether a search's matches reach the output: a command that pipes them into a program that
 * writes its own lines (`grep '"level":50' api.log | npx pino-pretty` prints 528 lines of
 * 18 records, `grep x | wc -l` a count) has that program's output, not a search's. Read as
 * matches, pino-pretty's 528 lines were told as `528 matches in 1 file`, which the claims
 * checker recounted as 18. The stages that pass lines on as they are, or some of them, keep
 * the search's output: head, tail, sort, uniq without -c, cat, less, more, tee and another
 * search.
 */

/** Programs that pass a search's lines on unchanged (some of them, in another order). */
const PASSES_LINES =
  /^(?:head|tail|sort|uniq(?![^|]*\s-\w*c)|cat|less|more|tee|grep|egrep|fgrep|rg|ag|ack)\b/;

/** A quoted word: its content may hold pipes. */
const QUOTED = /'[^']*'|"(?:\\.|[^"\\])*"/g;

/** Whether what comes after the first search in `command` leaves its matches as the output. */
export function matchesReachOutput(command: string, searchAt: number): boolean {
  // Quoted words are no stages (`rg 'read|render'`), nor a `;` or `&&` past the pipeline.
  const rest = command
    .slice(searchAt)
    .replace(QUOTED, "''")
    .split(/;|&&|\n/)[0]!;
  // Each stage after the search's own, split at pipes that are not `||`.
  const stages = rest.split(/(?<!\|)\|(?!\|)/).slice(1);
  return stages.every((stage) => PASSES_LINES.test(stage.trim()));
}
