/**
 * The secrets corpus (test/fixtures/secrets/corpus.jsonl) and a scorer for any masking
 * function. The scorer looks only at the masked text, so it judges redact() as a user
 * sees it (and can judge an older version the same way):
 *
 * - a secret is a false negative when the output still holds it, or any 8-character
 *   piece of it that the text outside the secrets does not also contain (a partial leak);
 * - a mask is a false positive when the text it replaced overlaps no expected secret
 *   (in a negative case every mask is one).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface SecretCase {
  readonly id: string;
  readonly text: string;
  /** Exact substrings of text that must be masked; empty for a negative. */
  readonly expect: readonly string[];
}

export const CORPUS = join(import.meta.dirname, "..", "..", "fixtures", "secrets", "corpus.jsonl");

export function loadSecretsCorpus(path = CORPUS): SecretCase[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SecretCase);
}

const MASK = /\[REDACTED:[a-z0-9-]+\]/g;
/** The length of a leaked piece that counts as a leak. */
const PIECE = 8;

export interface MaskedRange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Which ranges of the original each mask replaced, from the original and the masked
 * text alone: the unmasked text between masks is found in order in the original. A
 * marker the original already held (masked before) is text, not a new mask.
 */
export function maskedRanges(original: string, masked: string): MaskedRange[] {
  const ranges: MaskedRange[] = [];
  const markers = [...masked.matchAll(MASK)];
  let pos = 0; // in original
  let from = 0; // in masked
  for (let i = 0; i < markers.length; i++) {
    const m = markers[i]!;
    const before = masked.slice(from, m.index);
    if (!original.startsWith(before, pos)) throw new Error(`cannot align before mask ${i + 1}`);
    pos += before.length;
    from = m.index + m[0].length;
    if (original.startsWith(m[0], pos)) {
      pos += m[0].length;
      continue;
    }
    // A mask replaces at least one character; the text after it (up to the next
    // marker, or the end) is where the original resumes.
    const after = masked.slice(from, markers[i + 1]?.index ?? masked.length);
    const last = i === markers.length - 1;
    const next = last ? original.length - after.length : original.indexOf(after, pos + 1);
    if (next <= pos || (last && !original.endsWith(after))) throw new Error(`cannot align mask ${i + 1}`);
    ranges.push({ start: pos, end: next, text: original.slice(pos, next) });
    pos = next;
  }
  return ranges;
}

export interface CaseScore {
  readonly id: string;
  readonly secrets: number;
  /** Expected secrets fully masked. */
  readonly tp: number;
  /** Expected secrets left in the output, whole or in part. */
  readonly fn: readonly string[];
  /** Masks that cover no expected secret: what they replaced. */
  readonly fp: readonly string[];
}

/**
 * The secrets of `original` that `output` still holds: whole, or any 8-character piece
 * that the text outside the secrets does not also contain.
 */
export function leakedSecrets(expect: readonly string[], original: string, output: string): string[] {
  let outside = original;
  for (const e of [...expect].sort((a, b) => b.length - a.length)) outside = outside.split(e).join("\u0000");
  return expect.filter((e) => {
    if (output.includes(e)) return true;
    const n = Math.min(PIECE, e.length);
    for (let i = 0; i + n <= e.length; i++) {
      const piece = e.slice(i, i + n);
      if (output.includes(piece) && !outside.includes(piece)) return true;
    }
    return false;
  });
}

export function scoreCase(c: SecretCase, masked: string): CaseScore {
  const secretRanges: [number, number][] = [];
  for (const e of c.expect)
    for (let at = c.text.indexOf(e); at >= 0; at = c.text.indexOf(e, at + 1))
      secretRanges.push([at, at + e.length]);
  const fn = leakedSecrets(c.expect, c.text, masked);
  const fp = maskedRanges(c.text, masked)
    .filter((r) => !secretRanges.some(([s, e]) => r.start < e && s < r.end))
    .map((r) => r.text);
  return { id: c.id, secrets: c.expect.length, tp: c.expect.length - fn.length, fn, fp };
}

export interface CorpusScore {
  readonly positives: number;
  readonly secrets: number;
  readonly negatives: number;
  readonly tp: number;
  /** Secrets left unmasked (whole or in part). */
  readonly fn: number;
  /** Masks over text that is not a secret, in positive and negative cases alike. */
  readonly fp: number;
  /** Negative cases with at least one mask. */
  readonly fpCases: number;
  readonly cases: readonly CaseScore[];
}

export function scoreCorpus(cases: readonly SecretCase[], mask: (text: string) => string): CorpusScore {
  const scored = cases.map((c) => scoreCase(c, mask(c.text)));
  const positives = cases.filter((c) => c.expect.length > 0);
  return {
    positives: positives.length,
    secrets: positives.reduce((n, c) => n + c.expect.length, 0),
    negatives: cases.length - positives.length,
    tp: scored.reduce((n, s) => n + s.tp, 0),
    fn: scored.reduce((n, s) => n + s.fn.length, 0),
    fp: scored.reduce((n, s) => n + s.fp.length, 0),
    fpCases: scored.filter((s) => s.secrets === 0 && s.fp.length > 0).length,
    cases: scored,
  };
}

/** One line for logs and the benchmark. */
export function summaryLine(s: CorpusScore): string {
  return `secrets corpus: ${s.positives} positives (${s.secrets} secrets), ${s.negatives} negatives; FN ${s.fn}, FP ${s.fp}`;
}
