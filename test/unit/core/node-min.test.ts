import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MIN_NODE, MIN_NODE_TEXT, nodeVersionOk } from "../../../src/core/node-min.ts";
import { REPO } from "../../helpers/cairn.ts";

const read = (path: string) => readFileSync(join(REPO, path), "utf8");
/** Every "Node.js X.Y+" and "Node.js X.Y or newer" a text states as the minimum. */
const stated = (text: string) =>
  [...text.matchAll(/Node(?:\.js)? (\d+\.\d+)(?:\+| or newer)|\((\d+\.\d+)\+, for/g)].map(
    (m) => m[1] ?? m[2],
  );

const tmp = mkdtempSync(join(tmpdir(), "cairn-node-min-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the minimum Node.js has one home (src/core/node-min.ts)", () => {
  it("npm's preinstall (scripts/check-node.cjs) says it; package.json has no engines to disagree", () => {
    expect(read("scripts/check-node.cjs")).toContain(`var MIN = [${MIN_NODE.major}, ${MIN_NODE.minor}];`);
    // engines would put npm's EBADENGINE block before the preinstall's one line (test/e2e/install-paths).
    expect(JSON.parse(read("package.json")).engines).toBeUndefined();
  });

  it("the launcher (bin/cairn), the README and doctor's words state it and no other", () => {
    for (const path of ["bin/cairn", "README.md"]) {
      const found = stated(read(path));
      expect(found.length, `${path} states the minimum`).toBeGreaterThan(0);
      expect(new Set(found), path).toEqual(new Set([MIN_NODE_TEXT]));
    }
  });

  it("no other file of src/ or scripts/ writes the number itself", () => {
    const HELD = ["src/core/node-min.ts", "scripts/check-node.cjs"];
    const literal = new RegExp(
      `\\b${MIN_NODE.major}\\.${MIN_NODE.minor}\\b|\\[${MIN_NODE.major}, ${MIN_NODE.minor}\\]`,
    );
    const files = (dir: string): string[] =>
      readdirSync(join(REPO, dir)).flatMap((name) => {
        const path = `${dir}/${name}`;
        return statSync(join(REPO, path)).isDirectory() ? files(path) : [path];
      });
    const writers = [...files("src"), ...files("scripts")].filter(
      (path) => !HELD.includes(path) && literal.test(read(path)),
    );
    expect(writers).toEqual([]);
  });

  it("npm's preinstall stops an older node with one line and lets this one through", () => {
    // An installed copy: the check acts only under node_modules/.
    const pkg = join(tmp, "node_modules", "cairn");
    mkdirSync(join(pkg, "scripts"), { recursive: true });
    cpSync(join(REPO, "scripts", "check-node.cjs"), join(pkg, "scripts", "check-node.cjs"));
    const run = (node: string) =>
      spawnSync(node, ["scripts/check-node.cjs"], { cwd: pkg, encoding: "utf8", timeout: 30_000 });
    const ok = run(process.execPath);
    expect(ok.status, ok.stderr).toBe(0);
    // The machine's own node is older (Debian's 20); where it is not, there is nothing to refuse.
    const old = "/usr/bin/node";
    const version = spawnSync(old, ["--version"], { encoding: "utf8" }).stdout?.trim() ?? "";
    if (version && !nodeVersionOk(version)) {
      const refused = run(old);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `cairn needs Node.js ${MIN_NODE_TEXT} or newer; this is Node ${version}.`,
      );
    }
  });

  it("compares versions as numbers", () => {
    expect(nodeVersionOk(`v${MIN_NODE.major}.${MIN_NODE.minor}.0`)).toBe(true);
    expect(nodeVersionOk(`${MIN_NODE.major}.${MIN_NODE.minor - 1}.9`)).toBe(false);
    expect(nodeVersionOk(`v${MIN_NODE.major + 1}.0.0`)).toBe(true);
    expect(nodeVersionOk(`v${MIN_NODE.major - 2}.99.0`)).toBe(false);
  });
});
