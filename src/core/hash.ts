/**
 * FNV-1a, 64-bit, as hex: a short stable key for file and directory names (project
 * keys, sanitised ids). Not for secrets; chosen because loading node:crypto costs a
 * hook more than the whole of its own work.
 */
export function fnv1a64(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c ^ (h1 >>> 16), 0x01000193) >>> 0;
  }
  return h2.toString(16).padStart(8, "0") + h1.toString(16).padStart(8, "0");
}
