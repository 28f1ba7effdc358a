/**
 * What each method of the classes `javap -c` disassembles calls of those classes' own code,
 * each callee once: `18: invokevirtual #17 // Method com/acme/ledger/core/Account.debit:(…)V`.
 * As with a native disassembly (disassembly-calls.ts), an engineer follows a method by its
 * calls, the instructions between them saying how; the engine tells instructions by kind
 * (`aload_1`, `invokevirtual`), and of `transfer`'s calls of the account it kept none, only
 * the monitors around them. A call of a class javap did not print (`java/math/BigDecimal`)
 * is the library's, told by the constant pool; a call of the method's own class names no
 * class (`// Method audit:(…)V`). Read only in javap's output (`Compiled from "X.java"` or
 * `Classfile …` among its first lines). Pure.
 */

/** javap's header: `Classfile /…/TransferService.class` (-v), `Compiled from "TransferService.java"`. */
const HEADER = /^(?:Classfile \S+\.class$|\s*Compiled from "[^"]+"$)/;
/** A class or interface javap prints: `public final class com.acme.ledger.core.Account`. */
const DECLARED = /^(?:[a-z]+ )*(?:class|interface|enum|record) ([\w.$]+)/;
/** A method's signature line opens a method: two blanks, then its declaration ending `;`. */
const METHOD = /^ {2}\S.*\);$|^ {2}(?:static )?\{\};$/;
/** An invoke instruction and the method it names: `18: invokevirtual #17 // Method a/B.c:(…)V`. */
const INVOKE =
  /^\s+\d+: invoke(?:virtual|special|static|interface)\s+#\d+(?:,\s+\d+)?\s+\/\/ (?:Interface)?Method (\S+?):\(/;
/** More calls than this: a library's classes; none tells a method apart, none is kept. */
const MOST = 64;
/** The header is among the first lines. */
const HEAD = 5;

export function bytecodeCalls(lines: readonly string[]): number[] {
  if (!lines.slice(0, HEAD).some((l) => HEADER.test(l))) return [];
  const own = new Set<string>();
  for (const line of lines) {
    const m = DECLARED.exec(line);
    if (m) own.add(m[1]!.replace(/\./g, "/"));
  }
  const out: number[] = [];
  let called = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (METHOD.test(line)) {
      called = new Set();
      continue;
    }
    const callee = INVOKE.exec(line)?.[1];
    if (callee === undefined || called.has(callee)) continue;
    const dot = callee.lastIndexOf(".");
    // `audit` (its own class) or `com/acme/ledger/core/Account.debit` (a class printed).
    if (dot >= 0 && !own.has(callee.slice(0, dot))) continue;
    called.add(callee);
    out.push(i);
    if (out.length > MOST) return [];
  }
  return out;
}
