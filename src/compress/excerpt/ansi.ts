/**
 * Terminal noise removal: what a person would see in the terminal, as plain text.
 * Colour and cursor escapes go, a carriage-return progress line keeps only what was
 * drawn last, and control bytes other than tab and newline are dropped.
 */

// CSI (ESC [ … final), OSC (ESC ] … BEL or ST) and two-byte escapes. Each branch is a
// run of one character class followed by a fixed byte, so matching stays linear.
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are exactly what this removes
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;
/**
 * The control bytes a text may not keep (all below a space but tab, newline and carriage
 * return; DEL), each looked for along the whole text on its own: a search for one
 * character runs several times faster than a regex reads each character, so thirty of
 * them cost less than one read of the text by a character class (a third, on the corpus).
 */
const CONTROLS = [...Array(32).keys(), 127]
  .filter((c) => c !== 9 && c !== 10 && c !== 13)
  .map((c) => String.fromCharCode(c));

/** Whether `text` holds a control byte other than tab, newline and carriage return. */
export function hasControl(text: string): boolean {
  for (const c of CONTROLS) if (text.includes(c)) return true;
  return false;
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: see above
const CONTROL_ALL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]+/g;

export function stripAnsi(text: string): string {
  return text.includes("\x1b") ? text.replace(ANSI, "") : text;
}

/** ANSI-free text without control bytes; keeps "\n", "\r" (resolved per line) and tabs. */
export function cleanText(text: string): string {
  const out = stripAnsi(text);
  return hasControl(out) ? out.replace(CONTROL_ALL, "") : out;
}

/** What a terminal shows for one line that contains carriage returns: the last redraw. */
export function resolveCarriageReturns(line: string): string {
  let end = line.length;
  while (end > 0 && line.charCodeAt(end - 1) === 13) end--;
  const cr = line.lastIndexOf("\r", end - 1);
  return cr < 0 ? line.slice(0, end) : line.slice(cr + 1, end);
}
