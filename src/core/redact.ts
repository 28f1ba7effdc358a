import { DETECTORS } from "./secret-detectors.ts";
import type { SecretSpan } from "./secret-judge.ts";

/**
 * Masks common secrets before cairn stores or shows text: provider tokens with a
 * distinctive prefix, PEM private keys, JWTs, Authorization headers, passwords in URLs
 * and command lines, and values assigned to secret-named keys (.env, YAML, JSON, code).
 *
 * One pass: every detector contributes a short anchor (a distinctive literal, bounded
 * repetition) to a single alternation, so the text is scanned once whatever the number
 * of detectors; each hit is then checked in its context with sticky, bounded regexes,
 * and a detector that read a value and rejected it is not asked again inside that
 * value. So a pass stays linear on multi-megabyte outputs, adversarial ones included.
 *
 * Detection is tuned on test/fixtures/secrets/corpus.jsonl (realistic positives and
 * negatives): a value is masked when its key or prefix says it is a secret and the
 * value itself is not a reference ($VAR, ${{ }}, process.env.X), a placeholder
 * (<token>, ****, your-key-here), a type (string), code (getToken()) or a number.
 */

interface Redaction {
  readonly text: string;
  readonly count: number;
  readonly kinds: readonly string[];
}

/** Every detector's anchor as one capturing group, in order: group i + 1 is detector i. */
const SCAN = new RegExp(DETECTORS.map((d) => `(${d.anchor})`).join("|"), "g");

/** The secrets in a text, as non-overlapping spans in order. */
export function findSecrets(text: string): SecretSpan[] {
  const found: SecretSpan[] = [];
  const skipUntil: number[] = DETECTORS.map(() => -1);
  SCAN.lastIndex = 0;
  for (let m = SCAN.exec(text); m; m = SCAN.exec(text)) {
    const at = m.index;
    const end = at + m[0].length;
    let i = 1;
    while (m[i] === undefined) i++;
    if (at < skipUntil[i - 1]!) continue;
    const hit = DETECTORS[i - 1]!.find(text, at, end);
    if (hit === undefined) continue;
    if ("none" in hit) {
      skipUntil[i - 1] = hit.none;
      continue;
    }
    const spans = Array.isArray(hit) ? hit : [hit as SecretSpan];
    for (const span of spans) if (span.end > span.start) found.push(span);
    // Go on after what was masked, so a secret is not found again inside itself.
    SCAN.lastIndex = Math.max(end, ...spans.map((span) => span.end));
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const s of found) {
    const prev = merged.at(-1);
    if (prev && s.start < prev.end) {
      if (s.end > prev.end) merged[merged.length - 1] = { ...prev, end: s.end };
    } else merged.push(s);
  }
  return merged;
}

export function redact(text: string): Redaction {
  const spans = findSecrets(text);
  if (spans.length === 0) return { text, count: 0, kinds: [] };
  const parts: string[] = [];
  let from = 0;
  const kinds = new Set<string>();
  for (const s of spans) {
    parts.push(text.slice(from, s.start), `[REDACTED:${s.kind}]`);
    kinds.add(s.kind);
    from = s.end;
  }
  parts.push(text.slice(from));
  return { text: parts.join(""), count: spans.length, kinds: [...kinds] };
}
