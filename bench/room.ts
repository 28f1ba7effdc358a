/**
 * Where the room goes over 8 KB (issue 24, reduction): for every output above 8 KB of the
 * sets we may read (never the blind part), the excerpt's bytes attributed to why each
 * shown line was kept (the engine's reason on its pick, `Pick.why`; a kind's own picks as
 * `kind fact` or `kind room`), to the framing (omission markers, notes, short gaps shown
 * as themselves) and to the hook's header (`untraced`: an excerpt a kind lays out itself,
 * a file list grouped by directory, as a whole); and which of those lines hold a fact
 * (`must_keep`, found verbatim in the line as shown). Per set and per reason: bytes,
 * share, the bytes of lines holding a fact, facts held and bytes per fact held.
 *
 * The compressors of ./src in-process (bench/facts.ts's fast path), with pack.ts's
 * packTrace sink set: the hook never sets it.
 *
 *   npx node bench/room.ts [--set shared,dev,...] [--src path/to/src] [--cases N] [--reason R]
 *
 * --cases N lists the N outputs that spend most bytes on lines holding no fact (of reason R);
 * --units FILE appends each shown line as JSON (set, name, reason, fact, text);
 * --show SET/NAME prints that output's excerpt, each shown line after its reason and `*` if it holds a fact.
 */
const USAGE = `npx node bench/room.ts [--set shared,dev,...] [--src path/to/src] [--cases N] [--reason R] [--show SET/NAME] [--units FILE]
where the room of excerpts over 8 KB goes, by the reason each shown line was kept and whether it holds a fact
  --set S,...       sets to read (default: every set open to development; never blind)
  --src DIR         the compressors to run (default: ./src)
  --cases N         the N outputs spending most on lines holding no fact (with --reason R: of that reason)
  --show SET/NAME   one output's excerpt, each line after its reason, * where it holds a fact
  --units FILE      append every shown line as JSON (set, name, reason, fact, text)`;

import { appendFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Pick, PackTraced as Traced } from "../src/compress/excerpt/pack.ts";
import { product } from "./compress.ts";
import { BIG } from "./corpus/facts/score.ts";
import {
  type FactCase,
  isOpenSet,
  loadSet,
  OPEN_SETS,
  REPO,
  type SetName,
  wholeOutput,
} from "./corpus/facts/sets.ts";

interface Cell {
  bytes: number;
  /** Bytes of lines holding at least one fact. */
  factBytes: number;
  facts: number;
  lines: number;
}

interface CaseRoom {
  readonly set: string;
  readonly name: string;
  readonly kind: string;
  readonly compressor: string;
  readonly orig: number;
  readonly shown: number;
  readonly reasons: Map<string, Cell>;
  readonly missed: number;
}

const cell = (): Cell => ({ bytes: 0, factBytes: 0, facts: 0, lines: 0 });
const bytesOf = (s: string) => Buffer.byteLength(s);

function add(m: Map<string, Cell>, key: string, c: Partial<Cell>): void {
  const x = m.get(key) ?? cell();
  m.set(key, x);
  x.bytes += c.bytes ?? 0;
  x.factBytes += c.factBytes ?? 0;
  x.facts += c.facts ?? 0;
  x.lines += c.lines ?? 0;
}

function reasonOf(p: Pick): string {
  return p.why ?? (p.prio >= 100 ? "kind fact" : "kind room");
}

function parseArgs(argv: readonly string[]) {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    process.exit(0);
  }
  const get = (k: string) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sets = (get("--set")?.split(",") ?? OPEN_SETS) as SetName[];
  const unknown = sets.filter((s) => !isOpenSet(s));
  if (unknown.length > 0) {
    console.error(`room: no set ${unknown.join(", ")}; sets: ${OPEN_SETS.join(",")} (never blind)`);
    process.exit(2);
  }
  return {
    sets,
    src: resolve(get("--src") ?? join(REPO, "src")),
    cases: Number(get("--cases") ?? 0),
    reason: get("--reason"),
    show: get("--show"),
    units: get("--units"),
  };
}

const o = parseArgs(process.argv.slice(2));
const p = await product(o.src);
const { packTrace } = (await import(pathToFileURL(join(o.src, "compress/excerpt/pack.ts")).href)) as {
  packTrace: { sink: ((t: Traced) => void) | undefined };
};
const config = p.defaults();

