/**
 * The counts an excerpt's notes and header (`kept`) say, recounted from the original by
 * rules of their own (claims.ts's second half). The forms are those the kinds write
 * (grep `note(`, `plural(` and `` `[${ `` under src/compress); a form no rule here reads is
 * listed in UNCHECKED, so that the report can say which claims go unchecked.
 */

import { noteClaims } from "./claim-notes.ts";
import { readNoteClaims } from "./claim-notes-read.ts";
import { tableClaims } from "./claim-tables.ts";
import type { Claim, Excerpted } from "./claims.ts";

/** Forms written by the kinds that no rule here (nor claim-notes*.ts) recounts, and why. */
export const UNCHECKED: Readonly<Record<string, string>> = {
  "generic: N kinds of line": "kinds are the templates' own grouping; another rule would count others",
  "read: outline: N declarations": "what a declaration is (members, overloads, assignments) is the outline's",
  "table: R rows with rare values": "rare is the kind's: far numbers too, which no note counts",
  "json: … and N with what was asked for": "the agent's intent's words",
  "paths: `prefix  N files` under a grouped directory": "weights",
};

const num = (s: string) => Number(s.replace(/,/g, ""));

/** `N things` in a phrase (`3 errors`, `1 error`), or undefined. */
function countIn(phrase: string, word: string): number | undefined {
  const m = new RegExp(`(?:^|[\\s(,:])([\\d,]+) ${word}s?\\b`).exec(phrase);
  return m ? num(m[1]!) : undefined;
}

function claim(form: string, said: number | undefined, actual: number, line: string): Claim[] {
  if (said === undefined) return [];
  return [{ form, ok: said === actual, line, why: `recounted ${actual}` }];
}

/** grep's matches and files: `path:N:text` are matches, `path-N-text` and `--` context. */
function grepClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const numbered = lines.some((l) => /^\s*[^\s:][^:]*:\d+:/.test(l));
  const files = new Set<string>();
  let matches = 0;
  for (const l of lines) {
    // A linter's report read as grep's (pyright, luacheck) sets its paths in by blanks.
    const m = numbered ? /^\s*([^\s:]+):\d+:/.exec(l) : /^([^\s:][^:]*?):/.exec(l);
    if (!m) continue;
    matches++;
    files.add(m[1]!);
  }
  const out = [
    // A command that searched nothing counts its `path:12:` lines as lines (grep/excerpt.ts).
    ...claim("kept:grep-matches", countIn(e.kept, "(?:match(?:es)?|lines?)"), matches, e.kept),
    ...claim("kept:grep-files", countIn(e.kept, "file"), files.size, e.kept),
  ];
  // The files that matched, listed by directory on top.
  // (`grep -l`: the paths are the lines.)
  const listed =
    files.size > 0 ? [...files] : lines.map((l) => l.trim()).filter((l) => l !== "" && !/\s/.test(l));
  out.push(...dirClaims(listed, e.text));
  // `grep -c`: `path:N`, the files with 0 counted.
  const zero = /^\[(\d+) of (\d+) files with no match\]$/m.exec(e.text);
  if (zero) {
    const counts = lines.filter((l) => /:\d+$/.test(l));
    out.push(...claim("note:grep-zero", num(zero[1]!), counts.filter((l) => /:0$/.test(l)).length, zero[0]));
    out.push(...claim("note:grep-counted", num(zero[2]!), counts.length, zero[0]));
  }
  return out;
}

