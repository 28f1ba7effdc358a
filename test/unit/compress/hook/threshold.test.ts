import { describe, expect, it } from "vitest";
import { minCharsFor } from "../../../../src/compress/hook/threshold.ts";
import { defaults } from "../../../../src/config/schema.ts";

describe("which outputs are big enough to compress", () => {
  const config = defaults();

  it("a Read of source code from read_code_min_bytes, other Reads from read_min_bytes, the rest from min_bytes", () => {
    expect(minCharsFor(config, "Read", "/p/src/doc/Document.js")).toBe(12_000);
    expect(minCharsFor(config, "Read", "/p/lib/index.d.ts")).toBe(12_000);
    expect(minCharsFor(config, "Read", "/p/app.py")).toBe(12_000);
    // Data and prose are read whole up to the larger size: their outlines keep less.
    expect(minCharsFor(config, "Read", "/p/README.md")).toBe(24_000);
    expect(minCharsFor(config, "Read", "/p/data.json")).toBe(24_000);
    expect(minCharsFor(config, "Read", undefined)).toBe(24_000);
    expect(minCharsFor(config, "Bash", "/p/a.ts")).toBe(4096);
  });

  it("a Read of a lockfile from min_bytes, like a command's output: nobody edits one, and its excerpt keeps every package", () => {
    for (const f of [
      "/p/package-lock.json",
      "/p/yarn.lock",
      "/p/pnpm-lock.yaml",
      "C:\\p\\Cargo.lock",
      "go.sum",
    ])
      expect(minCharsFor(config, "Read", f), f).toBe(4096);
    // Only the file name counts: a folder named like a lockfile does not.
    expect(minCharsFor(config, "Read", "/p/package-lock.json/notes.md")).toBe(24_000);
    expect(minCharsFor(config, "Read", "/p/my-package-lock.json")).toBe(24_000);
  });

  it("follows the settings", () => {
    const c = { ...config, "compress.read_code_min_bytes": 50_000, "compress.read_min_bytes": 1000 };
    expect(minCharsFor(c, "Read", "/p/a.rs")).toBe(50_000);
    expect(minCharsFor(c, "Read", "/p/a.yaml")).toBe(1000);
  });
});
