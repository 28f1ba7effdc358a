import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readProjectFile } from "../../../src/core/project-file.ts";

// Files that come with a repository are read only as regular files inside the project,
// without blocking, at most maxBytes: each way a cloned repository could point cairn
// elsewhere, hang it or flood it is turned away with a reason.

let root: string;
let project: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "cairn-project-file-")));
  project = join(root, "repo");
  mkdirSync(join(project, "sub"), { recursive: true });
  writeFileSync(join(root, "outside.txt"), "outside\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (name: string, max = 1024) => readProjectFile(project, join(project, name), max);

describe("readProjectFile", () => {
  it("reads a regular file, also through a link that stays inside", () => {
    writeFileSync(join(project, "sub", "a.md"), "hello\n");
    symlinkSync(join(project, "sub", "a.md"), join(project, "link.md"));
    expect(read("sub/a.md")).toEqual({ ok: true, text: "hello\n" });
    expect(read("link.md")).toEqual({ ok: true, text: "hello\n" });
  });
  it("says missing for a file that is not there", () => {
    expect(read("nope.md")).toEqual({ ok: false, missing: true });
  });
  it.each([
    [
      "a link out of the project",
      () => symlinkSync(join(root, "outside.txt"), join(project, "x")),
      /outside the project/,
    ],
    ["a link to a device", () => symlinkSync("/dev/zero", join(project, "x")), /outside the project/],
    ["a link to nothing", () => symlinkSync(join(root, "gone"), join(project, "x")), /link to nothing/],
    ["a FIFO", () => execFileSync("mkfifo", [join(project, "x")]), /not a regular file/],
    ["a directory", () => mkdirSync(join(project, "x")), /not a regular file/],
    [
      "a file over the cap",
      () => writeFileSync(join(project, "x"), "y".repeat(2048)),
      /larger than 1024 bytes/,
    ],
  ])("refuses %s", (_name, make, why) => {
    make();
    const r = read("x");
    expect(r.ok).toBe(false);
    expect(r.ok === false && !r.missing ? r.refused : "").toMatch(why);
  });
  it("refuses a path through a linked folder that leads out", () => {
    mkdirSync(join(root, "elsewhere"));
    writeFileSync(join(root, "elsewhere", "STATE.md"), "secret\n");
    symlinkSync(join(root, "elsewhere"), join(project, ".cairn"));
    const r = read(".cairn/STATE.md");
    expect(r.ok === false && !r.missing ? r.refused : "").toMatch(/outside the project/);
  });
});
