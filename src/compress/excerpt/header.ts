/**
 * The excerpt header: two lines before every excerpt saying what was kept and exactly how
 * to get the rest, and the prefix every header starts with.
 */
import { formatBytes, groupDigits } from "../../core/format.ts";
import { countLines } from "../../store/outputs.ts";
import type { Excerpt, Hints } from "./types.ts";

export const HEADER_PREFIX = "[cairn #";

const MARKER = /^\[… lines (\d+)-(\d+) omitted \(\d+ lines?\) …\]$/m;

/**
 * The first range of original lines an excerpt left out: its first omission marker,
 * or for Read excerpts (numbered `L<n>: `, without markers) the first jump in numbers.
 */
export function firstOmission(excerpt: string, firstLine = 1): [number, number] | undefined {
  const m = MARKER.exec(excerpt);
  if (m) return [Number(m[1]), Number(m[2])];
  let previous = -1;
  for (const line of excerpt.split("\n")) {
    const n = /^L(\d+): /.exec(line);
    if (!n) continue;
    const current = Number(n[1]);
    if (previous < 0 && current > firstLine) return [firstLine, current - 1];
    if (previous >= 0 && current > previous + 1) return [previous + 1, current - 1];
    previous = current;
  }
  return undefined;
}

/**
 * Two short lines: sizes and what was kept, then how to get the rest. The retrieval
 * command is printed once, whole (it runs as printed: a clone's absolute form is long),
 * and the ways to narrow it as options to add; the --lines example names the first
 * range the excerpt left out.
 *
 * A Read excerpt is shown by Claude Code with its own numbers before every line
 * (`4\tL53: …`), counting the excerpt's lines from 1 (tool-outputs.ts); each kept line
 * starts with its line in the file, `L<n>: `. The header says which is which and which
 * Read shows the first lines left out, so the model can Read the exact range it needs.
 */
export function excerptHeader(
  id: number,
  text: string,
  bytes: number,
  excerpt: Excerpt,
  hints: Hints,
  redactions: number,
  cli = "cairn",
): string {
  const lines = countLines(text);
  const facts = [
    `${formatBytes(bytes)}, ${groupDigits(lines)} lines → excerpt (${excerpt.compressor}: ${excerpt.kept})`,
  ];
  if (hints.exitCode !== undefined) facts.push(`exit ${hints.exitCode}`);
  if (redactions > 0) facts.push(`${redactions} secret${redactions === 1 ? "" : "s"} masked`);
  const gap = firstOmission(excerpt.text, hints.firstLine ?? 1);
  const more = [`${cli} show ${id}`];
  if (hints.tool === "Read") more.push(readHint(gap));
  else more.push(`a part: add ${gap ? `--lines ${gap[0]}-${gap[1]} or ` : ""}--grep 'PATTERN'`);
  return `${HEADER_PREFIX}${id} · ${facts.join(" · ")}]\n[full output: ${more.join(" · ")}]`;
}

/** How a Read excerpt's numbers read, and the Read that shows the first lines it left out. */
function readHint(gap: [number, number] | undefined): string {
  const numbers = "L<n>: line n of the file (the number before it counts excerpt lines)";
  if (!gap) return numbers;
  const limit = Math.min(gap[1] - gap[0] + 1, 400);
  return `${numbers}; lines ${gap[0]}-${gap[0] + limit - 1}: Read with offset=${gap[0]} limit=${limit}`;
}
