import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { issueNonce, sessionNonce } from "../../../src/exit-trap/nonce.ts";

describe("the exit marker's per-session nonce", () => {
  const roots: string[] = [];
  const paths = () => {
    const root = mkdtempSync(join(tmpdir(), "cairn-nonce-"));
    roots.push(root);
    return cairnPaths(join(root, ".cairn"));
  };
  afterEach(() => {
    for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
  });

  it("is unknown until SessionStart issued one, then the same for the session, different per session", () => {
    const p = paths();
    expect(sessionNonce(p, "s1")).toBeUndefined();
    const a = issueNonce(p, "s1");
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(issueNonce(p, "s1")).toBe(a); // --resume, compaction: the same trap again
    expect(sessionNonce(p, "s1")).toBe(a);
    expect(sessionNonce(p, "s2")).not.toBe(a);
    expect(statSync(join(p.root, "exit-marker.key")).mode & 0o777).toBe(0o600);
  });

  it("differs between installations (the key is random), and a key file cairn did not write is refused", () => {
    const a = issueNonce(paths(), "s1");
    const b = issueNonce(paths(), "s1");
    expect(a).not.toBe(b);
    const p = paths();
    issueNonce(p, "s1");
    writeFileSync(join(p.root, "exit-marker.key"), "not a key\n");
    expect(sessionNonce(p, "s1")).toBeUndefined();
    expect(() => issueNonce(p, "s1")).toThrow(/not a key cairn wrote/);
  });
});
