/**
 * Of many statements alike (a schema's 24 `CREATE TABLE`s), the ones a fact names: the
 * foreign key kept for being like no other says `REFERENCES public.payments(id)`, and the
 * table it points at is what a reader turns to next, though its `CREATE TABLE` is one of a
 * frequent kind whose first and last alone stand for all. A statement is named by what
 * tells it from the others of its kind (its table's name), not by the words they share.
 * Pure; kinds/read/statements.ts keeps these as facts.
 */

/** A name: letters, digits, `_`, `$`, dotted (`public.payments`), 4 characters at least, a letter in it. */
const NAME = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/g;

function namesIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(NAME)) if (m[0].length >= 4) out.add(m[0]);
  return out;
}

/**
 * The members of `kinds` (indexes into `texts`, each kind's members alike) that a fact's
 * text names by a name no other member of their kind holds.
 */
export function namedByFacts(
  texts: readonly string[],
  facts: readonly number[],
  kinds: readonly (readonly number[])[],
): number[] {
  if (facts.length === 0) return [];
  const said = new Set<string>();
  for (const f of facts) for (const n of namesIn(texts[f]!)) said.add(n);
  const out: number[] = [];
  for (const members of kinds) {
    const names = members.map((k) => namesIn(texts[k]!));
    // How many members hold each name: a name they share (`TABLE`, `public`) tells none apart.
    const held = new Map<string, number>();
    for (const set of names) for (const n of set) held.set(n, (held.get(n) ?? 0) + 1);
    members.forEach((k, j) => {
      for (const n of names[j]!) {
        if (held.get(n) !== 1 || !said.has(n)) continue;
        out.push(k);
        return;
      }
    });
  }
  return out.sort((a, b) => a - b);
}

/**
 * The lines of a block that a fact names by the block's name and theirs (`payments.order_id`
 * in a comment kept as a fact: the `order_id bigint,` line in the body of `CREATE TABLE
 * public.payments (`). `heads` are each block's first line, `bodies` the lines under it.
 */
export function membersNamed(
  lines: readonly string[],
  factTexts: readonly string[],
  heads: readonly number[],
  bodies: readonly (readonly [number, number])[],
): number[] {
  const dotted: [string, string][] = [];
  for (const t of factTexts)
    for (const n of namesIn(t)) {
      const parts = n.split(".");
      if (parts.length >= 2) dotted.push([parts[parts.length - 2]!, parts[parts.length - 1]!]);
    }
  if (dotted.length === 0) return [];
  const out: number[] = [];
  heads.forEach((h, k) => {
    const names = [...namesIn(lines[h]!)].map((n) => n.slice(n.lastIndexOf(".") + 1));
    const [from, to] = bodies[k]!;
    for (const [block, member] of dotted) {
      if (!names.includes(block)) continue;
      for (let i = from; i <= to; i++)
        if (
          lines[i]!.trimStart().startsWith(member) &&
          /^\W/.test(lines[i]!.trimStart().slice(member.length))
        )
          out.push(i);
    }
  });
  return [...new Set(out)].sort((a, b) => a - b);
}
