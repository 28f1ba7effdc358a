/**
 * A disassembled program's own code whole, where it is a small part of the output: the
 * lines of its functions that are not the toolchain's (`main`, `parse_job`; not `_start`,
 * `register_tm_clones`, the PLT's stubs). Whoever disassembles a small program reads its
 * code instruction by instruction: the subtraction that makes a length, the store that
 * links a list, and under `objdump -S` the source line over each run of instructions, a
 * fact over two lines (the source and its address). The engine tells instructions by kind
 * (`mov`, `sub`), so an excerpt kept one of each and the labels: of `objdump -dS` of a
 * 270-line program, main's source lines and not one instruction under them.
 *
 * Only where the own code takes at most half the output (what facts may take, budget.ts):
 * in a larger program (a library's thousands of functions) no function is the one read,
 * and only the calls are kept (disassembly-calls.ts). Read only in objdump's output (its
 * `file format` header). Pure.
 */
import { FORMAT, HEAD, LABEL, TOOLCHAIN } from "./disassembly-calls.ts";

/** The share of the output's characters the own code may take. */
const SHARE = 0.5;

/** The lines of the program's own functions (each from its label to its last line), or none. */
export function ownCode(lines: readonly string[]): number[] {
  const head = lines.slice(0, HEAD).findIndex((l) => FORMAT.test(l));
  if (head < 0) return [];
  const out: number[] = [];
  let own = false;
  let chars = 0;
  let ownChars = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    chars += line.length + 1;
    if (i <= head) continue;
    const label = LABEL.exec(line);
    if (label) own = !TOOLCHAIN.test(label[1]!);
    else if (/^Disassembly of section /.test(line)) own = false;
    if (!own || line.trim() === "") continue;
    out.push(i);
    ownChars += line.length + 1;
  }
  return ownChars <= chars * SHARE ? out : [];
}
