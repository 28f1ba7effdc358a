import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN_RETRIEVAL } from "../../../src/core/cairn-commands.ts";
import { cliLine, printedCli, type SelfInvocation } from "../../../src/core/self.ts";
import { VERSION } from "../../../src/core/version.ts";
import { CAIRN, REPO } from "../../helpers/cairn.ts";

// How cairn prints itself for the model and the user: `cairn` only where the shell's
// first `cairn` is this same cairn and runs on a new enough node, else the absolute
// invocation. Each printed form is run through /bin/sh exactly as printed.

/** Runs a printed command line through /bin/sh, as Claude Code's Bash tool would. */
function runPrinted(line: string, path: string): { status: number | null; out: string } {
  const r = spawnSync("/bin/sh", ["-c", line], { env: { PATH: path, HOME: tmp }, encoding: "utf8" });
  return { status: r.status, out: r.stdout.trim() + r.stderr.trim() };
}

let tmp: string;
let bundle: string;
let self: SelfInvocation;
const OLD_NODE = "/usr/bin/node";
/** A HOME where cairn was never installed (no recorded node), whatever the real one holds. */
const NO_HOME = join(tmpdir(), "cairn-self-no-home");
const oldNodeIsOld = (() => {
  const v = spawnSync(OLD_NODE, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout?.trim() ?? "";
  const [a = 99, b = 99] = v.split(".").map(Number);
  return v !== "" && (a < 22 || (a === 22 && b < 13));
})();

beforeAll(() => {
  // The bundle under test at a path with a space and a quote, as an installed cairn can be.
  tmp = mkdtempSync(join(tmpdir(), "cairn-self-"));
  const pkg = join(tmp, "it's cairn");
  cpSync(dirname(CAIRN), join(pkg, "dist"), { recursive: true });
  cpSync(join(REPO, "bin"), join(pkg, "bin"), { recursive: true });
  bundle = join(pkg, "dist", "cairn.cjs");
  self = { command: process.execPath, args: [bundle] };
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function dirWith(name: string, links: Record<string, string>): string {
  const dir = join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const [link, target] of Object.entries(links)) symlinkSync(target, join(dir, link));
  return dir;
}

describe("printedCli", () => {
  it("with no cairn on PATH prints the absolute invocation, quoted for sh, and it runs as printed", () => {
    const line = printedCli(self, { PATH: "/usr/bin:/bin", HOME: NO_HOME });
    expect(line).toBe(`${process.execPath} '${bundle.replace(/'/g, `'\\''`)}'`);
    expect(line).toBe(cliLine(self));
    expect(runPrinted(`${line} --version`, "/usr/bin:/bin")).toEqual({ status: 0, out: VERSION });
  });

  it("prints `cairn` when the first cairn on PATH is this bundle and the node it finds is this node", () => {
    const bin = dirWith("npm-bin", { cairn: bundle, node: process.execPath });
    const path = `${bin}:/usr/bin:/bin`;
    expect(printedCli(self, { PATH: path })).toBe("cairn");
    expect(runPrinted("cairn --version", path)).toEqual({ status: 0, out: VERSION });
  });

  it.skipIf(!oldNodeIsOld)("does not print `cairn` when the node its shebang would find is too old", () => {
    const bin = dirWith("npm-bin-old", { cairn: bundle });
    const path = `${dirname(OLD_NODE)}:${bin}`;
    expect(runPrinted("cairn --version", path).status).not.toBe(0);
    const line = printedCli(self, { PATH: path, HOME: NO_HOME });
    expect(line).toBe(cliLine(self));
    expect(runPrinted(`${line} --version`, path)).toEqual({ status: 0, out: VERSION });
  });

  it("prints `cairn` in plugin mode, where Claude Code appends the plugin's bin/ (the launcher) to PATH", () => {
    const root = dirname(dirname(bundle));
    const env = { PATH: "/usr/bin:/bin", CLAUDE_PLUGIN_ROOT: root };
    expect(printedCli(self, env)).toBe("cairn");
    // The launcher finds the node that runs the hooks (here the one `cairn install` recorded).
    mkdirSync(join(tmp, ".cairn"), { recursive: true });
    writeFileSync(join(tmp, ".cairn", "node-path"), `${process.execPath}\n`);
    expect(runPrinted("cairn --version", `/usr/bin:/bin:${join(root, "bin")}`)).toEqual({
      status: 0,
      out: VERSION,
    });
  });

  it("once `cairn install` recorded this node, prints the launcher beside the bundle, which runs as printed", () => {
    const home = join(tmp, "installed-home");
    mkdirSync(join(home, ".cairn"), { recursive: true });
    const env = { PATH: "/usr/bin:/bin", HOME: home };
    expect(printedCli(self, env)).toBe(cliLine(self));
    writeFileSync(join(home, ".cairn", "node-path"), `${process.execPath}\n`);
    const line = printedCli(self, env);
    expect(line).toBe(`'${join(dirname(dirname(bundle)), "bin", "cairn").replace(/'/g, `'\\''`)}'`);
    expect(line.length).toBeLessThan(cliLine(self).length);
    expect(CAIRN_RETRIEVAL.test(`${line} show 1`)).toBe(true);
    // An older node first on PATH does not matter: the launcher takes the recorded one.
    const r = spawnSync("/bin/sh", ["-c", `${line} --version`], {
      env: { PATH: `${dirname(OLD_NODE)}:/bin`, HOME: home },
      encoding: "utf8",
    });
    expect({ status: r.status, out: r.stdout.trim() }).toEqual({ status: 0, out: VERSION });
    // Another node recorded, or $CAIRN_NODE set: the launcher would not run this node.
    writeFileSync(join(home, ".cairn", "node-path"), `${OLD_NODE}\n`);
    expect(printedCli(self, env)).toBe(cliLine(self));
    writeFileSync(join(home, ".cairn", "node-path"), `${process.execPath}\n`);
    expect(printedCli(self, { ...env, CAIRN_NODE: process.execPath })).toBe(cliLine(self));
  });

  it("does not print `cairn` under npm (npx), whose PATH is not the user's shell's", () => {
    const bin = dirWith("npx-bin", { cairn: bundle, node: process.execPath });
    expect(printedCli(self, { PATH: `${bin}:/usr/bin`, npm_command: "exec", HOME: NO_HOME })).toBe(
      cliLine(self),
    );
  });

  it("does not print `cairn` when another cairn comes first on PATH", () => {
    const other = join(tmp, "other-bin");
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, "cairn"), "#!/bin/sh\necho someone else's cairn\n");
    chmodSync(join(other, "cairn"), 0o755);
    const root = dirname(dirname(bundle));
    expect(printedCli(self, { PATH: `${other}:/usr/bin`, CLAUDE_PLUGIN_ROOT: root, HOME: NO_HOME })).toBe(
      cliLine(self),
    );
  });
});

describe("cairn's own commands are recognised in every printed form", () => {
  it.each([
    "cairn show 12",
    "cairn show 12 --lines 30-80",
    "/usr/local/bin/node /opt/cairn/dist/cairn.cjs show 12",
    "/usr/bin/node '/home/a b/it'\\''s/dist/cairn.cjs' show 3 --grep 'x'",
    `node "/p/dist/cairn.cjs" detail turn 2`,
  ])("%s", (command) => {
    expect(CAIRN_RETRIEVAL.test(command)).toBe(true);
  });

  it("the absolute form of this bundle", () => {
    expect(CAIRN_RETRIEVAL.test(`${cliLine(self)} show 1`)).toBe(true);
    expect(CAIRN_RETRIEVAL.test(`${cliLine(self)} install`)).toBe(false);
    expect(CAIRN_RETRIEVAL.test("cat cairn.log")).toBe(false);
  });
});
