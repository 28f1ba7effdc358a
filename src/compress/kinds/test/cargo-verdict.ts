/**
 * cargo test: the harness's own verdict on a failing test, told after the panic and its
 * backtrace. A `#[should_panic(expected = "…")]` test whose panic said something else fails
 * with `note: panic did not contain expected string`, then the panic's message and the
 * string expected, each on an indented line: that is why the test failed, and it stands past
 * the backtrace, where a block kept from its head is cut. A `note:` in a failure's block is
 * kept with the indented lines under it, except the backtrace's own advice (RUST_BACKTRACE),
 * which every block with a backtrace repeats.
 */

import type { Doc } from "../../excerpt/doc.ts";
import type { Pick } from "../../excerpt/pack.ts";
import { type Block, P } from "./shared.ts";

const NOTE = /^note: /;
const BACKTRACE_ADVICE = /RUST_BACKTRACE/;
const UNDER = /^\s+\S/;

export function verdictPicks(doc: Doc, block: Block, out: Pick[]): void {
  for (let i = block.start + 1; i <= block.end; i++) {
    const line = doc.lines[i]!;
    if (!NOTE.test(line) || BACKTRACE_ADVICE.test(line)) continue;
    let to = i;
    while (to < block.end && UNDER.test(doc.lines[to + 1]!)) to++;
    out.push({ from: i, to, prio: P.message, split: "none" });
    i = to;
  }
}
