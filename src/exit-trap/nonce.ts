import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { ensureDir, FILE_MODE, readRegularText } from "../core/fs.ts";
import type { CairnPaths } from "../core/paths.ts";

/**
 * The per-session nonce of the exit marker. It is derived from a random key that only
 * the user can read and the session id, so PostToolUse knows it without opening the
 * database, and SessionStart gives the same one again after `--resume` or a compaction
 * (the trap is appended once more, to the same effect). Output that does not know the
 * key cannot make a line that passes for the marker.
 */
function keyPath(paths: CairnPaths): string {
  return join(paths.root, "exit-marker.key");
}

const KEY = /^[0-9a-f]{64}$/;

function readKey(paths: CairnPaths): string | undefined {
  const text = readRegularText(keyPath(paths), 1024)?.trim();
  return text && KEY.test(text) ? text : undefined;
}

/** The key, made on first use; two hooks making it at once agree on the one written first. */
function ensureKey(paths: CairnPaths): string {
  const existing = readKey(paths);
  if (existing) return existing;
  ensureDir(paths.root);
  const key = nodeCrypto().randomBytes(32).toString("hex");
  try {
    const fd = openSync(keyPath(paths), "wx", FILE_MODE);
    try {
      writeSync(fd, `${key}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const written = readKey(paths);
  if (!written) throw new Error(`${keyPath(paths)} is not a key cairn wrote; remove it`);
  return written;
}

/**
 * node:crypto, loaded on first use: loading it costs a hook about a fifth of a bare
 * node start, and PostToolUse needs it only when an output ends like a marker.
 */
function nodeCrypto(): typeof import("node:crypto") {
  return process.getBuiltinModule("node:crypto");
}

function derive(key: string, sessionId: string): string {
  return nodeCrypto().createHmac("sha256", key).update(sessionId).digest("hex").slice(0, 32);
}

/** The nonce SessionStart puts in the trap (making the key when there is none). */
export function issueNonce(paths: CairnPaths, sessionId: string): string {
  return derive(ensureKey(paths), sessionId);
}

/** The nonce a marker of this session carries; undefined when no trap was ever issued. */
export function sessionNonce(paths: CairnPaths, sessionId: string): string | undefined {
  const key = readKey(paths);
  return key ? derive(key, sessionId) : undefined;
}
