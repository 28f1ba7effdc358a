/**
 * A YAML mapping of records (yq -y of a services file, docker compose config, a Helm values
 * dump, an Ansible inventory as YAML): at one indent, every line is a bare key (`chromium:`
 * alone on its line) opening a block indented deeper, the record's fields. The keys name the
 * records and are what tells them apart; the templates hold them all as one kind (a word and
 * a colon), and the fields under them as a few kinds of many alike (`mem_limit: 32351m`
 * ×53), so only the first records and the last would show. Every key is a fact. Pure; the
 * engine ranks them through structure.ts.
 *
 * Only where that indent holds records and nothing else (90% of its lines are such keys): a
 * Python file's `try:` and `else:` stand among statements at theirs, a Makefile's targets
 * among variables. At most MOST keys: past that, the keys are a list of their own.
 *
 * Where no indent does, the records may still be the children of one key among other
 * content at their indent (an OpenAPI document's `paths:`, each path a bare key opening its
 * operations, beside `info:`'s `title: …` and `version: …`): the same test then holds
 * among one parent's children.
 */

/** A bare key: a name (no blank inside; an OpenAPI path's `{id}` too), a colon, nothing after. */
const KEY = /^( *)([\w.@/+{}-]+):$/;
/** At least this many records, at most this many. */
const FEWEST = 8;
const MOST = 300;
/** At least this share of the lines at the keys' indent are keys. */
const SHARE = 0.9;
/** The keys are at most this share of the non-blank lines: each record holds fields. */
const KEYS_SHARE = 0.35;
const COLON = 58;

/** The lines of the record keys of a YAML mapping of records; [] when the output is none. */
export function mappingKeys(lines: readonly string[]): number[] {
  // By indent: the bare keys that open a deeper block, and all the lines at that indent.
  const keys = new Map<number, number[]>();
  const atIndent = new Map<number, number>();
  let nonBlank = 0;
  let colons = 0;
  // A cheap gate: enough lines end with a colon to hold FEWEST keys.
  for (const line of lines) if (line.charCodeAt(line.length - 1) === COLON) colons++;
  if (colons < FEWEST) return [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = indentOf(line);
    if (indent === line.length) continue;
    nonBlank++;
    atIndent.set(indent, (atIndent.get(indent) ?? 0) + 1);
    if (line.charCodeAt(line.length - 1) !== COLON) continue;
    const m = KEY.exec(line);
    const next = lines[i + 1];
    if (!m || next === undefined) continue;
    const below = indentOf(next);
    // A key opens a block (a YAML list may stand at the key's own indent: `- item`).
    if (below > indent || (below === indent && next.startsWith("- ", below))) {
      const list = keys.get(indent) ?? [];
      list.push(i);
      keys.set(indent, list);
    }
  }
  // The shallowest indent that holds records and nothing else.
  for (const indent of [...keys.keys()].sort((a, b) => a - b)) {
    const found = keys.get(indent)!;
    if (found.length < FEWEST || found.length > MOST) continue;
    if (found.length < SHARE * atIndent.get(indent)!) continue;
    if (found.length > KEYS_SHARE * nonBlank) continue;
    return found;
  }
  return keys.size > 0 ? siblingKeys(lines, new Set([...keys.values()].flat()), nonBlank) : [];
}

/**
 * The record keys among one parent's children: the shallowest parent whose children at
 * one indent are such keys (SHARE of them), FEWEST to MOST of them.
 */
function siblingKeys(lines: readonly string[], isKey: ReadonlySet<number>, nonBlank: number): number[] {
  // Each parent's children: its own key lines, and all its lines at the children's indent.
  const groups = new Map<number, { indent: number; keys: number[]; lines: number }>();
  const stack: { line: number; indent: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = indentOf(line);
    if (indent === line.length) continue;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1]?.line ?? -1;
    const group = groups.get(parent) ?? { indent, keys: [], lines: 0 };
    if (group.indent === indent) {
      group.lines++;
      if (isKey.has(i)) group.keys.push(i);
    }
    groups.set(parent, group);
    stack.push({ line: i, indent });
  }
  let best: { indent: number; keys: number[] } | undefined;
  for (const g of groups.values()) {
    if (g.keys.length < FEWEST || g.keys.length > MOST || g.keys.length < SHARE * g.lines) continue;
    if (g.keys.length > KEYS_SHARE * nonBlank) continue;
    if (!best || g.indent < best.indent) best = g;
  }
  return best?.keys ?? [];
}

/** How many spaces and tabs open a line (its length when it holds nothing else), no copy made. */
function indentOf(line: string): number {
  let k = 0;
  while (k < line.length && (line.charCodeAt(k) === 32 || line.charCodeAt(k) === 9)) k++;
  return k;
}
