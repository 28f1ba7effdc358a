/**
 * Read results (raw file text): an outline where every kept line carries its line
 * number as `L<n>: `, so the agent can Read the right offset. Code: imports summed up,
 * top-level declarations (types before functions before variables, exported first),
 * then class members. Prose: headings. JSON and other data: the shallow keys. Always
 * the beginning of the file, and the requested region (offset/limit) in full if it fits.
 */

import { docOf, plural } from "./common.ts";
import type { Doc } from "./doc.ts";
import { sampleOf } from "./doc.ts";
import { logPicks, logs } from "./logs.ts";
import { MUST, type Note, type Pick, pack, substanceCap } from "./pack.ts";
import { tablePicks } from "./tables.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

type Flavour = "code" | "prose" | "data" | "json" | "minified" | "text";

const CODE_EXT =
  /\.(?:[cm]?[jt]sx?|py|pyi|rb|rs|go|java|kt|kts|scala|swift|cs|fs|c|h|cc|cpp|cxx|hpp|hh|m|mm|php|lua|pl|pm|sh|bash|zsh|ex|exs|erl|hs|ml|clj|dart|vue|svelte|sql|zig|nim|r|jl)$/i;
const PROSE_EXT =
  /\.(?:md|markdown|mdx|rst|adoc|txt|org|tex)$|(?:^|\/)(?:README|CHANGELOG|LICENSE|NOTICE|CONTRIBUTING|HISTORY)[^/]*$/i;
const DATA_EXT = /\.(?:ya?ml|toml|ini|cfg|conf|properties|env|xml|plist|csv|tsv)$/i;
const JSON_EXT = /\.(?:json|jsonc|json5|lock|webmanifest|map)$/i;

