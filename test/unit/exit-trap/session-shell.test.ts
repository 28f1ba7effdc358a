import { describe, expect, it } from "vitest";
import { sessionShell, shellKind } from "../../../src/exit-trap/session-shell.ts";

/** A machine with these executables, and `which` answering from PATH-like `onPath`. */
function machine(files: string[], onPath: Record<string, string> = {}) {
  const set = new Set(files);
  return [(p: string) => set.has(p), (name: string) => onPath[name]] as const;
}

describe("sessionShell: the shell Claude Code runs Bash commands in", () => {
  it("SHELL naming bash or zsh wins when it is executable", () => {
    const [exec, which] = machine(["/usr/bin/zsh", "/bin/bash"]);
    expect(sessionShell({ SHELL: "/bin/bash" }, exec, which)).toBe("/bin/bash");
    expect(sessionShell({ SHELL: "/usr/bin/zsh" }, exec, which)).toBe("/usr/bin/zsh");
  });

  it("CLAUDE_CODE_SHELL comes before SHELL", () => {
    const [exec, which] = machine(["/usr/bin/zsh", "/bin/bash"]);
    expect(sessionShell({ CLAUDE_CODE_SHELL: "/usr/bin/zsh", SHELL: "/bin/bash" }, exec, which)).toBe(
      "/usr/bin/zsh",
    );
  });

  it("SHELL unset or another shell: zsh first, then bash (what Claude Code does)", () => {
    const [exec, which] = machine(["/usr/bin/zsh", "/bin/bash", "/usr/bin/fish"], { zsh: "/usr/bin/zsh" });
    expect(sessionShell({}, exec, which)).toBe("/usr/bin/zsh");
    expect(sessionShell({ SHELL: "/usr/bin/fish" }, exec, which)).toBe("/usr/bin/zsh");
    const [noZsh, whichBash] = machine(["/bin/bash", "/usr/bin/fish"], { bash: "/bin/bash" });
    expect(sessionShell({ SHELL: "/usr/bin/fish" }, noZsh, whichBash)).toBe("/bin/bash");
  });

  it("SHELL naming a bash that is gone: bash first among the rest", () => {
    const [exec, which] = machine(["/usr/bin/zsh", "/usr/local/bin/bash"]);
    expect(sessionShell({ SHELL: "/opt/gone/bash" }, exec, which)).toBe("/usr/local/bin/bash");
  });

  it("neither bash nor zsh: undefined", () => {
    const [exec, which] = machine(["/usr/bin/fish"]);
    expect(sessionShell({ SHELL: "/usr/bin/fish" }, exec, which)).toBeUndefined();
  });

  it("shellKind names the kind", () => {
    expect(shellKind("/usr/bin/zsh")).toBe("zsh");
    expect(shellKind("/opt/homebrew/bin/bash")).toBe("bash");
  });
});
