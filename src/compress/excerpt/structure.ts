/**
 * The rules that read an output's shape rather than the kinds of its lines: a tree's
 * roots, the opening lines of blank-separated blocks, the few lines that vary a form most
 * lines share, a patch's headers, a ruled report's closing block, labels other lines call
 * by name, a document's headings and directives. Each ranks the lines it finds as facts;
 * the engine calls them here, in this order, so that a rule of this kind has one place to go.
 */
import { blockHeads } from "./block-heads.ts";
import { rankClosingSummary } from "./closing-summary.ts";
import { documentOutline } from "./doc-outline.ts";
import { rankNamedLabels } from "./named-labels.ts";
import { rankPatchOutline } from "./patch-headers.ts";
import { E } from "./priorities.ts";
import { largestSized } from "./sized-tree.ts";
import { treeRoots } from "./tree-roots.ts";
import { variantLines } from "./variant-lines.ts";
import { fact, type Work } from "./work.ts";

export function rankStructure(w: Work): void {
  for (const i of [...treeRoots(w.lines), ...blockHeads(w.lines)])
    if (!w.facts.has(i)) fact(w, i, i, E.rare, "tree-root");
  for (const i of variantLines(w.lines, w.noise)) fact(w, i, i, E.outlier, "outlier");
  for (const i of largestSized(w.lines)) if (!w.facts.has(i)) fact(w, i, i, E.outlier, "outlier");
  rankPatchOutline(w);
  rankClosingSummary(w);
  rankNamedLabels(w);
  for (const i of documentOutline(w.lines)) if (!w.facts.has(i)) fact(w, i, i, E.rare, "tree-root");
}
