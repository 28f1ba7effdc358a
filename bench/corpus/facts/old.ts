/**
 * The old generated corpus (bench/corpus/corpus.jsonl.gz, facts from its oracle) under
 * issue 24's rules: a fact (its parts on one line, bench/corpus/score.ts's lineWithFact)
 * counts only as written, so a brace group no longer stands for its expansions and a
 * `--grep` argument shows nothing. Excerpts come from the compressors in-process, as
 * bench/compress.ts makes them (the hook would not know the exit status these entries
 * carry); recall is pooled over all facts, reduction over outputs above 8 KB together.
 */
import { hintsOf, product } from "../../compress.ts";
import { loadCorpus, modelView } from "../corpus.ts";
import { lineWithFact, normalize } from "../score.ts";
import { madeUpNotation, maskGreps, totalNotation } from "./notation.ts";
import { BIG } from "./score.ts";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export async function scoreOld(src: string): Promise<{ markdown: string; summary: Record<string, number> }> {
  const p = await product(src);
  const config = p.defaults();
  const rows = loadCorpus().map((e) => {
    const original = modelView(e);
    const out = p.extractOutput(e.tool_name, e.tool_input, e.tool_response);
    let shown = original;
    if (out && out.text.length >= p.minCharsFor(config, e.tool_name, out.filePath, out.command)) {
      const hints = hintsOf(p, e, out);
      p.forgetDoc();
      const excerpt = p.compressText(out.text, hints, p.excerptBudget(config, out.text.length));
      const text = p.shownOf(
        p.excerptHeader(1, out.text, Buffer.byteLength(out.text), excerpt, hints, 0),
        excerpt.text,
      );
      if (text.length < out.text.length)
        shown = modelView({ tool_name: e.tool_name, tool_response: out.replace(text) });
    }
    const seen = normalize(maskGreps(shown));
    const kept = e.facts.filter((f) => lineWithFact(seen, f) !== undefined).length;
    return {
      cls: e.class,
      bytes: Buffer.byteLength(original),
      shown: Buffer.byteLength(shown),
      facts: e.facts.length,
      kept,
      notation: totalNotation(madeUpNotation(original, maskGreps(shown))),
    };
  });
  type Row = (typeof rows)[number];
  const agg = (rs: Row[]) => {
    const facts = rs.reduce((a, r) => a + r.facts, 0);
    const kept = rs.reduce((a, r) => a + r.kept, 0);
    const big = rs.filter((r) => r.bytes > BIG);
    const o = big.reduce((a, r) => a + r.bytes, 0);
    return {
      n: rs.length,
      facts,
      kept,
      recall: facts ? kept / facts : 1,
      reduction: o ? 1 - big.reduce((a, r) => a + r.shown, 0) / o : 0,
      notation: rs.reduce((a, r) => a + r.notation, 0),
      notationOutputs: rs.filter((r) => r.notation > 0).length,
    };
  };
  const all = agg(rows);
  const classes = [...new Set(rows.map((r) => r.cls))].sort();
  const line = (name: string, a: ReturnType<typeof agg>) =>
    `| ${name} | ${a.n} | ${pct(a.recall)} (${a.kept}/${a.facts}) | ${pct(a.reduction)} | ${a.notation} in ${a.notationOutputs} |`;
  const markdown = [
    "### old generated corpus (bench/corpus/corpus.jsonl.gz) under these rules",
    "",
    "| class | outputs | facts kept whole (pooled) | smaller, outputs > 8 KB | made-up notation |",
    "|---|---:|---:|---:|---:|",
    line("**all**", all),
    ...classes.map((k) => line(k, agg(rows.filter((r) => r.cls === k)))),
  ].join("\n");
  return {
    markdown,
    summary: {
      "facts.old.outputs": all.n,
      "facts.old.recall": Math.round(all.recall * 10000) / 10000,
      "facts.old.reduction_over_8kb": Math.round(all.reduction * 10000) / 10000,
      "facts.old.notation": all.notation,
    },
  };
}
