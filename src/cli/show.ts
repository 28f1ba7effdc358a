import { formatBytes } from "../core/format.ts";
import { cairnPaths } from "../core/paths.ts";
import { printedCli } from "../core/self.ts";
import { writeStdout } from "../core/stdout.ts";
import { visible, visibleBytes, visibleLine } from "../core/terminal-text.ts";
import { openStore, type Store } from "../store/db.ts";
import { lineStarts, sliceLines } from "../store/line-index.ts";
import { highestId } from "../store/never-reuse.ts";
import { getOriginal, getOutput, type OutputRow } from "../store/outputs.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, json, out } from "./io.ts";

const USAGE = `Usage: cairn show [ID] [--lines A-B] [--grep PATTERN [-C N] [-i]] [--info] [--json] [--raw | --visible]

Prints an original that cairn filed away when it showed an excerpt instead. The
excerpt's header names the ID. With no ID, lists the most recent filed outputs.

  ID                 the number after "cairn #" in an excerpt's header
  --lines A-B        only lines A to B (1-based, inclusive); "A-" means to the end
  --grep PATTERN     only lines matching PATTERN (a JavaScript regular expression),
                     with their line numbers
  -C, --context N    lines of context around each --grep match (default 2)
  -i, --ignore-case  case-insensitive --grep
  --info             what cairn knows about it: tool, command, sizes, compressor
  --json             --info or the listing as JSON
  -n, --limit N      how many outputs to list (default 20)
  --raw              print control characters as they are, even to a terminal
  --visible          show control characters as marks (␛, ␍, <U+202E>), even when piped

Without --lines or --grep the original is printed byte for byte (secrets that cairn
masked before storing stay masked; --info says how many). On a terminal, though,
control characters from the output (escape sequences, lone carriage returns, bidi
overrides) are shown as marks, so a stored output cannot move the cursor, retitle the
window or write the clipboard; piped or redirected, the bytes are the original's.`;

export const show: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        lines: { type: "string" },
        grep: { type: "string" },
        context: { type: "string", short: "C" },
        "ignore-case": { type: "boolean", short: "i" },
        info: { type: "boolean" },
        json: { type: "boolean" },
        limit: { type: "string", short: "n" },
        raw: { type: "boolean" },
        visible: { type: "boolean" },
      },
      { positionals: true },
    );
    if (positionals.length > 1) throw new UsageError("give one ID");
    if (values.raw && values.visible) throw new UsageError("--raw and --visible contradict each other");
    // Stored output is hostile input: a terminal would act on its escape sequences.
    const forTerminal = values.visible ?? (values.raw ? false : process.stdout.isTTY === true);
    const store = await openStore(cairnPaths().db);
    try {
      if (positionals.length === 0) {
        if (values.lines !== undefined || values.grep !== undefined || values.info)
          throw new UsageError("--lines, --grep and --info need an ID");
        return list(store, intFlag(values.limit, "limit", 1) ?? 20, values.json ?? false);
      }
      const id = Number(positionals[0]!.replace(/^#/, ""));
      if (!Number.isInteger(id) || id < 1)
        throw new UsageError(`"${visibleLine(positionals[0]!)}" is not an output ID (a number)`);
      const row = getOutput(store, id);
      const original = row && getOriginal(store, id);
      if (!row || !original) {
        // Ids are never given twice (src/store/never-reuse.ts): one below the highest
        // ever given was an output whose record retention has since removed.
        err(
          id <= highestId(store.db, "outputs")
            ? `cairn show: output #${id} was removed by the retention policy (its original first, then its record) to keep the database under retention.max_mb.`
            : `cairn show: no stored output #${id}. \`${printedCli()} show\` lists the recent ones.`,
        );
        return 1;
      }
      if (values.info) return info(row, values.json ?? false);
      if (row.pruned_at !== null) {
        err(
          `cairn show: the original of #${id} (${formatBytes(row.original_bytes)}) was removed by the retention policy on ${new Date(row.pruned_at).toISOString().slice(0, 16).replace("T", " ")} UTC to keep the database under retention.max_mb; its record stays: \`${printedCli()} show ${id} --info\`.`,
        );
        return 1;
      }
      if (row.redactions > 0)
        err(color.dim(`note: ${row.redactions} secret(s) were masked before this output was stored`));
      if (values.lines !== undefined) return printLines(original, values.lines, row, forTerminal);
      if (values.grep !== undefined) {
        const context = intFlag(values.context, "context", 0) ?? 2;
        return printGrep(original, values.grep, context, values["ignore-case"] ?? false, forTerminal);
      }
      printBytes(original, forTerminal);
      return 0;
    } finally {
      store.close();
    }
  },
};

