import { spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { request } from "node:http";
import { readJsonIfExists } from "../core/fs.ts";
import { type CairnPaths, cairnHome } from "../core/paths.ts";
import { selfInvocation } from "../core/self.ts";
import { type HttpInstall, SECRET_HEADER, type ServerState, serverStatePath } from "./http-config.ts";
import { SERVER_NODE_ARGS, serverEnv } from "./server-process.ts";
import { type PortOwner, portOwner } from "./socket-owner.ts";

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

/**
 * Starts `cairn serve` in the background, detached from the hook that starts it. The
 * server serves every session, so it gets none of this one's choices: the cairn home
 * the starter settled on (`root`), and no CAIRN_TEAM_URL (hooks never read it).
 */
export function spawnServer(root: string, env: NodeJS.ProcessEnv = process.env): number | undefined {
  const self = selfInvocation();
  const { CAIRN_TEAM_URL: _, ...rest } = env;
  const child = spawn(self.command, [...SERVER_NODE_ARGS, ...self.args, "serve"], {
    detached: true,
    stdio: "ignore",
    env: serverEnv({ ...rest, CAIRN_HOME: root }),
  });
  child.on("error", () => {
    // No node to run: the port stays free, and the next check says so.
  });
  child.unref();
  return child.pid;
}

/** What ensureServer reads and does at its edges: the real system, or a test's stand-ins. */
export interface ServerProbe {
  owner(port: number): PortOwner;
  /** Whether the process holds one of these socket inodes. */
  holds(pid: number, inodes: readonly number[]): boolean;
  health(install: HttpInstall): Promise<{ ok: boolean; pid: number } | undefined>;
  spawn(): number | undefined;
  sleep(ms: number): Promise<void>;
}

export interface EnsureOptions {
  /** The cairn home the server is to use (the caller's). */
  readonly root?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** How long to wait for a new server's listener. */
  readonly waitMs?: number;
  readonly probe?: ServerProbe;
}

export type Ensured =
  | { readonly state: "running" }
  | { readonly state: "started"; readonly pid: number }
  /** Another user's process listens (before or after the start): nothing was sent. */
  | { readonly state: "foreign"; readonly uid: number }
  /** Socket owners cannot be seen here: nothing sent, nothing started. */
  | { readonly state: "refused" }
  /** Started, but nothing listened within the wait: the statusline and the server check later. */
  | { readonly state: "unverified" };

/**
 * Makes sure the server is up: called by the SessionStart command hook of an http
 * install and by install. Trusts the port only when our own user holds it: a port held
 * by another user, or whose owner cannot be seen, gets nothing. After a start it waits
 * (up to `waitMs`) for the listener and looks at who it is: the child just started (its
 * process holds the listening socket), another server of ours that won a race, or
 * another user who bound the port first: "foreign", which the caller answers by
 * switching to command hooks.
 */
export async function ensureServer(install: HttpInstall, opts: EnsureOptions = {}): Promise<Ensured> {
  const waitMs = opts.waitMs ?? 1000;
  const probe = opts.probe ?? systemProbe(opts.root ?? cairnHome(), opts.env ?? process.env);
  const before = probe.owner(install.port);
  if (before.kind === "foreign") return { state: "foreign", uid: before.uid };
  if (before.kind === "unknown") return { state: "refused" };
  if (before.kind === "ours" && (await probe.health(install))) return { state: "running" };
  const child = probe.spawn();
  for (let waited = 0; ; waited += POLL_MS) {
    const now = probe.owner(install.port);
    if (now.kind === "foreign") return { state: "foreign", uid: now.uid };
    if (now.kind === "unknown") return { state: "refused" };
    if (now.kind === "ours") {
      if (child !== undefined && probe.holds(child, now.inodes)) return { state: "started", pid: child };
      // Another server of ours (a concurrent SessionStart's) bound first, or is starting.
      if (await probe.health(install)) return { state: "running" };
    }
    if (waited >= waitMs) return { state: "unverified" };
    await probe.sleep(POLL_MS);
  }
}

const POLL_MS = 50;

function systemProbe(root: string, env: NodeJS.ProcessEnv): ServerProbe {
  return {
    owner: (port) => portOwner(port),
    holds: holdsSocket,
    health: (install) => health(install),
    spawn: () => spawnServer(root, env),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
  };
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
