import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cairnPaths } from "../../../src/core/paths.ts";
import { armExitTrap, armingBase } from "../../../src/exit-trap/arming.ts";
import { exitTrap } from "../../../src/exit-trap/exit-marker.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

// Finding 2 of the 2026-11-28 review: `cairn uninstall` left the trap in Claude Code's
// session env files, which a resumed session runs again before every command.

const NONCE = "0123456789abcdef0123456789abcdef";
const OLDER = [
  "# cairn: a failing Bash command prints its exit status on a last line and exits 0, so",
  "# cairn's PostToolUse hook can compress its output; the hook states the status to the model.",
  "__cairn_off0=/home/u/.cairn/off",
  `trap '__cairn_rc=$?; if [ "$__cairn_rc" -ne 0 ] && [ ! -e "$__cairn_off0" ]; then printf "\\n[cairn-exit ${NONCE} %s]\\n" "$__cairn_rc"; exit 0; fi' EXIT`,
  "",
].join("\n");

describe("cairn uninstall takes the exit trap out of Claude Code's session env files", () => {
  let sb: ReturnType<typeof tempHome>;
  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("this cairn's and an older cairn's trap go, other hooks' lines and links stay, armings are dropped", async () => {
    const paths = cairnPaths(join(sb.home, ".cairn"));
    const envDir = join(sb.home, ".claude", "session-env");
    const current = join(envDir, "s-new", "sessionstart-hook-0.sh");
    const older = join(envDir, "s-old", "sessionstart-hook-1.sh");
    const other = join(envDir, "s-new", "notes.sh");
    const outside = join(sb.home, "outside.sh");
    mkdirSync(join(envDir, "s-new"), { recursive: true });
    mkdirSync(join(envDir, "s-old"), { recursive: true });
    mkdirSync(join(envDir, "s-link"), { recursive: true });
    const trap = exitTrap(NONCE, { offSwitches: [paths.offSwitch], arm: armingBase(paths, "s-new") });
    writeFileSync(current, `export FROM_OTHER_HOOK=1\n${trap}`);
    writeFileSync(older, `${OLDER}export B=2\n`);
    writeFileSync(other, trap);
    writeFileSync(outside, trap);
    symlinkSync(outside, join(envDir, "s-link", "sessionstart-hook-0.sh"));
    armExitTrap(paths, "s-new", Date.now());

    expect((await runCairn(["install"], { env: sb.env, cwd: sb.project })).code).toBe(0);
    const r = await runCairn(["uninstall"], { env: sb.env, cwd: sb.project });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("removed cairn's exit trap from 2 Claude Code session env files");

    expect(readFileSync(current, "utf8")).toBe("export FROM_OTHER_HOOK=1\n");
    expect(readFileSync(older, "utf8")).toBe("export B=2\n");
    expect(readFileSync(other, "utf8")).toBe(trap); // not an env file of Claude Code's
    expect(readFileSync(outside, "utf8")).toBe(trap); // a link is not followed
    expect(existsSync(`${armingBase(paths, "s-new")}.armed`)).toBe(false);

    // What a resumed session then runs before a failing command: its failure, as without cairn.
    const run = spawnSync("bash", ["-c", `source ${current} && eval 'echo "$FROM_OTHER_HOOK"; exit 3'`], {
      encoding: "utf8",
    });
    expect({ out: run.stdout, code: run.status }).toEqual({ out: "1\n", code: 3 });
  });
});
