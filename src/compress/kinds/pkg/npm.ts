/**
 * npm: errors (code, the failing path and command, 404s, compiler errors inside a
 * node-gyp build, the script's own exception), lifecycle script headers, warnings once
 * per kind, and the final "added N packages" / "found N vulnerabilities" lines.
 * (`npm ls` trees: npm-ls.ts.)
 */

import { docOf, excerpt, lastNonBlank, type Rule, rulePicks } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";

const RULES: readonly Rule[] = [
  { re: /^npm (?:error|ERR!) code /, prio: MUST + 20 },
  { re: /^npm (?:error|ERR!) (?:path|command|errno|syscall) /, prio: MUST + 15 },
  { re: /^(?:npm (?:error|ERR!) )?\S+:\d+:\d+: (?:fatal error|error): /, prio: MUST + 12 },
  { re: /^(?:npm (?:error|ERR!) )?\S+:\d+:\d+: warning: /, prio: 90, once: true },
  { re: /^(?:npm (?:error|ERR!) )?(?:g?make|ninja)(?:\[\d+\])?: \*\*\* /, prio: MUST + 10 },
  {
    re: /^(?:npm (?:error|ERR!) )?gyp ERR! (?:stack Error|not ok|configure error|build error)/,
    prio: MUST + 8,
  },
  { re: /^(?:npm (?:error|ERR!) )?(?:404|E404|403|401|ETARGET|ERESOLVE|ENOENT|EACCES)\b/, prio: MUST + 6 },
  {
    re: /^npm (?:error|ERR!) (?:404 |\d{3} )?\s*(?:The requested resource|Not Found|Could not resolve|While resolving|Found: |Conflicting peer|notarget)/,
    prio: MUST + 6,
  },
  { re: /^> \S+@\S+ (?:pre|post)?(?:install|prepare|build|test|start|\w+)$/, prio: MUST + 4 },
  { re: /^(?:\w*Error|Error): /, prio: MUST + 4, after: 1 },
  { re: /^\s+at .{0,300}\(\/(?!.*node_modules)[^)]*:\d+:\d+\)$/, prio: MUST + 2 },
  {
    re: /^(?:added|removed|changed|up to date|audited) .*\d|^found \d+ vulnerabilit|^\d+ (?:low|moderate|high|critical)/,
    prio: MUST + 10,
  },
  { re: /^npm (?:error|ERR!) A complete log of this run/, prio: MUST },
  { re: /^npm (?:error|ERR!) /, prio: 70, once: true },
  { re: /^npm warn /, prio: 60, once: true },
];

export function npmExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const picks: Pick[] = [];
  const counts = rulePicks(doc, RULES, picks);
  const last = lastNonBlank(doc.lines);
  if (last >= 0) picks.push({ from: last - 1, to: last, prio: 80, split: "tail" });
  picks.push({ from: 0, to: 0, prio: 30 });
  const errors = counts.slice(0, 11).reduce((a, b) => a + b, 0);
  return excerpt("npm", doc, budget, { picks, kept: errors > 0 ? "errors, summary" : "summary, warnings" });
}
