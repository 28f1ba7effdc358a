/**
 * Whether a search's matches reach the output, and alone: a command that pipes them into a program that
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

/**
 * Commands that print nothing when they work: before a search in a list (`cd api && grep
 * …`), its matches are still the whole output. A variable set (`P=$(cat x.pid);`) prints
 * nothing either.
 */
const SILENT =
  /^(?:cd|export|set|unset|source|\.|true|:|shopt|mkdir|rm|cp|mv|touch|ln|chmod|sleep|wait|trap|local|declare|readonly|[A-Za-z_]\w*=\S*)$/;

/**
 * Whether the commands before the first search in `command` (at `searchAt`) print nothing:
 * `cat /proc/$P/status /proc/$P/limits; grep -E '^(Rss|Pss)' /proc/$P/smaps_rollup` printed
 * 272 lines of which 9 were the search's, and all were read as its matches. A pipeline
 * prints what its last stage prints (`cat x | grep y`: the search's).
 */
export function nothingPrintedBefore(command: string, searchAt: number): boolean {
  const before = command.slice(0, searchAt).replace(QUOTED, "''");
  // The lists' commands before the search's pipeline, each the last stage of its pipeline.
  const lists = before.split(/;|&&|\|\||\n|&(?!&)/).slice(0, -1);
  return lists.every((list) => {
    const last = list
      .split(/(?<!\|)\|(?!\|)/)
      .pop()!
      .trim();
    const first = last.split(/\s+/, 1)[0]!;
    return last === "" || SILENT.test(first);
  });
}
