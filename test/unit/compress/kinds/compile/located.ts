/**
 * Reads a compiler excerpt the way an agent would, to check that every error of the
 * original can be found in it: on its own line, in the location list of the line that
 * stands for its group (`…  [×40 at col 9 of lines 4, 9, 14]`), or in the index of
 * errors and warnings not shown (`src/a.ts: TS2345 10 13; TS2339 31; warning -Wshadow 4`).
 */

export interface SourceError {
  /** The diagnostic's first line in the original output. */
  readonly text: string;
  readonly file: string;
  readonly line: number;
  readonly col?: number;
  /** Its name in the index: code, rule or flag ("error" without one). */
  readonly code: string;
  /** The file header it is under (ESLint), else "". */
  readonly header: string;
  /** Whether a line of the excerpt (without its list) stands for its group. */
  readonly lead: (excerptLine: string) => boolean;
}

const SUFFIX = / {2}\[×(\d+)(?: at (.*))?\]$/;

/** Line (and column) pairs of a location phrase; throws on a cut list. */
export function parsePhrase(phrase: string): { line: number; col?: number }[] {
  if (phrase.includes("more at line")) throw new Error(`list was cut: ${phrase}`);
  const out: { line: number; col?: number }[] = [];
  const lines = (list: string, col?: number) => {
    for (const part of list.split(", ")) {
      const [a, b] = part.split("-").map(Number);
      for (let l = a!; l <= (b ?? a!); l++) out.push(col === undefined ? { line: l } : { line: l, col });
    }
  };
  let m = /^col (\d+) of lines (.*)$/.exec(phrase);
  if (m) {
    lines(m[2]!, Number(m[1]));
    return out;
  }
  m = /^line:col (.*)$/.exec(phrase);
  if (m) {
    for (const part of m[1]!.split(", ")) {
      const [range, col] = part.split(":");
      lines(range!, Number(col));
    }
    return out;
  }
  m = /^lines (.*)$/.exec(phrase);
  if (m) {
    lines(m[1]!);
    return out;
  }
  throw new Error(`not a location phrase: ${phrase}`);
}

const INDEX = /^\[(?:errors|warnings|errors and warnings) not shown above:/;

/** file -> code -> lines listed in the index of errors not shown. */
export function parseIndex(excerpt: string): Map<string, Map<string, Set<number>>> {
  const index = new Map<string, Map<string, Set<number>>>();
  const lines = excerpt.split("\n");
  const at = lines.findIndex((l) => INDEX.test(l));
  if (at < 0) return index;
  // One file: on the title's line; else a row per file below it. The last row ends in "]".
  const first = lines[at]!.replace(INDEX, "").trim();
  const rows = first ? [first] : [];
  for (let k = at + 1; !first && k < lines.length; k++) {
    rows.push(lines[k]!.trim());
    if (lines[k]!.endsWith("]")) break;
  }
  rows[rows.length - 1] = rows[rows.length - 1]!.replace(/\]$/, "");
  for (const row of rows) {
    if (row.startsWith("… and")) continue;
    // A code's row: files with that one diagnostic each, `TS2322 (one each): a.ts 4; b.ts 9`.
    const byCode = /^(?:warning )?(\S+) \(one each\): (.*)$/.exec(row);
    if (byCode) {
      for (const item of byCode[2]!.split("; ")) {
        const at = item.lastIndexOf(" ");
        const codes = index.get(item.slice(0, at)) ?? new Map<string, Set<number>>();
        index.set(item.slice(0, at), codes);
        const set = codes.get(byCode[1]!) ?? new Set<number>();
        codes.set(byCode[1]!, set);
        set.add(Number(item.slice(at + 1).replace(/×\d+$/, "")));
      }
      continue;
    }
    const cut = row.indexOf(": ");
    const file = row.slice(0, cut);
    const codes = index.get(file) ?? new Map<string, Set<number>>();
    index.set(file, codes);
    for (const part of row.slice(cut + 2).split("; ")) {
      // Where the warnings of a row begin, "warning" precedes their code (or stands for it).
      const words = part.split(" ");
      if (words[0] === "warning" && words.length > 2 && !/^\d/.test(words[1]!)) words.shift();
      const [code, ...segs] = words;
      const set = codes.get(code!) ?? new Set<number>();
      codes.set(code!, set);
      for (const seg of segs) {
        if (seg.includes("more")) throw new Error(`index entry was cut: ${part}`);
        const [a, b] = seg.replace(/×\d+$/, "").split("-").map(Number);
        for (let l = a!; l <= (b ?? a!); l++) set.add(l);
      }
    }
  }
  return index;
}

/** A file header line of ESLint's stylish output. */
const HEADER = /^(?:\/|[A-Za-z]:\\)\S+$/;

/** The errors an agent could not find in the excerpt (empty when every one is there). */
export function unlocated(excerpt: string, errors: readonly SourceError[]): SourceError[] {
  const shown = excerpt.split("\n");
  const index = parseIndex(excerpt);
  // Each shown line, without its list, and the file header it is under (ESLint).
  const entries: { text: string; header: string; phrase?: string; count: number }[] = [];
  let header = "";
  for (const l of shown) {
    if (HEADER.test(l)) header = l;
    const m = SUFFIX.exec(l);
    entries.push({
      text: m ? l.slice(0, m.index) : l,
      header,
      count: m ? Number(m[1]) : 1,
      ...(m?.[2] !== undefined ? { phrase: m[2] } : {}),
    });
  }
  return errors.filter((e) => {
    if (index.get(e.file)?.get(e.code)?.has(e.line)) return false;
    for (const x of entries) {
      if (x.text === e.text && (x.header === e.header || e.header === "")) return false;
      if (x.phrase === undefined || !e.lead(x.text) || (e.header !== "" && x.header !== e.header)) continue;
      if (parsePhrase(x.phrase).some((p) => p.line === e.line && (p.col === undefined || p.col === e.col))) {
        return false;
      }
    }
    return true;
  });
}

const TSC = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/** tsc --pretty false errors. */
export function tscErrors(text: string): SourceError[] {
  return text.split("\n").flatMap((text) => {
    const m = TSC.exec(text);
    if (!m) return [];
    const [, file, line, col, code, message] = m;
    return [
      {
        text,
        file: file!,
        line: Number(line),
        col: Number(col),
        code: code!,
        header: "",
        lead: (l: string) => l.startsWith(`${file}(`) && l.endsWith(`: error ${code}: ${message}`),
      },
    ];
  });
}

const ESLINT = /^\s+(\d+):(\d+)\s+error\s+(.*?)\s{2,}(\S+)$/;

/** ESLint stylish errors, with the file from the header line above them. */
export function eslintErrors(text: string): SourceError[] {
  let file = "";
  return text.split("\n").flatMap((text, i, lines) => {
    if (/^\/\S+$/.test(text) && (lines[i - 1] ?? "") === "") file = text;
    const m = ESLINT.exec(text);
    if (!m) return [];
    const [, line, col, message, rule] = m;
    return [
      {
        // The excerpt shows it with the alignment before the rule reduced to two spaces.
        text: text.replace(/\s{3,}(\S+)$/, "  $1"),
        file,
        line: Number(line),
        col: Number(col),
        code: rule!,
        header: file,
        lead: (l: string) => /^\s+\d+:\d+\s+error\s/.test(l) && l.endsWith(`  ${message}  ${rule}`),
      },
    ];
  });
}
