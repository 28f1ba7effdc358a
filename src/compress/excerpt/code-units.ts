/**
 * A text's UTF-16 code units in a typed array, what its charCodeAt reads: a hot loop
 * (mask.ts) reads a character from one for less than charCodeAt costs, which tells the
 * string's representation (flat or sliced, one or two bytes a character) at every call.
 * They are written at once, natively.
 */

/** Whether a Uint16Array holds its units little-endian, as Buffer's `utf16le` writes them. */
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The code units of `text`, in `into` (the start of it) when it is long enough, else in a new array. */
export function codesOf(text: string, into?: Uint16Array): Uint16Array {
  const codes =
    into && into.length >= text.length ? into.subarray(0, text.length) : new Uint16Array(text.length);
  if (LITTLE) Buffer.from(codes.buffer, codes.byteOffset, 2 * text.length).write(text, 0, "utf16le");
  else for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
  return codes;
}