/** Diagnostics' errors and warnings, by each tool's own form of a diagnostic's first line. */
const DIAGNOSTIC: Readonly<Record<string, { error: RegExp; warning: RegExp }>> = {
  tsc: { error: /\berror TS\d+:/, warning: /\bwarning TS\d+:/ },
  gcc: { error: /:\d+(?::\d+)?: (?:fatal )?error: /, warning: /:\d+(?::\d+)?: warning: / },
  javac: { error: /^\S.*:\d+: error: /, warning: /^\S.*:\d+: warning: / },
  rustc: {
    error: /^error(?:\[E\d+\])?: (?!aborting|could not compile)/,
    warning: /^warning: (?!.*\d+ warnings? emitted|`.*` \(.*\) generated)/,
  },
  // ESLint's stylish format, stylelint's (`✖` an error, `⚠` a warning), and ESLint's one-line
  // formats: compact (`path: line 3, col 12, Error - …`) and unix (`path:5:1: … [Error/no-var]`).
  eslint: {
    error:
      /^\s+\d+:\d+\s+(?:error|✖)\s|^\S.*: line \d+, col \d+, Error - |^\S.*:\d+:\d+: .*\[Error\/[^\]]*\]$/,
    warning:
      /^\s+\d+:\d+\s+(?:warning|⚠)\s|^\S.*: line \d+, col \d+, Warning - |^\S.*:\d+:\d+: .*\[Warning\/[^\]]*\]$/,
  },
};

/**
 * The file an error is in: before its `:line`, `(line,col)` or `: line N, col M` on its line; else rustc's
 * ` --> file:line` under it; else ESLint stylish's path line above its report.
 */
function fileOf(lines: readonly string[], i: number): string {
  const own = /^\s*([^\s:(][^:(]*?)(?:\(\d+,\d+\)|:\d+|: line \d+, col \d+)/.exec(lines[i]!);
  if (own && !/^\s+\d/.test(lines[i]!)) return own[1]!;
  for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
    const at = /^\s*--> (.+?):\d+/.exec(lines[k]!);
    if (at) return at[1]!;
  }
  for (let k = i - 1; k >= 0; k--) if (/^\S+$/.test(lines[k]!) && /[/.]/.test(lines[k]!)) return lines[k]!;
  return "";
}

function compileClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const forms = DIAGNOSTIC[e.compressor];
  if (!forms) return [];
  const errors = lines.filter((l) => forms.error.test(l)).length;
  const warnings = lines.filter((l) => forms.warning.test(l)).length;
  const files = new Set(lines.flatMap((l, i) => (forms.error.test(l) ? [fileOf(lines, i)] : [])));
  // `N errors in M files`, said when M is more than one.
  const inFiles = /errors? in ([\d,]+) files\b/.exec(e.kept);
  return [
    ...(inFiles ? claim(`kept:${e.compressor}-error-files`, num(inFiles[1]!), files.size, e.kept) : []),
    ...claim(`kept:${e.compressor}-errors`, countIn(e.kept, "error"), errors, e.kept),
    ...claim(`kept:${e.compressor}-warnings`, countIn(e.kept, "warning"), warnings, e.kept),
  ];
}

/** A runner's own count of failed tests, where its summary says one. */
const FAILED_SUMMARY: ReadonlyArray<RegExp> = [
  /^\s*Tests\s+(\d+) failed/, // vitest
  /^Tests:\s+(\d+) failed/, // jest
  /^test result: FAILED\. \d+ passed; (\d+) failed/, // cargo
  /^ℹ fail (\d+)/, // node --test
  /^# fail (\d+)/, // node --test (TAP)
];

function testClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const said = countIn(e.kept, "failing test");
  if (said === undefined) return [];
  let total = 0;
  let found = false;
  for (const l of lines) {
    // pytest: a test that errored (at setup) did not pass either: `2 failed, …, 1 error`.
    const py = /^=+ (?:.*?(\d+) failed)?.*?(?:(\d+) errors?)? in [\d.]+s/.exec(l);
    if (e.compressor === "pytest" && py && (py[1] || py[2])) {
      total += Number(py[1] ?? 0) + Number(py[2] ?? 0);
      found = true;
      continue;
    }
    for (const re of FAILED_SUMMARY) {
      const m = re.exec(l);
      if (m) {
        total += Number(m[1]);
        found = true;
        break;
      }
    }
  }
  // go test: each failed test's own `--- FAIL:` line.
  if (!found && e.compressor === "go-test") {
    total = lines.filter((l) => /^\s*--- FAIL: /.test(l)).length;
    found = total > 0;
  }
  return found ? claim(`kept:${e.compressor}-failing`, said, total, e.kept) : [];
}

