import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { armExitTrap, armingBase, disarmExitTrap } from "../../../src/exit-trap/arming.ts";
import {
  ARM_TTL_S,
  exitTrap,
  splitExitMarker,
  statusLine,
  withoutExitTrap,
} from "../../../src/exit-trap/exit-marker.ts";

// The trap is run in real bash and zsh exactly as Claude Code runs a Bash command
// with CLAUDE_ENV_FILE (`source <env> && eval '<command>'`), each command armed first
// as cairn's PreToolUse hook arms it, and the marker is read back from what the shell
// really printed. zsh runs where it is installed (CI: apt-get install zsh); bash always.
const SHELLS = ["bash", "zsh"].filter((sh) => {
  try {
    execFileSync(sh, ["-c", "true"]);
    return true;
  } catch {
    return sh === "bash"; // bash missing must fail loudly below, not be skipped
  }
});

const NONCE = "0123456789abcdef0123456789abcdef";
const dir = mkdtempSync(join(tmpdir(), "cairn-trap-"));
const envFile = join(dir, "sessionstart-hook-0.sh");
// A kill-switch path that needs quoting, as a home directory might.
const offSwitch = join(dir, "it's off");
// The session's folder, in a home whose path needs quoting too.
const paths = cairnPaths(join(dir, "a home", ".cairn"));
const SID = "0b7e6f7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
writeFileSync(
  envFile,
  exitTrap(NONCE, { offSwitches: [offSwitch, join(dir, "project off")], arm: armingBase(paths, SID) }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a command the way Claude Code does, stdout and stderr merged; returns its output and the shell's exit status. */
function run(shell: string, command: string, env = envFile, arm = true): { output: string; code: number } {
  if (arm) armExitTrap(paths, SID, Date.now());
  const quoted = `'${command.replaceAll("'", `'"'"'`)}'`;
  try {
    const output = execFileSync(shell, ["-c", `source ${env} && eval ${quoted} 2>&1`], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { output, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; status: number };
    return { output: e.stdout, code: e.status };
  }
}

describe.each(SHELLS)("the exit trap in real %s", (shell) => {
  const claudeBash = (command: string, env = envFile) => run(shell, command, env);
  /** A command no PreToolUse hook of cairn's ran for. */
  const unarmed = (command: string) => run(shell, command, envFile, false);

  it("a failing command exits 0 and prints its status on the last line", () => {
    const r = claudeBash("ls missing-file");
    expect(r.code).toBe(0);
    const split = splitExitMarker(r.output, NONCE);
    expect(split).toEqual({ text: expect.stringContaining("missing-file"), status: 2 });
    expect(split?.text).not.toContain("cairn-exit");
  });

  it("`exit 3` after output keeps the output and reports 3", () => {
    const r = claudeBash("echo before; exit 3");
    expect(r.code).toBe(0);
    expect(splitExitMarker(r.output, NONCE)).toEqual({ text: "before\n", status: 3 });
  });

  it("a failing command with no output gives empty text", () => {
    expect(splitExitMarker(claudeBash("false").output, NONCE)).toEqual({ text: "", status: 1 });
  });

  it("a command that succeeds prints nothing more and needs no marker", () => {
    const r = claudeBash("printf 'no newline at the end'");
    expect(r).toEqual({ output: "no newline at the end", code: 0 });
    expect(splitExitMarker(r.output, NONCE)).toBeUndefined();
  });

  it("output ending without a newline still has the marker on a line of its own", () => {
    const r = claudeBash("printf 'partial'; exit 4");
    expect(splitExitMarker(r.output, NONCE)).toEqual({ text: "partial", status: 4 });
  });

  it("Claude Code trimming the trailing newline changes nothing", () => {
    const r = claudeBash("echo a; echo b; exit 5");
    expect(splitExitMarker(r.output.trimEnd(), NONCE)).toEqual({ text: "a\nb\n", status: 5 });
  });

  it("a marker printed by the output is not taken: wrong nonce, or not the last line", () => {
    const fake = claudeBash("echo '[cairn-exit ffffffffffffffffffffffffffffffff 0]'; exit 1");
    const split = splitExitMarker(fake.output, NONCE);
    expect(split?.status).toBe(1);
    expect(split?.text).toBe("[cairn-exit ffffffffffffffffffffffffffffffff 0]\n");
    // A successful command that prints this session's marker mid-output: not the last line.
    const mid = claudeBash(`echo '[cairn-exit ${NONCE} 7]'; echo after`);
    expect(splitExitMarker(mid.output, NONCE)).toBeUndefined();
    expect(splitExitMarker("[cairn-exit abc 2]", NONCE)).toBeUndefined();
    expect(splitExitMarker(`[cairn-exit ${NONCE} 2x]`, NONCE)).toBeUndefined();
  });

  it("a command with its own EXIT trap, or exec, is left as it would be without cairn", () => {
    const own = claudeBash("trap 'echo own trap' EXIT; exit 6");
    expect(own).toEqual({ output: "own trap\n", code: 6 });
    const ex = claudeBash(`exec ${shell} -c 'echo replaced; exit 7'`);
    expect(ex).toEqual({ output: "replaced\n", code: 7 });
  });

  it("a killed shell prints no marker (Claude Code reports the failure itself)", () => {
    const r = claudeBash("echo partial; kill -KILL $$");
    expect(r.code).not.toBe(0);
    expect(splitExitMarker(r.output, NONCE)).toBeUndefined();
  });

  it("a trailing backslash in the command is the command's own business (nothing is appended to it)", () => {
    const plain = join(dir, "empty-env.sh");
    writeFileSync(plain, "");
    expect(claudeBash("echo hi \\")).toEqual(claudeBash("echo hi \\", plain));
  });

  it("while cairn is switched off, the trap stands aside", () => {
    writeFileSync(offSwitch, "");
    try {
      expect(claudeBash("echo out; exit 3")).toEqual({ output: "out\n", code: 3 });
    } finally {
      rmSync(offSwitch);
    }
    expect(claudeBash("echo out; exit 3").code).toBe(0);
  });

  it("the trap refuses a nonce that would need quoting", () => {
    expect(() => exitTrap("abc'; rm -rf ~; '", { offSwitches: [], arm: armingBase(paths, SID) })).toThrow();
    expect(statusLine(2)).toBe("Exit code 2");
  });

  // Finding 2 of the 2026-11-28 review: the trap outlived cairn. It now acts only for a
  // command cairn's PreToolUse hook armed, once, and only for a short while.
  it("a command nobody armed fails as it would without cairn", () => {
    disarmExitTrap(paths, SID);
    expect(unarmed("echo out; exit 3")).toEqual({ output: "out\n", code: 3 });
  });

  it("an arming serves one command: the next one, unarmed, fails as usual", () => {
    expect(claudeBash("echo fine").code).toBe(0); // the arming is used by a command that succeeds
    expect(unarmed("echo out; exit 3")).toEqual({ output: "out\n", code: 3 });
    expect(claudeBash("echo out; exit 3").code).toBe(0);
    expect(unarmed("echo again; exit 4")).toEqual({ output: "again\n", code: 4 });
  });

  it(`an arming older than ${ARM_TTL_S} s is not taken (cairn's hook stopped running since)`, () => {
    armExitTrap(paths, SID, Date.now() - (ARM_TTL_S + 10) * 1000);
    expect(unarmed("echo out; exit 3")).toEqual({ output: "out\n", code: 3 });
  });

  it("an arming file that is not cairn's shape is not taken, and says nothing", () => {
    for (const junk of ["", "12x 1\n", "1.5 1\n", "$(touch pwned) 1\n", "99999999999999999999999 x\n"]) {
      writeFileSync(`${armingBase(paths, SID)}.armed`, junk);
      expect(unarmed("echo out; exit 3")).toEqual({ output: "out\n", code: 3 });
    }
  });

  // Finding 13: a command that moved its own stdout kept the trap's marker from Claude
  // Code and still exited 0: a silent success.
  it("a command that moves its own stdout still gets its marker where Claude Code reads", () => {
    const r = claudeBash("exec >build.log 2>&1; echo building; false");
    expect(r.code).toBe(0);
    expect(splitExitMarker(r.output, NONCE)).toEqual({ text: "", status: 1 });
    expect(readFileSync(join(dir, "build.log"), "utf8")).toBe("building\n");
  });

  it("when the marker cannot be written, the failure stays a failure", () => {
    const r = claudeBash("exec {__cairn_fd}>&-; echo out; exit 5");
    expect(r).toMatchObject({ code: 5 });
    expect(r.output).toContain("out\n");
    expect(r.output).not.toContain("cairn-exit");
  });
});

describe("withoutExitTrap", () => {
  const trap = exitTrap(NONCE, { offSwitches: [offSwitch], arm: armingBase(paths, SID) });
  it("takes this cairn's block and an older cairn's lines out, and leaves other hooks' lines", () => {
    const older = [
      "# cairn: a failing Bash command prints its exit status on a last line and exits 0, so",
      "# cairn's PostToolUse hook can compress its output; the hook states the status to the model.",
      "__cairn_off0=/home/u/.cairn/off",
      "__cairn_off1=/home/u/.cairn/projects/p-1/off",
      `trap '__cairn_rc=$?; if [ "$__cairn_rc" -ne 0 ] && [ ! -e "$__cairn_off0" ]; then printf "\\n[cairn-exit ${NONCE} %s]\\n" "$__cairn_rc"; exit 0; fi' EXIT`,
    ].join("\n");
    const text = `export A=1\n${older}\nexport B=2\n${trap}export C=3\n`;
    expect(withoutExitTrap(text)).toBe("export A=1\nexport B=2\nexport C=3\n");
    expect(withoutExitTrap("export A=1\n")).toBe("export A=1\n");
  });
});
