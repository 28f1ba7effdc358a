/**
 * Many names written as few bash brace words: `node_modules/yaml/{LICENSE,dist/{cli,index}.js}`,
 * `lib{BrokenLocale,c,m}.{a,so}`. Names go into a trie of tokens (cut before `/ . - _`);
 * each node is written as its children in braces, and children whose remainders are
 * written alike share that remainder (`{cli,index}.js`); a folder that copies its siblings
 * is written once with them (`dist{,/cjs}/{a,b}.js`). Every word expands, as bash's
 * echo would expand it, to exactly the names it was built from: a group never claims a
 * name the output does not hold. Names bash would split or expand otherwise (spaces,
 * braces, commas, quotes, globs) are not put in braces. (Words that do not all fit:
 * brace-fit.ts.) Pure.
 */

interface Node {
  end: boolean;
  readonly kids: Map<string, Node>;
  /** Names at or under this node. */
  size: number;
  /** The encoded remainder, once computed. */
  enc?: string;
  /** Its children as written (partsOf), once computed. */
  parts?: Part[];
}

/** One alternative of a node's brace group, and the children it stands for. */
interface Part {
  readonly text: string;
  /** What parts are ordered by: the first name they begin with (cheaper than their text). */
  readonly key: string;
  readonly count: number;
  readonly kids: [string, Node][];
  /** The one child it is, when it is one (a word too long may be split into its children). */
  readonly lone?: [string, Node];
}

const node = (): Node => ({ end: false, kids: new Map(), size: 0 });

