import { spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { request } from "node:http";
import { readJsonIfExists } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { selfInvocation } from "../core/self.ts";
import { type HttpInstall, SECRET_HEADER, type ServerState, serverStatePath } from "./http-config.ts";
import { SERVER_NODE_ARGS, serverEnv } from "./server-process.ts";
import { portOwner } from "./socket-owner.ts";

/**
 * Asks a running server how it is; undefined when nothing answers in time, and without
 * sending anything when the port is not held by our own user: a listener of another
 * user would learn the secret, and could answer with any pid it likes.
 */
export function health(
  install: HttpInstall,
  timeoutMs = 300,
): Promise<{ ok: boolean; pid: number } | undefined> {
  if (portOwner(install.port).kind !== "ours") return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: install.port,
        path: "/cairn/health",
        method: "GET",
        headers: { [SECRET_HEADER]: install.secret },
        timeout: timeoutMs,
      },
      (res) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => {
          try {
            resolve(res.statusCode === 200 ? (JSON.parse(body) as { ok: boolean; pid: number }) : undefined);
          } catch {
            resolve(undefined);
          }
        });
      },
    );
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(undefined));
    req.end();
  });
}

/** Starts `cairn serve` in the background, detached from the hook that starts it. */
export function spawnServer(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const self = selfInvocation();
  const child = spawn(self.command, [...SERVER_NODE_ARGS, ...self.args, "serve"], {
    detached: true,
    stdio: "ignore",
    env: serverEnv(env),
  });
  child.unref();
  return child.pid;
}

/**
 * Makes sure the server is up: called by the SessionStart command hook of an http
 * install. A port held by another user, or whose owner cannot be seen, is "refused":
 * nothing is sent there and no server is started (it could not bind).
 */
export async function ensureServer(
  install: HttpInstall,
  env: NodeJS.ProcessEnv = process.env,
): Promise<"running" | "started" | "refused"> {
  const owner = portOwner(install.port).kind;
  if (owner === "foreign" || owner === "unknown") return "refused";
  if (await health(install)) return "running";
  spawnServer(env);
  return "started";
}

export function readServerState(paths: CairnPaths): ServerState | undefined {
  return readJsonIfExists<ServerState>(serverStatePath(paths));
}

/**
 * The pid of our own running `cairn serve`, or undefined: never a pid that a listener
 * merely reports. When the port is ours, the pid must hold the listening socket; when
 * nothing of ours listens, the recorded pid must still be our user's `cairn serve`
 * (a pid in serve.json may have been reused by any process since).
 */
export async function ownServerPid(install: HttpInstall, paths: CairnPaths): Promise<number | undefined> {
  const owner = portOwner(install.port);
  const recorded = readServerState(paths)?.pid;
  if (owner.kind === "ours") {
    const reported = (await health(install, 1000))?.pid;
    return [reported, recorded].find(
      (pid): pid is number => pid !== undefined && holdsSocket(pid, owner.inodes),
    );
  }
  return recorded !== undefined && isOwnServe(recorded) ? recorded : undefined;
}

function holdsSocket(pid: number, inodes: readonly number[]): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const want = new Set(inodes.map((i) => `socket:[${i}]`));
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (want.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
      } catch {
        // Closed while we looked.
      }
    }
  } catch {
    // Not a process we can see.
  }
  return false;
}

function isOwnServe(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    if (statSync(`/proc/${pid}`).uid !== process.getuid?.()) return false;
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    return argv.includes("serve") && argv.some((a) => /cairn/.test(a));
  } catch {
    return false;
  }
}
