import { appendFileSync, renameSync, statSync } from "node:fs";
import { DIR_MODE, ensureDir, errorMessage, FILE_MODE, tightenMode, writeFileAtomic } from "./fs.ts";
import type { CairnPaths } from "./paths.ts";

type LogLevel = "debug" | "info" | "warn" | "error";

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** The log is rotated at this size and keeps this many files (cairn.log, .1, .2). */
const LOG_MAX_BYTES = 1024 * 1024;
const LOG_FILES = 3;

export interface LogFields {
  event?: string;
  session?: string;
  [key: string]: unknown;
}

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields & { err?: unknown }): void;
}

/**
 * A JSON-lines logger that never throws: logging must not be the thing that breaks a
 * hook. Errors are also remembered in last-error.json so the statusline and
 * `cairn doctor` can show them without scanning the log.
 */
export function createLogger(paths: CairnPaths, minLevel: LogLevel = "info"): Logger {
  const write = (level: LogLevel, msg: string, fields: LogFields & { err?: unknown } = {}) => {
    if (LEVELS[level] < LEVELS[minLevel]) return;
    const { err, ...rest } = fields;
    const record: Record<string, unknown> = {
      t: new Date().toISOString(),
      level,
      msg,
      pid: process.pid,
      ...rest,
    };
    if (err !== undefined) {
      record.err = errorMessage(err);
      if (err instanceof Error && err.stack) record.stack = err.stack.split("\n").slice(0, 8).join("\n");
    }
    try {
      appendLine(paths, `${JSON.stringify(record)}\n`);
      if (level === "error") {
        writeFileAtomic(
          paths.lastError,
          JSON.stringify({ t: record.t, msg, event: rest.event, err: record.err }),
        );
      }
    } catch {
      // Nowhere left to report to; the hook answer must still go out.
    }
  };
  return {
    debug: (m, f) => write("debug", m, f),
    info: (m, f) => write("info", m, f),
    warn: (m, f) => write("warn", m, f),
    error: (m, f) => write("error", m, f),
  };
}

function appendLine(paths: CairnPaths, line: string): void {
  ensureDir(paths.logs);
  let size = 0;
  try {
    const st = statSync(paths.log);
    size = st.size;
    // A log made before with a looser mode (appendFileSync's mode applies only to a new file).
    if ((st.mode & 0o077) !== 0) {
      tightenMode(paths.log);
      tightenMode(paths.logs, DIR_MODE);
    }
  } catch {
    size = 0;
  }
  if (size + line.length > LOG_MAX_BYTES && size > 0) rotate(paths.log);
  appendFileSync(paths.log, line, { mode: FILE_MODE });
}

function rotate(log: string): void {
  for (let i = LOG_FILES - 1; i >= 1; i--) {
    const from = i === 1 ? log : `${log}.${i - 1}`;
    try {
      renameSync(from, `${log}.${i}`);
    } catch {
      // A missing generation is fine.
    }
  }
}