/** Characters that bash would read as something else inside a word. */
const UNSAFE = /[\s{},'"\\*?[\]$`!;&|<>()#~]/;

/** Whether a name can stand inside a brace word as it is. */
export const braceable = (name: string): boolean => name !== "" && !UNSAFE.test(name);

const TOKEN = /(?=[/.\-_])/;

function insert(root: Node, name: string): void {
  let at = root;
  at.size++;
  for (const token of name.split(TOKEN)) {
    let next = at.kids.get(token);
    if (!next) {
      next = node();
      at.kids.set(token, next);
    }
    at = next;
    at.size++;
  }
  at.end = true;
}

/** The longest prefix all strings share. */
export function commonPrefix(list: readonly string[]): string {
  let p = list[0] ?? "";
  for (const s of list) {
    let k = 0;
    while (k < p.length && k < s.length && p[k] === s[k]) k++;
    p = p.slice(0, k);
  }
  return p;
}

/** `{a,b}` for several alternatives, with a prefix they all share taken out (`lib{c,m}`). */
function group(alts: readonly string[]): string {
  if (alts.length === 1) return alts[0]!;
  // Never a prefix that ends inside a brace group of the alternatives.
  const common = commonPrefix(alts);
  const brace = common.indexOf("{");
  const p = brace < 0 ? common : common.slice(0, brace);
  // An empty alternative is fine (`{,.1}`), but a prefix that swallows one is not worth it.
  if (p.length >= 1) return `${p}{${alts.map((a) => a.slice(p.length)).join(",")}}`;
  return `{${alts.join(",")}}`;
}

/** The remainder of everything under `n`, as one brace expression ("" when n only ends a name). */
function encode(n: Node): string {
  if (n.enc !== undefined) return n.enc;
  const parts = partsOf(n).map((p) => p.text);
  if (n.end) parts.unshift("");
  n.enc = parts.length === 1 ? parts[0]! : n.end ? `{${parts.join(",")}}` : group(parts);
  return n.enc;
}

const tries = new WeakMap<readonly string[], Node>();

/** The trie of some names, built once per list (words of several widths walk the same one). */
function trieOf(names: readonly string[]): Node {
  let root = tries.get(names);
  if (!root) {
    root = node();
    for (const name of names) insert(root, name);
    tries.set(names, root);
  }
  return root;
}

/** A brace word and what it stands for. */
export interface Word {
  readonly text: string;
  /** Its literal beginning, shared by every name it stands for. */
  readonly prefix: string;
  /** How many names it stands for. */
  readonly count: number;
  /** The names it stands for (computed when asked: only collapsed words need them). */
  readonly names: () => string[];
}

/** Every name under `n`, each with `prefix` before it. */
function namesUnder(n: Node, prefix: string, out: string[] = []): string[] {
  if (n.end) out.push(prefix);
  for (const [token, kid] of n.kids) namesUnder(kid, prefix + token, out);
  return out;
}

const byKey = (a: Part, b: Part) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Children grouped as encode writes them: those that share a remainder together, names that end here alone. */
function tailParts(kids: Iterable<[string, Node]>): Part[] {
  const byTail = new Map<string, [string, Node][]>();
  for (const entry of kids) {
    const tail = encode(entry[1]);
    const list = byTail.get(tail);
    if (list) list.push(entry);
    else byTail.set(tail, [entry]);
  }
  const parts: Part[] = [];
  for (const [tail, g] of byTail) {
    if (tail === "" || g.length === 1) {
      for (const e of g) parts.push({ text: e[0] + tail, key: e[0], count: e[1].size, kids: [e], lone: e });
      continue;
    }
    const tokens = g.map((e) => e[0]).sort();
    parts.push({
      text: group(tokens) + tail,
      key: tokens[0]!,
      count: g.reduce((a, e) => a + e[1].size, 0),
      kids: g,
    });
  }
  return parts.sort(byKey);
}

/**
 * A node's children as encode writes them; a child that holds again much of what its
 * siblings hold (`dist/cjs/` a copy of `dist/`) shares it with them: `{,/cjs}/{a,b}.js`.
 */
function partsOf(n: Node): Part[] {
  if (n.parts) return n.parts;
  const copy = copyOf(n);
  if (!copy) n.parts = tailParts(n.kids);
  else {
    const [token, c, same] = copy;
    const shared = tailParts([...same].map((t) => [t, c.kids.get(t)!] as [string, Node]));
    const rest = tailParts([...n.kids].filter(([t]) => t !== token && !same.has(t)));
    const own = [...c.kids].filter(([t]) => !same.has(t)).map(([t, k]) => [token + t, k] as [string, Node]);
    const ownParts = tailParts(own);
    if (c.end) ownParts.push({ text: token, key: token, count: 1, kids: [] });
    const texts = shared.map((p) => p.text);
    const both: Part = {
      text: `{,${token}}${group(texts)}`,
      key: shared[0]?.key ?? token,
      count: shared.reduce((a, p) => a + p.count * 2, 0),
      kids: [...same].flatMap((t) => [
        [t, n.kids.get(t)!] as [string, Node],
        [token + t, c.kids.get(t)!] as [string, Node],
      ]),
    };
    n.parts = [...rest, both, ...ownParts].sort(byKey);
  }
  return n.parts;
}

/**
 * The child of `n` whose own children most often match a sibling exactly (same name,
 * same remainder), with the names that match; only when at least three do.
 */
function copyOf(n: Node): [string, Node, Set<string>] | undefined {
  let best: [string, Node, Set<string>] | undefined;
  for (const [token, c] of n.kids) {
    if (c.kids.size < 3 || !token.startsWith("/")) continue;
    const same = new Set<string>();
    for (const [t, k] of c.kids) {
      const sibling = n.kids.get(t);
      if (sibling && sibling !== c && t !== token && encode(sibling) === encode(k)) same.add(t);
    }
    if (same.size >= 3 && (!best || same.size > best[2].size)) best = [token, c, same];
  }
  return best;
}

/**
 * Brace words for `names` (which must be braceable), none much longer than `width`
 * unless a single name is: a subtree too long for one word is written as several words
 * with the same prefix, each holding as many of its children as fit, and a child too
 * long for a word of its own is split the same way. Words come sorted.
 */
export function braceWords(names: readonly string[], width = 240): Word[] {
  // One name is its own word (most versions of a lockfile hold one package): no trie.
  if (names.length === 1) return [{ text: names[0]!, prefix: names[0]!, count: 1, names: () => [names[0]!] }];
  const out: Word[] = [];
  const walk = (n: Node, prefix: string) => {
    const enc = encode(n);
    if (prefix.length + enc.length <= width || n.kids.size === 0) {
      out.push({
        text: prefix + enc,
        prefix: literalStart(prefix + enc),
        count: n.size,
        names: () => namesUnder(n, prefix),
      });
      return;
    }
    if (n.end) out.push({ text: prefix, prefix, count: 1, names: () => [prefix] });
    let batch: string[] = [];
    let kids: [string, Node][] = [];
    let count = 0;
    let size = prefix.length;
    const flush = () => {
      if (batch.length === 0) return;
      const text = prefix + group(batch);
      const these = kids;
      out.push({
        text,
        prefix: literalStart(text),
        count,
        names: () => these.flatMap(([t, k]) => namesUnder(k, prefix + t)),
      });
      batch = [];
      kids = [];
      count = 0;
      size = prefix.length;
    };
    for (const part of partsOf(n)) {
      if (part.lone && prefix.length + part.text.length > width) {
        flush();
        walk(part.lone[1], prefix + part.lone[0]);
        continue;
      }
      if (size + part.text.length + 1 > width) flush();
      batch.push(part.text);
      kids.push(...part.kids);
      count += part.count;
      size += part.text.length + 1;
    }
    flush();
  };
  if (names.length > 0) walk(trieOf(names), "");
  return out;
}

/** The part of a word before its first brace: what every name it stands for starts with. */
const literalStart = (word: string) => {
  const open = word.indexOf("{");
  return open < 0 ? word : word.slice(0, open);
};

/** Words joined into lines of about `width` characters. */
export function wordLines(words: readonly string[], width = 240): string[] {
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > width) {
      lines.push(line);
      line = "";
    }
    line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}
