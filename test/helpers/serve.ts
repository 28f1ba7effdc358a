import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { CAIRN } from "./cairn.ts";
import { until } from "./wait.ts";

export interface ServedCairn {
  readonly port: number;
  readonly secret: string;
  readonly child: ChildProcess;
  post(event: string, body: string, secret?: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

/** Starts the built bundle's `cairn serve` in a HOME, and waits until it answers. */
export async function startServe(env: NodeJS.ProcessEnv, port: number): Promise<ServedCairn> {
  const child = spawn(process.execPath, [CAIRN, "serve", "--port", String(port)], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  let secret = "";
  const post = (event: string, body: string, s?: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: `/cairn/hook/${event}`,
          method: "POST",
          headers: { "x-cairn-secret": s ?? secret, "content-type": "application/json" },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  // Until it answers (bounded by HANG_MS, not by a count of tries: a loaded machine
  // starts it later, and a test posting to a server not yet up would fail for nothing).
  const health = () =>
    new Promise<number>((resolve) => {
      const req = request(
        { host: "127.0.0.1", port, path: "/cairn/health", headers: { "x-cairn-secret": secret } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", () => resolve(0));
      req.end();
    });
  let last = "";
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`cairn serve exited ${child.exitCode}`);
      try {
        secret = JSON.parse(readFileSync(join(env.HOME!, ".cairn", "install", "http.json"), "utf8")).secret;
      } catch {
        last = "no http.json yet";
        return undefined;
      }
      const status = await health();
      last = `health ${status}`;
      return status === 200 ? true : undefined;
    },
    `cairn serve never answered on port ${port}`,
    { last: () => last },
  ).catch((e: unknown) => {
    child.kill("SIGKILL");
    throw e;
  });
  return {
    port,
    get secret() {
      return secret;
    },
    child,
    post,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

export function freePort(): Promise<number> {
  return import("node:net").then(
    ({ createServer }) =>
      new Promise<number>((resolve) => {
        const s = createServer();
        s.listen(0, "127.0.0.1", () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      }),
  );
}