/** git diff: files, added and removed lines. */
function diffClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^\[([\d,]+) files? changed, \+([\d,]+) -([\d,]+):/m.exec(e.text);
  const files = lines.filter((l) => l.startsWith("diff --git ")).length;
  const out = claim("kept:diff-files", countIn(e.kept, "file"), files, e.kept);
  if (!m) return out;
  let added = 0;
  let removed = 0;
  let inHunk = false;
  for (const l of lines) {
    if (l.startsWith("diff --git ")) inHunk = false;
    else if (l.startsWith("@@")) inHunk = true;
    else if (inHunk && l.startsWith("+")) added++;
    else if (inHunk && l.startsWith("-")) removed++;
  }
  out.push(...claim("note:diff-files", num(m[1]!), files, m[0]));
  out.push(...claim("note:diff-added", num(m[2]!), added, m[0]));
  out.push(...claim("note:diff-removed", num(m[3]!), removed, m[0]));
  out.push(...changedShownClaims(lines, e));
  return out;
}

/**
 * A diff's or a log's patches: "K of M changed lines shown" (M every `+`/`-` line of a
 * hunk, K those the excerpt shows whole, counted as a multiset of texts, an alike line's
 * count suffix set aside), and "every changed line" with no clause of edits shown once
 * holds each of them.
 */
function changedShownClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const counted = /(?:: |patches: )([\d,]+) of ([\d,]+) changed lines shown/m.exec(e.text);
  const every = /(?:: |patches: )every changed line(, each edit made)?/m.exec(e.text);
  if (!counted && !(every && every[1] === undefined)) return [];
  const changed = new Map<string, number>();
  let total = 0;
  let inHunk = false;
  for (const l of lines) {
    if (/^(?:diff --git |commit [0-9a-f]{7,})/.test(l)) inHunk = false;
    else if (l.startsWith("@@")) inHunk = true;
    else if (inHunk && /^[-+]/.test(l)) {
      total++;
      changed.set(l, (changed.get(l) ?? 0) + 1);
    }
  }
  const shownTimes = new Map<string, number>();
  for (const raw of e.text.split("\n")) {
    let l = raw.replace(/ {2}\[×\d+ like this, lines \d+-\d+\]$/, "");
    // A line too long to show whole is shown cut (framing.ts): `<start> … [+N chars]`.
    const cut = / … \[\+(\d+) chars\]$/.exec(l);
    if (cut) {
      const head = l.slice(0, cut.index);
      const size = head.length + Number(cut[1]);
      l = [...changed.keys()].find((c) => c.length === size && c.startsWith(head)) ?? l;
    }
    if (changed.has(l)) shownTimes.set(l, (shownTimes.get(l) ?? 0) + 1);
  }
  let shown = 0;
  for (const [l, n] of changed) shown += Math.min(n, shownTimes.get(l) ?? 0);
  if (counted)
    return [
      ...claim("note:changed-total", num(counted[2]!), total, counted[0]),
      ...claim("note:changed-shown", num(counted[1]!), shown, counted[0]),
    ];
  return claim("note:changed-every", total, shown, every![0]);
}

/** git log: commits and authors. */
function logClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const commits = lines.filter((l) => /^commit [0-9a-f]{7,}/.test(l)).length;
  const authors = new Set(lines.filter((l) => l.startsWith("Author:")).map((l) => l.slice(7).trim()));
  if (commits === 0) return [];
  const text = `${e.kept}\n${e.text.split("\n")[0]}`;
  return [
    ...claim("kept:log-commits", countIn(text, "commit"), commits, e.kept),
    ...(authors.size > 0 ? claim("kept:log-authors", countIn(text, "author"), authors.size, e.kept) : []),
    ...changedShownClaims(lines, e),
  ];
}

