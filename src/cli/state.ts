import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { notebookPath } from "../core/paths.ts";
import { visibleLine } from "../core/terminal-text.ts";
import {
  appendItem,
  formatNotebook,
  type NotebookFile,
  notebookTemplate,
  parseNotebook,
  readNotebook,
  SECTION_IDS,
  SECTION_TITLES,
  type SectionId,
  sectionIdOf,
  sectionText,
  sectionTextProblem,
  seedNotebook,
  setSection,
  stripComments,
  writeNotebook,
} from "../notebook/state-file.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, json, out, storedForStdout } from "./io.ts";

const USAGE = `Usage: cairn state [show] [--json]
       cairn state edit | path
       cairn state set <section> <text…>     (text "-" reads stdin)
       cairn state add <section> <text…>
       cairn state write < notebook.md

This project's notebook, .cairn/STATE.md: the goal, the current step, the
decisions, dead-ends and open questions that cairn restores into every new, cleared,
resumed and compacted session (Goal and Now are also pinned to each prompt).

  show          print it (the default)
  edit          open it in $VISUAL or $EDITOR (created from the template if missing)
  path          print where it is
  set S TEXT    replace section S: goal, now, decisions, dead-ends, open-questions
  add S TEXT    add TEXT as a bullet at the end of section S
  write         replace the whole notebook with stdin (atomically)
  --json        show it as JSON: path, sections, and when it last changed
  --project DIR the project (default: the one around the current directory)`;

export const state: Command = {
  usage: USAGE,
  async run(argv) {
    const { options, text } = splitText(argv);
    const { values, positionals } = parse(
      options,
      { json: { type: "boolean" }, project: { type: "string" } },
      { positionals: true },
    );
    const projectDir = values.project ? resolve(values.project) : commandProjectDir();
    const [action = "show", ...rest] = [...positionals, ...text];
    switch (action) {
      case "show":
        noExtra(rest, action);
        return show(projectDir, !!values.json);
      case "path":
        noExtra(rest, action);
        out(notebookPath(projectDir));
        return 0;
      case "edit":
        noExtra(rest, action);
        return edit(projectDir);
      case "set":
      case "add":
        return update(projectDir, action, rest, !!values.json);
      case "write":
        noExtra(rest, action);
        return replace(projectDir, !!values.json);
      default:
        throw new UsageError(`unknown action "${action}" (show, edit, path, set, add, write)`);
    }
  },
};

/**
 * After `set SECTION` or `add SECTION` every word is text, even one that starts with a
 * dash ("- use uPlot" is a bullet, not an option); only --json and --project DIR are
 * still read as options there, and after "--" nothing is.
 */
function splitText(argv: readonly string[]): { options: string[]; text: string[] } {
  const options: string[] = [];
  let seen = 0;
  let i = 0;
  for (; i < argv.length && seen < 2; i++) {
    const a = argv[i]!;
    options.push(a);
    if (a === "--project") options.push(argv[++i] ?? "");
    else if (a === "--") return { options, text: [] };
    else if (!a.startsWith("-") || a === "-") {
      if (seen === 0 && a !== "set" && a !== "add") return { options: [...argv], text: [] };
      seen++;
    }
  }
  const text: string[] = [];
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      text.push(...argv.slice(i + 1));
      break;
    }
    if (a === "--json" || a === "-h" || a === "--help") options.push(a);
    else if (a === "--project") options.push(a, argv[++i] ?? "");
    else text.push(a);
  }
  return { options, text };
}

/**
 * The words of `set`/`add` as the section's text: words joined by spaces, but
 * arguments that are each a bullet ("- a" "- b") one bullet a line.
 */
function textOf(words: readonly string[]): string {
  const bullet = /^\s*([-*+]|\d+[.)])\s/;
  return words.length > 1 && words.every((w) => bullet.test(w)) ? words.join("\n") : words.join(" ");
}

function noExtra(rest: string[], action: string): void {
  if (rest.length > 0) throw new UsageError(`${action} takes no arguments (got "${rest.join(" ")}")`);
}

