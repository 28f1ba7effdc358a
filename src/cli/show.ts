import { RETRIEVAL_PAGE_CHARS } from "../claude/limits.ts";
import { formatBytes, groupDigits } from "../core/format.ts";
import { cairnPaths } from "../core/paths.ts";
import { printedCli, shellQuote } from "../core/self.ts";
import { writeStdout } from "../core/stdout.ts";
import { visibleBytes, visibleLine } from "../core/terminal-text.ts";
import { findOutput, pageFooter, type ReadSpec, readOutput } from "../memory/show-output.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { openStore, type Store } from "../store/db.ts";
import type { OutputRow } from "../store/outputs.ts";
import { intFlag, parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, json, modelReadsStdout, out } from "./io.ts";

const USAGE = `Usage: cairn show [ID] [--lines A-B] [--grep PATTERN [-C N] [-i]] [--shown] [--page N | --whole]
                  [--all-projects] [--info] [--json] [--raw | --visible]

Prints an original that cairn filed away when it showed an excerpt instead. The
excerpt's header names the ID. With no ID, lists this project's recent filed outputs.

  ID                 the number after "cairn #" in an excerpt's header
  --lines A-B        only lines A to B (1-based, inclusive); "A-" means to the end
  --grep PATTERN     only lines matching PATTERN (a JavaScript regular expression,
                     checked and run like config patterns: linear time), with their
                     line numbers; with --lines, only matches inside that range
  -C, --context N    lines of context around each --grep match (default 2)
  -i, --ignore-case  case-insensitive --grep
  --shown            what the model was sent for this output instead of its original
  --page N           page N of what was asked for, in pages of ${groupDigits(RETRIEVAL_PAGE_CHARS)} characters
  --whole            never in pages, even inside a Claude Code session
  --all-projects     read or list outputs of every project, not only this one's
  --info             what cairn knows about it: tool, command, sizes, compressor
  --json             --info or the listing as JSON
  -n, --limit N      how many outputs to list (default 20)
  --raw              print control characters as they are, even to a terminal
  --visible          show control characters as marks (␛, ␍, <U+202E>), even when piped

Without --lines or --grep the original is printed byte for byte (secrets that cairn
masked before storing stay masked; --info says how many). On a terminal, though,
control characters from the output (escape sequences, lone carriage returns, bidi
overrides) are shown as marks, so a stored output cannot move the cursor, retitle the
window or write the clipboard; piped or redirected, the bytes are the original's.

Inside a Claude Code session, where the model reads what this prints (a Bash call not
piped into another program), an answer over ${groupDigits(RETRIEVAL_PAGE_CHARS)} characters comes in pages that fit
under Claude Code's 30,000-character limit for Bash output: each ends with the command
for the next page and the line range of every page. In a terminal it is printed whole.

Only outputs of this project's sessions are read, unless --all-projects is given.`;

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
        shown: { type: "boolean" },
        page: { type: "string" },
        whole: { type: "boolean" },
        "all-projects": { type: "boolean" },
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
    if (values.page !== undefined && values.whole)
      throw new UsageError("--page and --whole contradict each other");
    // Stored output is hostile input: a terminal would act on its escape sequences.
    const forTerminal = values.visible ?? (values.raw ? false : process.stdout.isTTY === true);
    const store = await openStore(cairnPaths().db);
    try {
      const project = values["all-projects"]
        ? undefined
        : commandProjectDir(process.env, process.cwd(), store);
      if (positionals.length === 0) {
        for (const flag of ["lines", "grep", "info", "shown", "page"] as const)
          if (values[flag] !== undefined) throw new UsageError(`--${flag} needs an ID`);
        return list(store, project, intFlag(values.limit, "limit", 1) ?? 20, values.json ?? false);
      }
      const id = Number(positionals[0]!.replace(/^#/, ""));
      if (!Number.isInteger(id) || id < 1)
        throw new UsageError(`"${visibleLine(positionals[0]!)}" is not an output ID (a number)`);
      const cli = printedCli();
      if (values.info) return info(store, id, project, cli, values.json ?? false);
      const page = intFlag(values.page, "page", 1);
      const spec: ReadSpec = {
        lines: values.lines,
        grep: values.grep,
        ignoreCase: values["ignore-case"],
        context: intFlag(values.context, "context", 0),
        shown: values.shown,
        paging:
          page !== undefined || (!values.whole && modelReadsStdout())
            ? { chars: RETRIEVAL_PAGE_CHARS, page: page ?? 1 }
            : undefined,
      };
      const read = readOutput(store, id, spec, { project, cli });
      if (!read.ok) {
        if (read.why === "bad-request") throw new UsageError(read.message);
        err(`cairn show: ${visibleLine(read.message)}`);
        return 1;
      }
      if (read.row.redactions > 0 && !values.shown)
        err(color.dim(`note: ${read.row.redactions} secret(s) were masked before this output was stored`));
      writeStdout(forTerminal ? Buffer.from(visibleBytes(read.bytes)) : read.bytes);
      if (read.page) {
        const last = read.bytes.at(-1);
        const next = (n: number) => [cli, ...showArgs(id, values, n)].join(" ");
        writeStdout(
          `${last === undefined || last === 10 ? "" : "\n"}${pageFooter(id, { ...read, page: read.page }, next)}`,
        );
      }
      return 0;
    } finally {
      store.close();
    }
  },
};

