/**
 * Read's notes and header recounted from the file (claim-notes.ts's sibling): the imports
 * note `[N imports, lines A-B: m, m, … K more]`, the lockfile's `[LA-LB: N packages …]`,
 * `[LA-LB: head]` and `[N more packages: …]`, the outline's `N headings`. Line numbers are
 * the file's: a Read from line 520 numbers its first line 520.
 */

import { num } from "./claim-said.ts";
import type { Claim, Excerpted } from "./claims.ts";

/**
 * An import as its language writes it, at the start of a line: `import …`, `from x
 * import …`, `use x;`, `#include`, `require …`, `const x = require(…)`; a line of a
 * statement begun above is not one.
 */
const IMPORT_LINE =
  /^(?:import\b|from\s+\S+\s+import\b|use\s+[\w:{]|#include\b|require\b|(?:const|let|var)\s+[\w${}\s,:]+=\s*require\()/;

/** The imports of lines: one a line, but Go's `import (` block, whose every quoted package is one. */
function importsIn(lines: readonly string[]): number {
  let n = 0;
  let go = false;
  for (const l of lines) {
    if (go) {
      if (/^\s*\)/.test(l)) go = false;
      else if (/^\s*(?:[\w.]+\s+)?"[^"]+"/.test(l)) n++;
    } else if (/^import\s*\(\s*$/.test(l)) go = true;
    else if (IMPORT_LINE.test(l)) n++;
  }
  return n;
}

/**
 * The modules the import lines name, each once: a quoted one (`from "x"`, `require("x")`, Go's
 * block), Python's `from x import` and `import x, y`, `#include <x>`, Rust's `use x::y;`.
 */
function modulesIn(lines: readonly string[]): Set<string> {
  const out = new Set<string>();
  let go = false;
  for (const l of lines) {
    // A re-export (`export { x } from "y"`) imports nothing here; a Go block's lines each one.
    if (/^import\s*\(\s*$/.test(l)) go = true;
    else if (go && /^\s*\)/.test(l)) go = false;
    if (!go && !IMPORT_LINE.test(l) && !/^\}\s*from\s*['"]/.test(l)) continue;
    const py = /^from\s+(\S+)\s+import\b/.exec(l) ?? /^#include\s*[<"]([^>"]+)[>"]/.exec(l);
    // (Java's and Kotlin's end with `;` or not, and may import a class's statics.)
    const plain =
      /^import\s+(?:static\s+)?([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)\s*;?\s*$/.exec(l);
    const use = /^use\s+([^;{\s]+)/.exec(l);
    const quoted = /(?:from\s*|require\(\s*|import\s+|^\s*(?:[\w.]+\s+)?)["']([^"']+)["']/.exec(l);
    if (py) out.add(py[1]!);
    else if (plain) for (const x of plain[1]!.split(",")) out.add(x.trim().split(/\s+/)[0]!);
    else if (use) out.add(use[1]!.replace(/::$/, ""));
    else if (quoted) out.add(quoted[1]!);
  }
  return out;
}

/**
 * `[N imports, lines A-B: names]`: lines A and B are imports (B the last line of one, a
 * `} from "x"`), N import lines stand in A-B, and each name is a module one of them names.
 */
function importsClaims(lines: readonly string[], e: Excerpted, base: number): Claim[] {
  const out: Claim[] = [];
  for (const m of e.text.matchAll(/^\[([\d,]+) imports?, lines (\d+)-(\d+): (.*?)(?:, … (\d+) more)?\]$/gm)) {
    const [a, b] = [Number(m[2]) - base, Number(m[3]) - base];
    const range = lines.slice(a - 1, b);
    const starts = importsIn(range);
    // B ends an import: one of a line, a `} from "x"`, the `)` of a block.
    const ends = (l: string | undefined) =>
      l !== undefined && (IMPORT_LINE.test(l) || /^\}\s*from\s*['"]/.test(l) || /^\s*\)/.test(l));
    out.push({
      form: "note:imports-range",
      ok: a >= 1 && IMPORT_LINE.test(lines[a - 1] ?? "") && ends(lines[b - 1]),
      line: m[0],
      why: `line ${a + base} is ${JSON.stringify(lines[a - 1])}, line ${b + base} ${JSON.stringify(lines[b - 1])}`,
    });
    out.push({
      form: "note:imports-count",
      ok: starts === num(m[1]!),
      line: m[0],
      why: `recounted ${starts}`,
    });
    const names = m[4] === "" ? [] : m[4]!.split(", ");
    const text = range.join("\n");
    if (m[5]) {
      const modules = modulesIn(range);
      out.push({
        form: "note:imports-more",
        ok: names.length + num(m[5]) === modules.size,
        line: m[0],
        why: `${modules.size} modules named`,
      });
    }
    out.push({
      form: "note:imports-names",
      ok: names.length > 0 && names.every((n) => text.includes(n)),
      line: m[0],
      why: names.length === 0 ? "names none" : "a name not in the range",
    });
  }
  return out;
}

const LOCK_KEY = /^\s*"(?:[^"]*\/)?node_modules\/[^"]+": \{$/;

/** The lockfile's notes: the packages' span and count, the head's span, the packages not listed. */
function lockClaims(lines: readonly string[], e: Excerpted, base: number): Claim[] {
  if (!e.kept.startsWith("lockfile: ")) return [];
  const keys = lines.flatMap((l, i) => (LOCK_KEY.test(l) ? [i + 1 + base] : []));
  const out: Claim[] = [];
  const span = /^\[L(\d+)-L(\d+): ([\d,]+) packages? by version/m.exec(e.text);
  if (span)
    out.push({
      form: "note:lock-span",
      ok:
        Number(span[1]) === keys[0] &&
        Number(span[2]) === keys[keys.length - 1] &&
        num(span[3]!) === keys.length,
      line: span[0],
      why: `keys at L${keys[0]}-L${keys[keys.length - 1]}, ${keys.length} of them`,
    });
  const head = /^\[L(\d+)-L(\d+): (?!.* packages? by version)/m.exec(e.text);
  if (head)
    out.push({
      form: "note:lock-head",
      ok: Number(head[1]) === 1 + base && Number(head[2]) === (keys[0] ?? 0) - 1,
      line: head[0],
      why: `first key at L${keys[0]}`,
    });
  // Each path listed after its version once: the packages not listed are the rest.
  const listed = new Set(
    e.text
      .split("\n")
      .flatMap((l) =>
        /^\S+(?: \S+)*?: node_modules\//.test(l)
          ? l.split(" ").filter((w) => w.includes("node_modules/"))
          : [],
      ),
  );
  const more = /^\[([\d,]+) more packages: /m.exec(e.text);
  out.push(
    ...(more || listed.size < keys.length
      ? [
          {
            form: "note:lock-more",
            ok: (more ? num(more[1]!) : 0) === keys.length - listed.size,
            line: more?.[0] ?? e.kept,
            why: `${listed.size} listed of ${keys.length}`,
          },
        ]
      : []),
  );
  return out;
}

/**
 * Markdown's headings: `#`…`######` and a blank, and a line of a paragraph underlined by
 * `===` or `---`; not in a fenced block, an indented one or the front matter, and not an
 * underline under a list item or a table's row (a rule, not a heading).
 */
export function headingsOf(lines: readonly string[]): number {
  let n = 0;
  // The open fence (```` ``` ```` or `~~~`, 3 or more): only a line of its own character, as
  // many or more and set in by 3 blanks at most, closes it.
  let fence = "";
  let from = 0;
  if (/^---\s*$/.test(lines[0] ?? "")) {
    const end = lines.findIndex((l, i) => i > 0 && /^(?:---|\.\.\.)\s*$/.test(l));
    if (end > 0) from = end + 1;
  }
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!;
    const f = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(l);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && f[2]!.trim() === "") fence = "";
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    if (/^ {0,3}#{1,6}(?:\s|$)/.test(l) && /\S/.test(l.replace(/^ *#+/, ""))) n++;
    else if (
      /^ {0,3}(?:=+|-+)\s*$/.test(lines[i + 1] ?? "") &&
      (lines[i + 1] ?? "").trim().length >= 3 &&
      /^ {0,3}\S/.test(l) &&
      !/^ {0,3}(?:[-*+] |\d+[.)] |#|>|\||```|~~~)/.test(l) &&
      !/^ {0,3}(?:=+|-+)\s*$/.test(l)
    )
      n++;
  }
  return n;
}

/** The outline's headings, of a file Read as prose. */
function headingClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^outline: ([\d,]+) headings?$/.exec(e.kept);
  if (!m) return [];
  const n = headingsOf(lines);
  return [{ form: "kept:read-headings", ok: num(m[1]!) === n, line: e.kept, why: `recounted ${n}` }];
}

/**
 * `outline: N top-level statements` (a file in a language the outline knows no declarations
 * of: an SQL schema): each line set at the margin opens one, but a comment (`--`, `#`,
 * `//`, `/*`) and a lone closing bracket.
 */
function statementClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^outline: ([\d,]+) top-level statements?$/.exec(e.kept);
  if (!m) return [];
  const n = lines.filter(
    (l) => /^\S/.test(l) && !/^(?:--|#|\/\/|\/\*|\*)/.test(l) && !/^[)\]}]+[;,]?\s*$/.test(l),
  ).length;
  return [{ form: "kept:read-statements", ok: num(m[1]!) === n, line: e.kept, why: `recounted ${n}` }];
}

/** A declaration at the margin, by its language's keyword (C's and Go's too). */
const TOP_DECL =
  /^(?:export\s+(?:default\s+)?|pub(?:\([\w:]+\))?\s+|declare\s+|abstract\s+|async\s+)*(?:function\*?|class|def|fn|func|type|interface|struct|enum|trait|const|let|var|namespace|module)\s+[\w$]/;

/**
 * `outline: N declarations`: what a declaration is is the outline's (members, overloads,
 * assignments at the top); read as a reader takes it, N lies between the declarations at
 * the margin by a language's keyword (`function f`, `class C`, `def g`, `type T`) and the
 * lines of code (not blank, not a comment).
 */
function declarationClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const m = /^outline: ([\d,]+) declarations?$/.exec(e.kept);
  if (!m) return [];
  const said = num(m[1]!);
  const top = lines.filter((l) => TOP_DECL.test(l)).length;
  const code = lines.filter((l) => l.trim() !== "" && !/^\s*(?:\/\/|#|\/?\*|--)/.test(l)).length;
  return [
    {
      form: "kept:read-declarations",
      ok: said >= top && said <= code,
      line: e.kept,
      why: `${top} at the margin by keyword, ${code} lines of code`,
    },
  ];
}

export function readNoteClaims(lines: readonly string[], e: Excerpted, firstLine: number): Claim[] {
  if (e.compressor !== "read") return [];
  const base = firstLine - 1;
  return [
    ...importsClaims(lines, e, base),
    ...lockClaims(lines, e, base),
    ...headingClaims(lines, e),
    ...statementClaims(lines, e),
    ...declarationClaims(lines, e),
  ];
}
