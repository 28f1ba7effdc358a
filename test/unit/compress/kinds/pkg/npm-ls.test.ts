import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressText, detect } from "../../../../../src/compress/compress-text.ts";
import { REPO } from "../../../../helpers/cairn.ts";

// A real `npm ls --all` on a tree written by hand in a temp folder (npm reads
// node_modules offline): many packages in chains, deduped repeats, an invalid package
// required by many parents, an extraneous one and a missing one.

/**
 * The name@version specs an excerpt writes: whole (`a@1.2.3`), or after their version
 * written once (`1.2.3: a b`, `UNMET OPTIONAL DEPENDENCY 1.2.3: a b`).
 */
const UNMET = /^UNMET (?:OPTIONAL |PEER )?DEPENDENCY /;

function specsOf(excerpt: string, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const line of excerpt.split("\n")) {
    if (line.startsWith("[")) continue;
    // Unmet dependencies say so before their version (npm's own flag, then the names).
    const body = prefix
      ? line.startsWith(prefix)
        ? line.slice(prefix.length)
        : ""
      : line.replace(UNMET, "");
    const grouped = /^(\S+): (.+)$/.exec(body);
    if (grouped && !grouped[1]!.includes("@"))
      for (const name of grouped[2]!.split(" ")) out.add(`${name}@${grouped[1]}`);
    else if (!prefix)
      for (const m of line.matchAll(/(?:^|[\s─┬])((?:@[\w.-]+\/)?[\w.-]+@\d[\w.+-]*)/g)) out.add(m[1]!);
  }
  return out;
}

let root: string;
let text: string;
const versions = new Map<string, string>();

function pkg(dir: string, name: string, version: string, deps: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, dependencies: deps }));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "cairn-npm-ls-"));
  const nm = join(root, "node_modules");
  // Chains of packages: lib-k-i depends on lib-k-(i+1) and on the shared "shared-util".
  const top: Record<string, string> = { "shared-util": "^2.0.0", "missing-thing": "^1.0.0" };
  for (let k = 0; k < 6; k++) {
    for (let i = 0; i < 12; i++) {
      const name = `lib-${k}-${i}`;
      const version = `${k + 1}.${i}.${(k * i) % 7}`;
      versions.set(name, version);
      const deps: Record<string, string> = { "shared-util": "^2.0.0" };
      if (i < 11) deps[`lib-${k}-${i + 1}`] = `^${k + 1}.${i + 1}.0`;
      pkg(join(nm, name), name, version, deps);
    }
    top[`lib-${k}-0`] = `^${k + 1}.0.0`;
  }
  // Installed at 1.0.0 where every parent wants ^2: invalid, and shown under each.
  pkg(join(nm, "shared-util"), "shared-util", "1.0.0", {});
  pkg(join(nm, "stray-package"), "stray-package", "0.0.9", {});
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ name: "proj", version: "1.0.0", dependencies: top }),
  );
  const r = spawnSync("npm", ["ls", "--all"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" },
  });
  text = `${r.stdout}\n${r.stderr}`;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm ls --all on a real tree", () => {
  it("is read as npm ls", () => {
    expect(text).toContain("extraneous");
    expect(detect(text, { tool: "Bash", command: "npm ls --all" }).compressor.name).toBe("npm-ls");
  });

  it("keeps every package once, each problem once with its flag, and drops the drawing", () => {
    const e = compressText(text, { tool: "Bash", command: "npm ls --all", exitCode: 1 }, 6000);
    const written = specsOf(e.text);
    for (const [name, version] of versions) expect(written.has(`${name}@${version}`), name).toBe(true);
    expect(e.text).toMatch(/stray-package@0\.0\.9 extraneous/);
    expect(e.text).toMatch(/UNMET DEPENDENCY missing-thing@\^1\.0\.0/);
    // shared-util is invalid under 72 parents: one line says so.
    const invalid = e.text.split("\n").filter((l) => /shared-util@1\.0\.0.*invalid/.test(l));
    expect(invalid.length).toBe(1);
    expect(e.text.length).toBeLessThan(text.length * 0.5);
  });
});

describe("npm ls --all of this project (a real tree with platform builds)", () => {
  const real = spawnSync("npm", ["ls", "--all"], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error", npm_config_update_notifier: "false" },
  }).stdout;
  const specs = new Set(
    [...real.matchAll(/(?:^|[\s─┬])((?:@[\w.-]+\/)?[\w.-]+@\d[\w.+-]*)/gm)].map((m) => m[1]!),
  );
  const unmet = [...real.matchAll(/UNMET OPTIONAL DEPENDENCY (\S+@\d\S*)$/gm)].map((m) => m[1]!);

  it("writes the unmet optional builds by version, each name whole on a line that says UNMET", () => {
    // (At the default budget they take the room before the installed packages do.)
    expect(unmet.length).toBeGreaterThan(20);
    const e = compressText(real, { tool: "Bash", command: "npm ls --all" }, 12_000);
    const flagged = specsOf(e.text, "UNMET OPTIONAL DEPENDENCY ");
    for (const s of unmet) expect(flagged.has(s), s).toBe(true);
    // Far fewer lines than one per build.
    expect(e.text.split("\n").filter((l) => l.includes("UNMET OPTIONAL")).length).toBeLessThan(
      unmet.length / 3,
    );
  });

  it("given room, every installed name@version, grouped by version, and none npm did not print", () => {
    const e = compressText(real, { tool: "Bash", command: "npm ls --all" }, 12_000);
    const written = specsOf(e.text);
    for (const s of specs) expect(written.has(s) || e.text.includes(s), s).toBe(true);
    // Every name@version it writes (grouped or whole) is one npm printed.
    for (const w of written) if (/@\d/.test(w)) expect(specs.has(w), w).toBe(true);
    expect(e.text.length).toBeLessThan(real.length * 0.5);
  });
});

describe("npm ls --all, a problem repeated at deduped references (fresh5 capture)", () => {
  it("shows the problem where the package itself stands, not its first deduped reference", async () => {
    // A real `npm ls --all` (922 lines, 43 KB): minimatch@2.0.10 is invalid, printed first at
    // a `deduped` reference from one parent (`… deduped invalid: "^3.1.2" from
    // node_modules/eslint, "^3.1.2" from …/config-array`), later at its own entry with
    // every parent that wants another version. The first reference was the one shown.
    const { capturedCase } = await import("../../corpus.ts");
    const { text, e, must } = await capturedCase("fresh5", "npm-ls-all-invalid");
    const own =
      'minimatch@2.0.10 invalid: "^3.1.2" from node_modules/eslint, "^3.1.2" from node_modules/@eslint/config-array, "^3.1.5" from node_modules/@eslint/eslintrc';
    expect(text).toContain(`│ ├─┬ ${own}\n`);
    expect(e.text).toContain(`\n${own}\n`);
    expect(e.text).not.toContain("minimatch@2.0.10 deduped invalid");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});