const dirOf = (p: string) => {
  const clean = p.length > 1 ? p.replace(/\/+$/, "") : p;
  return clean.slice(0, clean.lastIndexOf("/") + 1);
};

/** The counts of directory lines (`dir/ (N entries): names [M more]`, `dir/ (N paths)`) over `paths`. */
function dirClaims(paths: readonly string[], text: string): Claim[] {
  const out: Claim[] = [];
  const whole = new Set(text.split("\n"));
  for (const line of text.split("\n")) {
    const counted = /^(\S*\/) \(([\d,]+) entries\)(?::|$)/.exec(line);
    if (counted)
      out.push(
        ...claim(
          "note:dir-entries",
          num(counted[2]!),
          paths.filter((p) => dirOf(p) === counted[1]).length,
          line,
        ),
      );
    const under = /^(\S*\/) \(([\d,]+) paths?\)$/.exec(line);
    if (under)
      out.push(
        // Under `[N more paths:]`: the paths under it not written whole above.
        ...claim(
          "note:dir-paths",
          num(under[2]!),
          paths.filter((p) => p.startsWith(under[1]!) && !whole.has(p)).length,
          line,
        ),
      );
    const g = /^(\S*\/)(?: \([\d,]+ entries\))?: (.*) \[([\d,]+) more\]$/.exec(line);
    if (!g) continue;
    const named = g[2]!.split(" ").length;
    out.push(
      ...claim("note:dir-more", named + num(g[3]!), paths.filter((p) => dirOf(p) === g[1]).length, line),
    );
  }
  return out;
}

/** A path list's `[N paths in M directories: …]` and its groups' `[N more]`. */
function pathListClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^\[([\d,]+) paths in ([\d,]+) director(?:y|ies): /m.exec(e.text);
  if (!m) return [];
  const paths = lines.map((l) => l.trim()).filter((l) => l !== "" && !/\s/.test(l));
  const dirs = new Set(paths.map(dirOf));
  const out = [
    ...claim("note:paths", num(m[1]!), paths.length, m[0]),
    ...claim("note:dirs", num(m[2]!), dirs.size, m[0]),
  ];
  out.push(...dirClaims(paths, e.text));
  return out;
}

