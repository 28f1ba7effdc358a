/**
 * The counts of the notes and headers claim-counts.ts left unchecked, recounted from the
 * original by each note's own definition as a reader takes it (not by the kind's code):
 * a trace's causes, a log's traces and error responses, npm ls's problems and repeats,
 * a path list's names, json's items. Read's notes are claim-notes-read.ts's.
 */

import { claim, num } from "./claim-said.ts";
import { type Claim, type Excerpted, wordsOf } from "./claims.ts";

/** Python's separators between the exceptions of one chain. */
const PY_CHAIN = /^(?:During handling of the above exception|The above exception was the direct cause)/;

/**
 * A trace's causes: the exceptions it names as causing another. JVM's `Caused by: X`, JS's
 * `[cause]: X`, each of Python's chain separators (the exception above it caused or was
 * being handled by the one below), each numbered line under anyhow's and eyre's lone
 * `Caused by:`. (`Suppressed:` names an exception that did not cause it; a second trace,
 * not chained to the first, is none either.)
 */
export function causesOf(lines: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\s*(?:Caused by|\[cause\]): \S/.test(l) || PY_CHAIN.test(l)) n++;
    else if (/^\s*Caused by:\s*$/.test(l))
      for (let k = i + 1; k < lines.length && /^\s+\d+: \S/.test(lines[k]!); k++) n++;
  }
  return n;
}

/** `exception and N causes`, `M exceptions and N causes`: the traces printed, the causes they name. */
function traceClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^(?:([\d,]+) exceptions|exception)(?: and ([\d,]+) causes?)?, user frames/.exec(e.kept);
  if (!m) return [];
  return [
    ...claim("kept:trace-exceptions", m[1] ? num(m[1]) : 1, Math.max(1, tracesOf(lines)), e.kept),
    ...claim("kept:trace-causes", m[2] ? num(m[2]) : 0, causesOf(lines), e.kept),
  ];
}

/**
 * A log's traces: each printed stack trace once, its causes and Python's chained
 * tracebacks part of it. A trace opens at Python's `Traceback (most recent call last):`
 * (one after a chain separator goes on with the trace above), at the line above a run of
 * `at` frames but one under a cause (`Caused by:`, `[cause]:`, `Suppressed:`) or a Rust
 * frame, at a Go
 * `panic:` or `fatal error:`, at a Rust thread's `panicked at`.
 */
export function tracesOf(lines: readonly string[]): number {
  let n = 0;
  let chained = false;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (PY_CHAIN.test(l)) chained = true;
    if (/^Traceback \(most recent call last\):/.test(l)) {
      if (!chained) n++;
      chained = false;
      continue;
    }
    if (/^(?:panic|fatal error): |^thread '[^']*'(?: \(\d+\))? panicked at /.test(l)) {
      n++;
      continue;
    }
    // A run of `at` frames opens a trace, but one under a cause, a Rust frame (`  5: f`,
    // its `at` place under it) or `... N more`.
    const prev = lines[i - 1] ?? "";
    if (
      /^\s+at\s+\S/.test(l) &&
      !/^\s+at\s+\S/.test(prev) &&
      !/^\s*(?:Caused by|\[cause\]|Suppressed):|^\s+\d+: \S|^\s+\.\.\. \d+ (?:more|common)/.test(prev)
    )
      n++;
  }
  return n;
}

/** An access log's request and status: `"GET /x HTTP/1.1" 404`. */
const REQUEST_STATUS = /"[A-Z]+ \S+(?: HTTP\/[\d.]+)?" (\d{3}) /;

function logClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const kept = e.compressor === "log" ? e.kept : /^log: /.test(e.kept) ? e.kept : "";
  if (!kept) return [];
  const traces = /([\d,]+) traces?\b/.exec(kept);
  const errors = /([\d,]+) error responses?\b/.exec(kept);
  const statuses = lines.filter((l) => Number(REQUEST_STATUS.exec(l)?.[1] ?? 0) >= 400).length;
  return [
    ...claim("kept:log-traces", traces ? num(traces[1]!) : 0, tracesOf(lines), kept),
    ...claim("kept:log-error-responses", errors ? num(errors[1]!) : 0, statuses, kept),
  ];
}

