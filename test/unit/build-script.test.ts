/**
 * `npm run build` (scripts/build.mjs) in a clone whose path holds a space and other
 * characters a URL escapes, and a build that fails: the bundle that was there stays
 * until a new one is complete (the plugin's hooks run it straight from the clone).
 */
import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN, REPO } from "../helpers/cairn.ts";
import { inProcessSlot } from "../helpers/slots.ts";

let root: string;
let clone: string;

/** `node scripts/build.mjs` in the clone, with the node running these tests. */
function build() {
  return inProcessSlot(async () =>
    spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: clone, encoding: "utf8", timeout: 300_000 }),
  );
}

function distFiles(): Record<string, string> {
  const dir = join(clone, "dist");
  return Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), "utf8")]));
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "cairn-build-")));
  clone = join(root, "my tools", "it's #1 [cairn] 100%");
  mkdirSync(join(clone, "scripts"), { recursive: true });
  cpSync(join(REPO, "src"), join(clone, "src"), { recursive: true });
  cpSync(join(REPO, "scripts", "build.mjs"), join(clone, "scripts", "build.mjs"));
  cpSync(join(REPO, "package.json"), join(clone, "package.json"));
  symlinkSync(join(REPO, "node_modules"), join(clone, "node_modules"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("scripts/build.mjs", () => {
  it("builds in a folder whose path has a space, a quote, # [ ] and %", async () => {
    const r = await build();
    expect(r.status, r.stderr).toBe(0);
    const run = spawnSync(process.execPath, [join(clone, "dist", "cairn.cjs"), "--version"], {
      encoding: "utf8",
    });
    expect(run.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version);
  });

  it("a failing build leaves the bundle that was there, byte for byte, and no temporary folder", async () => {
    // The bundle a clone has (committed, or built before).
    rmSync(join(clone, "dist"), { recursive: true, force: true });
    cpSync(dirname(CAIRN), join(clone, "dist"), { recursive: true });
    const before = distFiles();
    appendFileSync(join(clone, "src", "main.ts"), "\nconst broken = ;\n");
    const r = await build();
    expect(r.status).not.toBe(0);
    expect(distFiles()).toEqual(before);
    expect(readdirSync(clone).filter((n) => n.startsWith(".dist"))).toEqual([]);
  });

  it("puts the secret masker in one file that every file using it loads, so a hook loads it once", () => {
    // PostToolUse masks the output it files and then the answer it injects: with the masker
    // bundled into the filing code as well as loaded for the answer, one hook compiled it and
    // built its detector tables twice. "k-ant-" is in the masker's scan (Anthropic API keys).
    const dir = dirname(CAIRN);
    const holding = readdirSync(dir).filter(
      (n) => n.endsWith(".cjs") && readFileSync(join(dir, n), "utf8").includes("k-ant-"),
    );
    expect(holding).toEqual(["core-secrets-redact.cjs"]);
    const filing = readFileSync(join(dir, "compress-hook-filing.cjs"), "utf8");
    expect(filing).toContain('(globalThis.__cairnChunk||require)("./core-secrets-redact.cjs")');
  });

  it("puts the excerpts' Doc in one file that the detectors and every kind load, so an output is split once", () => {
    // Filing loads the chosen kind's excerpts as a file of their own (compress/kinds/load.ts):
    // with the Doc bundled into both, the kind split the text again and kept its copy alive
    // after compress-with.ts forgot its own. The sample note is in the Doc's module alone.
    const dir = dirname(CAIRN);
    const holding = readdirSync(dir).filter(
      (n) =>
        n.endsWith(".cjs") &&
        readFileSync(join(dir, n), "utf8").includes("the first 2.5 MB and the last 1 MB"),
    );
    expect(holding).toEqual(["compress-excerpt-doc.cjs"]);
    for (const file of [
      "compress-compress-lazy.cjs",
      "compress-kinds-log-excerpt.cjs",
      "compress-kinds-test-excerpt.cjs",
    ])
      expect(readFileSync(join(dir, file), "utf8")).toContain(
        '(globalThis.__cairnChunk||require)("./compress-excerpt-doc.cjs")',
      );
  });
});
