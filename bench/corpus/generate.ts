/**
 * Builds the independent corpus: runs real tools here (git on scripted repositories,
 * tsc/gcc/make/cmake on broken code, vitest/jest/pytest/node:test, npm, curl against a
 * loopback JSON server, sqlite3, grep, find, ls, Reads of real package files), records
 * each output in the shape PostToolUse receives, and derives its must-keep facts with
 * the oracle (bench/corpus/oracle.ts). A fact the unmodified output does not show is an
 * oracle error: it is dropped and counted, never scored.
 *
 * Needs the generation tools first (TypeScript 5 for its compiler API, jest):
 *   mkdir -p .tmp/bench-tools && cd .tmp/bench-tools && echo '{"private":true}' > package.json \
 *     && npm install --no-audit --no-fund typescript@5 jest@29
 * Run: npx node bench/corpus/generate.ts   (writes bench/corpus/corpus.jsonl.gz)
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { CORPUS_FILE, loadCorpus, modelView } from "./corpus.ts";
import { cEntries, runnerEntries, tscEntries } from "./gen-build.ts";
import { dataEntries } from "./gen-data.ts";
import { grepEntries, listingEntries, lockfileEntries, logEntries, readEntries } from "./gen-files.ts";
import { gitEntries } from "./gen-git.ts";
import { npmEntries } from "./gen-npm.ts";
import { type CorpusEntry, REPO, TOOLS, WORK } from "./gen-support.ts";
import { lineWithFact, normalize } from "./score.ts";

/** Machine paths become stable ones, so the committed corpus does not name this checkout. */
function stable(json: string): string {
  return json.replaceAll(WORK, "/home/dev/work").replaceAll(REPO, "/home/dev/cairn");
}

if (!existsSync(join(TOOLS, "node_modules/typescript")) || !existsSync(join(TOOLS, "node_modules/jest")))
  throw new Error(`generation tools missing in ${TOOLS}: see the comment at the top of this file`);
mkdirSync(WORK, { recursive: true });

const groups: [string, () => CorpusEntry[] | Promise<CorpusEntry[]>][] = [
  ["git", gitEntries],
  ["listings", listingEntries],
  ["reads", readEntries],
  ["lockfiles", lockfileEntries],
  ["logs", logEntries],
  ["grep", grepEntries],
  ["data", dataEntries],
  ["tsc", tscEntries],
  ["c", cEntries],
  ["runners", runnerEntries],
  ["npm", npmEntries],
];
const only = process.env.CORPUS_ONLY?.split(",");
const lines: string[] = [];
let dropped = 0;
for (const [name, make] of groups) {
  if (only && !only.includes(name)) continue;
  const t0 = performance.now();
  const made = await make();
  for (const e of made) {
    const view = normalize(modelView(e));
    const facts = e.facts.filter((f) => lineWithFact(view, f) !== undefined);
    if (facts.length < e.facts.length) {
      dropped += e.facts.length - facts.length;
      const miss = e.facts.find((f) => lineWithFact(view, f) === undefined);
      process.stderr.write(
        `  ${e.id}: ${e.facts.length - facts.length} oracle facts not in the output (e.g. ${JSON.stringify(miss)})\n`,
      );
    }
    lines.push(stable(JSON.stringify({ ...e, facts })));
  }
  process.stderr.write(
    `${name}: ${made.length} outputs in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
  );
}
// CORPUS_ONLY=a,b CORPUS_MERGE=1 regenerates those groups in the committed corpus and keeps the rest.
const merge = only && process.env.CORPUS_MERGE === "1";
const out =
  only && !merge ? join(REPO, ".tmp/bench-corpus", `corpus-${only.join("-")}.jsonl.gz`) : CORPUS_FILE;
if (merge) {
  const prefix = (id: string) => id.slice(0, id.indexOf("/"));
  const fresh = new Set(lines.map((l) => prefix((JSON.parse(l) as CorpusEntry).id)));
  const kept = loadCorpus()
    .filter((e) => !fresh.has(prefix(e.id)))
    .map((e) => JSON.stringify(e));
  lines.unshift(...kept);
}
writeFileSync(out, gzipSync(`${lines.join("\n")}\n`, { level: 9 }));
process.stderr.write(`${lines.length} outputs, ${dropped} oracle facts dropped → ${out}\n`);