/**
 * npm ls's problems: each package npm flags (`UNMET DEPENDENCY x@^1`, `x@1 invalid`,
 * `x@1 extraneous`), once however many parents draw it, unmet optional ones not (they
 * are normal); a repeat is a flagged line drawn again after its first.
 */
function npmLsClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const seen = new Set<string>();
  let repeats = 0;
  for (const l of lines) {
    if (/^npm /.test(l)) continue;
    const entry = l.replace(/^[│├└─┬|+`\s-]+(?=\S)/, "");
    const unmet = /^UNMET ((?:OPTIONAL |PEER )?DEPENDENCY) (\S+)/.exec(entry);
    const flagged = /^(\S+@\S*) (?:.* )?(invalid|extraneous)\b/.exec(entry);
    const key = unmet ? `UNMET ${unmet[1]} ${unmet[2]}` : flagged ? `${flagged[2]} ${flagged[1]}` : undefined;
    if (!key) continue;
    if (seen.has(key)) repeats++;
    seen.add(key);
  }
  const problems = [...seen].filter((k) => !k.startsWith("UNMET OPTIONAL")).length;
  const said = /, ([\d,]+) problems?, /.exec(e.kept);
  const rep = /; ([\d,]+) repeats? of a problem shown once\]/.exec(e.text);
  return [
    ...claim("kept:npm-ls-problems", said ? num(said[1]!) : 0, problems, e.kept),
    ...claim("note:npm-ls-repeats", rep ? num(rep[1]!) : 0, repeats, rep?.[0] ?? "(no repeats said)"),
  ];
}

/**
 * A path list's header, `every path of N` or `K of N paths named, every directory`: N the
 * paths, K those the excerpt names (a name after `dir/:`, a path written whole).
 */
function namedClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^(?:every path of ([\d,]+)|([\d,]+) of ([\d,]+) paths named, every directory)$/.exec(e.kept);
  if (!m) return [];
  const paths = lines.map((l) => l.trim()).filter((l) => l !== "" && !/\s/.test(l));
  const all = new Set(paths);
  let named = 0;
  for (const line of e.text.split("\n")) {
    if (line.startsWith("[") || line.trim() === "") continue;
    const g = /^(\S*\/)(?: \([\d,]+ entries\))?: (.*?)(?: \[[\d,]+ more\])?$/.exec(line);
    if (g) named += g[2]!.split(" ").filter(Boolean).length;
    else if (all.has(line.trim())) named++;
  }
  const total = num(m[1] ?? m[3]!);
  return [
    ...claim("kept:paths-total", total, paths.length, e.kept),
    ...claim("kept:paths-named", m[2] ? num(m[2]) : total, named, e.kept),
  ];
}

type Json = unknown;

/**
 * Every array of objects in the document, by its key (`""` at the top), and every object
 * whose values are records of one layout keyed by name (`"page-0-H1": {top, left, …}`, four
 * or more), its values the items.
 */
function arraysOf(doc: Json): Map<string, Record<string, Json>[][]> {
  const out = new Map<string, Record<string, Json>[][]>();
  const walk = (v: Json, key: string) => {
    if (Array.isArray(v)) {
      if (v.length > 0 && v.every(isRecord))
        out.set(key, [...(out.get(key) ?? []), v as Record<string, Json>[]]);
      for (const x of v) walk(x, key);
    } else if (v && typeof v === "object") {
      const values = Object.values(v);
      if (keyedRecords(values)) out.set(key, [...(out.get(key) ?? []), values as Record<string, Json>[]]);
      for (const [k, x] of Object.entries(v)) walk(x, k);
    }
  };
  walk(doc, "");
  return out;
}

const isRecord = (x: Json): boolean => x !== null && typeof x === "object" && !Array.isArray(x);

/** Four or more records of the same keys, each value a scalar: a table keyed by name. */
export function keyedRecords(values: readonly Json[]): boolean {
  if (values.length < 4 || !values.every(isRecord)) return false;
  const keys = Object.keys(values[0] as object).join("\0");
  return values.every(
    (x) =>
      Object.keys(x as object).join("\0") === keys &&
      Object.values(x as object).every((y) => y === null || typeof y !== "object"),
  );
}

/** The items whose text holds a word of four letters or more of `intent`, its ending aside. */
function askedOf(items: readonly Record<string, Json>[], intent: string): number[] {
  const stems = (intent.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((w) =>
    w.replace(/(?:ing|ed|es|s)$/, ""),
  );
  return items.flatMap((x, k) => {
    const text = JSON.stringify(x).toLowerCase();
    return stems.some((w) => text.includes(w)) ? [k] : [];
  });
}

/**
 * json's `[N items in key: the first, and R with a rare F, G]`: what makes a value rare is
 * the kind's (loose); the claim holds as far as it can be read: R items or more hold a
 * value other than the commonest in a field named (a value one item in twenty holds, or a
 * far number) or (`or what was asked for`) a word of the agent's intent; and the header's `K items` are the
 * firsts and the R's of every such note.
 */
function jsonClaims(arrays: ReturnType<typeof arraysOf>, e: Excerpted, intent?: string): Claim[] {
  const out: Claim[] = [];
  let items = 0;
  let notes = 0;
  for (const m of e.text.matchAll(
    /^\[([\d,]+) items?(?: in (.+?))?: the first(?:, and ([\d,]+) with (?:a rare (.+?))?(?: or )?(what was asked for)?)?\]$/gm,
  )) {
    const rare = m[3] ? num(m[3]) : 0;
    items += 1 + rare;
    notes++;
    if (!m[4] && !m[5]) continue;
    const fields = m[4]?.split(", ") ?? [];
    const arr = (arrays.get(m[2] ?? "") ?? []).find((a) => a.length === num(m[1]!));
    if (!arr || (m[5] && intent === undefined)) continue;
    // What was asked for: the items that hold a word of the agent's intent (its stem).
    const odd = new Set<number>(m[5] ? askedOf(arr, intent!) : []);
    for (const f of fields) {
      const path = f.split(".");
      const values = arr.map((x) => JSON.stringify(path.reduce<Json>((v, k) => (v as never)?.[k], x)));
      // A value is off by itself, or (text whose values all differ) by its form, digits aside.
      for (const read of [
        (v: string) => v,
        (v: string) => (v.startsWith('"') ? v.replace(/\d+/g, "0") : v),
      ]) {
        const counts = new Map<string, number>();
        for (const v of values) counts.set(read(v), (counts.get(read(v)) ?? 0) + 1);
        const top = Math.max(...counts.values());
        values.forEach((v, k) => {
          if (counts.get(read(v))! < top) odd.add(k);
        });
      }
    }
    out.push({
      form: m[5] ? "note:json-rare-or-asked" : "note:json-rare",
      ok: rare <= odd.size,
      line: m[0],
      why: `${odd.size} items off the commonest`,
    });
  }
  const kept =
    /^the document's top, ([\d,]+) items(?: \(each array's first(?: and ([\d,]+) with)?| \((those) with)?/.exec(
      e.kept,
    );
  if (!kept) return out;
  out.push(...claim("kept:json-items", num(kept[1]!), items, e.kept));
  // `and R with rare values`: the R's of the notes (`(those with rare values)` said it of all K).
  const rare = kept[3] ? num(kept[1]!) : kept[2] ? num(kept[2]) : 0;
  out.push(...claim("kept:json-rare-items", rare, items - notes, e.kept));
  return out;
}

/**
 * json's re-laid-out arrays (a minified document shown an item a line): under `[N items
 * …]`, a `[K lines omitted]` between two items shown stands for the K items between them
 * in the array (before the first, after the last: those before and after).
 */
function jsonOmittedClaims(arrays: ReturnType<typeof arraysOf>, e: Excerpted): Claim[] {
  if (!/^\[[\d,]+ lines? omitted\]$/m.test(e.text)) return [];
  const out: Claim[] = [];
  let arr: string[] | undefined;
  let prev = -1;
  let pending: { n: number; line: string } | undefined;
  const close = (at: number) => {
    if (pending)
      out.push({
        form: "omission-count",
        ok: pending.n === at - prev - 1,
        line: pending.line,
        why: `${at - prev - 1} items between`,
      });
    pending = undefined;
  };
  for (const line of e.text.split("\n")) {
    const note = /^\[([\d,]+) items?(?: in (\S+))?: the first/.exec(line);
    if (note) {
      if (arr) close(arr.length);
      const found = (arrays.get(note[2] ?? "") ?? []).find((a) => a.length === num(note[1]!));
      arr = found?.map((x) => JSON.stringify(x));
      prev = -1;
      continue;
    }
    if (!arr) continue;
    const gap = /^\[([\d,]+) lines? omitted\]$/.exec(line);
    if (gap) {
      pending = { n: num(gap[1]!), line };
      continue;
    }
    let item: string | undefined;
    try {
      item = JSON.stringify(JSON.parse(line.trim().replace(/,$/, "")));
    } catch {}
    const at = item === undefined ? -1 : arr.indexOf(item, prev + 1);
    if (at >= 0) {
      close(at);
      prev = at;
    } else {
      // The array's end; or a layout of more lines an item, whose omissions count lines: not read here.
      if (/^\s*\],?$/.test(line)) close(arr.length);
      arr = undefined;
      pending = undefined;
    }
  }
  if (arr) close(arr.length);
  return out;
}

/** A word a problem line holds, read loosely: whatever the kind takes for a problem holds one. */
const PROBLEM_WORD =
  /err|fail|fatal|panic|exception|warn|severe|crit|alert|emerg|abnormal|evicted|unhealthy|unmet|not ok|out of memory|core dumped|denied|refused|can ?not|can.t|could ?n.t|unable|not found|no such|invalid|missing|abort|time[ds]? ?out|killed|segfault|segmentation fault|sig(?:segv|abrt|bus|kill|fpe|ill)|crash|unreachable|conflict|reject|deprecat|forbidden|unauthori[sz]ed|violat|undefined|unknown|bad |illegal|broken|mismatch|expected|exceeded|overflow|leak|traceback|\b[45]\d\d\b|✗|✘|×|❌|⚠/i;
/** A line that reports a problem by its first word, whatever else it holds. */
const PROBLEM_LEAD = /^\s*(?:error|fatal|panic|FAIL(?:ED)?|ERROR|FATAL)\b[:!\]]?\s/;

/**
 * generic's `N problem lines`: what reads as a problem is the engine's (its words, less
 * those quoted as source); read loosely here, the count lies between the lines that open
 * with `error:`, `FAIL` … and those that hold a problem's word anywhere.
 */
function problemLineClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^[\d,]+ kinds? of line, ([\d,]+) problem lines?$/.exec(e.kept);
  if (!m) return [];
  const said = num(m[1]!);
  const loose = lines.filter((l) => PROBLEM_WORD.test(l)).length;
  const sure = lines.filter((l) => PROBLEM_LEAD.test(l)).length;
  return [
    {
      form: "kept:problem-lines",
      ok: said <= loose && said >= sure,
      line: e.kept,
      why: `${sure} open with a problem's word, ${loose} hold one`,
    },
  ];
}

