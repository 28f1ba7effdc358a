/**
 * The must-keep facts of a corpus output, derived mechanically from a source that is
 * not the output's text wherever one exists: git's own --format, a file-system walk,
 * the TypeScript compiler API, the runners' JSON/JUnit reporters, gcc's JSON
 * diagnostics, `npm ls --json`, `sqlite3 -json`, parsed JSON/CSV value counts. Where
 * the only source is the text (log levels, a tool's summary line), a fixed rule picks
 * the lines. Nothing here imports src/compress: the yardstick shares no code with what
 * it measures.
 *
 * A fact is a list of parts that must all appear on one line of what the model sees
 * (ANSI stripped, runs of blanks collapsed). Identifier-like parts match as whole words.
 */

export type Fact = readonly string[];

export const fact = (...parts: string[]): Fact => parts;

/** Facts without duplicates, empty parts dropped. */
export function uniqueFacts(facts: Iterable<Fact>): Fact[] {
  const seen = new Set<string>();
  const out: Fact[] = [];
  for (const f of facts) {
    const parts = f.map((p) => p.trim()).filter((p) => p.length > 0);
    if (parts.length === 0) continue;
    const key = parts.join("\u0000");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(parts);
  }
  return out;
}

// ---------------------------------------------------------------- data: rare values

export type Row = Record<string, unknown>;

/**
 * Rows whose value in some categorical column is rare. A column is categorical when it
 * has few distinct values (at most 20, and at most a tenth of the rows); a
 * value is rare when under 5% of the rows carry it. Each rare row gives two facts: its
 * identifier (the first column whose values are all distinct) and the rare value.
 */
export function rareRowFacts(rows: readonly Row[]): Fact[] {
  if (rows.length < 20) return [];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const scalar = (v: unknown) =>
    typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;
  const idColumn = columns.find((c) => {
    const vals = rows.map((r) => scalar(r[c]));
    return vals.every((v) => v !== undefined && v !== "") && new Set(vals).size === rows.length;
  });
  const facts: Fact[] = [];
  for (const c of columns) {
    if (c === idColumn) continue;
    const counts = new Map<string, number>();
    for (const r of rows) {
      const v = scalar(r[c]);
      if (v === undefined || v === "") continue;
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    if (counts.size < 2 || counts.size > Math.min(20, Math.max(2, rows.length / 10))) continue;
    for (const [value, n] of counts) {
      if (n / rows.length >= 0.05) continue;
      facts.push(fact(value));
      if (!idColumn) continue;
      for (const r of rows) if (scalar(r[c]) === value) facts.push(fact(scalar(r[idColumn])!));
    }
  }
  return uniqueFacts(facts);
}

/** A CSV parser for the bench's exports (quotes, doubled quotes, CRLF). */
export function parseCsv(text: string): Row[] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  const [head, ...body] = records;
  if (!head) return [];
  return body
    .filter((r) => r.length === head.length)
    .map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]])));
}

// ---------------------------------------------------------------- logs

const LEVEL = /\b(FATAL|CRITICAL|ERROR|ERR!|WARN(?:ING)?)\b/;

/** Every ERROR/WARN/FATAL line, from its level word to the end (timestamps vary, messages are the fact). */
export function levelLineFacts(text: string): Fact[] {
  const facts: Fact[] = [];
  for (const line of text.split("\n")) {
    const m = LEVEL.exec(line);
    if (m) facts.push(fact(line.slice(m.index).trim().slice(0, 300)));
  }
  return uniqueFacts(facts);
}

/** Lines a tool prints as its own summary, by a fixed rule per tool (the only source is the text). */
export function summaryLineFacts(text: string, rule: RegExp): Fact[] {
  return uniqueFacts(
    text
      .split("\n")
      .filter((l) => rule.test(l))
      .map((l) => fact(l.trim())),
  );
}

// ---------------------------------------------------------------- markdown

/** Every heading outside code fences. */
export function markdownHeadingFacts(text: string): Fact[] {
  const facts: Fact[] = [];
  let fence = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    else if (!fence && /^#{1,6}\s+\S/.test(line)) facts.push(fact(line.replace(/^#+\s+/, "").trim()));
  }
  return uniqueFacts(facts);
}

