import { randomBytes } from "node:crypto";
import { join } from "node:path";
import * as v from "valibot";
import { readJsonIfExists, writeFileAtomic } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";

/** The http transport's per-install settings: the loopback port and the shared secret. */
export interface HttpInstall {
  readonly port: number;
  readonly secret: string;
}

export const SECRET_HEADER = "x-cairn-secret";

export function httpInstallPath(paths: CairnPaths): string {
  return join(paths.install, "http.json");
}

export function serverStatePath(paths: CairnPaths): string {
  return join(paths.root, "serve.json");
}

/** A port to listen on and a secret worth the name: `{}` or a port of 0 is no install. */
const HttpInstallSchema = v.object({
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65_535)),
  secret: v.pipe(v.string(), v.minLength(16)),
});

/** The install's port and secret; undefined when the file is missing or does not hold both. */
export function readHttpInstall(paths: CairnPaths): HttpInstall | undefined {
  const r = v.safeParse(HttpInstallSchema, readJsonIfExists<unknown>(httpInstallPath(paths)));
  return r.success ? r.output : undefined;
}

/** Keeps an existing port and secret (installing twice must not change the URLs). */
export function ensureHttpInstall(paths: CairnPaths, port?: number): HttpInstall {
  const existing = readHttpInstall(paths);
  if (existing && (port === undefined || existing.port === port)) return existing;
  const install = {
    port: port ?? 20_000 + (randomBytes(2).readUInt16BE(0) % 40_000),
    secret: randomBytes(24).toString("base64url"),
  };
  writeFileAtomic(httpInstallPath(paths), `${JSON.stringify(install, null, 2)}\n`);
  return install;
}

/** What a running server records about itself, for `cairn serve --stop`, --status and doctor. */
export interface ServerState {
  readonly pid: number;
  readonly port: number;
  readonly startedAt: string;
  readonly version: string;
}
