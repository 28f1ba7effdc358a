import { it } from "vitest";
import { compressText } from "../../src/compress/compress-text.ts";
import { stripAnsi } from "../../src/compress/excerpt/ansi.ts";
import { excerptBudget } from "../../src/compress/excerpt/budget.ts";
import { docOf } from "../../src/compress/excerpt/doc.ts";
import { defaults } from "../../src/config/schema.ts";
import { madeUp } from "../../test/helpers/readable.ts";
import { hintsFor, loadCorpus, readText } from "../../test/unit/compress/corpus.ts";
const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a fact appears whole in an excerpt, by ../shared/corpus-facts/score.mjs's rules
 * (verbatim; a 40-hex hash by a prefix of 7 or more; a path `dir/name` by a line holding
 * `dir/` or `dir:` and then the whole word `name`), and by the two groupings of the framing
 * grammar: a version written once before whole names (`1.2.3: a b`, lockfiles and npm ls's
 * unmet optional builds) holds `name 1.2.3` and `UNMET OPTIONAL DEPENDENCY name@1.2.3`.
 */
function kept(excerpt: string, fact: string): boolean {
  if (excerpt.includes(fact)) return true;
  if (/^[0-9a-f]{40}$/.test(fact))
    return [...excerpt.matchAll(/(?<![0-9a-f])[0-9a-f]{7,39}(?![0-9a-f])/g)].some((m) => fact.startsWith(m[0]));
  const lines = excerpt.split("\n");
  // A lockfile's "path version", a version then the whole paths.
  const lock = /^(\S*node_modules\/\S+) (\S+)$/.exec(fact);
  if (lock) return lines.some((l) => l.startsWith(`${lock[2]}`) && l.split(/\s+/).includes(lock[1]!));
  const unmet = /^(UNMET (?:OPTIONAL )?DEPENDENCY) (\S+)@(\S+)$/.exec(fact);
  if (unmet)
    return lines.some((l) => l.startsWith(`${unmet[1]} ${unmet[3]}:`) && l.split(/\s+/).includes(unmet[2]!));
  const slash = fact.lastIndexOf("/");
  if (slash > 0 && slash < fact.length - 1 && !/\s/.test(fact)) {
    const dir = fact.slice(0, slash);
    const name = fact.slice(slash + 1);
    return new RegExp(`(^|[\\s'"(])${esc(dir)}(/|:)[^\\n]*?(^|[\\s'"(,])${esc(name)}(?=$|[\\s'"),:;])`, "m").test(
      excerpt,
    );
  }
  return false;
}


it("tri", () => {
  const only = process.env.ONLY;
  for (const e of loadCorpus()) {
    if (only && !e.file.includes(only)) continue;
    const text = readText(e);
    const ex = compressText(text, hintsFor(e), excerptBudget(defaults(), text.length));
    const lost = e.facts.filter((f) => !kept(stripAnsi(ex.text), stripAnsi(f)));
    const made = madeUp(docOf(text).lines.join("\n"), ex.text);
    if (lost.length || made.length || only)
      console.log(`${e.file} ${text.length}->${ex.text.length} ${ex.compressor} lost=${JSON.stringify(lost.slice(0, 12))} (${lost.length}) made=${JSON.stringify(made.slice(0, 10))}`);
    if (only && process.env.SHOW) console.log(ex.text);
  }
});
