/**
 * What each of a disassembled program's own functions calls, each callee once: `call 1030
 * <strchr@plt>`. An engineer reading `objdump -d` of a crash follows a function by its
 * calls, the instructions between them saying how; the engine tells instructions by kind
 * (`mov`, `add`, `call`), and an excerpt kept the labels and a few instructions but not
 * one call of `main`. A call again of the same callee names nothing new; the toolchain's
 * functions (`_start`, `register_tm_clones`, `__do_global_dtors_aux`, the PLT's stubs)
 * are no one's code. Where source lines stand between the instructions (`objdump -S`), they
 * say what each call does, and are read as rare lines: the calls are then no news. Read
 * only in objdump's output (its `file format` header). Pure.
 */

/** objdump's header: `native/spool:     file format elf64-x86-64`. */
export const FORMAT = /^\S.*:\s+file format \S+$/;
/** A function's label: `00000000000010b0 <main>:`. */
export const LABEL = /^[0-9a-f]{8,16} <([^<>]+)>:$/;
/** A direct call of a whole symbol (x86's `call`/`callq`, Arm's `bl`), not a jump within (`<main+0x4a>`). */
const CALL = /^\s+[0-9a-f]+:\t(?:.*\t)?(?:call[a-z]?|bl)\s+[0-9a-f]+ (<[\w.@$]+>)\s*$/;
/** An instruction's line: `    1112:\t…`. */
const INSN = /^\s+[0-9a-f]+:\t/;
/** What objdump prints between functions: a section's title, `...` for skipped zeros. */
const BETWEEN = /^(?:Disassembly of section |\s*\.\.\.\s*$|\s*$)/;
/** Functions of the toolchain, not the program's: a leading `_`, the C runtime's, a PLT stub (the PLT's head too: `<strchr@plt-0x10>`). */
export const TOOLCHAIN = /^_|^(?:deregister_tm_clones|register_tm_clones|frame_dummy)$|@plt(?:$|[-+])/;
/** More calls than this (a library's thousands): none tells a function apart, none is kept. */
const MOST = 64;
/** The header is among the first lines. */
export const HEAD = 5;

export function callsByName(lines: readonly string[]): number[] {
  const head = lines.slice(0, HEAD).findIndex((l) => FORMAT.test(l));
  if (head < 0) return [];
  const out: number[] = [];
  let own = false;
  let called = new Set<string>();
  for (let i = head + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const label = LABEL.exec(line);
    if (label) {
      own = !TOOLCHAIN.test(label[1]!);
      called = new Set();
      continue;
    }
    if (!own) continue;
    // A source line between the instructions: calls are no news (see above).
    if (!INSN.test(line)) {
      if (BETWEEN.test(line)) continue;
      return [];
    }
    const callee = CALL.exec(line)?.[1];
    if (callee === undefined || called.has(callee)) continue;
    called.add(callee);
    out.push(i);
    if (out.length > MOST) return [];
  }
  return out;
}
