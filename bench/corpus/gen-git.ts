/**
 * git log --stat, git diff and git status on repositories made here from real package
 * sources with scripted commits. Facts come from git itself: --format for hashes and
 * subjects, -U0 for changed lines, --porcelain for paths.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bashEntry, type CorpusEntry, freshDir, must, pick, REPO, rng, sh, write } from "./gen-support.ts";
import { type Fact, fact, uniqueFacts } from "./oracle.ts";

const VERBS = [
  "fix",
  "add",
  "refactor",
  "remove",
  "rename",
  "speed up",
  "document",
  "test",
  "guard",
  "handle",
];
const NOUNS = [
  "parser state",
  "stream flush",
  "anchor lookup",
  "tag resolution",
  "collection items",
  "scalar folding",
  "error positions",
  "comment handling",
  "line counter",
  "visitor order",
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".js"))
    .map((e) => join(e.parentPath, e.name));
}

/** A repository seeded with a real package's sources and `commits` scripted commits. */
function makeRepo(
  name: string,
  pkgDir: string,
  commits: number,
  seed: number,
): { dir: string; files: string[] } {
  const dir = freshDir("git", name);
  const src = filesUnder(join(REPO, "node_modules", pkgDir));
  const files: string[] = [];
  for (const f of src.slice(0, 80)) {
    const rel = `src/${f.slice(join(REPO, "node_modules", pkgDir).length + 1)}`;
    write(join(dir, rel), readFileSync(f, "utf8"));
    files.push(rel);
  }
  const env = { GIT_AUTHOR_NAME: "Dev One", GIT_AUTHOR_EMAIL: "dev1@example.com" };
  must(
    "git init -q -b main && git config user.name 'Dev One' && git config user.email dev1@example.com",
    dir,
  );
  const at = (i: number) => ({
    ...env,
    GIT_AUTHOR_DATE: `2026-0${1 + (i % 9)}-1${i % 10}T10:${String(i % 60).padStart(2, "0")}:00Z`,
    GIT_COMMITTER_DATE: `2026-0${1 + (i % 9)}-1${i % 10}T10:${String(i % 60).padStart(2, "0")}:00Z`,
  });
  must("git add -A && git commit -q -m 'import sources'", dir, at(0));
  const r = rng(seed);
  for (let i = 1; i <= commits; i++) {
    const touched = 1 + Math.floor(r() * 4);
    for (let t = 0; t < touched; t++) editFile(join(dir, pick(r, files)), r, i);
    const subject = `${pick(r, VERBS)} ${pick(r, NOUNS)} (#${1000 + Math.floor(r() * 9000)})`;
    must(`git add -A && git commit -q -m '${subject}'`, dir, at(i));
  }
  return { dir, files };
}

/** Changes a few lines the way an edit does: replaces some, inserts some, deletes some. */
function editFile(path: string, r: () => number, n: number): void {
  const lines = readFileSync(path, "utf8").split("\n");
  const edits = 1 + Math.floor(r() * 4);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * lines.length);
    const kind = r();
    const indent = /^\s*/.exec(lines[at] ?? "")?.[0] ?? "";
    if (kind < 0.4)
      lines[at] = `${indent}const step${n}_${e} = limit${e} * ${Math.floor(r() * 100)}; // tuned in ${n}`;
    else if (kind < 0.8)
      lines.splice(
        at,
        0,
        `${indent}if (state${n} === undefined) throw new Error("missing state ${n}.${e}");`,
      );
    else lines.splice(at, 1);
  }
  writeFileSync(path, lines.join("\n"));
}

function commitFacts(dir: string, range: string): Fact[] {
  const out = must(`git log --format='%h%x09%s' ${range}`, dir);
  return uniqueFacts(
    out
      .split("\n")
      .filter(Boolean)
      .flatMap((l) => {
        const [hash, subject] = l.split("\t");
        return [fact(hash!), fact(subject!)];
      }),
  );
}

function diffFacts(dir: string, args: string): Fact[] {
  const out = must(`git diff --no-color -U0 ${args}`, dir);
  const facts: Fact[] = [];
  for (const line of out.split("\n")) {
    if (line.startsWith("+++") || line.startsWith("---")) continue;
    // A changed line with words in it; a lone `});` or blank is not a fact anyone looks for.
    if ((line.startsWith("+") || line.startsWith("-")) && /[A-Za-z0-9]{2}/.test(line))
      facts.push(fact(line.trimEnd()));
  }
  const names = must(`git diff --name-only ${args}`, dir);
  for (const n of names.split("\n").filter(Boolean)) facts.push(fact(n));
  return uniqueFacts(facts);
}

export function gitEntries(): CorpusEntry[] {
  const entries: CorpusEntry[] = [];
  const repos = [
    makeRepo("yaml", "yaml/dist", 160, 11),
    makeRepo("hono", "hono/dist/cjs", 120, 12),
    makeRepo("mcp", "@modelcontextprotocol/sdk/dist/esm", 90, 13),
  ];
  repos.forEach(({ dir }, ri) => {
    for (const n of [15, 40, 80, 150].slice(0, ri === 2 ? 3 : 4)) {
      const cmd = `git log --stat -n ${n}`;
      entries.push(
        bashEntry(`git-log/r${ri}-${n}`, "git-log", cmd, sh(cmd, dir), commitFacts(dir, `-n ${n}`)),
      );
    }
    const cmd = "git log -n 30";
    entries.push(bashEntry(`git-log/r${ri}-plain`, "git-log", cmd, sh(cmd, dir), commitFacts(dir, "-n 30")));
    for (const back of [1, 3, 8, 20]) {
      const cmd = `git diff HEAD~${back}`;
      entries.push(
        bashEntry(`git-diff/r${ri}-${back}`, "git-diff", cmd, sh(cmd, dir), diffFacts(dir, `HEAD~${back}`)),
      );
    }
  });
  // Working-tree changes: diffs of uncommitted edits, and status with staged, unstaged and untracked files.
  repos.forEach(({ dir, files }, ri) => {
    const r = rng(100 + ri);
    for (let i = 0; i < 6 + ri * 8; i++) editFile(join(dir, pick(r, files)), r, 900 + i);
    const cmd = "git diff";
    entries.push(bashEntry(`git-diff/r${ri}-worktree`, "git-diff", cmd, sh(cmd, dir), diffFacts(dir, "")));
    for (let i = 0; i < 3 + ri * 40; i++) write(join(dir, `scratch/note-${ri}-${i}.md`), `# note ${i}\n`);
    must("git add src/*.js 2>/dev/null || true", dir);
    for (const variant of ["git status", "git status -uall"]) {
      const porcelain = must(`git status --porcelain ${variant.includes("-uall") ? "-uall" : ""}`, dir);
      const facts = uniqueFacts([
        fact("main"),
        ...porcelain
          .split("\n")
          .filter(Boolean)
          .map((l) => fact(l.slice(3))),
      ]);
      entries.push(
        bashEntry(`git-status/r${ri}-${variant.length}`, "git-status", variant, sh(variant, dir), facts),
      );
    }
    must("git add -A", dir);
    const staged = "git diff --cached --stat";
    const names = must("git diff --cached --name-only", dir);
    entries.push(
      bashEntry(
        `git-status/r${ri}-cached-stat`,
        "git-status",
        staged,
        sh(staged, dir),
        uniqueFacts(
          names
            .split("\n")
            .filter(Boolean)
            .map((n) => fact(n)),
        ),
      ),
    );
  });
  return entries;
}
