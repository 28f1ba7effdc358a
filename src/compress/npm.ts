/**
 * npm: errors (code, the failing path and command, 404s, compiler errors inside a
 * node-gyp build, the script's own exception), lifecycle script headers, warnings once
 * per kind, and the final "added N packages" / "found N vulnerabilities" lines.
 * `npm ls` trees: the root, the top-level dependencies and every problem.
 */

import { docOf, excerpt, lastNonBlank, plural, type Rule, rulePicks } from "./common.ts";
import { MUST, type Note, type Pick, substanceCap } from "./pack.ts";
import type { Compressor, Excerpt, Hints } from "./types.ts";

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

const MISSING = /^npm (?:error|ERR!) missing: (\S+), required by (\S+)$/;
// npm draws its tree with box characters, or with ASCII (`+--`, `` `-- ``, `|`) when the
// locale is not UTF-8; a private root may have no version (`proj@ /path`).
const TREE_ROOT = /^\S+@\S* \/\S*$|^\S+@\S+$/;
const TREE_TOP = /^(?:[├└]─[─┬]|[+`]--) /;
const TREE_GLYPHS = /^[│├└─┬|+`\s-]+(?=\S)/;
const TREE_PROBLEM =
  /\b(?:UNMET|invalid|extraneous|missing|ELSPROBLEMS|deduped invalid)\b|npm (?:error|ERR!)/;

function lsExcerpt(text: string, budget: number): Excerpt {
  const doc = docOf(text);
  const { lines } = doc;
  const picks: Pick[] = [];
  let top = 0;
  let problems = 0;
  let optionals = 0;
  const seen = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (TREE_PROBLEM.test(line)) {
      // Unmet optional dependencies are normal; the first one is enough to show it. A
      // problem seen already (the same unmet spec under another parent) repeats it.
      const optional = /UNMET OPTIONAL/.test(line);
      const entry = line.replace(TREE_GLYPHS, "");
      const again = seen.has(entry);
      seen.add(entry);
      // The project's own dependencies first (missing, invalid, extraneous at the top).
      const depth = (line.length - entry.length) / 2;
      const prio = optional
        ? again
          ? 60
          : optionals++ === 0
            ? MUST + 2
            : MUST + 1
        : again
          ? 70
          : MUST + 8 - Math.min(6, depth);
      picks.push({ from: i, to: i, prio });
      if (!optional && !again) problems++;
    } else if (TREE_TOP.test(line)) {
      picks.push({ from: i, to: i, prio: MUST + 1 });
      top++;
    } else if (i < 3 && TREE_ROOT.test(line)) picks.push({ from: i, to: i, prio: MUST + 10 });
  }
  // Every package is a name in the listing: under each top-level one, the packages of
  // its subtree once each (name@version, deduped ones and repeats left out), in lines of
  // about 200 characters so that as many fit as room allows.
  const subtree: { at: number; names: string[] }[] = [];
  const named = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (TREE_TOP.test(line)) {
      subtree.push({ at: i + 1, names: [] });
      continue;
    }
    const group = subtree[subtree.length - 1];
    if (!group || !/^[│|]/.test(line) || TREE_PROBLEM.test(line)) continue;
    const spec = /^(\S+@\S+)(?: deduped)?$/.exec(line.replace(TREE_GLYPHS, ""));
    if (!spec || / deduped$/.test(line) || named.has(spec[1]!)) continue;
    named.add(spec[1]!);
    group.names.push(spec[1]!);
  }
  const nameNotes: Note[] = [];
  for (const g of subtree) {
    let line = "";
    let chunk = 0;
    const flush = () => {
      if (line)
        nameNotes.push({ at: g.at, text: `    ${line}`, prio: MUST + 0.9 - Math.min(0.9, chunk++ / 50) });
      line = "";
    };
    for (const name of g.names) {
      if (line.length + name.length > 200) flush();
      line = line ? `${line}  ${name}` : name;
    }
    flush();
  }
  // npm's closing list ("npm error missing: x@^1, required by y@2") repeats one shape
  // per parent: each parent once with what it misses.
  const missing = new Map<string, { first: number; specs: string[]; lines: number[] }>();
  lines.forEach((line, i) => {
    const m = MISSING.exec(line);
    if (!m) return;
    const group = missing.get(m[2]!) ?? { first: i, specs: [], lines: [] };
    missing.set(m[2]!, group);
    group.specs.push(m[1]!);
    group.lines.push(i);
  });
  const notes: Note[] = [...nameNotes];
  const grouped = new Set<number>();
  for (const [parent, g] of missing) {
    if (g.specs.length < 3) continue;
    for (const i of g.lines) grouped.add(i);
    notes.push({
      at: g.first,
      text: `npm error missing, required by ${parent}: ${g.specs.join(", ")}`,
      prio: MUST + 9,
    });
  }
  const shown = picks.filter((p) => !grouped.has(p.from));
  const kept = `${plural(top, "top-level package")}${problems ? `, ${plural(problems, "problem")}` : ""}`;
  return excerpt("npm-ls", doc, budget, {
    picks: shown,
    notes,
    kept,
    options: { hardCap: substanceCap(budget, doc.size) },
  });
}

