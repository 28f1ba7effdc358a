/**
 * rustc through cargo: each "error[Ennnn]: message" with its "--> file:line:col" line,
 * the first warning of each kind, "could not compile" and "Finished" lines, warnings
 * counted by kind. Code frames and help follow while the budget lasts. The same error
 * (message and frame label) in one file is printed once, its locations on the --> line.
 */

import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { contextEnd, D, findingsOf, messageShape } from "./diagnostics.ts";

const HEADER = /^(error|warning)(?:\[(E\d+)\])?: (.*)$/;
const ARROW = /^\s*--> (\S+?):(\d+):(\d+)/;
/** A code frame's primary label: `   |     ^^^^ expected \`u32\`, found \`u64\``. */
const CARET = /^\s*\d*\s*\|[\s|\-_]*\^+ ?(.*)$/;
const FINAL =
  /^error: could not compile |^error: aborting due to |^\s*Finished `?\w|^warning: `[^`]+` \(.+\) generated \d+ warnings?|^error: build failed/;
const STEP = /^\s*(?:Compiling|Checking|Building|Running|Fresh|Documenting)\s/;

export function rustcExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const { lines, diags, summaries, extra, ...found } = findingsOf(text);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FINAL.test(line)) {
      summaries.push(i);
      continue;
    }
    const m = HEADER.exec(line);
    if (m) {
      const arrow = i + 1 < lines.length ? ARROW.exec(lines[i + 1]!) : null;
      const end = contextEnd(lines, arrow ? i + 1 : i, (l) => l !== "" && !HEADER.test(l));
      // "mismatched types" says little: the frame's label tells one from another.
      let label = "";
      let labelAt = -1;
      for (let k = i + 2; k <= end && label === ""; k++) {
        const c = CARET.exec(lines[k]!);
        if (c) [label, labelAt] = [c[1] ?? "", k];
      }
      diags.push({
        at: i,
        headerEnd: arrow ? i + 1 : i,
        end,
        severity: m[1] === "error" ? "error" : "warning",
        file: arrow ? arrow[1]! : "",
        kind: m[2] ?? messageShape(m[3]!),
        ...(arrow ? { line: Number(arrow[2]), col: Number(arrow[3]), message: `${m[3]!}\n${label}` } : {}),
        ...(m[2] ? { code: m[2] } : {}),
        // An error's label says what is wrong where the header only names the kind (`expected
        // \`u16\`, found \`Option<f32>\``): a detail kept with it. A warning's is most often
        // a help said again for each of hundreds.
        ...(label !== "" && m[1] === "error" ? { details: [labelAt] } : {}),
      });
    } else if (STEP.test(line)) extra.push({ from: i, to: i, prio: i === 0 ? D.milestone : 25 });
  }
  return found.excerpt("rustc", budget, hints);
}
