/**
 * pip, apt and cargo's dependency resolution: their errors (with pip's and cargo's
 * "Caused by" detail), what was installed or planned (the packages named on the
 * command line first), the one-line summaries, and each kind of warning once.
 */

import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, lastNonBlank, type Rule, rulePicks } from "../../excerpt/lines.ts";
import { MUST, type Pick } from "../../excerpt/pack.ts";
import type { Excerpt, Hints } from "../../excerpt/types.ts";
import { PLAN_LIST, planLists, planRemovals } from "./apt-plan.ts";
import { aptUpgrades } from "./apt-upgrades.ts";

/** Package names given on the command line ("apt-get install -y a b c" -> a, b, c). */
function namedPackages(command: string | undefined): string[] {
  if (!command) return [];
  const m = /\b(?:install|add|remove|purge|upgrade|download|show|build-dep)\b(.*)$/.exec(command);
  if (!m) return [];
  return m[1]!
    .split(/[\s&|;]+/)
    .filter((w) => w && !w.startsWith("-") && /^[A-Za-z0-9@][\w.+:/@=<>~^-]*$/.test(w))
    .map((w) => w.replace(/[=<>~^].*$/, "").replace(/:[\w-]+$/, ""))
    .slice(0, 50);
}

function ruleExcerpt(
  name: string,
  doc: Doc,
  budget: number,
  rules: readonly Rule[],
  kept: string,
  extra: Pick[] = [],
  display?: ReadonlyMap<number, string>,
) {
  const picks: Pick[] = [...extra];
  rulePicks(doc, rules, picks);
  const last = lastNonBlank(doc.lines);
  if (last >= 0) picks.push({ from: last - 2, to: last, prio: 75, split: "tail" });
  picks.push({ from: 0, to: 1, prio: 72, split: "head" });
  return excerpt(name, doc, budget, { picks, kept, ...(display?.size ? { options: { display } } : {}) });
}

function namedPicks(doc: Doc, names: readonly string[], line: RegExp, prio: number): Pick[] {
  if (names.length === 0) return [];
  const wanted = new Set(names);
  const picks: Pick[] = [];
  doc.lines.forEach((text, i) => {
    const m = line.exec(text);
    if (m && wanted.has(m[1]!.replace(/:[\w-]+$/, ""))) picks.push({ from: i, to: i, prio });
  });
  return picks;
}

const PIP: readonly Rule[] = [
  { re: /^ERROR: /, prio: MUST + 10 },
  { re: /^\s*error: |^\s*× |^\s*╰─> /, prio: MUST + 5, after: 2 },
  { re: /^Successfully (?:installed|built|uninstalled) /, prio: MUST + 8 },
  { re: /^Requirement already satisfied: /, prio: 40, once: true },
  { re: /^(?:WARNING|DEPRECATION): /, prio: 80, once: true },
  { re: /^Looking in (?:indexes|links): /, prio: 70 },
  { re: /^(?:Collecting|Downloading|Building wheel|Installing collected|Using cached) /, prio: 45 },
];

export function pipExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const named = namedPicks(doc, namedPackages(hints.command), /^(?:Collecting|Downloading) ([\w.-]+)/, 85);
  return ruleExcerpt("pip", doc, budget, PIP, "errors, installed packages", named);
}

const APT: readonly Rule[] = [
  { re: /^(?:E|Err): /, prio: MUST + 10 },
  {
    re: /^dpkg: (?:error|dependency problems)|^Errors were encountered|^\s+Depends: .* but /,
    prio: MUST + 8,
  },
  { re: /^\d+ upgraded, \d+ newly installed, \d+ to remove and \d+ not upgraded\.$/, prio: MUST + 10 },
  { re: PLAN_LIST, prio: MUST + 5, after: 1 },
  { re: /^(?:Need to get|After this operation|Fetched) /, prio: MUST },
  { re: /^(?:W|N): /, prio: 85, once: true },
  { re: /^(?:debconf|invoke-rc\.d|update-alternatives|dpkg): /, prio: 80, once: true },
  { re: /^Reading package lists/, prio: 55 },
  { re: /^(?:Get|Hit|Ign):\d+ /, prio: 40, once: true },
];

export function aptExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const named = namedPicks(
    doc,
    namedPackages(hints.command),
    /^(?:Setting up|Inst|Conf|Unpacking) (\S+)/,
    MUST + 2,
  );
  for (const i of aptUpgrades(doc.lines)) named.push({ from: i, to: i, prio: MUST + 2 });
  for (const [from, to] of planLists(doc.lines)) named.push({ from, to, prio: MUST + 4 });
  const removals = planRemovals(doc.lines);
  for (const i of removals.keys()) named.push({ from: i, to: i, prio: MUST + 1 });
  return ruleExcerpt("apt", doc, budget, APT, "errors, plan, summary", named, removals);
}

const CARGO: readonly Rule[] = [
  { re: /^error(?:\[E\d+\])?: /, prio: MUST + 10 },
  { re: /^Caused by:$/, prio: MUST + 5, after: 1 },
  { re: /^warning: /, prio: 85, once: true },
  { re: /^\s*(?:Updating|Downloading|Downloaded|Locking|Adding|Blocking)\s/, prio: 60, once: true },
];

export function cargoDepsExcerpt(text: string, _hints: Hints, budget: number): Excerpt {
  return ruleExcerpt("cargo-deps", docOf(text), budget, CARGO, "errors and causes");
}