// ---------------------------------------------------------------- XML reporters (JUnit)

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#10;/g, "\n")
    .replace(/&#x?[0-9a-fA-F]+;/g, " ")
    .replace(/&amp;/g, "&");

/** Failing test names and the first line of each failure message from a JUnit XML report. */
export function junitFailureFacts(xml: string): Fact[] {
  const facts: Fact[] = [];
  const re = /<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const m of xml.matchAll(re)) {
    const body = m[2] ?? "";
    const failure = /<(failure|error)\b([^>]*)>?/.exec(body);
    if (!failure) continue;
    const name = /\bname="([^"]*)"/.exec(m[1]!)?.[1];
    if (name) facts.push(fact(unescapeXml(name)));
    const message = /\bmessage="([^"]*)"/.exec(failure[2] ?? "")?.[1];
    const first = message
      ? unescapeXml(message)
          .split("\n")
          .find((l) => l.trim())
      : undefined;
    if (first) facts.push(fact(first.trim().slice(0, 200)));
  }
  return uniqueFacts(facts);
}

// ---------------------------------------------------------------- vitest / jest JSON

interface JsonAssertion {
  status: string;
  title: string;
  failureMessages?: string[];
}
interface JsonReport {
  testResults: { assertionResults: JsonAssertion[]; message?: string; status?: string }[];
}

/** Failing test titles and each failure's first message line, from the runner's --json report. */
export function jsonReporterFacts(report: JsonReport): Fact[] {
  const facts: Fact[] = [];
  for (const file of report.testResults) {
    for (const a of file.assertionResults) {
      if (a.status !== "failed") continue;
      facts.push(fact(a.title));
      // biome-ignore lint/suspicious/noControlCharactersInRegex: reporters embed colour codes
      const msg = (a.failureMessages ?? [])[0]?.replace(/\u001b\[[0-9;]*m/g, "") ?? "";
      const lines = msg.split("\n").map((l) => l.trim());
      // The report prefixes the error class the terminal leaves out ("Error: expect(…)").
      const first = lines.find(Boolean)?.replace(/^Error: /, "");
      if (first) facts.push(fact(first.slice(0, 200)));
      for (const l of lines) if (/^(Expected|Received):/.test(l)) facts.push(fact(l.slice(0, 200)));
    }
  }
  return uniqueFacts(facts);
}

// ---------------------------------------------------------------- gcc JSON diagnostics

interface GccDiagnostic {
  kind: string;
  message: string;
  locations?: { caret: { file: string; line: number; column: number } }[];
}

/** Every error and warning with its file and line, from gcc -fdiagnostics-format=json. */
export function gccFacts(diagnostics: readonly GccDiagnostic[]): Fact[] {
  const facts: Fact[] = [];
  for (const d of diagnostics) {
    if (d.kind !== "error" && d.kind !== "warning") continue;
    const c = d.locations?.[0]?.caret;
    if (c) facts.push(fact(c.file, String(c.line), d.kind));
  }
  return uniqueFacts(facts);
}

// ---------------------------------------------------------------- npm ls --json

interface NpmNode {
  version?: string;
  required?: string | { version?: string };
  missing?: boolean;
  invalid?: string | boolean;
  extraneous?: boolean;
  dependencies?: Record<string, NpmNode>;
}

/** Every name@version in the tree and every flagged entry with its flag, from npm ls --json. */
export function npmLsFacts(tree: NpmNode): Fact[] {
  const facts: Fact[] = [];
  const walk = (deps: Record<string, NpmNode> | undefined) => {
    for (const [name, node] of Object.entries(deps ?? {})) {
      if (node.missing) {
        const want = typeof node.required === "string" ? node.required : node.required?.version;
        facts.push(want ? fact("UNMET", `${name}@${want}`) : fact("UNMET", name));
      } else if (node.version) {
        facts.push(fact(`${name}@${node.version}`));
        if (node.invalid) facts.push(fact(`${name}@${node.version}`, "invalid"));
        if (node.extraneous) facts.push(fact(`${name}@${node.version}`, "extraneous"));
      }
      walk(node.dependencies);
    }
  };
  walk(tree.dependencies);
  return uniqueFacts(facts);
}
