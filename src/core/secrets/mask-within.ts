import type { Deadline } from "../deadline.ts";
import { findSecrets, redact } from "./redact.ts";

/**
 * Masking under a deadline. The masker is linear but slow on some inputs (`://` or
 * `key=` repeated: a few MB/s), and one call cannot be interrupted, so a large text is
 * masked a chunk at a time with the deadline checked in between (BudgetSpent when it
 * passes). Each chunk is scanned with some of its neighbours' text around it, so a
 * secret whose key stands just before the cut, or that runs across it, is found as in
 * one pass; a secret that reaches the end of what was scanned is scanned again with more
 * after it (a private key block is long). Chunks are sized from how long the last one
 * took (read off the deadline's clock), about CHUNK_MS each.
 */

interface Masked {
  readonly text: string;
  readonly count: number;
  readonly kinds: readonly string[];
}

/** Up to this a text is masked in one call: at the slowest rate seen (about 1 MB/s) that is a few tens of ms. */
const WHOLE_UP_TO = 64 * 1024;
const FIRST_CHUNK = 64 * 1024;
const MIN_CHUNK = 16 * 1024;
const MAX_CHUNK = 1024 * 1024;
const CHUNK_MS = 20;
/** Text before a chunk scanned with it: a key, a header name, a `-----BEGIN` line. */
const BEFORE = 4096;
/** Text after a chunk scanned with it, at first. */
const AFTER = 4096;

export function redactWithin(text: string, deadline: Deadline): Masked {
  deadline.check("masking secrets");
  if (text.length <= WHOLE_UP_TO) return redact(text);
  const n = text.length;
  const pieces: string[] = [];
  const kinds = new Set<string>();
  let count = 0;
  /** Everything before this is masked and in `pieces`. */
  let done = 0;
  let size = FIRST_CHUNK;
  while (done < n) {
    deadline.check(`masking secrets (${Math.floor((100 * done) / n)}% of ${n} characters done)`);
    const end = Math.min(n, done + size);
    const before = deadline.remaining();
    const spans = spansFrom(text, done, end);
    for (const s of spans) {
      pieces.push(text.slice(done, s.start), `[REDACTED:${s.kind}]`);
      kinds.add(s.kind);
      count += 1;
      done = s.end;
    }
    pieces.push(text.slice(done, Math.max(done, end)));
    done = Math.max(done, end);
    const took = before - deadline.remaining();
    size =
      Number.isFinite(took) && took > 0
        ? Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.round((size * CHUNK_MS) / took)))
        : Math.min(MAX_CHUNK, size * 2);
  }
  return { text: pieces.join(""), count, kinds: [...kinds] };
}

interface Span {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}

/**
 * The secrets that start in [from, to), in the text's own positions. One that started
 * earlier and reaches past `from` is masked from `from` on (the earlier chunk masked the
 * rest of it, or saw it otherwise; masking more is the safe side).
 */
function spansFrom(text: string, from: number, to: number): Span[] {
  const start = Math.max(0, from - BEFORE);
  for (let after = AFTER; ; after *= 4) {
    const end = Math.min(text.length, to + after);
    const found = findSecrets(text.slice(start, end)).map((s) => ({
      start: Math.max(from, start + s.start),
      end: start + s.end,
      kind: s.kind,
    }));
    const mine = found.filter((s) => s.end > from && s.start < to && s.end > s.start);
    // One that ends where the scanned text ends may go on past it: scan again with more.
    if (end < text.length && mine.some((s) => s.end >= end)) continue;
    return mine;
  }
}
