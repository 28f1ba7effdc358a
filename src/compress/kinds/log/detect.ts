import { holds } from "../../excerpt/signs.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

export const logs: Detector = {
  name: "log",
  // Lines all of a log's (0.4 + 0.4), and 0.2 more for a command that reads one: a trace
  // that ends a failing run (0.85) leaves the log's lines unread.
  most: (hints) => (hints.command && LOG_COMMAND.test(hints.command) ? 0.9 : 0.8),
  detect(text: string, hints: Hints): number {
    let total = 0;
    let loggy = 0;
    let start = 0;
    // A sign a line may hold only where the text holds its words: those it lacks are not
    // looked for line by line.
    const levels = LEVEL_WORDS.some((w) => holds(text, w));
    const tools = holds(text, "npm ") || holds(text, "yarn ") || holds(text, "] ");
    const access = holds(text, '] "');
    while (start < text.length && total < 200) {
      let end = text.indexOf("\n", start);
      if (end < 0) end = text.length;
      const line = text.slice(start, Math.min(end, start + 200));
      start = end + 1;
      if (line.trim() === "") continue;
      total++;
      // A level word near the start, a timestamp, a tool's log prefix or an access-log line.
      if (
        (levels && LEVEL.test(line.slice(0, 60))) ||
        TIMESTAMP.test(line) ||
        (tools && TOOL_LOG.test(line)) ||
        (access && ACCESS.test(line))
      )
        loggy++;
    }
    if (total < 5) return 0;
    let score = loggy / total >= 0.4 ? 0.4 + 0.4 * (loggy / total) : 0.2 * (loggy / total);
    if (hints.command && LOG_COMMAND.test(hints.command)) score += 0.2;
    return Math.min(0.9, score);
  },
};

/** A command that reads a log. */
const LOG_COMMAND =
  /\b(?:tail|journalctl|logs|less|cat)\b.*(?:\.log\b|\.out\b|logs?\b)|--loglevel|\bjournalctl\b/;

export const TIMESTAMP =
  /^\[?(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\d\d-\d\d \d\d:\d\d:\d\d|\d{4}\/\d\d\/\d\d \d\d:\d\d|\w{3} [ \d]\d \d\d:\d\d:\d\d|\d\d:\d\d(?::\d\d)?\b|\d+\.\d+\]|\d{10,13}\b)/;

export const ACCESS =
  /^(\S+) \S+ \S+ \[([^\]]{10,40})\] "(\S+) (\S+)(?: [^"]*)?" (\d{3}) (\S+)(?: "[^"]*" "([^"]*)")?/;

export const LEVEL = /\b(?:INFO|DEBUG|WARN|WARNING|ERROR|TRACE|FATAL|NOTICE|CRITICAL)\b/;
/** What LEVEL's words hold (WARNING holds WARN). */
const LEVEL_WORDS = ["INFO", "DEBUG", "WARN", "ERROR", "TRACE", "FATAL", "NOTICE", "CRITICAL"];

export const TOOL_LOG =
  /^(?:npm (?:verbose|info|http|timing|sill|warn|notice)|yarn (?:info|warn)|\[\w[\w-]*\]) /;
