import { encodedSecrets } from "./base64.ts";
import { DETECTORS } from "./detectors.ts";
import type { SecretSpan } from "./judge.ts";

/**
 * Masks common secrets before cairn stores or shows text: provider tokens with a
 * distinctive prefix, PEM and PuTTY private keys, JWTs, Authorization headers,
 * passwords in URLs, command lines, SQL and .pgpass lines, and values under
 * secret-named keys (.env, YAML, JSON, XML, code, name/value pairs, two-column tables),
 * and base64 values whose decoded text holds any of these (a Kubernetes Secret's data).
 *
 * The rule (issue 29): a value that is code is never masked: a name (camelCase,
 * snake_case, dotted), the key's own name, a reference ($VAR, ${…}, process.env.X, a
 * path), a type, a placeholder, an expression. Any other value after a secret key is
 * masked whole, whatever its characters (`; , \ " # ?`, a leading `$` or `/`), a
 * plain-word password included. Terminal escapes are taken out before looking and the
 * masks are put on the text as it was, so what is kept is kept byte for byte.
 *
 * One pass: every detector contributes a short anchor (a distinctive literal, bounded
 * repetition) to a single alternation, so the text is scanned once whatever the number
 * of detectors; each hit is then checked in its context with sticky, bounded reads,
 * and a detector that read a value and rejected it is not asked again inside that
 * value. So a pass stays linear on multi-megabyte outputs, adversarial ones included.
 * `redact` is pure and works on any slice of lines (a caller may mask a huge text in
 * chunks of whole lines; a secret spanning a chunk's edge is then judged piece by piece).
 *
 * Judged on test/fixtures/secrets/corpus.jsonl (realistic positives and negatives) and
 * on real code (every .js, .ts, .py, .json, .yaml of node_modules and the Python
 * libraries: `npm run bench`; a reviewed sample in real-code.jsonl for `npm test`).
 */

interface Redaction {
  readonly text: string;
  readonly count: number;
  readonly kinds: readonly string[];
}

/**
 * The order the scan tries the detectors in: those whose anchor starts at a word
 * boundary first, sharing one `\b` (checked once a position, not once a detector).
 * Where two anchors could start at one place, the first in this order is asked; the
 * detectors are written so that this never hides a secret (`key: …`, both a name/value
 * pair's first field and an assignment's key, is the assignment detector's alone).
 */
const WORD = /^\\b/;
const ORDER = [
  ...DETECTORS.flatMap((d, i) => (WORD.test(d.anchor) ? [i] : [])),
  ...DETECTORS.flatMap((d, i) => (WORD.test(d.anchor) ? [] : [i])),
];
const BOUNDED = ORDER.filter((i) => WORD.test(DETECTORS[i]!.anchor)).length;

/** Every detector's anchor as one capturing group, in ORDER: group k + 1 is detector ORDER[k]. */
const SCAN = new RegExp(
  [
    `\\b(?:${ORDER.slice(0, BOUNDED)
      .map((i) => `(${DETECTORS[i]!.anchor.slice(2)})`)
      .join("|")})`,
    ...ORDER.slice(BOUNDED).map((i) => `(${DETECTORS[i]!.anchor})`),
  ].join("|"),
  "g",
);

const firstGroup = (m: RegExpExecArray) => {
  let g = 1;
  while (m[g] === undefined) g++;
  return g - 1;
};

/** What the detectors find in a text with no terminal escapes, in no particular order. */
function detect(text: string): SecretSpan[] {
  const found: SecretSpan[] = [];
  const skipUntil: number[] = DETECTORS.map(() => -1);
  SCAN.lastIndex = 0;
  for (let m = SCAN.exec(text); m; m = SCAN.exec(text)) {
    const at = m.index;
    const i = ORDER[firstGroup(m)]!;
    const end = at + m[0].length;
    if (at < skipUntil[i]!) continue;
    const hit = DETECTORS[i]!.find(text, at, end);
    if (hit === undefined) continue;
    if ("none" in hit) {
      skipUntil[i] = hit.none;
      continue;
    }
    const spans = Array.isArray(hit) ? hit : [hit as SecretSpan];
    let next = end;
    for (const span of spans)
      if (span.end > span.start) {
        found.push(span);
        if (span.end > next) next = span.end;
      }
    // Go on after what was masked, so a secret is not found again inside itself.
    SCAN.lastIndex = next;
  }
  return found;
}

/**
 * The secrets in a text with no terminal escapes, as non-overlapping spans in order:
 * what the detectors find, and base64 values whose decoded text they find a secret in
 * (one level: the decoded text is read by the detectors alone).
 */
function findPlain(text: string): SecretSpan[] {
  const found = detect(text).concat(encodedSecrets(text, detect));
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

/**
 * Terminal escapes (colours from grep --color, jq -C, test runners): CSI sequences,
 * OSC strings (titles, hyperlinks), and two-character escapes.
 */
const ESCAPE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are what it takes out
  /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]{0,4096}(?:\x07|\x1b\\)|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/y;

/**
 * The terminal escapes of a text, in order, as [start, end) pairs: found with indexOf
 * (a byte search, several times faster than a global regular expression here) and
 * each read with the sticky pattern where it starts.
 */
function escapesOf(text: string): number[] {
  const out: number[] = [];
  let esc = text.indexOf("\x1b");
  let csi = text.indexOf("\x9b");
  while (esc >= 0 || csi >= 0) {
    const at = csi < 0 || (esc >= 0 && esc < csi) ? esc : csi;
    ESCAPE.lastIndex = at;
    const m = ESCAPE.exec(text);
    const next = m ? at + m[0].length : at + 1;
    if (m) out.push(at, next);
    if (esc >= 0 && esc < next) esc = text.indexOf("\x1b", next);
    if (csi >= 0 && csi < next) csi = text.indexOf("\x9b", next);
  }
  return out;
}

/**
 * The secrets in a text, as non-overlapping spans of it, in order. Terminal escapes
 * are taken out before looking (`\e[01;31mAPI_TOKEN\e[m=…` is `API_TOKEN=…`), and
 * what is found is mapped back onto the text as it was, so what is kept is kept
 * byte for byte and a mask covers any escapes inside the secret.
 */
export function findSecrets(text: string): SecretSpan[] {
  const escapes = escapesOf(text);
  if (escapes.length === 0) return findPlain(text);
  // The kept pieces: piece k starts at plainAt[k] in the plain text and at
  // plainAt[k] + shift[k] in the text.
  const pieces: string[] = [];
  const plainAt: number[] = [];
  const shift: number[] = [];
  let from = 0;
  let length = 0;
  const keep = (to: number) => {
    plainAt.push(length);
    shift.push(from - length);
    pieces.push(text.slice(from, to));
    length += to - from;
  };
  for (let k = 0; k < escapes.length; k += 2) {
    keep(escapes[k]!);
    from = escapes[k + 1]!;
  }
  keep(text.length);
  /** Where plain offset p (a character, not an end) was in the text. */
  const original = (p: number) => {
    let lo = 0;
    let hi = plainAt.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (plainAt[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    // Empty pieces share an offset with the next: the last one is where p is.
    return p + shift[lo]!;
  };
  return findPlain(pieces.join("")).map((s) => ({
    ...s,
    start: original(s.start),
    end: original(s.end - 1) + 1,
  }));
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
