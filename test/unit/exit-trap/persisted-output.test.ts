import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NO_DEADLINE } from "../../../src/core/deadline.ts";
import { readPersistedOutput, toolResultsDir } from "../../../src/exit-trap/persisted-output.ts";

// Claude Code's layout (2.1.328): <projects>/<project>/<session>.jsonl beside
// <projects>/<project>/<session>/tool-results/<id>.txt.
const SID = "c0ffee00-0000-4000-8000-000000000001";
const root = mkdtempSync(join(tmpdir(), "cairn-persisted-"));
const project = join(root, ".claude", "projects", "-tmp-p");
const transcript = join(project, `${SID}.jsonl`);
const results = join(project, SID, "tool-results");
mkdirSync(results, { recursive: true });
writeFileSync(transcript, "");
const secret = join(root, "secret.txt");
writeFileSync(secret, "PRIVATE KEY\n");
const real = join(results, "b45hc1jw6.txt");
const output = `${execFileSync("seq", ["1", "9000"], { encoding: "utf8" })}`;
writeFileSync(real, output);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("persistedOutputPath is read only inside the session's tool-results folder", () => {
  it("reads Claude Code's own spill file", () => {
    expect(readPersistedOutput(real, transcript, SID)).toEqual({ ok: true, text: output });
  });

  it("refuses a file elsewhere, a link out of the folder, and a path that climbs out", () => {
    expect(readPersistedOutput(secret, transcript, SID).ok).toBe(false);
    const link = join(results, "link.txt");
    symlinkSync(secret, link);
    expect(readPersistedOutput(link, transcript, SID)).toEqual({
      ok: false,
      why: "not inside the session's tool-results folder",
    });
    expect(
      readPersistedOutput(join(results, "..", "..", "..", "..", "..", "secret.txt"), transcript, SID).ok,
    ).toBe(false);
  });

  it("refuses another session's folder and a transcript path that is not Claude Code's", () => {
    const other = "c0ffee00-0000-4000-8000-000000000002";
    mkdirSync(join(project, other, "tool-results"), { recursive: true });
    const theirs = join(project, other, "tool-results", "x.txt");
    writeFileSync(theirs, "other session\n");
    expect(readPersistedOutput(theirs, transcript, SID).ok).toBe(false);
    // A crafted event naming a transcript beside the user's files.
    mkdirSync(join(root, "home-dir", SID, "tool-results"), { recursive: true });
    const crafted = join(root, "home-dir", SID, "tool-results", "id_rsa");
    writeFileSync(crafted, "KEY");
    expect(readPersistedOutput(crafted, join(root, "home-dir", `${SID}.jsonl`), SID).ok).toBe(false);
    expect(toolResultsDir("relative/x.jsonl", "x")).toBeUndefined();
    expect(toolResultsDir(transcript, "../../etc")).toBeUndefined();
  });

  it("refuses a FIFO and a directory inside the folder at once (no hang)", () => {
    const fifo = join(results, "fifo.txt");
    execFileSync("mkfifo", [fifo]);
    expect(readPersistedOutput(fifo, transcript, SID)).toEqual({ ok: false, why: "not a regular file" });
    mkdirSync(join(results, "dir.txt"));
    expect(readPersistedOutput(join(results, "dir.txt"), transcript, SID).ok).toBe(false);
  });

  it("past the size cap, only the tail is read (where the exit marker is)", () => {
    const r = readPersistedOutput(real, transcript, SID, NO_DEADLINE, 1000);
    expect(r).toMatchObject({ ok: true, size: output.length });
    expect(r.ok && r.text === undefined && r.tail.endsWith("8999\n9000\n")).toBe(true);
  });
});
