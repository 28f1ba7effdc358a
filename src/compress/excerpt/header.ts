/**
 * The excerpt header, its one home: the two lines before every excerpt saying what was
 * kept and exactly how to get the rest, the retrieval command they print, and how a shown
 * excerpt splits back into header and body. Nothing else writes or reads a header.
 *
 * The hint names the part of the original worth asking for: of the runs of lines the
 * excerpt left out (Excerpt.gaps, as the packer left them out), the one holding most
 * problem lines, else the largest; cut to what a retrieval through Bash shows whole
 * (RETRIEVAL_PAGE_CHARS: Claude Code spills a longer result to a file).
 */
import { RETRIEVAL_PAGE_CHARS } from "../../claude/limits.ts";
import { formatBytes, groupDigits } from "../../core/format.ts";
import { countLines } from "../../store/outputs.ts";
import { isProblem } from "./signals.ts";
import type { Excerpt, Hints } from "./types.ts";

export const HEADER_PREFIX = "[cairn #";

/** The command that prints output `id` whole, as the header names it (`cli`: how cairn runs in the session's shell). */
export function showCommand(id: number, cli = "cairn"): string {
  return `${cli} show ${id}`;
}

/** Originals longer than this are not read line by line for the hint (the largest gap is named). */
const SCORED_CHARS = 8_000_000;
/** A Read the hint proposes reads at most this many lines. */
const READ_LINES = 400;

/** Where each line of `text` starts, and the end. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  if (starts[starts.length - 1] !== text.length) starts.push(text.length + 1);
  return starts;
}

/**
 * The run of original lines (1-based, numbered as the excerpt numbers them) the header
 * points at: the gap with most problem lines, else the largest; starting at its first
 * problem, and cut to `room` characters and `most` lines.
 */
export function hintRange(
  text: string,
  gaps: ReadonlyArray<readonly [number, number]>,
  firstLine = 1,
  room = RETRIEVAL_PAGE_CHARS,
  most = Number.POSITIVE_INFINITY,
): [number, number] | undefined {
  if (gaps.length === 0) return undefined;
  const starts = lineStarts(text);
  const lines = starts.length - 1;
  const base = firstLine - 1;
  const offset = (line: number) => starts[Math.min(lines, Math.max(0, line - 1 - base))]!;
  const size = (a: number, b: number) => offset(b + 1) - offset(a);
  const scored = text.length <= SCORED_CHARS;
  let best: { a: number; b: number; problems: number; first: number; chars: number } | undefined;
  for (const [a, b] of gaps) {
    let problems = 0;
    let first = -1;
    for (let n = a; scored && n <= b; n++) {
      const line = text.slice(offset(n), offset(n + 1) - 1);
      if (!isProblem(line)) continue;
      problems++;
      if (first < 0) first = n;
    }
    const chars = size(a, b);
    if (!best || problems > best.problems || (problems === best.problems && chars > best.chars))
      best = { a, b, problems, first, chars };
  }
  if (!best) return undefined;
  // A long gap from a little before its first problem; what fits of it.
  const from = best.first > 0 ? Math.max(best.a, best.first - 2) : best.a;
  let to = from;
  while (to < best.b && to - from + 1 < most && size(from, to + 1) <= room) to++;
  // One line longer than a page: a --grep serves better than a range Claude Code spills.
  if (size(from, to) > room) return undefined;
  return [from, to];
}

/** The first run of lines an excerpt left out (tests name it; the header names the best one). */
export function firstOmission(excerpt: Excerpt): [number, number] | undefined {
  const gap = excerpt.gaps?.[0];
  return gap ? [gap[0], gap[1]] : undefined;
}