/**
 * generic's `N kinds of line`: what a kind is is the templates' (lines alike but for the
 * words that vary); read as a reader takes it, N lies between the lines' different first
 * words (a number, an id or a path read as one word, claims.ts's alike) and their
 * different texts.
 */
function kindClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^([\d,]+) kinds? of line, /.exec(e.kept);
  if (!m) return [];
  const said = num(m[1]!);
  const texts = new Set(lines.filter((l) => l.trim() !== "")).size;
  const firsts = new Set(lines.filter((l) => l.trim() !== "").map((l) => wordsOf(l)[0])).size;
  return [
    {
      form: "kept:line-kinds",
      ok: said >= firsts && said <= Math.max(1, texts),
      line: e.kept,
      why: `${firsts} first words, ${texts} texts`,
    },
  ];
}

/** json's notes, the document parsed once for both readings (none where it does not parse). */
function jsonDocClaims(original: readonly string[], e: Excerpted, intent?: string): Claim[] {
  let doc: Json;
  try {
    doc = JSON.parse(original.join("\n"));
  } catch {
    return [];
  }
  const arrays = arraysOf(doc);
  return [...jsonClaims(arrays, e, intent), ...jsonOmittedClaims(arrays, e)];
}

/** Every count of the forms above the excerpt's kind writes. */
export function noteClaims(lines: readonly string[], e: Excerpted, intent?: string): Claim[] {
  return [
    ...(e.compressor === "trace" ? traceClaims(lines, e) : []),
    ...logClaims(lines, e),
    ...(e.compressor === "npm-ls" ? npmLsClaims(lines, e) : []),
    ...namedClaims(lines, e),
    ...(e.compressor === "json" ? jsonDocClaims(lines, e, intent) : []),
    ...problemLineClaims(lines, e),
    ...kindClaims(lines, e),
  ];
}