function flavourOf(doc: Doc, path: string | undefined): Flavour {
  const { lines } = doc;
  let long = 0;
  for (let i = 0; i < Math.min(lines.length, 5); i++) if (lines[i]!.length > 1000) long++;
  if (long > 0 && lines.length < 50) return "minified";
  if (path) {
    if (JSON_EXT.test(path)) return "json";
    if (CODE_EXT.test(path)) return "code";
    if (PROSE_EXT.test(path)) return "prose";
    if (DATA_EXT.test(path)) return "data";
  }
  const head = lines.slice(0, 200).join("\n");
  if (/^\s*[[{]/.test(head)) return "json";
  if (/^#{1,6} \S/m.test(head)) return "prose";
  if (/^(?:import|export|def|class|function|fn|func|package|#include|use)\b/m.test(head)) return "code";
  return "text";
}

const IMPORT =
  /^(?:import\b|from\s+\S+\s+import\b|use\s+[\w:{]|#include\b|require\b|(?:const|let|var)\s+[\w${}\s,:]+=\s*require\()|^export\s+(?:\*|\{[^}]*\})\s+from\b/;
const TYPE_DECL =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:public\s+|private\s+|protected\s+)?(?:static\s+)?(?:final\s+)?(?:sealed\s+)?(?:data\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:class|interface|type|enum|struct|trait|impl|union|namespace|module|record|object|protocol|typedef)\b/;
const FN_DECL =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"C"\s+)?(?:function\*?|def|fn|func|sub|proc|fun|macro_rules!)\s*[\w$(<]/;
const VAR_DECL =
  /^(?:export\s+)?(?:declare\s+)?(?:const|let|var|static|val|pub\s+(?:const|static))\s+[\w${[]/;
const EXPORT_OTHER = /^export\s+(?:default\b|\{|\*)/;
const NAMESPACE = /^(?:export\s+)?(?:declare\s+)?(?:namespace|module)\s+[\w$."'@/:-]+\s*\{\s*$/;
const CJS_EXPORT = /^(?:module\.)?exports(?:\.[\w$]+|\[[^\]]+\])?\s*=[^=]/;
/** A C-like function definition at the top level: "type name(args) {" or "name(args)". */
const C_FN = /^[A-Za-z_][\w\s*&:<>,]*\b[A-Za-z_]\w*\s*\([^;]*\)\s*(?:const\s*)?\{?\s*$/;
const MEMBER =
  /^\s+(?:(?:public|private|protected|static|readonly|async|override|abstract|get|set|pub(?:\([\w:]+\))?|final|virtual|inline|def|fn|func|function)\s+)*[*#]?[\w$]+[?!]?\s*(?:<[^>]*>)?\s*[(:=]/;
const NOT_MEMBER =
  /^\s+(?:if|for|while|switch|return|catch|else|do|try|throw|case|await|yield|new|delete|typeof|let|const|var)\b|^\s+[\w$.]+\s*\(.*\);?\s*$/;
const HEADING = /^(#{1,6})\s+\S/;

function moduleOf(line: string): string | undefined {
  const m =
    /(?:\bfrom|require\()\s*['"]([^'"]+)['"]/.exec(line) ??
    /^import\s+['"]([^'"]+)['"]/.exec(line) ??
    /^(?:from|import|use)\s+([\w.:]+)/.exec(line) ??
    /#include\s*[<"]([^>"]+)/.exec(line);
  return m?.[1];
}

function codePicks(doc: Doc, picks: Pick[], notes: Note[]): number {
  const { lines } = doc;
  let imports = 0;
  let firstImport = -1;
  let lastImport = -1;
  const modules: string[] = [];
  let decls = 0;
  const seenNames = new Set<string>();
  let inBlockComment = false;
  let inExportList = false;
  let inNamespace = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000) continue;
    const trimmed = line.trimStart();
    if (inBlockComment) {
      if (line.includes("*/")) inBlockComment = false;
      continue;
    }
    if (trimmed.startsWith("/*")) {
      if (!line.includes("*/")) inBlockComment = true;
      continue;
    }
    if (trimmed === "" || trimmed.startsWith("//") || trimmed.startsWith("#!") || trimmed.startsWith("* "))
      continue;
    const top = line === trimmed;
    if (top && IMPORT.test(line)) {
      imports++;
      if (firstImport < 0) firstImport = i;
      lastImport = i;
      const name = moduleOf(line);
      if (name && !modules.includes(name)) modules.push(name);
      continue;
    }
    // The closing line of a multi-line import names its module.
    if (top && /^\}\s*from\s*['"]/.test(line)) {
      const name = moduleOf(line);
      if (name && !modules.includes(name)) modules.push(name);
      lastImport = i;
      continue;
    }
    // An export list spread over lines (`export {` … `}`): each name in it is API.
    if (inExportList) {
      picks.push({ from: i, to: i, prio: MUST + 1 });
      if (line.includes("}")) inExportList = false;
      continue;
    }
    if (top && /^export\s+(?:type\s+)?\{[^}]*$/.test(line)) inExportList = true;
    // A namespace or module block: its members are the module's API too.
    if (top && NAMESPACE.test(line)) inNamespace = true;
    else if (top && /^\}/.test(line)) inNamespace = false;
    let prio = -1;
    if (top) {
      // Exports are the module's API; ambient `declare var` in a .d.ts is API too.
      const exported = /^(?:export|pub)\b/.test(line) ? 8 : 0;
      if (/^export\s+(?:type\s+)?(?:\{|\*)/.test(line)) prio = 70;
      else if (TYPE_DECL.test(line)) prio = 90 + exported;
      else if (FN_DECL.test(line)) prio = 86 + exported;
      else if (VAR_DECL.test(line)) prio = (/^declare\s/.test(line) ? 85 : 80) + exported;
      else if (EXPORT_OTHER.test(line)) prio = 78;
      // CommonJS: `exports.encode = encode;`, `module.exports = {…}` name the API.
      else if (CJS_EXPORT.test(line)) prio = 88;
      else if (C_FN.test(line) && !/^(?:return|else|if|for|while)\b/.test(line)) prio = 84;
      else if (/^@\w/.test(line)) continue;
    } else if (inNamespace && (TYPE_DECL.test(trimmed) || FN_DECL.test(trimmed) || VAR_DECL.test(trimmed))) {
      // A declaration inside a namespace or module block (nested ones too) is its API.
      prio = 70;
    } else if (MEMBER.test(line) && !NOT_MEMBER.test(line)) {
      const depth = line.length - trimmed.length;
      // Members of a class (one level in) matter; nested helpers much less.
      prio = depth <= 4 ? 60 : 35;
      if (/^\s+(?:def|fn|func|function)\s/.test(line)) prio += 4;
    }
    if (prio < 0) continue;
    // Every top-level declaration is the file's substance (MUST, in the same order of
    // kinds), and so are a namespace's own members; other members come after, as the
    // budget allows.
    if (top || (inNamespace && prio === 70)) prio = MUST + (prio - 70) / 5;
    else if (inNamespace && line.length - trimmed.length <= 4) prio = MUST;
    // Overloads: the first signature speaks for the rest.
    const fn =
      top || inNamespace
        ? /^\s*(?:export\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|def|fn|func)\s+([\w$]+)/.exec(line)
        : null;
    if (fn) {
      if (seenNames.has(fn[1]!)) prio = 60;
      seenNames.add(fn[1]!);
    }
    // Decorators right above a declaration belong to it.
    let from = i;
    while (from > 0 && /^\s*@\w/.test(lines[from - 1]!)) from--;
    picks.push({ from, to: i, prio, split: "tail" });
    decls++;
  }
  if (imports > 0) {
    const names = modules.slice(0, 6).join(", ");
    const more = modules.length > 6 ? `, … ${modules.length - 6} more` : "";
    notes.push({
      at: firstImport,
      text: `[${plural(imports, "import")}, lines ${doc.starts[firstImport]}-${doc.starts[lastImport]}: ${names}${more}]`,
      prio: MUST + 6,
    });
  }
  return decls;
}

function prosePicks(doc: Doc, picks: Pick[]): number {
  const { lines } = doc;
  let headings = 0;
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(?:```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    const h = HEADING.exec(line);
    let level = h ? h[1]!.length : 0;
    // Setext headings: a line underlined with === or ---.
    if (
      !h &&
      i + 1 < lines.length &&
      line.trim() !== "" &&
      /^(?:=+|-+)\s*$/.test(lines[i + 1]!) &&
      lines[i + 1]!.length >= 3
    ) {
      level = lines[i + 1]!.startsWith("=") ? 1 : 2;
    }
    if (level === 0) continue;
    headings++;
    picks.push({ from: i, to: i, prio: 96 - level * 5 });
    // The first sentence under a top heading says what the section is.
    if (level <= 2) {
      let k = i + 1;
      while (k < lines.length && (lines[k]!.trim() === "" || /^(?:=+|-+)\s*$/.test(lines[k]!))) k++;
      if (k < lines.length && !HEADING.test(lines[k]!)) picks.push({ from: k, to: k, prio: 45 - level });
    }
  }
  return headings;
}

/** Data files (JSON, YAML, TOML…): keys by depth, shallow first; among many, shorter keys first. */
function dataPicks(doc: Doc, picks: Pick[]): number {
  const { lines } = doc;
  let unit = 0;
  for (const line of lines) {
    const m = /^( +|\t+)\S/.exec(line);
    if (m) {
      unit = m[1]!.length;
      break;
    }
  }
  let keys = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trimStart();
    if (trimmed === "" || /^[\]}),]+$/.test(trimmed) || trimmed.startsWith("#")) continue;
    const depth = unit > 0 ? Math.round((line.length - trimmed.length) / unit) : 0;
    const key = /^"?([^":=]+)"?\s*[:=]/.exec(trimmed) ?? /^\[([^\]]+)\]/.exec(trimmed);
    if (!key && depth > 0) continue;
    keys++;
    const length = key ? key[1]!.length + (key[1]!.match(/[/.@]/g)?.length ?? 0) * 8 : 40;
    const opens = /[[{]\s*$/.test(trimmed) ? 4 : 0;
    picks.push({ from: i, to: i, prio: 94 - depth * 16 + opens - Math.min(20, length / 4) });
  }
  return keys;
}

const LOCK_KEY = /^\s*"(?:[^"]*\/)?node_modules\/[^"]+": \{$/m;
const LOCK_FIELD =
  /^\s*"(version|resolved|dev|optional|peer|devOptional|extraneous|inBundle|link)": (.+?),?$/;

/**
 * package-lock.json: each package as one line, its path, version and flags (dev,
 * optional, peer…): `node_modules/ajv 8.17.1 dev`, every one of them substance; the
 * rest of the entry (integrity, engines, dependencies) is left out.
 */
function lockPicks(doc: Doc, picks: Pick[], display: Map<number, string>): number[] {
  const { lines } = doc;
  const keys: number[] = [];
  let found = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!LOCK_KEY.test(line)) {
      // The head (name, version, lockfileVersion, the root's dependencies) says whose lock it is.
      if (found === 0 && i < 60) picks.push({ from: i, to: i, prio: MUST + 2 });
      continue;
    }
    found++;
    keys.push(i);
    const facts: string[] = [];
    const indent = line.length - line.trimStart().length;
    for (let k = i + 1; k < lines.length && k < i + 40; k++) {
      const inner = lines[k]!;
      // The entry ends where its closing brace sits at the key's depth.
      if (inner.length - inner.trimStart().length <= indent) break;
      const m = LOCK_FIELD.exec(inner);
      if (!m || m[1] === "resolved") continue;
      facts.push(m[1] === "version" ? m[2]!.replace(/^"|"$/g, "") : m[1] === "link" ? `link ${m[2]}` : m[1]!);
    }
    // Without its indentation, the key line and what matters of the entry fit on one line.
    display.set(i, `${line.trim().replace(/^"|": \{$/g, "")} ${facts.join(" ")}`.trimEnd());
    // The project's direct packages before the ones nested in other packages.
    const nested = line.indexOf("node_modules/") !== line.lastIndexOf("node_modules/");
    picks.push({ from: i, to: i, prio: nested ? MUST : MUST + 1 });
  }
  return keys;
}

function readExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const firstLine = hints.firstLine ?? 1;
  const base = firstLine - 1;
  const label = (n: number) => `L${n}: `;
  // Everything, numbered, when it fits.
  let total = 0;
  for (let i = 0; i < lines.length && total <= budget; i++)
    total += lines[i]!.length + String(i + firstLine).length + 4;
  const flavour = flavourOf(doc, hints.filePath);
  const picks: Pick[] = [];
  const notes: Note[] = [];
  const display = new Map<number, string>();
  let found = 0;
  let what = "outline";
  // Whether MUST picks are the file's substance (then they may take more room).
  let substance = false;
  if (total <= budget && doc.complete) {
    picks.push({ from: 0, to: lines.length - 1, prio: MUST });
    what = "everything";
  } else {
    if (flavour === "code") {
      found = codePicks(doc, picks, notes);
      what = `outline: ${plural(found, "declaration")}`;
      substance = true;
    } else if (flavour === "prose") {
      found = prosePicks(doc, picks);
      what = `outline: ${plural(found, "heading")}`;
    } else if (flavour === "json" && LOCK_KEY.test(lines.slice(0, 60).join("\n"))) {
      // A lockfile: every package with its version (and flags) on its own line.
      const keys = lockPicks(doc, picks, display);
      found = keys.length;
      const longest = `[${found} of ${found} packages not shown: Read with an offset shows them]`;
      notes.push({
        at: lines.length,
        text: longest,
        prio: MUST + 20,
        final: (kept) => {
          const missing = keys.filter((k) => !kept(k)).length;
          return missing === 0
            ? ""
            : `[${missing} of ${found} packages not shown: Read with an offset shows them]`;
        },
      });
      what = `lockfile: ${plural(found, "package")} with versions`;
      substance = true;
    } else if (flavour === "data" && /\.(?:csv|tsv)$/i.test(hints.filePath ?? "")) {
      // A CSV file read: a table (header, row count, the rows with rare values).
      const table = tablePicks(doc, hints, budget);
      picks.push(...table.picks);
      notes.push(...table.notes);
      what = table.kept;
      substance = true;
    } else if (flavour === "json" || flavour === "data") {
      found = dataPicks(doc, picks);
      what = "outline: shallow keys";
    } else if (flavour === "text" && logs.detect(sampleOf(text), hints) >= 0.4) {
      // A log read with Read: its errors and warnings are what the agent reads it for.
      const log = logPicks(doc);
      picks.push(...log.picks);
      for (const [i, shown] of log.display) display.set(i, shown);
      what = `log: ${log.kept}`;
      substance = true;
    } else if (flavour === "minified") {
      what = "beginning and end of each long line";
    } else {
      what = "beginning, end";
    }
    // The beginning of the file, and the region that was asked for.
    picks.push({
      from: 0,
      to: Math.min(lines.length, 6) - 1,
      prio: flavour === "code" ? 70 : 84,
      split: "head",
    });
    picks.push({ from: lines.length - 2, to: lines.length - 1, prio: 40, split: "tail" });
    if (hints.offset !== undefined || hints.limit !== undefined) {
      // The region asked for, in full when it fits; else its beginning, with the outline.
      const from = Math.max(0, (hints.offset ?? firstLine) - firstLine);
      const to = Math.min(lines.length - 1, from + (hints.limit ?? lines.length) - 1);
      let size = 0;
      for (let i = from; i <= to && size <= budget; i++)
        size += lines[i]!.length + String(i + firstLine).length + 4;
      const fits = size <= budget * 0.9;
      picks.push({
        from,
        to: fits ? to : Math.min(to, from + 5),
        prio: fits ? MUST + 10 : 86,
        split: "head",
      });
      if (fits) what += `, lines ${from + firstLine}-${to + firstLine} in full`;
    }
    // Long lines (minified code): the start and the end of each, enough to recognise it.
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.length > 400) {
        display.set(i, `${line.slice(0, 200)} … [${line.length - 280} chars] … ${line.slice(-80)}`);
      }
    }
  }
  const packed = pack(doc, picks, notes, {
    budget,
    label,
    lineBase: base,
    collapse: false,
    markers: false,
    maxLine: flavour === "minified" ? 320 : substance ? 300 : 120,
    display,
    ...(substance ? { hardCap: substanceCap(budget, doc.size) } : {}),
  });
  return { text: packed.text, compressor: "read", kept: what };
}

/**
 * The source file a command prints whole from its first line (`cat src/a.ts`,
 * `head -n 400 lib/b.py`), or undefined: its output is that file's text, numbered from 1.
 */
export function printedSource(command: string | undefined): string | undefined {
  if (!command) return undefined;
  const m = /^\s*(?:cat|head(?:\s+-n\s*\d+|\s+-\d+)?)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\1\s*$/.exec(
    command,
  );
  return m && CODE_EXT.test(m[2]!) ? m[2] : undefined;
}

export const reads: Compressor = {
  name: "read",
  detect: (_text: string, hints: Hints) =>
    hints.tool === "Read" ? 1 : hints.tool === "Bash" && printedSource(hints.command) ? 0.75 : 0,
  compress(text: string, hints: Hints, budget: number): Excerpt {
    const printed = hints.tool === "Read" ? undefined : printedSource(hints.command);
    return readExcerpt(text, printed ? { ...hints, filePath: printed, firstLine: 1 } : hints, budget);
  },
};
