import { fstatSync, read, readSync, writeSync } from "node:fs";
import { isEventName, noopAnswer } from "../claude/events.ts";
import { loadConfig } from "../config/load.ts";
import type { ResolvedConfig } from "../config/resolve.ts";
import { resolveConfig } from "../config/resolve.ts";
import { RECURSION_GUARD } from "../core/guard.ts";
import { createLogger } from "../core/log.ts";
import { cairnPaths } from "../core/paths.ts";
import { selfInvocation } from "../core/self.ts";
import { isOff } from "../core/switches.ts";
import { mark } from "../core/trace.ts";
import { dispatch } from "../hooks/dispatch.ts";
import { openStore } from "../store/db.ts";

/**
 * `cairn hook <Event>`: stdin to stdout, exit 0 always. A hard timer guards the whole
 * process, so even a hang outside the handler (stdin that never closes, a stuck
 * store) ends in the no-op answer inside the budget (with stdin still open, the
 * process then ends by SIGKILL: Claude Code counts that a non-blocking error, and the
 * answer was a no-op anyway).
 */
export async function runCommandHook(name: string | undefined, flags: readonly string[] = []): Promise<void> {
  const eventName = name ?? "";
  const noop = isEventName(eventName) ? noopAnswer(eventName) : "{}";
  let answered = false;
  /** Writes the answer, once: whatever comes later (the record, the hard timer) cannot replace it. */
  const answer = (output: string): void => {
    if (answered) return;
    answered = true;
    try {
      writeSync(1, output);
    } catch {
      // Claude Code stopped listening (its own timeout); nothing left to tell it.
    }
  };
  const finish = (output: string): never => {
    answer(output);
    // A read of stdin still parked in libuv's pool (stdin that never closes) would hold
    // process.exit until it returns, that is forever: the answer is out, so end at once.
    if (stdinPending.value) process.kill(process.pid, "SIGKILL");
    process.exit(0);
  };

  mark("transport-loaded");
  const env = process.env;
  if (env[RECURSION_GUARD] === "1") finish(noop);
  const paths = cairnPaths();
  const projectDir = env.CLAUDE_PROJECT_DIR || process.cwd();
  if (isOff(paths, projectDir) === "global") finish(noop);

  let resolved: ResolvedConfig;
  try {
    resolved = await loadConfig(paths, projectDir);
  } catch {
    resolved = resolveConfig([]);
  }
  mark("config");
  const log = createLogger(paths, resolved.config["log.level"]);
  const budget = resolved.config["hook.budget_ms"];
  // The dispatcher enforces the budget on the handler; this catches everything else.
  setTimeout(() => {
    if (answered)
      log.warn(`hook answered, but its record was not written within ${budget + 250} ms`, {
        event: eventName,
      });
    else log.error(`hook did not finish within ${budget + 250} ms; answering no-op`, { event: eventName });
    finish(noop);
  }, budget + 250);

  // An http install's SessionStart hook keeps the server running (started on demand).
  if (flags.includes("--serve")) {
    try {
      const { readHttpInstall } = await import("./http-config.ts");
      const install = readHttpInstall(paths);
      if (install) {
        // Claude Code sends the http hooks' events to whoever listens on the port: where
        // another user could be that listener, nothing is sent or started, loudly.
        const { httpRisk, noteHttpRisk } = await import("./http-risk.ts");
        const risk = httpRisk(install.port, resolved.config["http.allow_other_users"]);
        if (risk) {
          noteHttpRisk(paths, risk);
          const { switchToCommandHooks } = await import("./http-fallback.ts");
          const switched = switchToCommandHooks(paths, projectDir);
          log.error(
            `http transport unsafe here: ${risk.reason}; cairn serve not contacted${switched.length > 0 ? `; switched to command hooks in ${switched.join(", ")}` : ". Use command hooks: cairn install --transport command"}`,
            { port: install.port },
          );
          // Claude Code picks the rewritten settings up from its file watcher, a moment
          // later; the first prompt's hooks follow right after SessionStart (under -p at
          // once), so give the watcher that moment. Only on this rare path.
          if (switched.length > 0)
            await new Promise((done) => setTimeout(done, Math.min(1500, Math.floor(budget / 2))));
        } else {
          const { ensureServer } = await import("./http-client.ts");
          if ((await ensureServer(install, env)) === "started")
            log.info("started cairn serve", { port: install.port });
        }
      }
    } catch (err) {
      log.error("could not start cairn serve; the http hooks will be skipped until it runs", { err });
    }
  }

  try {
    const maxBytes = resolved.config["hook.max_stdin_mb"] * 1024 * 1024;
    const input = await readStdin(maxBytes);
    mark("stdin");
    if (input.oversize) {
      log.warn("hook input exceeds hook.max_stdin_mb; passing through untouched", {
        event: eventName,
        bytes: input.bytes,
      });
      finish(noop);
    }
    const result = await dispatch(eventName, input.text, {
      paths,
      resolved,
      log,
      env,
      self: selfInvocation(),
      openStore: () => openStore(paths.db),
      projectDir: env.CLAUDE_PROJECT_DIR,
      onAnswer: (r) => answer(r.output),
    });
    finish(result.output);
  } catch (err) {
    log.error("hook transport failed; answering no-op", { event: eventName, err });
    finish(noop);
  }
}

interface StdinRead {
  readonly text: string;
  readonly bytes: number;
  readonly oversize: boolean;
}

/** True while a read of fd 0 waits in libuv's thread pool. */
const stdinPending = { value: false };

/**
 * Reads all of stdin; past maxBytes it keeps draining (so the writer never blocks)
 * but keeps nothing. A regular file is read synchronously (it ends). Anything else (the
 * socket or pipe Claude Code gives, a device such as /dev/zero) is read with fs.read,
 * whose wait happens in libuv's thread pool: the event loop, and with it the hard
 * timer, keeps running (a synchronous read would starve it), and Node's stream
 * machinery, which costs more than the read, is not loaded.
 */
async function readStdin(maxBytes: number): Promise<StdinRead> {
  let regular = false;
  try {
    regular = fstatSync(0).isFile();
  } catch {
    // No stdin at all: read through the stream, which ends at once.
    return readStdinAsync(maxBytes, [], 0);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  const buf = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = regular ? readSync(0, buf, 0, buf.length, null) : await readChunk(buf);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === "EAGAIN") return readStdinAsync(maxBytes, chunks, bytes); // a non-blocking stdin
      if (code === "EOF") break;
      throw err;
    }
    if (n === 0) break;
    bytes += n;
    if (bytes <= maxBytes) chunks.push(Buffer.from(buf.subarray(0, n)));
    else chunks.length = 0;
  }
  if (bytes > maxBytes) return { text: "", bytes, oversize: true };
  return { text: Buffer.concat(chunks).toString("utf8"), bytes, oversize: false };
}

function readChunk(buf: Buffer): Promise<number> {
  stdinPending.value = true;
  return new Promise((resolve, reject) =>
    read(0, buf, 0, buf.length, null, (err, n) => {
      stdinPending.value = false;
      if (err) reject(err);
      else resolve(n);
    }),
  );
}

async function readStdinAsync(maxBytes: number, chunks: Buffer[], already: number): Promise<StdinRead> {
  let bytes = already;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes <= maxBytes) chunks.push(chunk);
    else chunks.length = 0;
  }
  if (bytes > maxBytes) return { text: "", bytes, oversize: true };
  return { text: Buffer.concat(chunks).toString("utf8"), bytes, oversize: false };
}
