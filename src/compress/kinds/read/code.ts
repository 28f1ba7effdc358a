/**
 * The outline of a source file read whole: every top-level declaration with its line
 * (types before functions before variables, exported first), a namespace's members,
 * re-exports and export lists (their names are the module's API), then class members
 * as the budget allows. Imports are summed up in one note. Pure.
 */

import { FN_DECL, TYPE_DECL } from "../../excerpt/declarations.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { plural } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import { indentOf } from "../../excerpt/signals.ts";
import { memberOf, type TypeBodies, typeBodies, typedMember } from "./type-bodies.ts";

const IMPORT =
  /^(?:import\b|from\s+\S+\s+import\b|use\s+[\w:{]|#include\b|require\b|(?:const|let|var)\s+[\w${}\s,:]+=\s*require\()/;
/** `export { a, b as c } from "x"`, `export * from "x"`, `export * as ns from "x"`: names the module exports. */
const RE_EXPORT = /^export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s+from\b/;
const VAR_DECL =
  /^(?:export\s+)?(?:declare\s+)?(?:const|let|var|static|val|pub\s+(?:const|static))\s+[\w${[]/;
/** `NAME = value`, `name: Type = value`, `NAME=value` at the top level (not `==`, not a property's `a.b = c`). */
const TOP_ASSIGN = /^[A-Za-z_]\w*\s*(?::\s*[\w.[\], |"']+\s*)?=(?![=>~])/;
/** A function assigned to a property at the top level: `Runner.prototype.run = function (fn) {`, `api.get = async (req) => {`. */
const MEMBER_FN =
  /^[A-Za-z_$][\w$]*(?:\.[\w$]+)+\s*=\s*(?:async\s+)?(?:function\b|\([^()]*\)\s*=>|[\w$]+\s*=>)/;
const EXPORT_OTHER = /^export\s+(?:default\b|\{|\*)/;
const NAMESPACE = /^(?:export\s+)?(?:declare\s+)?(?:namespace|module)\s+[\w$."'@/:-]+\s*\{\s*$/;
const CJS_EXPORT = /^(?:module\.)?exports(?:\.[\w$]+|\[[^\]]+\])?\s*=[^=]/;
/**
 * A C-like function definition at the top level: "type name(args) {". Its return type may
 * be wrapped by a macro that marks the library's API (`CJSON_PUBLIC(char *) cJSON_Print(`,
 * `PHP_API(int) f(`): the macro's call stands for the type.
 */
const C_FN =
  /^(?:[A-Za-z_]\w*\([\w\s*&:<>,]*\)[\s*&]+(?:[\w\s*&:<>,]*[\s*&])?|[A-Za-z_][\w\s*&:<>,]*\b)[A-Za-z_]\w*\s*\([^;]*\)\s*(?:const\s*)?\{?\s*$/;
const MEMBER =
  /^\s+(?:(?:public|private|protected|static|readonly|async|override|abstract|get|set|pub(?:\([\w:]+\))?|final|virtual|inline|def|fn|func|function)\s+)*[*#]?[\w$]+[?!]?\s*(?:<[^>]*>)?\s*[(:=]/;
/**
 * Statements, `default:` and labels (`loop: while (…)`) look like members but declare
 * nothing; `delete(key) {` is a method named like an operator.
 */
const NOT_MEMBER =
  /^\s+(?:if|for|while|switch|return|catch|else|do|try|throw|case|let|const|var)\b|^\s+(?:default|await|yield|new|delete|typeof)\b(?!\()|^\s+[\w$.]+\s*\(.*\);?\s*$|^\s+[\w$]+:\s*(?:while|for|do)\b/;
/**
 * A function's name with what qualifies it (Lua's `Parser:error`, `utils.assert_arg`): two
 * methods of one table are two functions, not overloads of one.
 */
const FN_NAME =
  /^\s*(?:export\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|def|fn|func)\s+([\w$]+(?:[.:][\w$]+)*)/;

export function moduleOf(line: string): string | undefined {
  const m =
    /(?:\bfrom|require\()\s*['"]([^'"]+)['"]/.exec(line) ??
    /^import\s+['"]([^'"]+)['"]/.exec(line) ??
    // (`import type {` opens a TypeScript import whose module its closing line names: no module `type`.)
    /^(?:from|import|use)\s+(?!type\s*\{)([\w.:]+)/.exec(line) ??
    /#include\s*[<"]([^>"]+)/.exec(line);
  return m?.[1];
}

/** What the scan carries from line to line. */
interface Scan {
  inBlockComment: boolean;
  inExportList: boolean;
  inNamespace: boolean;
  /** The class, interface, struct… bodies the scan is in (type-bodies.ts). */
  readonly bodies: TypeBodies;
  imports: number;
  /** The block of imports the scan is in: Go's `import (`, Python's `from x import (`. */
  importBlock: "" | "go" | "py";
  firstImport: number;
  lastImport: number;
  readonly modules: string[];
  readonly seenNames: Set<string>;
}

/**
 * The outline's picks (and the imports note): how many declarations it found, and where
 * the imports begin (the note names them, so the file's head need not show them).
 */
export function codePicks(
  doc: Doc,
  picks: Pick[],
  notes: Note[],
  wide: Set<number>,
): { decls: number; firstImport: number } {
  const { lines } = doc;
  const scan: Scan = {
    inBlockComment: false,
    inExportList: false,
    inNamespace: false,
    bodies: typeBodies(),
    imports: 0,
    importBlock: "",
    firstImport: -1,
    lastImport: -1,
    modules: [],
    seenNames: new Set(),
  };
  let decls = 0;
  // A region read from inside a block (a module's body, a class's): its least indented
  // lines are its top level.
  const base = baseIndent(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = base > 0 ? lines[i]!.slice(Math.min(base, indentOf(lines[i]!))) : lines[i]!;
    if (line.length > 2000 || skipped(line, scan)) continue;
    const prio = lineIsImport(line, i, scan) ? -1 : prioOf(line, i, scan, picks, wide);
    if (prio < 0) continue;
    // Decorators right above a declaration belong to it.
    let from = i;
    while (from > 0 && /^\s*@\w/.test(lines[from - 1]!)) from--;
    picks.push({ from, to: i, prio, split: "tail" });
    decls++;
  }
  if (scan.imports > 0) notes.push(importsNote(doc, scan));
  return { decls, firstImport: scan.firstImport };
}

/** The least indentation of the lines that hold code (0 for a file read from its start). */
function baseIndent(lines: readonly string[]): number {
  let base = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const t = line.trimStart();
    if (t === "" || t.startsWith("*") || t.startsWith("//") || t.startsWith("#")) continue;
    base = Math.min(base, line.length - t.length);
    if (base === 0) return 0;
  }
  return Number.isFinite(base) ? base : 0;
}

/** Comments and blank lines say nothing the outline needs. */
function skipped(line: string, scan: Scan): boolean {
  const trimmed = line.trimStart();
  if (scan.inBlockComment) {
    if (line.includes("*/")) scan.inBlockComment = false;
    return true;
  }
  if (trimmed.startsWith("/*")) {
    if (!line.includes("*/")) scan.inBlockComment = true;
    return true;
  }
  return trimmed === "" || trimmed.startsWith("//") || trimmed.startsWith("#!") || trimmed.startsWith("* ");
}

function addModule(scan: Scan, line: string): void {
  const name = moduleOf(line);
  if (name && !scan.modules.includes(name)) scan.modules.push(name);
}

/** An import line (or the closing line of a multi-line import): counted, its module named. */
function lineIsImport(line: string, i: number, scan: Scan): boolean {
  if (scan.importBlock) {
    // Go's `import (` block names a package a line, each an import; Python's `from x
    // import (` block names what one import takes. The block's `)` ends the imports' lines.
    const go = scan.importBlock === "go" ? /^\s*(?:[\w.]+\s+)?"([^"]+)"/.exec(line) : null;
    if (go) {
      scan.imports++;
      if (!scan.modules.includes(go[1]!)) scan.modules.push(go[1]!);
    }
    scan.lastImport = i;
    if (/^\s*\)/.test(line)) scan.importBlock = "";
    return true;
  }
  if (line !== line.trimStart()) return false;
  if (IMPORT.test(line)) {
    const block = /^import\s*\($/.test(line.trimEnd())
      ? "go"
      : /^from\s.*\($/.test(line.trimEnd())
        ? "py"
        : "";
    if (block !== "go") scan.imports++;
    scan.importBlock = block;
    if (scan.firstImport < 0) scan.firstImport = i;
    scan.lastImport = i;
    addModule(scan, line);
    return true;
  }
  // The closing line of a multi-line import names its module (a re-export's closing line is API).
  if (/^\}\s*from\s*['"]/.test(line) && !scan.inExportList) {
    addModule(scan, line);
    scan.lastImport = i;
    return true;
  }
  return false;
}

/** The line's priority in the outline, or -1 when it is not a declaration. */
function prioOf(line: string, i: number, scan: Scan, picks: Pick[], wide: Set<number>): number {
  const trimmed = line.trimStart();
  const top = line === trimmed;
  // An export list spread over lines (`export {` … `}`): each name in it is API.
  if (scan.inExportList) {
    picks.push({ from: i, to: i, prio: MUST + 1 });
    wide.add(i);
    if (line.includes("}")) scan.inExportList = false;
    return -1;
  }
  if (top && /^export\s+(?:type\s+)?\{[^}]*$/.test(line)) scan.inExportList = true;
  // A namespace or module block: its members are the module's API too.
  if (top && NAMESPACE.test(line)) scan.inNamespace = true;
  else if (top && /^\}/.test(line)) scan.inNamespace = false;
  const member = memberOf(scan.bodies, line, trimmed);
  if (top) {
    const prio = topPrio(line);
    if (prio < 0) return -1;
    if (prio === 70) {
      // A list of exported names is kept whole however long: every name in it is API. The
      // file's own list (a .d.ts ends with one) names everything it exports: it goes first.
      wide.add(i);
      return RE_EXPORT.test(line) ? MUST + 5 : MUST + 6;
    }
    return overload(line, scan, MUST + (prio - 70) / 5);
  }
  const declared = TYPE_DECL.test(trimmed) || FN_DECL.test(trimmed) || VAR_DECL.test(trimmed);
  // A declaration inside a namespace or module block (nested ones too) is its API, and so
  // is every name in its export list.
  if (scan.inNamespace && declared) return overload(line, scan, MUST);
  if (scan.inNamespace && /^export\s+(?:type\s+)?\{/.test(trimmed)) {
    wide.add(i);
    return MUST + 5;
  }
  // A typed language's member names its type first (`public V get(Object key) {`); a type
  // declared inside a type (`static class Node<K,V> implements Map.Entry<K,V> {`) is one too.
  if (member >= 0 && (typedMember(line) || TYPE_DECL.test(trimmed))) return member === 0 ? MUST : 60;
  if (!MEMBER.test(line) || NOT_MEMBER.test(line)) return -1;
  const depth = line.length - trimmed.length;
  const firstLevel = line.startsWith("\t") ? depth === 1 : depth <= 4;
  // A class's, interface's or namespace's own members are declarations like the top
  // level's: its API.
  // A top-level type's members are the file's substance; those of a type inside a
  // namespace come after the namespace's own declarations, as the budget allows.
  if (member === 0 || (firstLevel && scan.inNamespace)) return MUST;
  if (member > 0) return 60;
  // Deeper in, only a nested function is one (`type: this.type,` is an object literal's
  // entry); one level in, outside a type, `x = y` and `x === y` are statements. An object
  // literal's entries one level in stay: `__export(exports, { DAY: () => DAY, … })` names the API.
  const fn = /^\s+(?:async\s+)?(?:def|fn|func|function)\s/.test(line);
  if (!firstLevel && !fn) return -1;
  // (Go's `x := y` is such a statement: a function's local, no declaration of the file's.)
  if (/^\s+[\w$]+\s*:?=/.test(line)) return -1;
  return (firstLevel ? 60 : 35) + (fn ? 4 : 0);
}

/**
 * A top-level line's kind, as a priority from 70 (export lists) to 98 (exported types),
 * or -1. Every top-level declaration is the file's substance; the order of kinds decides
 * which go first when even substance must be cut.
 */
function topPrio(line: string): number {
  // Exports are the module's API; ambient `declare var` in a .d.ts is API too.
  const exported = /^(?:export|pub)\b/.test(line) ? 8 : 0;
  if (RE_EXPORT.test(line) || /^export\s+(?:type\s+)?(?:\{|\*)/.test(line)) return 70;
  if (TYPE_DECL.test(line)) return 90 + exported;
  if (FN_DECL.test(line)) return 86 + exported;
  // A method defined by assignment (JavaScript before classes) is a function declaration.
  if (MEMBER_FN.test(line) && !CJS_EXPORT.test(line)) return 86;
  if (VAR_DECL.test(line)) return (/^declare\s/.test(line) ? 85 : 80) + exported;
  // A language without a keyword for it (Python, Ruby, shell, make) declares a module's
  // variable by assigning it at the top level: `MAX_QUERY_TIMEOUT_SECONDS = 180`.
  if (TOP_ASSIGN.test(line)) return 80;
  if (EXPORT_OTHER.test(line)) return 78;
  // CommonJS: `exports.encode = encode;`, `module.exports = {…}` name the API.
  if (CJS_EXPORT.test(line)) return 88;
  if (C_FN.test(line) && !/^(?:return|else|if|for|while)\b/.test(line)) return 84;
  return -1;
}

/** Overloads: the first signature speaks for the rest. */
/**
 * A function's first declaration is API; its other overloads come as the room allows, but
 * the first one written whole on one line (`function f(a: A): R;`) shows how it is called.
 */
function overload(line: string, scan: Scan, prio: number): number {
  const fn = FN_NAME.exec(line);
  if (!fn) return prio;
  const name = fn[1]!;
  const seen = scan.seenNames.has(name);
  scan.seenNames.add(name);
  if (!seen) {
    if (WHOLE_SIGNATURE.test(line)) scan.seenNames.add(`${name}()`);
    return prio;
  }
  if (WHOLE_SIGNATURE.test(line) && !scan.seenNames.has(`${name}()`)) {
    scan.seenNames.add(`${name}()`);
    return prio;
  }
  return 60;
}

/** A declaration whose parameters and result stand on its one line. */
const WHOLE_SIGNATURE = /\(.*\)\s*(?::[^;{]+)?[;{]\s*$/;

function importsNote(doc: Doc, scan: Scan): Note {
  const names = scan.modules.slice(0, 6).join(", ");
  const more = scan.modules.length > 6 ? `, … ${scan.modules.length - 6} more` : "";
  const from = doc.starts[scan.firstImport];
  const to = doc.starts[scan.lastImport];
  return {
    at: scan.firstImport,
    text: `[${plural(scan.imports, "import")}, lines ${from}-${to}: ${names}${more}]`,
    prio: MUST + 6,
  };
}