/**
 * Two short lines: sizes and what was kept, then how to get the rest. The retrieval
 * command is printed once, whole (it runs as printed: a clone's absolute form is long),
 * and the ways to narrow it as options to add; the --lines example names the part of the
 * original worth asking for, sized to come back whole (hintRange).
 *
 * A Read excerpt is shown by Claude Code with its own numbers before every line
 * (`4\tL53: …`), counting the excerpt's lines from 1 (tool-outputs.ts); each kept line
 * starts with its line in the file, `L<n>: `. The header says which is which and which
 * Read shows the lines worth reading, so the model can Read the exact range it needs.
 */
export function excerptHeader(
  id: number,
  text: string,
  bytes: number,
  excerpt: Excerpt,
  hints: Hints,
  redactions: number,
  cli = "cairn",
  told: (legend: string) => boolean = () => false,
): string {
  const lines = countLines(text);
  const method = excerpt.method && !told(methodLegend(excerpt)) ? `: ${excerpt.method}` : "";
  const facts = [
    `${formatBytes(bytes)}, ${groupDigits(lines)} lines → excerpt (${excerpt.compressor}: ${excerpt.kept}${method})`,
  ];
  if (hints.exitCode !== undefined) facts.push(`exit ${hints.exitCode}`);
  if (redactions > 0) facts.push(`${redactions} secret${redactions === 1 ? "" : "s"} masked`);
  const read = hints.tool === "Read";
  const range = hintRange(
    text,
    excerpt.gaps ?? [],
    hints.firstLine ?? 1,
    RETRIEVAL_PAGE_CHARS,
    read ? READ_LINES : undefined,
  );
  const more = [showCommand(id, cli)];
  if (read) more.push(...readHint(range, told(READ_NUMBERS)));
  else {
    const options = range ? [`--lines ${range[0]}-${range[1]}`] : [];
    if (!told(GREP_OPTION)) options.push(GREP_OPTION);
    if (options.length > 0) more.push(`a part: add ${options.join(" or ")}`);
  }
  return `${HEADER_PREFIX}${id} · ${facts.join(" · ")}]\n[full output: ${more.join(" · ")}]`;
}

/** How a Read excerpt's numbers read. */
const READ_NUMBERS = "L<n>: line n of the file (the number before it counts excerpt lines)";

/**
 * The option that narrows any retrieval to the lines matching a pattern: the same words
 * under every header but a Read's, a legend like a kind's method (once per context). The
 * --lines range is the header's own and stays.
 */
const GREP_OPTION = "--grep 'PATTERN'";

/**
 * What a header says the same way for every excerpt of its kind: the kind's method, a
 * Read's numbering, the --grep option of every other. `told` (the hook's record of what this context has read) leaves out
 * those already said; a compaction forgets it, so the next header says them again.
 */
export function legendsOf(excerpt: Excerpt, hints: Hints): string[] {
  return [
    ...(excerpt.method ? [methodLegend(excerpt)] : []),
    hints.tool === "Read" ? READ_NUMBERS : GREP_OPTION,
  ];
}

/** A kind's method as the context is told it: with the kind, whose later headers name it. */
function methodLegend(excerpt: Excerpt): string {
  return `${excerpt.compressor}: ${excerpt.method}`;
}

/** How a Read excerpt's numbers read (unless told already), and the Read that shows the lines worth reading. */
function readHint(range: [number, number] | undefined, told: boolean): string[] {
  const said = told ? [] : [READ_NUMBERS];
  if (!range) return said;
  const limit = range[1] - range[0] + 1;
  return [[...said, `lines ${range[0]}-${range[1]}: Read with offset=${range[0]} limit=${limit}`].join("; ")];
}

/** The excerpt as the model reads it: the header's two lines, then the body. */
export function shownOf(header: string, body: string): string {
  return `${header}\n${body}`;
}

/** A shown excerpt split back into its header lines and its body (what the model reads of the output itself). */
export function splitShown(shown: string): { header: string; body: string } {
  const lines = shown.split("\n");
  let skip = 0;
  while (skip < lines.length && /^\[(cairn #\d+ · |full output: )/.test(lines[skip]!)) skip++;
  return { header: lines.slice(0, skip).join("\n"), body: lines.slice(skip).join("\n") };
}
