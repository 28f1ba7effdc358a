import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isInteractive, isWrapped, wrapCommand } from "../../../src/run/wrap.ts";

// The wrapper runs inside Claude Code's own shell line, exactly as Claude Code builds
// it (`bash -c "… && eval '<cmd>' < /dev/null && pwd -P >| <cwdfile>"`, seen in a real
// session). A stand-in runner prints the spool with the status it was given, so these
// tests check the shell mechanics with the real bash.

const dir = mkdtempSync(join(tmpdir(), "cairn-wrap-"));
mkdirSync(join(dir, "sub dir"));
const fakeRunner = join(dir, "fake runner.sh");
writeFileSync(fakeRunner, '#!/bin/bash\nprintf "[runner status=%s]\\n" "$1"\ncat "$SPOOL"\n', {
  mode: 0o755,
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Runs `command` as Claude Code would, with or without cairn's wrapper. */
function claudeShell(command: string, wrapped: boolean) {
  n += 1;
  const cwdFile = join(dir, `cwd-${n}`);
  let line = command;
  const spool = join(dir, `spool-${n}.out`);
  if (wrapped) {
    const cmdFile = join(dir, `cmd-${n}.sh`);
    writeFileSync(cmdFile, command);
    line = wrapCommand([fakeRunner], { commandFile: cmdFile, spoolFile: spool });
  }
  const quoted = `'${line.replace(/'/g, `'\\''`)}'`;
  const r = spawnSync(
    "/bin/bash",
    ["-c", `exec 2>&1; shopt -s expand_aliases; eval ${quoted} < /dev/null && pwd -P >| ${cwdFile}`],
    {
      cwd: dir,
      env: { ...process.env, SPOOL: spool },
      encoding: "utf8",
    },
  );
  let cwd = "";
  try {
    cwd = spawnSync("cat", [cwdFile], { encoding: "utf8" }).stdout;
  } catch {}
  return { status: r.status, stdout: r.stdout, cwd };
}

function strip(out: string): string {
  return out.replace(/^\[runner status=\d+\]\n/, "");
}

describe("wrapCommand in real bash", () => {
  const cases = [
    "echo hello",
    "cd 'sub dir' && pwd",
    "printf '%s\\n' \"it's\" 'a \"quoted\" thing' | tr a-z A-Z",
    "echo one && echo two || echo three; echo four",
    "cat <<'EOF'\n$HOME is literal here\n  and `this` too\nEOF",
    'x=$(echo sub); echo "got $x"',
    "echo to-stderr >&2; echo to-stdout",
    "false",
    "echo before; exit 7; echo after",
    "for i in 1 2 3; do echo line $i; done # trailing comment",
    "f() { echo from function; }; f",
  ];
  for (const command of cases) {
    it(`behaves as without cairn: ${JSON.stringify(command).slice(0, 50)}`, () => {
      const bare = claudeShell(command, false);
      const viaCairn = claudeShell(command, true);
      expect(viaCairn.status).toBe(bare.status);
      expect(viaCairn.stdout).toMatch(new RegExp(`^\\[runner status=${bare.status}\\]\\n`));
      expect(strip(viaCairn.stdout)).toBe(bare.stdout);
      expect(viaCairn.cwd).toBe(bare.cwd);
    });
  }

  it("carries a cd over to the next command", () => {
    const r = claudeShell("cd 'sub dir'", true);
    expect(r.status).toBe(0);
    expect(r.cwd.trim()).toBe(join(dir, "sub dir"));
  });

  it("leaves no variables or functions of its own behind", () => {
    writeFileSync(join(dir, "p.sh"), "true");
    const probe = spawnSync(
      "/bin/bash",
      [
        "-c",
        `${wrapCommand([fakeRunner], { commandFile: join(dir, "p.sh"), spoolFile: join(dir, "p.out") })}; compgen -v | grep -c ^__cairn; declare -F | grep -c __cairn`,
      ],
      { cwd: dir, env: { ...process.env, SPOOL: join(dir, "p.out") }, encoding: "utf8" },
    );
    expect(probe.stdout.trim().split("\n").slice(-2)).toEqual(["0", "0"]);
  });

  it("keeps an existing EXIT trap of the shell", () => {
    writeFileSync(join(dir, "t.sh"), "echo body");
    const line = wrapCommand([fakeRunner], { commandFile: join(dir, "t.sh"), spoolFile: join(dir, "t.out") });
    const r = spawnSync("/bin/bash", ["-c", `trap 'echo original-trap' EXIT; ${line}`], {
      cwd: dir,
      env: { ...process.env, SPOOL: join(dir, "t.out") },
      encoding: "utf8",
    });
    expect(r.stdout).toBe("[runner status=0]\nbody\noriginal-trap\n");
  });
});

describe("what is never wrapped", () => {
  it("recognises its own wrapper", () => {
    expect(isWrapped(wrapCommand(["x"], { commandFile: "/a", spoolFile: "/b" }))).toBe(true);
    expect(isWrapped("echo hi")).toBe(false);
  });
  it.each([
    "tail -f /var/log/syslog",
    "npm run dev",
    "vim file.txt",
    "python3",
    "docker logs -f web",
    "vitest --watch",
    "python -m http.server 8000",
    "journalctl -u nginx -f",
  ])("interactive or streaming: %s", (cmd) => {
    expect(isInteractive(cmd)).toBe(true);
  });
  it.each(["npm test", "tail -n 50 log.txt", "npx vitest run", "python3 script.py", "git log -5"])(
    "ordinary: %s",
    (cmd) => {
      expect(isInteractive(cmd)).toBe(false);
    },
  );
});