function show(projectDir: string, asJson: boolean): number {
  const nb = readNotebook(projectDir);
  if (asJson) {
    json(describe(projectDir, nb));
    return nb ? 0 : 1;
  }
  if (!nb) {
    err(`cairn state: no notebook yet at ${visibleLine(notebookPath(projectDir))}`);
    err("It is created at the first Claude Code session in this project, or now with `cairn state edit`.");
    return 1;
  }
  out(color.dim(visibleLine(nb.path)));
  // The notebook is written by the agent, from what tools showed it: stored text.
  for (const line of storedForStdout(nb.text).replace(/\n$/, "").split("\n"))
    out(/^ {0,3}#{1,6}\s/.test(line) ? color.bold(line) : line);
  return 0;
}

function describe(projectDir: string, nb: NotebookFile | undefined) {
  if (!nb) return { path: notebookPath(projectDir), exists: false };
  const sections = Object.fromEntries(SECTION_IDS.map((id) => [id, sectionText(nb.notebook, id)]));
  const other = nb.notebook.sections
    .filter((s) => !s.id)
    .map((s) => ({ title: s.title, body: stripComments(s.body).trim() }));
  return {
    path: nb.path,
    exists: true,
    updatedAt: nb.mtimeMs ? new Date(nb.mtimeMs).toISOString() : null,
    sections,
    other,
  };
}

function edit(projectDir: string): number {
  const path = notebookPath(projectDir);
  if (seedNotebook(projectDir)) err(color.dim(`created ${path} from the template`));
  const editor = process.env.VISUAL || process.env.EDITOR || "vi";
  // The path goes through the environment, so no quoting of it can go wrong.
  const r = spawnSync(`${editor} "$CAIRN_STATE_FILE"`, {
    shell: true,
    stdio: "inherit",
    env: { ...process.env, CAIRN_STATE_FILE: path },
  });
  if (r.error) {
    err(`cairn state: could not start the editor "${editor}": ${r.error.message}`);
    return 1;
  }
  if (r.status !== 0) {
    err(`cairn state: the editor "${editor}" exited with ${r.status ?? r.signal}; ${path} is as it left it`);
    return 1;
  }
  warnMissing(readNotebook(projectDir));
  return 0;
}

function update(projectDir: string, action: "set" | "add", rest: string[], asJson: boolean): number {
  const [name, ...words] = rest;
  if (!name) throw new UsageError(`${action} needs a section: ${SECTION_IDS.join(", ")}`);
  const id: SectionId | undefined = sectionIdOf(name);
  if (!id) throw new UsageError(`unknown section "${name}" (${SECTION_IDS.join(", ")})`);
  let text = textOf(words);
  if (text === "-") text = readStdin();
  if (!text.trim() && action === "add") throw new UsageError("add needs the text to add");
  if (!text.trim() && (id === "goal" || id === "now"))
    throw new UsageError(
      `${SECTION_TITLES[id]} cannot be empty: cairn pins it to every prompt; give the text (cairn state set ${id} "…")`,
    );
  const current = readNotebook(projectDir);
  const nb = current?.notebook ?? parseNotebook(notebookTemplate());
  const next = action === "set" ? setSection(nb, id, text) : appendItem(nb, id, text);
  const body = next.sections.find((s) => s.id === id)?.body ?? "";
  const problem = sectionTextProblem(nb, id, body);
  if (problem) throw new UsageError(`${SECTION_TITLES[id]}: ${problem}`);
  seedNotebook(projectDir);
  writeNotebook(projectDir, formatNotebook(next));
  if (asJson) json(describe(projectDir, readNotebook(projectDir)));
  else
    out(
      `${action === "set" ? "set" : "added to"} ${SECTION_TITLES[id]} in ${visibleLine(notebookPath(projectDir))}`,
    );
  return 0;
}

function replace(projectDir: string, asJson: boolean): number {
  const text = readStdin();
  if (!text.trim()) throw new UsageError("write needs the notebook on stdin (it would be left empty)");
  writeNotebook(projectDir, text.endsWith("\n") ? text : `${text}\n`);
  warnMissing(readNotebook(projectDir));
  if (asJson) json(describe(projectDir, readNotebook(projectDir)));
  else out(`wrote ${visibleLine(notebookPath(projectDir))}`);
  return 0;
}

/** Goal and Now are what the anchor pins; say so when the headings cairn looks for are missing. */
function warnMissing(nb: NotebookFile | undefined): void {
  const missing = nb
    ? (["goal", "now"] as const).filter((id) => !nb.notebook.sections.some((s) => s.id === id))
    : [];
  if (missing.length > 0)
    err(
      `note: no ${missing.map((id) => SECTION_TITLES[id]).join(" or ")} heading found; cairn pins "## Goal" and "## Now" to each prompt`,
    );
}

function readStdin(): string {
  return readFileSync(0, "utf8");
}
