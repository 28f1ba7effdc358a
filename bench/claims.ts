/**
 * Every claim the framing of every excerpt makes, checked against its original
 * (test/helpers/claims.ts), over the corpus and every open set at the hook's budget and at
 * the small one excerpts-dump.ts forces: counts by form, true and false, and the false
 * ones listed (open sets only). `--blind` adds the blind part's COUNT of false claims, never
 * which (it is not to be read during development).
 *
 * Run: npx node bench/claims.ts [--show FORM|all] [--blind] [path/to/src]
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Claim, checkClaims, firstLineOf } from "../test/helpers/claims.ts";
import { hintsOf, product } from "./compress.ts";
import { loadCorpus } from "./corpus/corpus.ts";
import { type FactCase, loadSet, OPEN_SETS } from "./corpus/facts/sets.ts";
import { variantCase } from "./corpus/facts/variant-case.ts";
import { VARIANT_KINDS } from "./corpus/facts/variants.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const show = args.includes("--show") ? args[args.indexOf("--show") + 1] : undefined;
const blind = args.includes("--blind");
const variants = args.includes("--variants");
const srcArg = args.find((a, k) => !a.startsWith("--") && args[k - 1] !== "--show");
const p = await product(resolve(srcArg ?? join(REPO, "src")));
const config = p.defaults();

const byForm = new Map<string, { ok: number; bad: number }>();
const falseOnes: string[] = [];
let blindFalse = 0;
let blindChecked = 0;

function tally(
  where: string,
  text: string,
  hints: Record<string, unknown>,
  budget: number,
  hide: boolean,
): void {
  const e = p.compressText(text, hints, budget);
  const claims: Claim[] = checkClaims(
    text,
    e,
    firstLineOf(hints, e.compressor),
    hints.intent as string | undefined,
  );
  for (const c of claims) {
    if (hide) {
      blindChecked++;
      if (!c.ok) blindFalse++;
      continue;
    }
    const f = byForm.get(c.form) ?? { ok: 0, bad: 0 };
    if (c.ok) f.ok++;
    else f.bad++;
    byForm.set(c.form, f);
    if (!c.ok && (show === "all" || show === c.form))
      falseOnes.push(
        `${where} @${budget} ${e.compressor} ${c.form}: ${c.line.slice(0, 160)}  -- ${c.why ?? ""}`,
      );
  }
}

for (const e of loadCorpus(undefined)) {
  const out = p.extractOutput(e.tool_name, e.tool_input, e.tool_response);
  if (!out) continue;
  const hints = hintsOf(p, e, out);
  for (const budget of [p.excerptBudget(config, out.text.length), 1500])
    tally(`corpus/${e.id}`, out.text, hints, budget, false);
}
/** A case's excerpts: at the hook's budget and the small one, or (a variant) at the hook's. */
function tallyCase(where: string, c: FactCase, hide: boolean, small = true): void {
  const { tool_name: tool, tool_input, tool_response } = c.input;
  const out = p.extractOutput(tool, tool_input, tool_response);
  if (!out) return;
  const hints = p.hintsOf(tool, out);
  const text: string = c.spilled ?? out.text;
  for (const budget of [p.excerptBudget(config, text.length), ...(small ? [1500] : [])])
    tally(where, text, hints, budget, hide);
}

for (const set of [...OPEN_SETS, ...(blind ? (["blind"] as const) : [])])
  for (const c of loadSet(set)) {
    tallyCase(`${set}/${c.name}`, c, set === "blind");
    // bench/robust.ts's variants of the open cases (grown, shrunk, shifted, renumbered).
    if (variants && set !== "blind")
      for (const kind of VARIANT_KINDS) {
        const v = variantCase(c, kind);
        if ("case" in v) tallyCase(`${set}/${c.name}~${kind}`, v.case, false, false);
      }
  }

for (const line of falseOnes) console.log(line);
let ok = 0;
let bad = 0;
for (const [form, f] of [...byForm].sort((a, b) => a[0].localeCompare(b[0]))) {
  console.log(`${form.padEnd(28)} checked ${String(f.ok + f.bad).padStart(6)}  false ${f.bad}`);
  ok += f.ok;
  bad += f.bad;
}
console.log(`${"all (open)".padEnd(28)} checked ${String(ok + bad).padStart(6)}  false ${bad}`);
if (blind)
  console.log(`${"blind".padEnd(28)} checked ${String(blindChecked).padStart(6)}  false ${blindFalse}`);
