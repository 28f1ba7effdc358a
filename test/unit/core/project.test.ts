import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeProjectKey, projectOf } from "../../../src/core/project.ts";

// One rule for which project an event or a command belongs to (src/core/project.ts).

const root = realpathSync(mkdtempSync(join(tmpdir(), "cairn-project-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const home = join(root, "home");
const repo = join(home, "work", "repo");
const pkg = join(repo, "pkg");
mkdirSync(join(pkg, "src", "deep"), { recursive: true });
mkdirSync(join(repo, ".git"));
mkdirSync(join(home, ".cairn"), { recursive: true });
const transcriptOf = (dir: string) => join(home, ".claude", "projects", claudeProjectKey(dir), "sid.jsonl");

describe("a command outside a session", () => {
  const command = (cwd: string) => projectOf({ cwd, home });

  it("takes the git root when no notebook is nearer", () => {
    expect(command(join(pkg, "src", "deep"))).toBe(repo);
    expect(command(repo)).toBe(repo);
  });

  it("takes the nearest folder holding .cairn/ below the git root", () => {
    const sub = realpathSync(mkdtempSync(join(pkg, "nb-")));
    mkdirSync(join(sub, ".cairn"));
    mkdirSync(join(sub, "a", "b"), { recursive: true });
    expect(command(join(sub, "a", "b"))).toBe(sub);
    expect(command(sub)).toBe(sub);
    // A file named .cairn is not a notebook folder.
    const other = realpathSync(mkdtempSync(join(pkg, "file-")));
    writeFileSync(join(other, ".cairn"), "");
    expect(command(other)).toBe(repo);
  });

  it("never takes HOME (its .cairn is cairn's own) or what is above it", () => {
    const loose = join(home, "loose", "x");
    mkdirSync(loose, { recursive: true });
    expect(command(loose)).toBe(loose);
    expect(command(home)).toBe(home);
  });

  it("takes what Claude Code named over the walk", () => {
    expect(projectOf({ named: pkg, cwd: join(pkg, "src"), home })).toBe(pkg);
    // Not a usable directory: the walk decides.
    expect(projectOf({ named: "relative/dir", cwd: join(pkg, "src"), home })).toBe(repo);
    expect(projectOf({ named: "", cwd: join(pkg, "src"), home })).toBe(repo);
  });
});

describe("a hook's event", () => {
  it("is the session's directory, as Claude Code keys the transcript, after a cd below it", () => {
    const deep = join(pkg, "src", "deep");
    expect(projectOf({ session: { cwd: deep, transcriptPath: transcriptOf(pkg) } })).toBe(pkg);
    expect(projectOf({ session: { cwd: pkg, transcriptPath: transcriptOf(pkg) } })).toBe(pkg);
    // The session's own directory even though .git is above it.
    expect(projectOf({ session: { cwd: pkg } })).toBe(pkg);
  });

  it("is the event's cwd when no folder above it keys the transcript", () => {
    const elsewhere = join(root, "elsewhere");
    expect(projectOf({ session: { cwd: pkg, transcriptPath: transcriptOf(elsewhere) } })).toBe(pkg);
  });

  it("matches Claude Code's key of a long path: cut at 200 characters and hashed", () => {
    // Claude Code 2.1.328's own key of this path (its transcript folder's name).
    const long = `/w/${"x".repeat(120)}/${"y".repeat(100)}`;
    expect(claudeProjectKey(long)).toBe(
      `${`-w-${"x".repeat(120)}-${"y".repeat(100)}`.slice(0, 200)}-${javaHash(long).toString(36)}`,
    );
    const t = join(home, ".claude", "projects", claudeProjectKey(long), "sid.jsonl");
    expect(projectOf({ session: { cwd: `${long}/sub/dir`, transcriptPath: t } })).toBe(long);
  });

  it("takes CLAUDE_PROJECT_DIR when Claude Code gave it", () => {
    expect(projectOf({ named: pkg, session: { cwd: join(pkg, "src") } })).toBe(pkg);
  });
});

/** The string hash Claude Code's key uses for long paths (Java's, absolute value). */
function javaHash(s: string): number {
  let h = 0;
  for (const c of s) h = (Math.imul(31, h) + c.charCodeAt(0)) | 0;
  return Math.abs(h);
}
