/**
 * A marked-up document's outline, as reStructuredText and setext Markdown write it (pandoc's
 * conversions, Sphinx's text builder, a README): each heading, a line of text over a line of
 * one punctuation mark repeated at least as long as it, and each explicit directive
 * (`.. code:: javascript`, `.. |build| image:: …`, `.. raw:: html`). They name the sections
 * and say what the text holds besides prose (code, images, raw HTML); the templates see the
 * headings as lines of words like any other, of which only a few would show. Pure; the
 * engine ranks them through structure.ts.
 */

/** An underline: one punctuation mark, repeated, alone on its line. */
const UNDERLINE = /^([=\-~^"'`#*+_:.])\1{2,}$/;
/** The marks UNDERLINE repeats, by character code: an underline opens with one. */
const MARKS = new Set([..."=-~^\"'`#*+_:."].map((c) => c.charCodeAt(0)));
const DOT = 46;

/** Whether a line is an underline, but for blanks after it. */
export function isUnderline(line: string): boolean {
  return UNDERLINE.test(line.trimEnd());
}
/** An explicit markup directive at column 0: `.. name::`, `.. |sub| name::`. */
const DIRECTIVE = /^\.\. (?:\|[^|]+\| )?[A-Za-z][\w-]*::(?: |$)/;
/** At least this many headings, and no more than this share of the lines: a document, not a log's rules. */
const FEWEST_HEADINGS = 2;
const SHARE = 0.1;

/** The headings and directives of a document, when it has an outline; [] otherwise. */
export function documentOutline(lines: readonly string[]): number[] {
  const headings: number[] = [];
  const directives: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A character test before each regex: most lines open with neither `.` nor a mark of UNDERLINE.
    if (line.charCodeAt(0) === DOT && DIRECTIVE.test(line)) directives.push(i);
    const next = lines[i + 1];
    if (next === undefined || !MARKS.has(next.charCodeAt(0))) continue;
    const text = line.trimEnd();
    const under = next.trimEnd();
    if (!isUnderline(under) || text.trim() === "" || /^\s/.test(text)) continue;
    if (under.length >= text.length && !UNDERLINE.test(text)) headings.push(i);
  }
  if (headings.length < FEWEST_HEADINGS || headings.length > lines.length * SHARE) return [];
  return [...headings, ...directives].sort((a, b) => a - b);
}
