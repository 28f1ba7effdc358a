import { spawn } from "node:child_process";
import { request } from "node:http";
import { readJsonIfExists } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";
import { type HttpInstall, SECRET_HEADER, type ServerState, serverStatePath } from "./http-config.ts";
import { selfInvocation } from "./self.ts";
import { SERVER_NODE_ARGS, serverEnv } from "./server-process.ts";

/** Asks a running server how it is; undefined when nothing answers in time. */
export function health(
  install: HttpInstall,
  timeoutMs = 300,
): Promise<{ ok: boolean; pid: number } | undefined> {
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

/** Makes sure the server is up: called by the SessionStart command hook of an http install. */
export async function ensureServer(
  install: HttpInstall,
  env: NodeJS.ProcessEnv = process.env,
): Promise<"running" | "started"> {
  if (await health(install)) return "running";
  spawnServer(env);
  return "started";
}

export function readServerState(paths: CairnPaths): ServerState | undefined {
  return readJsonIfExists<ServerState>(serverStatePath(paths));
}