function roomOf(c: FactCase): CaseRoom | undefined {
  const { tool_name: tool, tool_input, tool_response } = c.input;
  // A spill stored whole is what the hook compresses (facts/sets.ts).
  const orig = bytesOf(wholeOutput(c));
  if (orig <= BIG) return undefined;
  const out = p.extractOutput(tool, tool_input, tool_response);
  if (!out) return undefined;
  const text: string = c.spilled ?? out.text;
  if (text.length < p.minCharsFor(config, tool, out.filePath, out.command)) return undefined;
  const hints = p.hintsOf(tool, out);
  p.forgetDoc();
  const traces: Traced[] = [];
  packTrace.sink = (t) => traces.push(t);
  let excerpt: { text: string; compressor: string };
  try {
    excerpt = p.compressText(text, hints, p.excerptBudget(config, text.length));
  } finally {
    packTrace.sink = undefined;
  }
  const head = p.excerptHeader(1, text, Buffer.byteLength(text), excerpt, hints, 0);
  const shownText: string = p.shownOf(head, excerpt.text);
  const reasons = new Map<string, Cell>();
  const base = { set: c.set, name: c.name, kind: c.kind, compressor: excerpt.compressor, orig };
  if (shownText.length >= text.length) {
    // Not replaced: the model reads the original.
    add(reasons, "not replaced", { bytes: orig, facts: c.must_keep.length });
    return { ...base, shown: orig, reasons, missed: 0 };
  }
  // The packing the excerpt is made of (the last one whose text it holds).
  const t = [...traces].reverse().find((x) => x.text.length > 0 && excerpt.text.includes(x.text));
  const units: { text: string; reason: string }[] = [];
  if (t) {
    t.owner.forEach((pick, u) => {
      if (pick) units.push({ text: t.layout.textOf(u), reason: reasonOf(pick) });
    });
  }
  const factsOf = new Map<number, number>();
  let framed = 0;
  let missed = 0;
  for (const f of c.must_keep) {
    const k = units.findIndex((x) => x.text.includes(f));
    if (k >= 0) factsOf.set(k, (factsOf.get(k) ?? 0) + 1);
    else if (shownText.includes(f)) framed++;
    else missed++;
  }
  if (o.units)
    for (const [k, x] of units.entries())
      appendFileSync(
        o.units,
        `${JSON.stringify({ set: c.set, name: c.name, reason: x.reason, fact: factsOf.has(k), text: x.text })}\n`,
      );
  if (o.show === `${c.set}/${c.name}`)
    for (const [k, x] of units.entries())
      process.stderr.write(`${x.reason.padEnd(14)}${factsOf.has(k) ? "*" : " "} ${x.text}\n`);
  let inUnits = 0;
  units.forEach((x, k) => {
    const b = bytesOf(x.text) + 1;
    inUnits += b;
    const facts = factsOf.get(k) ?? 0;
    add(reasons, x.reason, { bytes: b, factBytes: facts ? b : 0, facts, lines: 1 });
  });
  const body = bytesOf(excerpt.text);
  if (t) add(reasons, "framing", { bytes: Math.max(0, body - inUnits), facts: framed });
  else add(reasons, "untraced", { bytes: body, facts: framed });
  add(reasons, "header", { bytes: bytesOf(shownText) - body });
  return { ...base, shown: bytesOf(shownText), reasons, missed };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const kb = (x: number) => (x / 1024).toFixed(1);

function table(title: string, rows: readonly CaseRoom[]): string[] {
  const total = new Map<string, Cell>();
  for (const r of rows) for (const [k, c] of r.reasons) add(total, k, c);
  const orig = rows.reduce((a, r) => a + r.orig, 0);
  const shown = rows.reduce((a, r) => a + r.shown, 0);
  const facts = [...total.values()].reduce((a, c) => a + c.facts, 0);
  const missed = rows.reduce((a, r) => a + r.missed, 0);
  const out = [
    `### ${title}: ${rows.length} outputs over 8 KB, ${kb(orig)} KB shown as ${kb(shown)} KB (${pct(1 - shown / (orig || 1))} smaller); facts held ${facts}, not shown verbatim ${missed}`,
    "",
    "| reason | lines | KB | share of shown | KB in lines holding a fact | facts held | bytes per fact held |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [k, c] of [...total].sort((a, b) => b[1].bytes - a[1].bytes))
    out.push(
      `| ${k} | ${c.lines} | ${kb(c.bytes)} | ${pct(c.bytes / (shown || 1))} | ${kb(c.factBytes)} | ${c.facts} | ${c.facts ? Math.round(c.bytes / c.facts) : "–"} |`,
    );
  return [...out, ""];
}

function bands(rows: readonly CaseRoom[]): string[] {
  const out = ["| size band | outputs | original KB | shown KB | smaller |", "|---|---:|---:|---:|---:|"];
  for (const [name, test] of [
    ["8–30 KB", (b: number) => b <= 30 * 1024],
    ["over 30 KB", (b: number) => b > 30 * 1024],
  ] as const) {
    const rs = rows.filter((r) => test(r.orig));
    const orig = rs.reduce((a, r) => a + r.orig, 0);
    const shown = rs.reduce((a, r) => a + r.shown, 0);
    out.push(`| ${name} | ${rs.length} | ${kb(orig)} | ${kb(shown)} | ${pct(1 - shown / (orig || 1))} |`);
  }
  return [...out, ""];
}

const all: CaseRoom[] = [];
const md: string[] = ["## Where the room goes over 8 KB (bench/room.ts)", ""];
for (const set of o.sets) {
  const rows = loadSet(set)
    .map(roomOf)
    .filter((r): r is CaseRoom => r !== undefined);
  all.push(...rows);
  md.push(...table(set, rows), ...bands(rows));
}
if (o.sets.length > 1) md.push(...table("all sets", all), ...bands(all));
if (o.cases > 0) {
  const spare = (r: CaseRoom) => {
    let b = 0;
    for (const [k, c] of r.reasons) if (!o.reason || k === o.reason) b += c.bytes - c.factBytes;
    return b;
  };
  md.push(
    `### outputs spending most on lines holding no fact${o.reason ? ` (${o.reason})` : ""}`,
    "",
    "| output | kind | compressor | original KB | shown KB | KB on lines without a fact |",
    "|---|---|---|---:|---:|---:|",
  );
  for (const r of [...all].sort((a, b) => spare(b) - spare(a)).slice(0, o.cases))
    md.push(
      `| ${r.set}/${r.name} | ${r.kind} | ${r.compressor} | ${kb(r.orig)} | ${kb(r.shown)} | ${kb(spare(r))} |`,
    );
}
process.stdout.write(`${md.join("\n")}\n`);
