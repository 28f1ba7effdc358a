import { describe, expect, it } from "vitest";
import { holdsPatch, isStatusLine } from "../../../../../src/compress/kinds/git/verbose-status.ts";
import { capturedCase } from "../../corpus.ts";

describe("git status -v: the status, then its patch", () => {
  it("reads the patch as a diff under the status (fresh24 `git status -vv`, 84 KB)", async () => {
    // Its context lines, opening with two spaces, were read as short-format entries and its
    // changed lines were lost: the typedef renamed, the version edited, the test deleted.
    const { e, must } = await capturedCase("fresh24", "git-status-vv-rename-f24");
    expect(must).toHaveLength(13);
    for (const fact of must) expect(e.text).toContain(fact);
  });

  it("knows a patch by git's default or mnemonic prefixes, and the status's lines above it", () => {
    expect(holdsPatch("On branch main\ndiff --git c/a.c i/a.c\n")).toBe(true);
    expect(holdsPatch("On branch main\ndiff --git a/a.c b/a.c\n")).toBe(true);
    expect(holdsPatch("On branch main\n\tmodified:   diff --git x\n")).toBe(false);
    expect(isStatusLine("\tmodified:   cJSON.h")).toBe(true);
    expect(isStatusLine("Changes not staged for commit:")).toBe(true);
    expect(isStatusLine('  (use "git add <file>..." to update what will be committed)')).toBe(false);
  });
});
