/**
 * The other outcome of a frequent failure: a line that says what many problem lines say,
 * up to its last word, where they go on to say what went wrong (`openat(…,
 * "./conf/base.conf", O_RDONLY) = 3` among hundreds of `openat(…, "./conf/tls.conf",
 * O_RDONLY) = -1 ENOENT (No such file or directory)`): its masked tokens but the last
 * start the problems', which are longer. The same call, and it worked. Among many failures the few that worked are the news,
 * however common their shape is among other lines. Pure.
 */

import { MAX_TOKENS, maskLine } from "./mask.ts";
import { mix } from "./mask-token.ts";
import { ANY, type Template, type Templates } from "./templates.ts";

/** A problem template this size or larger is a frequent failure. */
const FREQUENT = 3;

const START = 0x2545f491;

/** Whether template `t`'s tokens but its last (ANY matching anything) start problem template `s`'s, which is longer. */
function mayStart(t: Template, s: Template): boolean {
  if (t.tokens.length >= s.tokens.length) return false;
  for (let k = 0; k < t.tokens.length - 1; k++)
    if (t.tokens[k] !== ANY && t.tokens[k] !== s.tokens[k]) return false;
  return true;
}

/**
 * Lines of non-problem templates whose masked tokens but the last start a longer
 * frequent problem template's, grouped by that problem template, each group in order. A group is
 * left out when it is no fewer than the failures it answers (then success is the rule).
 */
export function otherOutcomes(
  lines: readonly string[],
  t: Templates,
  bodyAt: (i: number) => number,
  skip: (i: number) => boolean,
): number[][] {
  // The starts of each frequent problem template, by hash of its first k tokens.
  const starts = new Map<number, number>();
  const failures: Template[] = [];
  const byFirst = new Map<number, Template[]>();
  for (const s of t.list) {
    if (!s.strict || s.members.length < FREQUENT || s.tokens.length < 2) continue;
    const at = failures.length;
    failures.push(s);
    let h = START;
    for (let k = 0; k < s.tokens.length - 1; k++) {
      h = mix(h, s.tokens[k]!);
      if (!starts.has(h ^ (k + 1))) starts.set(h ^ (k + 1), at);
    }
    const list = byFirst.get(s.tokens[0]!);
    if (list) list.push(s);
    else byFirst.set(s.tokens[0]!, [s]);
  }
  if (failures.length === 0) return [];
  const groups = new Map<number, number[]>();
  const buffer = new Int32Array(MAX_TOKENS);
  for (const tpl of t.list) {
    if (tpl.strict || tpl.tokens.length === 0) continue;
    const first = tpl.tokens[0]!;
    const candidates = first === ANY ? failures : (byFirst.get(first) ?? []);
    if (!candidates.some((s) => mayStart(tpl, s))) continue;
    for (const i of tpl.members) {
      if (skip(i)) continue;
      const n = maskLine(lines[i]!, buffer, bodyAt(i));
      if (n < 3) continue;
      let h = START;
      for (let k = 0; k < n - 1; k++) h = mix(h, buffer[k]!);
      const at = starts.get(h ^ (n - 1));
      if (at === undefined || failures[at]!.tokens.length <= n) continue;
      const g = groups.get(at);
      if (g) g.push(i);
      else groups.set(at, [i]);
    }
  }
  const out: number[][] = [];
  for (const [at, g] of groups)
    if (g.length < failures[at]!.members.length) out.push(g.sort((a, b) => a - b));
  return out;
}

/** The text of a line past its first `n` blank-separated tokens (the header every line starts with). */
function pastTokens(line: string, n: number): string {
  let i = 0;
  for (let k = 0; k < n; k++) {
    while (i < line.length && (line[i] === " " || line[i] === "\t")) i++;
    while (i < line.length && line[i] !== " " && line[i] !== "\t") i++;
  }
  return line.slice(i).trim();
}

/**
 * The lines to show of what worked among frequent failures: each different line once (its
 * first; the same file opened again by another process is no news, a log's header aside),
 * or, past `few` different ones, the first and the last of each group.
 */
export function outcomeLines(
  lines: readonly string[],
  t: Templates,
  bodyAt: ((i: number) => number) | undefined,
  skip: (i: number) => boolean,
  few: number,
): number[] {
  const out: number[] = [];
  for (const g of otherOutcomes(lines, t, bodyAt ?? (() => 0), skip)) {
    const firsts = new Map<string, number>();
    for (const i of g) {
      const body = pastTokens(lines[i]!, t.header.size);
      if (!firsts.has(body)) firsts.set(body, i);
    }
    out.push(...(firsts.size <= few ? firsts.values() : [g[0]!, g[g.length - 1]!]));
  }
  return out;
}