function parseRange(spec: string, total: number): [number, number] {
  const m = /^(\d+)?(?:-(\d+)?)?$/.exec(spec.trim());
  if (!m || (m[1] === undefined && m[2] === undefined))
    throw new UsageError(`--lines expects a line range like 120-260, 120- or 120, got "${spec}"`);
  const from = m[1] !== undefined ? Number(m[1]) : 1;
  const to = spec.includes("-") ? (m[2] !== undefined ? Number(m[2]) : total) : from;
  if (from < 1) throw new UsageError(`--lines ${spec}: lines are numbered from 1`);
  // A reversed range is a typo, not a request for nothing: say which way round it goes.
  if (m[2] !== undefined && to < from)
    throw new UsageError(`--lines ${spec} is reversed: the first line comes first (--lines ${to}-${from})`);
  return [from, Math.max(from, to)];
}

/** The bytes as stored, or with their controls made visible for a terminal. */
function printBytes(bytes: Uint8Array, forTerminal: boolean): void {
  writeStdout(forTerminal ? Buffer.from(visibleBytes(bytes)) : bytes);
}

function printLines(original: Uint8Array, spec: string, row: OutputRow, forTerminal: boolean): number {
  const starts = lineStarts(original);
  const [from, to] = parseRange(spec, starts.length);
  if (from > starts.length) {
    err(`cairn show: #${row.id} has ${starts.length} lines`);
    return 1;
  }
  printBytes(sliceLines(original, starts, from, to), forTerminal);
  return 0;
}

function printGrep(
  original: Uint8Array,
  pattern: string,
  context: number,
  ignoreCase: boolean,
  forTerminal: boolean,
): number {
  let re: RegExp;
  try {
    re = new RegExp(pattern, ignoreCase ? "i" : "");
  } catch (e) {
    throw new UsageError(`--grep: ${(e as Error).message}`);
  }
  const lines = Buffer.from(original).toString("utf8").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const width = String(lines.length).length;
  let lastPrinted = 0;
  let matches = 0;
  const chunks: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!re.test(lines[i]!)) continue;
    matches += 1;
    const from = Math.max(lastPrinted, i - context);
    const to = Math.min(lines.length - 1, i + context);
    if (lastPrinted > 0 && from > lastPrinted) chunks.push("--");
    for (let j = from; j <= to; j++) {
      if (j < lastPrinted) continue;
      // A CR that ends the line (CRLF files) stays a line ending; any other control becomes a mark.
      const line = forTerminal ? visible(`${lines[j]!}\n`).slice(0, -1) : lines[j]!;
      chunks.push(`${String(j + 1).padStart(width)}${j === i || re.test(lines[j]!) ? ":" : "-"} ${line}`);
      lastPrinted = j + 1;
    }
  }
  if (matches === 0) {
    err(`no line matches /${visibleLine(pattern)}/`);
    return 1;
  }
  out(chunks.join("\n"));
  return 0;
}

function info(row: OutputRow, asJson: boolean): number {
  const { excerpt: _e, ...rest } = row;
  if (asJson) {
    json(rest);
    return 0;
  }
  // Tool names, labels (the command) and session ids came from hook input: one visible line each.
  out(`${color.bold(`#${row.id}`)} ${visibleLine(row.tool_name)} ${visibleLine(row.label ?? "")}`);
  out(`  session   ${visibleLine(row.session_id)}`);
  out(`  when      ${new Date(row.created_at).toISOString()}`);
  out(
    `  original  ${formatBytes(row.original_bytes)}, ${row.original_lines} lines${row.exit_code !== null ? `, exit ${row.exit_code}` : ""}`,
  );
  if (row.excerpt_bytes !== null) {
    const saved = 100 - Math.round((row.excerpt_bytes / Math.max(1, row.original_bytes)) * 100);
    out(
      `  shown     ${formatBytes(row.excerpt_bytes)} (${saved}% smaller) by ${row.compressor}, in ${row.latency_ms} ms`,
    );
  }
  if (row.redactions > 0) out(`  masked    ${row.redactions} secret(s) before storing`);
  if (row.pruned_at !== null)
    out(
      `  pruned    ${new Date(row.pruned_at).toISOString()} by the retention policy (the original is gone)`,
    );
  return 0;
}

function list(store: Store, limit: number, asJson: boolean): number {
  const rows = store.db
    .prepare(
      `SELECT id, tool_name, label, original_bytes, excerpt_bytes, compressor, exit_code, created_at, session_id
       FROM outputs ORDER BY id DESC LIMIT ?`,
    )
    .all(limit) as unknown as OutputRow[];
  if (asJson) {
    json(rows);
    return 0;
  }
  if (rows.length === 0) {
    out("No outputs filed yet: cairn files tool outputs larger than compress.min_bytes.");
    return 0;
  }
  for (const r of rows) {
    const when = new Date(r.created_at).toISOString().slice(5, 16).replace("T", " ");
    const size = `${formatBytes(r.original_bytes)} → ${formatBytes(r.excerpt_bytes ?? 0)}`;
    out(
      `${color.bold(`#${String(r.id).padEnd(5)}`)} ${color.dim(when)}  ${visibleLine(r.tool_name).padEnd(8)} ${size.padEnd(20)} ${visibleLine((r.label ?? "").slice(0, 60))}`,
    );
  }
  return 0;
}
