/**
 * Text that cairn did not write (tool output, session ids, project paths, prompts,
 * model names) made safe to print on a terminal. A terminal acts on control
 * characters: ESC starts sequences that move the cursor, clear the screen, set the
 * window title, write the clipboard (OSC 52) or plant hyperlinks (OSC 8); C1 controls
 * (U+0080-U+009F, U+009B being a one-character CSI) do the same on terminals that
 * honour them; backspace and a lone carriage return overwrite what was printed; bidi
 * overrides reorder what is shown. Each of those is replaced by a visible stand-in, so
 * what reaches the terminal is exactly what a person sees. Pure.
 */

interface VisibleOptions {
  /**
   * For one cell of a table or one line of a frame: newlines and tabs are shown as
   * marks too, so a hostile value cannot break the layout.
   */
  readonly singleLine?: boolean;
}

// C0 controls and DEL have Unicode "control pictures": ESC is ␛, BS ␈, CR ␍, NUL ␀.
const pictureOf = (code: number): string => String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);

/** Characters without a picture are shown by their code point, e.g. <U+202E>. */
const codeOf = (ch: string): string =>
  `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}>`;

/**
 * C0 but tab and newline, DEL, C1, the bidi embeddings, overrides and isolates, the
 * implicit direction marks, and the line and paragraph separators (which some
 * terminals and editors take as line breaks). A CR right before LF is a line ending,
 * harmless, and kept.
 */
// Built from strings: a regular expression literal with control characters trips the linter.
const BEYOND_C0 = "\\x7f-\\x9f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";
const UNSAFE = new RegExp(`\\r(?!\\n)|[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f${BEYOND_C0}]`, "g");
/** For one line: tab, LF and every CR too. */
const UNSAFE_LINE = new RegExp(`[\\x00-\\x1f${BEYOND_C0}]`, "g");

function replace(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x20 || code === 0x7f ? pictureOf(code) : codeOf(ch);
}

/** `text` with every control a terminal would act on shown as a visible mark. */
export function visible(text: string, opts: VisibleOptions = {}): string {
  return text.replace(opts.singleLine ? UNSAFE_LINE : UNSAFE, replace);
}

/** One value for one line (a table cell, a header, an error message). */
export const visibleLine = (text: string): string => visible(text, { singleLine: true });

/**
 * Bytes (a stored original) for a terminal: decoded as UTF-8 (a byte that is not valid
 * UTF-8, such as a raw 0x9B, becomes U+FFFD, which no terminal acts on), then made
 * visible. Piped output never goes through this: there the original is byte for byte.
 */
export function visibleBytes(bytes: Uint8Array): string {
  return visible(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
}
