/**
 * A finding listed above another, not what locates it: a linter that tells one finding a
 * line (perlcritic's `Debconf/Config.pm: Hard tabs used at line 31, column 14.  See page
 * 20 of PBP.  (Severity: 3)`) puts each finding's place on its own line, and the finding
 * above a problem is another one of the same form, ending with the same kind of tag (its
 * severity, its rule) but for its numbers. Taken for the problem's locator, every finding
 * above a problem word (`warn`, `eval`) became a fact, and the rare kinds were cut for them.
 * A line that locates (gcc's `In file included from a.h:3,`, `required from here`, a
 * traceback's frame) ends otherwise. Pure.
 */

/** A trailing tag: `(Severity: 3)`, `[no-any-return]`, `[-Wunused-variable]`. */
const TAG = /[([][^()[\]]{1,40}[)\]]\s*$/;

/** The tag a line ends with, its numbers masked; undefined without one. */
function tagOf(line: string): string | undefined {
  // Told by its last character before the regex: a tag's bracket closes the line but for
  // blanks (what \s matches: below `!` or past ASCII), and most lines end otherwise (tsc's
  // messages with a full stop), where TAG tried each bracket of the line first.
  const last = line.charCodeAt(line.length - 1);
  if (last > 32 && last < 127 && last !== 41 && last !== 93) return undefined;
  const m = TAG.exec(line);
  return m ? m[0].trimEnd().replace(/\d+/g, "#") : undefined;
}

/** Whether `above`, a line naming its own place like `line`, is a finding of the same form as `line`. */
export function sameFinding(above: string, line: string): boolean {
  const tag = tagOf(line);
  return tag !== undefined && tagOf(above) === tag;
}