/** `show ID …` as asked, for page `page`: the command a page's footer names. */
function showArgs(
  id: number,
  v: {
    lines?: string | undefined;
    grep?: string | undefined;
    context?: string | undefined;
    "ignore-case"?: boolean | undefined;
    shown?: boolean | undefined;
    "all-projects"?: boolean | undefined;
  },
  page: number,
): string[] {
  const args = ["show", String(id)];
  if (v.lines !== undefined) args.push("--lines", shellQuote(v.lines.trim()));
  if (v.grep !== undefined) args.push("--grep", shellQuote(v.grep));
  if (v.context !== undefined) args.push("-C", shellQuote(v.context));
  if (v["ignore-case"]) args.push("-i");
  if (v.shown) args.push("--shown");
  if (v["all-projects"]) args.push("--all-projects");
  args.push("--page", String(page));
  return args;
}

function info(store: Store, id: number, project: string | undefined, cli: string, asJson: boolean): number {
  // The record alone: it outlives a pruned original.
  const found = findOutput(store, id, { project, cli });
  if (!found.ok) {
    err(`cairn show: ${visibleLine(found.message)}`);
    return 1;
  }
  const row = found.row;
  if (asJson) {
    const { excerpt: _e, ...rest } = row;
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
  } else if (row.compressor !== null)
    out(`  shown     whole (the excerpt by ${row.compressor} was no shorter)`);
  if (row.redactions > 0) out(`  masked    ${row.redactions} secret(s) before storing`);
  if (row.pruned_at !== null)
    out(
      `  pruned    ${new Date(row.pruned_at).toISOString()} by the retention policy (the original is gone)`,
    );
  return 0;
}

function list(store: Store, project: string | undefined, limit: number, asJson: boolean): number {
  const rows = store.db
    .prepare(
      `SELECT o.id, o.tool_name, o.label, o.original_bytes, o.excerpt_bytes, o.compressor, o.exit_code,
         o.created_at, o.session_id, s.project_dir
       FROM outputs o LEFT JOIN sessions s ON s.id = o.session_id
       WHERE :project IS NULL OR s.project_dir = :project ORDER BY o.id DESC LIMIT :limit`,
    )
    .all({ project: project ?? null, limit }) as unknown as (OutputRow & { project_dir: string | null })[];
  if (asJson) {
    json(rows);
    return 0;
  }
  if (rows.length === 0) {
    out(
      project === undefined
        ? "No outputs filed yet: cairn files tool outputs larger than compress.min_bytes."
        : `No outputs filed in ${visibleLine(project)} yet (--all-projects lists every project's).`,
    );
    return 0;
  }
  for (const r of rows) {
    const when = new Date(r.created_at).toISOString().slice(5, 16).replace("T", " ");
    const size =
      r.excerpt_bytes === null
        ? `${formatBytes(r.original_bytes)} shown whole`
        : `${formatBytes(r.original_bytes)} → ${formatBytes(r.excerpt_bytes)}`;
    const where = project === undefined ? `${visibleLine(r.project_dir ?? "?")}  ` : "";
    out(
      `${color.bold(`#${String(r.id).padEnd(5)}`)} ${color.dim(when)}  ${visibleLine(r.tool_name).padEnd(8)} ${size.padEnd(20)} ${where}${visibleLine((r.label ?? "").slice(0, 60))}`,
    );
  }
  return 0;
}
