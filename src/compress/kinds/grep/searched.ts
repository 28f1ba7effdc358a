/**
 * The names a search looked for (`rg -n 'read_value|render_value'`: read_value,
 * render_value) and the matches that are about them: where a name is declared, and a
 * file's one mention of a name standing whole among matches that hold it only inside
 * longer names (`parse_value(item, …)` among `parse_value_should_parse_null`). Such lines
 * say where the names are defined and used; the rest of the matches are the names'
 * namesakes. Pure.
 */

import { searchCommand } from "./search-command.ts";

/** A name a program declares: letters, digits and underscores, 3 or more. */
const NAME = /^[A-Za-z_$][\w$]{2,}$/;
/** Words that begin statements and calls, not declarations. */
const STATEMENT =
  /^(?:return|if|else|while|for|switch|case|new|delete|throw|await|yield|typeof|sizeof|goto|do|not|and|or|in|is|assert)$/;

/** The names the search's patterns look for: their alternatives, when all are names; else none. */
export function searchedNames(command: string | undefined): string[] {
  const search = command === undefined ? undefined : searchCommand(command);
  if (!search || search.patterns.length === 0) return [];
  const names = search.patterns.flatMap((pattern) =>
    pattern
      .replace(/\\b|\\</g, "")
      .split(/\\?\|/)
      .map((p) => p.replace(/^\(+|\)+$/g, "")),
  );
  return names.every((n) => NAME.test(n)) ? [...new Set(names)] : [];
}

/** A `$` in a name (JavaScript) matched as itself. */
const literal = (s: string) => s.replace(/[$]/g, "\\$");

/**
 * The matches about the names: each line that declares one, and a file's only line where
 * a name stands whole, where that file's other matches do not hold it whole (its namesakes,
 * the other names).
 */
export function aboutNames(
  lines: readonly string[],
  bodyAt: Int32Array,
  file: readonly (string | undefined)[],
  names: readonly string[],
): number[] {
  const out = new Set<number>();
  for (const name of names) {
    const n = literal(name);
    const whole = new RegExp(`(?<![\\w$])${n}(?![\\w$])`);
    // `type name(`, `static int *name(`, `def name`, `class Name`: the name declared.
    const declares = new RegExp(
      `^\\s*(?:(?:[\\w$*&<>:,\\[\\]]+\\s+)+\\**|(?:[\\w$]+\\s+)*(?:function\\*?|def|fn|func|sub|class|struct|interface|type|enum|trait)\\s+)${n}\\s*[(<{:=]`,
    );
    const wholeIn = new Map<string, number[]>();
    const inside = new Set<string>();
    for (let i = 0; i < lines.length; i++) {
      const f = file[i];
      if (f === undefined) continue;
      const body = lines[i]!.slice(bodyAt[i]!);
      if (!body.includes(name) || !whole.test(body)) {
        inside.add(f);
        continue;
      }
      const first = /^\s*([\w$]+)/.exec(body)?.[1];
      if (declares.test(body) && !(first && STATEMENT.test(first))) out.add(i);
      const at = wholeIn.get(f) ?? [];
      at.push(i);
      wholeIn.set(f, at);
    }
    for (const [f, at] of wholeIn) if (at.length === 1 && inside.has(f)) out.add(at[0]!);
  }
  return [...out].sort((a, b) => a - b);
}
