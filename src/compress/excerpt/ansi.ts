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
 * The run of characters from `lastIndex` on that are no control byte (tab, newline,
 * carriage return, printable ASCII, anything past it): a text holds a control byte where
 * the run from its start stops short. One run along the text, where a search for a
 * control byte tried each character as a match of its own (twice as long).
 */
const NO_CONTROL = /[\t\n\r\x20-\x7e\x80-\uffff]*/y;

/** Whether `text` holds a control byte other than tab, newline and carriage return. */
export function hasControl(text: string): boolean {
  NO_CONTROL.lastIndex = 0;
  NO_CONTROL.test(text);
  return NO_CONTROL.lastIndex < text.length;
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
