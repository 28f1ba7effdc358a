/**
 * The outline of a file in a language the code outline does not know (an SQL schema, a
 * script of statements): its statements at the top level, each kind once with its count,
 * every statement of a rare kind whole. Pure.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { alikeSuffix } from "../../excerpt/framing.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import { membersNamed, namedByFacts } from "../../excerpt/referenced.ts";
import { templatesOf } from "../../excerpt/templates.ts";

/** Lines a statement may run on to, indented under its first, when it opens no block. */
const CONTINUED = 2;

/** The top-level lines are an outline only when at most this share of the file's lines. */
const OUTLINE_SHARE = 1 / 3;

interface Statement {
  readonly from: number;
  readonly to: number;
}

/**
 * Each line that is not indented (a lone closing bracket aside) starts a statement, with
 * the indented lines it runs on to when it opens no block (`ALTER TABLE t` then
 * `ADD CONSTRAINT …;`). A block's body (a table's columns) is not the outline.
 */
function statementsOf(lines: readonly string[]): Statement[] {
  const out: Statement[] = [];
  lines.forEach((line, i) => {
    if (line === "" || /^\s/.test(line) || /^[)\]}]+[;,]?\s*$/.test(line)) return;
    let to = i;
    if (!/[([{]\s*$/.test(line)) while (to < i + CONTINUED && /^\s+\S/.test(lines[to + 1] ?? "")) to++;
    out.push({ from: i, to });
  });
  return out;
}

/**
 * The statements as picks: those of a kind (alike but for their names and numbers, as
 * templates.ts groups lines, a statement read as one line) met once or twice are facts;
 * of a frequent kind, the first and last are, with the count, and the others come as
 * room allows. Returns how many statements there are (0 when they are no outline).
 */
export function statementPicks(doc: Doc, picks: Pick[], suffix: Map<number, string>): number {
  const { lines, starts } = doc;
  const statements = statementsOf(lines);
  // Statements that are most of the file outline nothing (a compiler's output, a list):
  // an outline is the few lines the bodies hang from.
  let nonBlank = 0;
  for (const line of lines) if (line.trim() !== "") nonBlank++;
  if (statements.length > nonBlank * OUTLINE_SHARE) return 0;
  const text = statements.map((s) =>
    lines
      .slice(s.from, s.to + 1)
      .map((l) => l.trim())
      .join(" "),
  );
  const joined: Doc = {
    lines: text,
    starts: statements.map((s) => starts[s.from]!),
    hole: -1,
    total: doc.total,
    size: text.reduce((n, l) => n + l.length + 1, 0),
    complete: true,
  };
  const kinds = templatesOf(joined, () => false).list.map((t) => t.members);
  const named = namedPicks(lines, statements, text, kinds, picks);
  for (const members of kinds) {
    const at = members.map((k) => statements[k]!);
    if (at.length <= 2) {
      for (const s of at) picks.push({ from: s.from, to: s.to, prio: MUST });
      continue;
    }
    for (const k of members)
      if (named.has(k)) picks.push({ from: statements[k]!.from, to: statements[k]!.to, prio: MUST });
    const first = at[0]!;
    const last = at[at.length - 1]!;
    picks.push({ from: first.from, to: first.to, prio: MUST });
    picks.push({ from: last.from, to: last.to, prio: MUST });
    suffix.set(first.to, alikeSuffix(at.length, starts[first.from]!, starts[last.from]!));
    at.slice(1, -1).forEach((s, k) => {
      picks.push({ from: s.from, to: s.to, prio: 60 - Math.min(20, k / 5) });
    });
  }
  // A comment at the margin (`-- shop schema`) is shown as one, but no statement the count says.
  return statements.filter((s) => !COMMENT.test(lines[s.from]!)).length;
}

/** A comment's opening: SQL's `--`, `#`, `//`, `/*` and a block comment's `*`. */
const COMMENT = /^(?:--|#|\/\/|\/\*|\*)/;

/**
 * What the rare statements (facts) name: a block of a frequent kind they name (the table a
 * foreign key references: its `CREATE TABLE`), and a line of a block they name by both
 * (`payments.order_id`: that column), as facts. Returns the statements so named.
 */
function namedPicks(
  lines: readonly string[],
  statements: readonly Statement[],
  text: readonly string[],
  kinds: readonly (readonly number[])[],
  picks: Pick[],
): Set<number> {
  const rare = kinds.filter((m) => m.length <= 2).flat();
  // Only a statement opening a block defines what it names (not an index on the table).
  const opens = (k: number) => /[([{]\s*$/.test(lines[statements[k]!.to]!);
  const frequent = kinds.filter((m) => m.length > 2).map((m) => m.filter(opens));
  const named = new Set(namedByFacts(text, rare, frequent));
  const bodies = statements.map((s, k): [number, number] => [
    s.to + 1,
    (statements[k + 1]?.from ?? lines.length) - 1,
  ]);
  const heads = statements.map((s) => s.from);
  const said = rare.map((k) => text[k]!);
  for (const i of membersNamed(lines, said, heads, bodies)) picks.push({ from: i, to: i, prio: MUST });
  return named;
}
