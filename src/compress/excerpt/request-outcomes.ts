/**
 * A web server's access log (the combined format nginx and Apache write, a proxy's alike):
 * each line a quoted request (`"GET /api/sync HTTP/1.1"`) and the status it got. What the
 * reader is after is which requests failed how: each path with each status it got. The
 * templates hold the lines as a few kinds of many alike (all `GET … 404` and `GET … 503` as
 * one), so only the first and last of each showed, and the rare statuses' lines (outliers.ts).
 * The first line of each path and status of a failed request (4xx, 5xx) is a fact: a
 * request served tells nothing the others do not. Pure; the engine ranks them through
 * structure.ts.
 *
 * Only where requests are most of the lines, and at most MOST pairs: past that, the paths
 * are ids (each object's own URL), and no one line stands for a kind of request.
 */

/** A quoted request and the status after it. */
const REQUEST = /"([A-Z]{3,7}) ([^\s?"]+)\S* HTTP\/[\d.]+" ([45]\d\d) /;
/** At least this many requests, at most this many paths and statuses. */
const FEWEST = 20;
const MOST = 40;
/** Requests are at least this share of the non-blank lines. */
const SHARE = 0.5;

/** How many times `part` (no newline in it) is in `text`, counted up to `most`. */
function timesIn(text: string, part: string, most: number): number {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0 && n < most; at = text.indexOf(part, at + part.length)) n++;
  return n;
}

/**
 * The first line of each failed request's path and status in an access log; [] when the
 * output is none. `source`: the lines' text (Doc.source), where the protocol is looked for
 * in one search, not line by line: lines holding ` HTTP/` are no more than the times the
 * text holds `HTTP/` (looked for without its blank, which a search would stop at in every line).
 */
export function requestOutcomes(lines: readonly string[], source?: string): number[] {
  if (lines.length < FEWEST) return [];
  if (source !== undefined && timesIn(source, "HTTP/", FEWEST) < FEWEST) return [];
  // A look for the protocol first, no line copied: most outputs hold no request at all.
  let requests = 0;
  for (const line of lines) if (line.includes(" HTTP/")) requests++;
  if (requests < FEWEST) return [];
  let nonBlank = 0;
  for (const line of lines) if (/\S/.test(line)) nonBlank++;
  if (requests < SHARE * nonBlank) return [];
  const seen = new Set<string>();
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes(" HTTP/")) continue;
    const m = REQUEST.exec(line);
    // A request served (2xx, 3xx) is no news; its path is one of many.
    if (!m) continue;
    const key = `${m[1]} ${m[2]} ${m[3]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > MOST) return [];
    out.push(i);
  }
  return out;
}
