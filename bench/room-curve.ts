/**
 * Is room what unseen outputs lack? (issue 24, budget24) Each held-out round run through
 * the tree it was scored untouched on, with the room scaled: the budget
 * (compress.budget_fraction, budget_min_chars and budget_max_chars times k) and the share
 * of an output over 8 KB that facts may take (budget.ts's FACT_SHARE, 0.5). Per set and
 * pooled: facts kept whole and reduction over 8 KB at each room, and each fact the
 * untouched run missed classed by what would have kept it:
 *
 * - room: kept at a room of the curve (the smallest one named);
 * - (b) cap: kept when facts may take the whole output, the budget unchanged: ranked as a
 *   fact, cut by the cap (`b spill limit`: only past the limits of what Claude Code shows
 *   inline, which no setting can raise);
 * - (c) budget: kept only when the budget is unlimited too: ranked as room, cut by the
 *   budget (with no room of the curve named, only when the budget takes the whole output:
 *   ranked below what fills four times the room);
 * - (d) never: not kept even then (whole-output shortcuts lifted): no pick holds it whole.
 *
 * Each tree is a COPY (`git archive <commit> src` under --trees, this checkout's
 * node_modules linked) patched so that budget.ts reads B24_FACT_SHARE and B24_NO_SPILL and
 * compress-with.ts B24_NO_WHOLE (the hook never sets them). Open sets only: never the blind part.
 *
 *   npx node bench/room-curve.ts [--trees /tmp/b24] [--rounds fresh21@2b4c58b,...] [--classify] [--rules] [--rooms A,B] [--json FILE]
 *
 * `--rounds set@commit,...` names each set's tree (default: the held-out rounds and the
 * commits they were scored untouched on).
 */
import { execSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { product } from "./compress.ts";
import type { Answer } from "./corpus/facts/answers.ts";
import { type Aggregate, aggregate, type CaseScore, scoreCases } from "./corpus/facts/score.ts";
import { type FactCase, isOpenSet, loadSet, REPO, wholeOutput } from "./corpus/facts/sets.ts";

/** One room: the budget's three settings times `scale`, facts' share of an output over 8 KB. */
interface Room {
  readonly name: string;
  readonly scale: number;
  readonly share: number;
  /** Lift the whole-output shortcuts, and score the excerpt even when not shorter. */
  readonly unbounded?: boolean;
  /** Lift the spill limits (shownLimit). */
  readonly noSpill?: boolean;
  /** A rule scaling the budget by what the output's lines hold (compress-with.ts's limit times it). */
  readonly rule?: (lines: readonly string[]) => number;
}

/** A line with digits and spacing normalised (lines.ts's shapeOf): one kind of line. */
const shapeOf = (line: string) =>
  line
    .replace(/0x[0-9a-f]+|\d+/gi, "#")
    .replace(/\s+/g, " ")
    .trim();

/** Distinct kinds of line over non-blank lines (0: one template, 1: every line its own), and how many. */
function variety(lines: readonly string[]): { share: number; kinds: number; rare: number } {
  const counts = new Map<string, number>();
  let n = 0;
  for (const l of lines) {
    if (l.trim() === "") continue;
    n++;
    const k = shapeOf(l);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  let rare = 0;
  for (const c of counts.values()) if (c <= 2) rare += c;
  return { share: n ? counts.size / n : 0, kinds: counts.size, rare: n ? rare / n : 0 };
}

/** Rules spending room by information, measured beside the flat raises. */
const RULES: readonly Room[] = [
  { name: "by variety 1..2", scale: 1, share: 0.5, rule: (ls) => 1 + variety(ls).share },
  { name: "by variety 0.75..2", scale: 1, share: 0.5, rule: (ls) => 0.75 + 1.25 * variety(ls).share },
  { name: "by rare lines 1..2", scale: 1, share: 0.5, rule: (ls) => 1 + variety(ls).rare },
  { name: "by rare lines 0.75..2 + 0.6", scale: 1, share: 0.6, rule: (ls) => 0.75 + 1.25 * variety(ls).rare },
];

const CURVE: readonly Room[] = [
  { name: "today", scale: 1, share: 0.5 },
  { name: "budget x1.25", scale: 1.25, share: 0.5 },
  { name: "budget x1.5", scale: 1.5, share: 0.5 },
  { name: "budget x2", scale: 2, share: 0.5 },
  { name: "facts 0.6", scale: 1, share: 0.6 },
  { name: "facts 0.7", scale: 1, share: 0.7 },
  { name: "x1.5 + 0.6", scale: 1.5, share: 0.6 },
  { name: "x2 + 0.7", scale: 2, share: 0.7 },
  { name: "budget x3", scale: 3, share: 0.5 },
  { name: "budget x4", scale: 4, share: 0.5 },
];

/** Less room: what the budget past the facts holds of the facts (run with --rooms). */
const LESS: readonly Room[] = [
  { name: "budget x0.75", scale: 0.75, share: 0.5 },
  { name: "budget x0.5", scale: 0.5, share: 0.5 },
];
const CAP_WHOLE: Room = { name: "facts may take all", scale: 1, share: 1, unbounded: true };
const CAP_UNBOUND: Room = { name: "cap unbounded", scale: 1, share: 1, unbounded: true, noSpill: true };
const ALL_UNBOUND: Room = { name: "all unbounded", scale: 1e4, share: 1, unbounded: true, noSpill: true };

/** The held-out rounds and the commit each was scored untouched on (their commits' messages). */
const ROUNDS =
  "fresh21@2b4c58b,fresh20@c680a6e,fresh19@cf8331a,fresh18@cf8331a,fresh17@13b224c,fresh16@a2c0d19,fresh15@a2c0d19";

/** The edits that let a copied tree's room be set from the environment: [file, from, to]. */
const PATCHES: readonly (readonly [string, string, string])[] = [
  [
    "compress/excerpt/budget.ts",
    "const share = size > SMALL_OUTPUT ? FACT_SHARE : 0.7;",
    "const share = size > SMALL_OUTPUT ? Number(process.env.B24_FACT_SHARE ?? FACT_SHARE) : 0.7;",
  ],
  [
    "compress/excerpt/budget.ts",
    "return Math.floor(limit * SPILL_MARGIN);",
    "return process.env.B24_NO_SPILL ? Number.POSITIVE_INFINITY : Math.floor(limit * SPILL_MARGIN);",
  ],
  [
    "compress/compress-with.ts",
    "const limit = Math.max(200, Math.floor(budget));\n  const doc = docOf(text);",
    "const doc = docOf(text);\n  // biome-ignore lint/suspicious/noExplicitAny: room-curve.ts's rule\n  const limit = Math.max(200, Math.floor(budget * ((globalThis as any).__b24Scale?.(doc.lines) ?? 1)));",
  ],
  [
    "compress/compress-with.ts",
    "const all = whole(doc, limit);",
    "const all = process.env.B24_NO_WHOLE ? undefined : whole(doc, limit);",
  ],
  [
    "compress/compress-with.ts",
    'if (hints.tool === "Read" || !doc.complete) return e;',
    'if (hints.tool === "Read" || !doc.complete || process.env.B24_NO_WHOLE) return e;',
  ],
];

/** `commit`'s src copied under `trees` and patched (once); its src folder. */
function prepare(trees: string, commit: string): string {
  const dir = join(trees, commit);
  const src = join(dir, "src");
  if (existsSync(join(dir, ".patched"))) return src;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execSync(`git archive ${commit} src | tar -x -C ${JSON.stringify(dir)}`, { cwd: REPO });
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  copyFileSync(join(REPO, "package.json"), join(dir, "package.json"));
  for (const [file, from, to] of PATCHES) {
    const path = join(src, file);
    const text = readFileSync(path, "utf8");
    if (!text.includes(from)) throw new Error(`room-curve.ts: ${commit}'s ${file} has no \`${from}\``);
    writeFileSync(path, text.replace(from, to));
  }
  writeFileSync(join(dir, ".patched"), "");
  return src;
}

function updated(replacement: unknown): string {
  return JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: replacement },
  });
}

type Product = Awaited<ReturnType<typeof product>>;

