import { basename } from "node:path";
import { isExecutableFile, onPath } from "../core/process.ts";

const DIRS = ["/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"];

/**
 * The shell Claude Code will run this session's Bash commands in, found the way Claude
 * Code 2.1 finds it (read from its CLI): CLAUDE_CODE_SHELL or SHELL when they name bash
 * or zsh, else zsh before bash (bash first when SHELL is bash), on PATH and in the usual
 * folders. It never runs another shell, so an unset SHELL, or SHELL=fish, still means
 * bash or zsh, and the exit trap applies. Undefined when there is neither (Claude Code
 * then refuses to start a shell at all).
 */
export function sessionShell(
  env: NodeJS.ProcessEnv,
  isExecutable: (path: string) => boolean = isExecutableFile,
  which: (name: string) => string | undefined = (name) => onPath(name, env),
): string | undefined {
  const named = [env.CLAUDE_CODE_SHELL, env.SHELL].filter(
    (s): s is string => !!s && (s.includes("bash") || s.includes("zsh")),
  );
  const bashFirst = basename(env.SHELL ?? "") === "bash";
  const order = bashFirst ? ["bash", "zsh"] : ["zsh", "bash"];
  const candidates = [
    ...named,
    () => which(order[0]!),
    ...order.flatMap((name) => DIRS.map((dir) => `${dir}/${name}`)),
    () => which(order[1]!),
  ];
  for (const c of candidates) {
    const path = typeof c === "string" ? c : c();
    if (path && isExecutable(path)) return path;
  }
  return undefined;
}

/** "zsh" or "bash", for people: which of the two the trap runs in. */
export function shellKind(path: string): "bash" | "zsh" {
  return basename(path).includes("zsh") ? "zsh" : "bash";
}