/** json's `[N items in key: …]`: an array of N items under that key. */
function jsonClaims(original: readonly string[], e: Excerpted): Claim[] {
  let doc: unknown;
  try {
    doc = JSON.parse(original.join("\n"));
  } catch {
    return [];
  }
  const lengths = new Map<string, number[]>();
  const walk = (v: unknown, key: string) => {
    if (Array.isArray(v)) {
      lengths.set(key, [...(lengths.get(key) ?? []), v.length]);
      for (const x of v) walk(x, key);
    } else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(doc, "");
  const out: Claim[] = [];
  for (const m of e.text.matchAll(/^\[([\d,]+) items?(?: in (\S+))?: the first/gm))
    out.push({
      form: "note:json-items",
      ok: (lengths.get(m[2] ?? "") ?? []).includes(num(m[1]!)),
      line: m[0],
      why: `arrays there: ${lengths.get(m[2] ?? "")}`,
    });
  return out;
}

/** Group lines: each name written after `dir/:` or `version:` is one the original holds there. */
function groupClaims(original: readonly string[], unplaced: readonly string[]): Claim[] {
  const text = original.join("\n");
  const out: Claim[] = [];
  for (const line of unplaced) {
    const g = /^(\S+): (.+?)(?: \[[\d,]+ more\])?$/.exec(line);
    if (!g || line.startsWith("[")) continue;
    const prefix = g[1]!;
    const names = [...g[2]!.matchAll(/'[^']*'|"[^"]*"|\S+/g)].map((x) =>
      x[0].replace(/^(['"])(.*)\1$/, "$2"),
    );
    const isDir = prefix.endsWith("/");
    const isVersion = /^\d+\.\d+/.test(prefix) || /^UNMET /.test(prefix);
    if (!isDir && !isVersion) continue;
    for (const name of names) {
      const ok = isDir
        ? text.includes(prefix + name) ||
          original.some((l) => l.includes(prefix.slice(0, -1)) && l.includes(name)) ||
          original.some((l) => l.split(/\s+/).includes(name))
        : original.some(
            (l, i) => l.includes(name) && original.slice(i, i + 12).some((v) => v.includes(prefix)),
          );
      out.push({ form: isDir ? "group:dir" : "group:version", ok, line: `${prefix}: ${name}` });
    }
  }
  return out;
}

/** ls: `N directories, names of M entries`: `dir:` headers (one when none), and the lines of entries. */
function listingClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^([\d,]+) director(?:y|ies), names of ([\d,]+) entr(?:y|ies)$/.exec(e.kept);
  if (!m) return [];
  const headers = lines.filter((l) => /^\S.*:$/.test(l) && !/^total \d/.test(l)).length;
  const entries = lines.filter((l) => l.trim() !== "" && !/^\S.*:$/.test(l) && !/^total \d/.test(l));
  // ls -l's entries, with their . and .. where listed.
  const long = entries.filter((l) => /^[-dlcbpsD][rwxsStT-]{9}/.test(l)).length;
  return [
    ...claim("kept:listing-dirs", num(m[1]!), Math.max(1, headers), e.kept),
    ...claim("kept:listing-entries", num(m[2]!), long > 0 ? long : entries.length, e.kept),
  ];
}

/** A lockfile's packages: the keys of `packages` but the project's own (`""`). */
function lockfileClaims(original: readonly string[], e: Excerpted): Claim[] {
  const m = /of ([\d,]+) packages? with versions/.exec(e.kept);
  if (!m) return [];
  try {
    const doc = JSON.parse(original.join("\n")) as { packages?: Record<string, unknown> };
    const n = Object.keys(doc.packages ?? {}).filter((k) => k !== "").length;
    return claim("kept:lockfile-packages", num(m[1]!), n, e.kept);
  } catch {
    return [];
  }
}

/** npm ls: its top-level packages, the lines drawn at the tree's first level. */
function npmLsClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const top = lines.filter((l) => /^[├└][─┬]{2} |^[+`]-[-┬] /.test(l)).length;
  return claim("kept:npm-ls-top", countIn(e.kept, "top-level package"), top, e.kept);
}

/** Every count the excerpt's notes and header say that a rule here can recount. */
export function countClaims(
  lines: readonly string[],
  e: Excerpted,
  unplaced: readonly string[],
  firstLine = 1,
): Claim[] {
  return [
    ...noteClaims(lines, e),
    ...readNoteClaims(lines, e, firstLine),
    ...groupClaims(lines, unplaced),
    ...(e.compressor === "grep" ? grepClaims(lines, e) : []),
    ...compileClaims(lines, e),
    ...testClaims(lines, e),
    ...(e.compressor === "git-diff" ? diffClaims(lines, e) : []),
    ...(e.compressor === "git-log" ? logClaims(lines, e) : []),
    ...pathListClaims(lines, e),
    ...(e.compressor === "json" ? jsonClaims(lines, e) : []),
    // A table read by Read (a CSV file) says the same.
    ...(e.compressor === "table" || e.kept.startsWith("header, ") ? tableClaims(lines, e) : []),
    ...(e.compressor === "listing" ? listingClaims(lines, e) : []),
    ...(e.compressor === "read" ? lockfileClaims(lines, e) : []),
    ...(e.compressor === "npm-ls" ? npmLsClaims(lines, e) : []),
  ];
}