/** bench/corpus/facts/answers.ts's inProcess, at a room. */
function answerAt(p: Product, room: Room, c: FactCase): Answer {
  const base = p.defaults();
  const config = {
    ...base,
    "compress.budget_fraction": base["compress.budget_fraction"] * room.scale,
    "compress.budget_min_chars": base["compress.budget_min_chars"] * room.scale,
    "compress.budget_max_chars": base["compress.budget_max_chars"] * room.scale,
  };
  const { tool_name: tool, tool_input, tool_response } = c.input;
  const out = p.extractOutput(tool, tool_input, tool_response);
  if (!out) return { stdout: "", code: 0, ms: 0 };
  const text: string = c.spilled ?? out.text;
  const hints = p.hintsOf(tool, out);
  if (text.length < p.minCharsFor(config, tool, out.filePath, out.command))
    return { stdout: "", code: 0, ms: 0 };
  p.forgetDoc();
  const excerpt = p.compressText(text, hints, p.excerptBudget(config, text.length));
  const shown = p.shownOf(p.excerptHeader(1, text, Buffer.byteLength(text), excerpt, hints, 0), excerpt.text);
  if (shown.length >= text.length && !room.unbounded) return { stdout: "", code: 0, ms: 0 };
  return { stdout: updated(out.replace(shown)), code: 0, ms: 0 };
}

function setEnv(room: Room): void {
  process.env.B24_FACT_SHARE = String(room.share);
  const set = (k: string, on: boolean | undefined) => {
    if (on) process.env[k] = "1";
    else delete process.env[k];
  };
  set("B24_NO_WHOLE", room.unbounded);
  set("B24_NO_SPILL", room.noSpill);
  (globalThis as { __b24Scale?: (lines: readonly string[]) => number }).__b24Scale = room.rule;
}

function run(p: Product, room: Room, cases: readonly FactCase[]): CaseScore[] {
  setEnv(room);
  const answers = new Map<string, Answer>();
  for (const c of cases) answers.set(`${c.set}/${c.name}`, answerAt(p, room, c));
  return scoreCases(cases, answers);
}

/** Each missed fact as `name\tfact`, counted (a case may list a fact twice). */
function missedOf(rows: readonly CaseScore[]): string[] {
  return rows.flatMap((r) => r.missed.map((m) => `${r.name}\t${m}`));
}

