import { type ChildProcess, spawn } from "node:child_process";
import { request } from "node:http";
import { CAIRN } from "./cairn.ts";

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
  for (let i = 0; i < 100; i++) {
    try {
      secret = JSON.parse(readFileSync(join(env.HOME!, ".cairn", "install", "http.json"), "utf8")).secret;
      const r = await new Promise<number>((resolve) => {
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
      if (r === 200) break;
    } catch {
      // Not written yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
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
