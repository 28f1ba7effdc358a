import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CairnPaths, cairnPaths } from "../../../src/core/paths.ts";
import { ensureHttpInstall, httpInstallPath, readHttpInstall } from "../../../src/transports/http-config.ts";

// ~/.cairn/install/http.json holds the http transport's port and secret. A file that
// does not hold both (`{}`, a port of 0, an empty secret) is no install: read as one,
// the hooks would be registered for port "undefined" and doctor would call it healthy.

describe("the http install file", () => {
  let root: string;
  let paths: CairnPaths;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "cairn-http-config-"));
    paths = cairnPaths(join(root, ".cairn"));
    mkdirSync(paths.install, { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (value: unknown) => writeFileSync(httpInstallPath(paths), JSON.stringify(value));

  it("is not an install when it holds no valid port and secret", () => {
    for (const bad of [
      {},
      { port: 0, secret: "s".repeat(32) },
      { port: 70_000, secret: "s".repeat(32) },
      { port: 8080.5, secret: "s".repeat(32) },
      { port: "8080", secret: "s".repeat(32) },
      { port: 8080, secret: "" },
      { port: 8080 },
      [],
      null,
    ]) {
      write(bad);
      expect(readHttpInstall(paths), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it("reads a valid one back, and install replaces `{}` with a fresh port and secret", () => {
    write({ port: 8080, secret: "s".repeat(32) });
    expect(readHttpInstall(paths)).toEqual({ port: 8080, secret: "s".repeat(32) });
    write({});
    const fresh = ensureHttpInstall(paths);
    expect(Number.isInteger(fresh.port) && fresh.port > 0).toBe(true);
    expect(fresh.secret.length).toBeGreaterThanOrEqual(16);
    expect(JSON.parse(readFileSync(httpInstallPath(paths), "utf8"))).toEqual(fresh);
    expect(readHttpInstall(paths)).toEqual(fresh);
  });
});