interface SetRun {
  readonly set: string;
  readonly tree: string;
  readonly cases: readonly FactCase[];
  readonly curve: Map<string, CaseScore[]>;
  readonly share?: CaseScore[];
  readonly cap?: CaseScore[];
  readonly all?: CaseScore[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const cell = (a: Aggregate) => `${pct(a.recall)} (${a.kept}/${a.facts}) / ${pct(a.reduction)}`;

/** One row per set and one pooled, one column per room of the curve. */
function curveTable(runs: readonly SetRun[], rooms: readonly Room[]): string[] {
  const head = `| set (tree) | ${rooms.map((room) => room.name).join(" | ")} |`;
  const rule = `|---|${rooms.map(() => "---:").join("|")}|`;
  const row = (name: string, of: (room: Room) => CaseScore[]) =>
    `| ${name} | ${rooms.map((room) => cell(aggregate(of(room)))).join(" | ")} |`;
  return [
    head,
    rule,
    ...runs.map((r) => row(`${r.set} (${r.tree})`, (room) => r.curve.get(room.name)!)),
    row("**pooled**", (room) => runs.flatMap((r) => r.curve.get(room.name)!)),
  ];
}

/**
 * Facts a ranking that put facts first would keep in the room today's excerpt took: each
 * fact's lines (the lines its first occurrence spans in the whole output) cost their bytes,
 * and facts are taken cheapest first while the lines taken fit the excerpt's size (its header
 * included, so the bound is generous). A fact not found verbatim (a hash's prefix, `dir/` then
 * a name) counts as the excerpt did. Outputs left whole keep everything.
 */
function oracle(c: FactCase, row: CaseScore): { kept: number; total: number; need: number } {
  const total = row.mustTotal;
  if (!row.replaced) return { kept: row.mustHits, total, need: 0 };
  const text = wholeOutput(c);
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  const lineAt = (off: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= off) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const lineBytes = (i: number) =>
    Buffer.byteLength(text.slice(starts[i]!, (starts[i + 1] ?? text.length + 1) - 1)) + 1;
  const missed = new Set(row.missed);
  let unfound = 0;
  const spans: number[][] = [];
  for (const f of c.must_keep) {
    const at = text.indexOf(f);
    if (at < 0) {
      if (!missed.has(f)) unfound++;
      continue;
    }
    const [a, b] = [lineAt(at), lineAt(at + Math.max(0, f.length - 1))];
    spans.push(Array.from({ length: b - a + 1 }, (_, k) => a + k));
  }
  const cost = (lines: readonly number[]) => lines.reduce((x, i) => x + lineBytes(i), 0);
  spans.sort((x, y) => cost(x) - cost(y));
  const need = cost([...new Set(spans.flat())]);
  const taken = new Set<number>();
  let used = 0;
  let kept = unfound;
  for (const lines of spans) {
    const more = cost(lines.filter((i) => !taken.has(i)));
    if (used + more > row.shownBytes) continue;
    used += more;
    for (const i of lines) taken.add(i);
    kept++;
  }
  return { kept, total, need };
}

function oracleTable(runs: readonly SetRun[]): string[] {
  const line = (name: string, pairs: readonly { c: FactCase; row: CaseScore }[]) => {
    const today = aggregate(pairs.map((p) => p.row));
    let kept = 0;
    let need = 0;
    let room = 0;
    for (const p of pairs) {
      const o = oracle(p.c, p.row);
      kept += o.kept;
      if (p.row.replaced) {
        need += o.need;
        room += p.row.shownBytes;
      }
    }
    return `| ${name} | ${pct(today.recall)} (${today.kept}/${today.facts}) | ${pct(kept / (today.facts || 1))} (${kept}/${today.facts}) | ${pct(need / (room || 1))} | ${pct(today.reduction)} |`;
  };
  const pairsOf = (r: SetRun) => r.cases.map((c, i) => ({ c, row: r.curve.get("today")![i]! }));
  return [
    "| set (tree) | kept today | kept, facts first in the same room | every fact's lines, share of the excerpts' bytes | reduction over 8 KB |",
    "|---|---:|---:|---:|---:|",
    ...runs.map((r) => line(`${r.set} (${r.tree})`, pairsOf(r))),
    line("**pooled**", runs.flatMap(pairsOf)),
  ];
}

/** The first line of the output holding the fact (or its first 40 characters), cut to 110. */
function lineOf(c: FactCase, fact: string): string {
  const lines = wholeOutput(c).split("\n");
  const at = lines.find((l) => l.includes(fact)) ?? lines.find((l) => l.includes(fact.slice(0, 40)));
  return (at ?? "(not on one line)").trim().slice(0, 110);
}

interface Miss {
  readonly set: string;
  readonly c: FactCase;
  readonly fact: string;
  readonly cls: string;
}

/** Which class each untouched miss falls in (see the head of this file). */
function classify(r: SetRun, rooms: readonly Room[]): Miss[] {
  const base = r.curve.get("today")!;
  const keptAt = (rows: readonly CaseScore[] | undefined) => {
    const missed = new Set(missedOf(rows ?? []));
    return (key: string) => rows !== undefined && !missed.has(key);
  };
  const curveKeeps = rooms.slice(1).map((room) => ({ room, kept: keptAt(r.curve.get(room.name)) }));
  const shareKeeps = keptAt(r.share);
  const capKeeps = keptAt(r.cap);
  const allKeeps = keptAt(r.all);
  const byName = new Map(r.cases.map((c) => [c.name, c]));
  return missedOf(base).map((key) => {
    const [name, fact] = key.split("\t") as [string, string];
    const room = curveKeeps.find((k) => k.kept(key))?.room.name;
    const cls = shareKeeps(key)
      ? "b cap"
      : capKeeps(key)
        ? "b spill limit"
        : allKeeps(key)
          ? "c budget"
          : r.all === undefined
            ? "unclassed"
            : "d never";
    return { set: r.set, c: byName.get(name)!, fact, cls: room ? `${cls}; room ${room}` : cls };
  });
}

function classTable(misses: readonly Miss[], sets: readonly string[]): string[] {
  const classes = [...new Set(misses.map((m) => m.cls))].sort();
  const head = `| class | ${sets.join(" | ")} | pooled |`;
  const rule = `|---|${sets.map(() => "---:").join("|")}|---:|`;
  return [
    head,
    rule,
    ...classes.map(
      (k) =>
        `| ${k} | ${sets.map((s) => misses.filter((m) => m.set === s && m.cls === k).length).join(" | ")} | ${misses.filter((m) => m.cls === k).length} |`,
    ),
    `| all misses | ${sets.map((s) => misses.filter((m) => m.set === s).length).join(" | ")} | ${misses.length} |`,
  ];
}

function missList(misses: readonly Miss[]): string[] {
  const sorted = [...misses].sort(
    (a, b) => a.cls.localeCompare(b.cls) || a.c.kind.localeCompare(b.c.kind) || a.set.localeCompare(b.set),
  );
  return [
    "| class | set/output | kind | fact | line holding it |",
    "|---|---|---|---|---|",
    ...sorted.map(
      (m) =>
        `| ${m.cls} | ${m.set}/${m.c.name} | ${m.c.kind} | \`${m.fact.slice(0, 50).replace(/[|`\n]/g, " ")}\` | \`${lineOf(m.c, m.fact).replace(/[|`]/g, " ")}\` |`,
    ),
  ];
}