export const npmLs: Compressor = {
  name: "npm-ls",
  detect(text: string, hints: Hints): number {
    if (!text.includes("─") && !/^[+`]-- /m.test(text)) return 0;
    let score = 0;
    if (/^\S+@\S* \/\S*\n(?:[├└]─[─┬]|[+`]--) \S+@/m.test(text)) score += 0.7;
    if (/^[│| ]*(?:[├└]─[─┬]|[+`]--) \S+@\d/m.test(text)) score += 0.2;
    if (hints.command && /\b(?:npm|pnpm)\s+(?:ls|list|ll|la)\b/.test(hints.command)) score += 0.2;
    return Math.min(1, score);
  },
  compress: (text: string, _hints: Hints, budget: number) => lsExcerpt(text, budget),
};

export const npm: Compressor = {
  name: "npm",
  detect(text: string, hints: Hints): number {
    const named = hints.command !== undefined && /\b(?:npm|pnpm|yarn)\s/.test(hints.command);
    if (!named && !text.includes("npm ") && !text.includes("packages")) return 0;
    let score = 0;
    if (/^npm (?:error|ERR!) /m.test(text)) score += 0.6;
    if (/^(?:added|removed|changed) \d+ packages?|^up to date, audited|^found \d+ vulnerabilit/m.test(text))
      score += 0.4;
    if (/^> \S+@\S+ \w+$/m.test(text)) score += 0.2;
    if (
      hints.command &&
      /\b(?:npm|pnpm|yarn)\s+(?:i|install|ci|add|update|uninstall|audit|rebuild|run|exec)\b/.test(
        hints.command,
      )
    ) {
      score += 0.2;
    }
    // A verbose install log is a log first: its lines are mostly npm's own chatter.
    const chatter = text.match(/^npm (?:verbose|http|info|sill|timing) /gm)?.length ?? 0;
    const lines = text.split("\n", 2000).length;
    if (chatter > lines / 3) score = Math.min(score, 0.5);
    return Math.min(1, score);
  },
  compress(text: string, _hints: Hints, budget: number): Excerpt {
    const doc = docOf(text);
    const picks: Pick[] = [];
    const counts = rulePicks(doc, RULES, picks);
    const last = lastNonBlank(doc.lines);
    if (last >= 0) picks.push({ from: last - 1, to: last, prio: 80, split: "tail" });
    picks.push({ from: 0, to: 0, prio: 30 });
    const errors = counts.slice(0, 11).reduce((a, b) => a + b, 0);
    return excerpt("npm", doc, budget, { picks, kept: errors > 0 ? "errors, summary" : "summary, warnings" });
  },
};
