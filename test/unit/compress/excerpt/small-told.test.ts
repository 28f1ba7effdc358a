import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget, SMALL_OUTPUT } from "../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../src/config/schema.ts";

// An output of 8 KB or less becomes an excerpt only when it keeps every fact. A line the
// kind tells in another form (an `ls -l` entry by its name on its directory's names line,
// a commit's header by its hash on its subject's line) is kept by that form: before, such
// outputs were always shown whole, whatever their excerpt kept. Real git and ls outputs,
// made in a temp folder.

let root: string;
const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, LC_ALL: "C", ...env } });
const excerptOf = (text: string, command: string) =>
  compressText(text, { tool: "Bash", command }, excerptBudget(defaults(), text.length));

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "cairn-small-told-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("git log --stat of 8 KB or less", () => {
  it("is an excerpt keeping every commit's hash, subject and files, and each other line once", () => {
    const repo = join(root, "repo");
    mkdirSync(join(repo, "src"), { recursive: true });
    const env = {
      GIT_AUTHOR_DATE: "2026-11-01T10:00:00Z",
      GIT_COMMITTER_DATE: "2026-11-01T10:00:00Z",
      GIT_CONFIG_GLOBAL: "/dev/null",
    };
    run("git", ["init", "-q", "-b", "main"], repo, env);
    for (let i = 0; i < 20; i++) {
      writeFileSync(join(repo, "src", `module${i % 9}.js`), `export const v${i} = ${i};\n`, { flag: "a" });
      run("git", ["add", "-A"], repo, env);
      const author = i === 13 ? "Rae Other <rae@example.com>" : "Dev <dev@example.com>";
      run("git", ["commit", "-q", "--author", author, "-m", `review module${i % 9} (#${200 + i})`], repo, {
        ...env,
        GIT_COMMITTER_NAME: "Dev",
        GIT_COMMITTER_EMAIL: "dev@example.com",
      });
    }
    const text = run("git", ["log", "--stat", "-n", "20"], repo, env).trimEnd();
    expect(text.length).toBeLessThanOrEqual(SMALL_OUTPUT);
    const e = excerptOf(text, "git log --stat -n 20");
    expect(e.compressor).toBe("git-log");
    expect(e.kept).not.toBe("everything");
    expect(e.text.length).toBeLessThan(text.length * 0.6);
    const lines = text.split("\n");
    const shown = e.text.split("\n");
    for (const [k, line] of lines.entries()) {
      const hash = /^commit ([0-9a-f]{40})/.exec(line)?.[1];
      // Each commit's header, its hash abbreviated (git log --abbrev-commit), then its subject as printed.
      if (hash) {
        const at = shown.indexOf(`commit ${hash.slice(0, 7)}`);
        expect(at).toBeGreaterThanOrEqual(0);
        expect(shown.slice(at + 1).find((l) => l.startsWith("    "))).toBe(lines[k + 4]);
      }
      // Every other line with a word: each file changed, each author and the date.
      else if (/[A-Za-z]{2}/.test(line)) expect(shown).toContain(line);
    }
    expect(e.text).toContain("Author: Rae Other <rae@example.com>");
    // The note counts; what was kept is the header's to say (its method), not said twice.
    expect(shown[0]).toBe("[20 commits by 2 authors]");
    expect(e.method).toBe("every subject and file changed, each other line once");
  });
});

describe("ls -la of 8 KB or less", () => {
  it("is an excerpt naming every entry of every directory, the rare entry whole", () => {
    const dir = join(root, "tree");
    for (const sub of ["compose", "doc"]) mkdirSync(join(dir, sub), { recursive: true });
    for (let i = 0; i < 30; i++)
      writeFileSync(join(dir, "compose", `resolve-part-${i}.js`), "x".repeat(i * 10));
    for (let i = 0; i < 8; i++) writeFileSync(join(dir, "doc", `Document${i}.d.ts`), "y");
    writeFileSync(join(dir, "doc", "build.sh"), "#!/bin/sh\n");
    chmodSync(join(dir, "doc", "build.sh"), 0o755);
    const text = run("ls", ["-la", "compose", "doc"], dir).trimEnd();
    expect(text.length).toBeLessThanOrEqual(SMALL_OUTPUT);
    const e = excerptOf(text, "ls -la compose doc");
    expect(e.compressor).toBe("listing");
    expect(e.kept).not.toBe("everything");
    expect(e.text.length).toBeLessThan(text.length * 0.6);
    const names = e.text.split("\n").flatMap((l) => l.split(" "));
    for (let i = 0; i < 30; i++) expect(names).toContain(`resolve-part-${i}.js`);
    for (let i = 0; i < 8; i++) expect(names).toContain(`Document${i}.d.ts`);
    for (const header of ["compose:", "doc:"]) expect(e.text.split("\n")).toContain(header);
    // The one executable, a rare kind of entry, with its details.
    expect(e.text).toContain(text.split("\n").find((l) => l.endsWith(" build.sh"))!);
  });
});
