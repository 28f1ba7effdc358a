/**
 * The last error of an output names what failed (configure's, `configure:4613: error:
 * PROJ is required for reprojection`, though its log goes on with the cache variables
 * and confdefs it ended with); the few other lines
 * that name the same thing say which step failed and how (`checking for proj_create in
 * -lproj`, the linker's `cannot find -lproj`, the cache's `ac_cv_lib_proj_proj_create=no`),
 * though each is of a kind many lines share. They are read as the lines an agent's words
 * pick out (intent.ts), the error's words for the agent's: only words that tell lines
 * apart, and only while the lines they hold stay few. The engine (engine.ts) ranks by
 * rankStoppedBy.
 */

import { intentLines } from "./intent.ts";
import { namedFirst } from "./named-first.ts";
import { E } from "./priorities.ts";
import { isSevere } from "./signals.ts";
import { FEW, fact, type Work } from "./work.ts";

/** The lines named are at most this share of the output's (the error names one thing, not a kind). */
const FEW_SHARE = 0.01;

/** The last severe problem line (a warning after it does not stop a run); -1 when none. */
function stoppedOn(w: Work): number {
  for (let i = w.lines.length - 1; i >= 0; i--) if (w.problem[i] === 1 && isSevere(w.lines[i]!)) return i;
  return -1;
}

/** Facts: the lines naming what the error the output stopped on names. */
export function rankStoppedBy(w: Work): void {
  const error = stoppedOn(w);
  if (error < 0) return;
  // Lines of the error's own kind are that error elsewhere (tsc's same error at line 40),
  // told by its kind's count, not lines naming what it names.
  const kind = w.t.of[error]!;
  const keep = (k: number) => w.t.of[k]! >= 0 && w.t.of[k] !== kind && !w.noise(k);
  // Picked as the agent's words pick lines (intent.ts), and told by the room bench so.
  for (const i of intentLines(w.lines, w.lines[error], keep, FEW_SHARE, w.source))
    if (!w.facts.has(i)) fact(w, i, i, E.rare, "asked");
  // A file it names that too many lines hold for those: where each kind of line first does.
  const many = Math.max(3, Math.floor(w.lines.length * FEW_SHARE));
  for (const i of namedFirst(w.lines, error, (k) => w.t.of[k]!, keep, many, FEW))
    if (!w.facts.has(i)) fact(w, i, i, E.rare, "asked");
}
