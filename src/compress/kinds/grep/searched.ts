/**
 * The names a search looked for (`rg -n 'read_value|render_value'`: read_value,
 * render_value) and the matches that are about them: where a name is declared, and a
 * file's one mention of a name standing whole among matches that hold it only inside
 * longer names (`parse_value(item, …)` among `parse_value_should_parse_null`). Such lines
 * say where the names are defined and used; the rest of the matches are the names'
 * namesakes. Pure.
 */

/** Options of grep, rg, ag, ack and git grep that take the next argument as their value. */
export const VALUED =
  /^(?:-[gtTABCmfMjE]|--(?:glob|iglob|type|type-not|after-context|before-context|context|max-count|file|max-columns|threads|encoding|exclude|include|exclude-dir))$/;
export const SEARCH = /^(?:grep|egrep|fgrep|rg|ag|ack)$/;
/** A name a program declares: letters, digits and underscores, 3 or more. */
const NAME = /^[A-Za-z_$][\w$]{2,}$/;
/** Words that begin statements and calls, not declarations. */
const STATEMENT =
  /^(?:return|if|else|while|for|switch|case|new|delete|throw|await|yield|typeof|sizeof|goto|do|not|and|or|in|is|assert)$/;

/** The command's words, quotes taken off (`'a|b'` is one word), up to the end of the first command. */
export function words(command: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"|;&]+)|([|;&]+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) {
    if (m[4] !== undefined) {
      if (out.length > 0 && out.some((w) => SEARCH.test(w))) break;
      out.length = 0;
      continue;
    }
    out.push(m[1] ?? m[2] ?? m[3]!);
  }
  return out;
}

/** The names the search's pattern looks for: its alternatives that are names, or none. */
export function searchedNames(command: string | undefined): string[] {
  if (!command) return [];
  const w = words(command);
  let at = w.findIndex((x) => SEARCH.test(x));
  if (at < 0) {
    at = w.findIndex((x, k) => x === "grep" && w[k - 1] === "git");
    if (at < 0) return [];
  }
  let pattern: string | undefined;
  for (let k = at + 1; k < w.length; k++) {
    const x = w[k]!;
    if (x === "-e" || x === "--regexp") {
      pattern = w[k + 1];
      break;
    }
    if (x.startsWith("-")) {
      if (VALUED.test(x)) k++;
      continue;
    }
    pattern = x;
    break;
  }
  if (pattern === undefined) return [];
  const names = pattern
    .replace(/\\b|\\</g, "")
    .split(/\\?\|/)
    .map((p) => p.replace(/^\(+|\)+$/g, ""));
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
