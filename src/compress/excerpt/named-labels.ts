/**
 * Labels the rest of the output refers to by name: a line at the start of a block (after a
 * blank line, at column 0, ending with `:`, lines under it) whose name other
 * lines use (a disassembly's `00000000000010b0 <main>:`, called or jumped to as `<main>` or
 * `<main+0x21>`; an assembler listing's `parse_job:`). Each names the block of lines of
 * other kinds under it, which the engine otherwise tells by kind, so an excerpt of a
 * disassembly said which instructions it held and not whose. A heading nothing refers to
 * (`Disassembly of section .text:`, `Test results:`) stays as the engine ranks it. The
 * engine (engine.ts) ranks by rankNamedLabels.
 */

import { E } from "./priorities.ts";
import { fact, type Work } from "./work.ts";

/**
 * A label's line: a name and a colon, after one word at most (its address): `main:`,
 * `00000000000010b0 <main>:`; a sentence ending with a colon is no label.
 */
const LABEL = /^(?:[\w.]{1,40} )?(?:<([\w.@$]{2,60})>|([\w.@$]{2,60})):$/;
/** More labels than this: a document of keys (a YAML file's), not blocks named for use. */
const MOST = 40;

/** Whether `line` uses `name` as a whole name (`<main>`, `<main+0x21>`, `call main`). */
function uses(line: string, name: string): boolean {
  for (let at = line.indexOf(name); at >= 0; at = line.indexOf(name, at + 1)) {
    const before = at === 0 ? "" : line[at - 1]!;
    const after = line[at + name.length] ?? "";
    if (!/[\w.@$]/.test(before) && !/[\w.@$:]/.test(after)) return true;
  }
  return false;
}

/** Whether a line holds only blanks, read without a copy (most lines of most outputs are not). */
function isBlank(line: string): boolean {
  for (let k = 0; k < line.length; k++) {
    const c = line.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** The lines of labels (indexes) that some indented line refers to by name. */
export function namedLabels(lines: readonly string[]): number[] {
  const labels: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if ((i > 0 && !isBlank(lines[i - 1]!)) || isBlank(lines[i + 1]!)) continue;
    const m = LABEL.exec(lines[i]!);
    if (m === null) continue;
    labels.push([i, (m[1] ?? m[2])!]);
    if (labels.length > MOST) return [];
  }
  if (labels.length < 2) return [];
  const out: number[] = [];
  for (const [i, name] of labels)
    for (let k = 0; k < lines.length; k++)
      if (k !== i && /^\s/.test(lines[k]!) && uses(lines[k]!, name)) {
        out.push(i);
        break;
      }
  return out;
}

export function rankNamedLabels(w: Work): void {
  for (const i of namedLabels(w.lines)) if (!w.facts.has(i)) fact(w, i, i, E.rare, "label");
}