async function main(argv: readonly string[]): Promise<void> {
  const val = (k: string) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const trees = resolve(val("--trees") ?? "/tmp/b24");
  const classifying = argv.includes("--classify");
  // The rooms to run, today's first (--rooms a,b: those of the curve and the rules named; --rules: the rules too).
  const named = val("--rooms")?.split(",");
  const rooms = named
    ? [
        CURVE[0]!,
        ...[...CURVE, ...RULES, ...LESS].filter((room) => named.includes(room.name) && room !== CURVE[0]),
      ]
    : argv.includes("--rules")
      ? [...CURVE, ...RULES]
      : CURVE;
  const runs: SetRun[] = [];
  const products = new Map<string, Product>();
  for (const spec of (val("--rounds") ?? ROUNDS).split(",")) {
    const [set, tree] = spec.split("@") as [string, string];
    if (!isOpenSet(set)) throw new Error(`room-curve.ts: ${set} is not an open set`);
    const src = prepare(trees, tree);
    if (!products.has(src)) products.set(src, await product(src));
    const p = products.get(src)!;
    const cases = loadSet(set);
    const curve = new Map(rooms.map((room) => [room.name, run(p, room, cases)]));
    runs.push({
      set,
      tree,
      cases,
      curve,
      ...(classifying
        ? {
            share: run(p, CAP_WHOLE, cases),
            cap: run(p, CAP_UNBOUND, cases),
            all: run(p, ALL_UNBOUND, cases),
          }
        : {}),
    });
    process.stderr.write(`${set}@${tree} done\n`);
  }
  const out = [
    "## Facts kept whole / reduction over 8 KB, by room (in-process)",
    "",
    ...curveTable(runs, rooms),
  ];
  out.push(
    "",
    "## The same room, facts first (an upper bound on what ranking alone can buy)",
    "",
    ...oracleTable(runs),
  );
  if (classifying) {
    const misses = runs.flatMap((r) => classify(r, rooms));
    out.push(
      "",
      "## Untouched misses by what would keep them",
      "",
      ...classTable(
        misses,
        runs.map((r) => r.set),
      ),
    );
    out.push("", ...missList(misses));
  }
  process.stdout.write(`${out.join("\n")}\n`);
  const json = val("--json");
  if (json) {
    const summary = runs.map((r) => ({
      set: r.set,
      tree: r.tree,
      curve: Object.fromEntries(rooms.map((room) => [room.name, aggregate(r.curve.get(room.name)!)])),
    }));
    writeFileSync(json, `${JSON.stringify(summary, null, 2)}\n`);
  }
}

await main(process.argv.slice(2));
