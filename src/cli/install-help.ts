import { INSTALLED_EVENTS } from "../claude/install-plan.ts";
import { GEMINI_INSTALL_USAGE } from "./install-gemini.ts";

/** The help of `cairn install` and `cairn uninstall`. */

export const INSTALL_USAGE = `Usage: cairn install [--project] [--dry-run] [--transport command|http] [--agent claude|gemini]

Registers cairn's hooks (${INSTALLED_EVENTS.length} events, each with its own timeout) and its
statusline in Claude Code's settings.json. Every other key, hook and your own
statusline are kept: cairn's statusline runs yours and prints its output first.
Also adds the "cairn" MCP server (search, detail and stored outputs for the agent)
to ~/.claude.json (.mcp.json with --project) and the /handoff slash command to
~/.claude/commands/ (.claude/commands/), unless you have a handoff.md of your own.

  --project    install into <project>/.claude/settings.json, .mcp.json and
               .claude/commands/, files teams commit: they name cairn only through
               ~/.cairn/bin/cairn, a launcher each user's own \`cairn install --project\`
               writes (it runs the cairn that wrote it), never a path of this machine
               or a program inside the project. Teammates without it get no-op hooks.
  --dry-run    print the settings that would be written, change nothing
  --transport  command (default): each hook starts \`node dist/cairn.cjs hook <Event>\`
               http (user scope only: its hooks carry this machine's secret): hooks
               POST to \`cairn serve\` on 127.0.0.1 (no process start per
               hook; on_failure: continue, so a stopped server never blocks a session;
               the SessionStart hook starts the server when it is down). Claude Code
               sends each event to whoever listens on that port, so http is refused
               (command hooks instead) when another user holds the port or runs
               processes here; http.allow_other_users in ~/.cairn/config.yaml accepts
               the second. SessionStart switches an http install to command hooks
               when that risk appears later.

A backup of the original file is kept in ~/.cairn/install/; \`cairn uninstall\` restores
it byte for byte when nothing else changed the file. Running install twice is the
same as once. A settings file that is not strict JSON (comments, trailing commas) is
never rewritten: cairn prints the snippet to paste instead.

Alternatively, load cairn as a Claude Code plugin from this repository:
  claude plugin marketplace add /path/to/cairn && claude plugin install cairn@cairn
  or, for one session: claude --plugin-dir /path/to/cairn/plugin

${GEMINI_INSTALL_USAGE}`;

export const UNINSTALL_USAGE = `Usage: cairn uninstall [--user | --project] [--purge] [--dry-run] [--agent claude|gemini]

Removes cairn from Claude Code: its hooks and statusline in settings.json, its MCP
server and /handoff. Without --user or --project: from your user settings and from this
project's, when this machine installed it there. When nothing else changed a settings
file since \`cairn install\`, it is restored byte for byte from the backup (or removed,
if cairn created it); otherwise only cairn's entries are taken out and your own
statusline is put back.

  --user      only ~/.claude/settings.json
  --project   only <project>/.claude/settings.json (also an install a teammate committed)
  --purge     also every project install this machine made, and then delete what cairn
              stored, listed first: <cairn home> (~/.cairn: database, logs, snapshots)
              and the .cairn/ folder (STATE.md) of every project cairn knows of
  --dry-run   print what would change, change nothing

  --agent gemini  undo \`cairn install --agent gemini\`: Gemini CLI's settings.json
              (~/.gemini, or .gemini/ with --project) instead of Claude Code's

Without --purge, ~/.cairn and each project's .cairn/STATE.md stay.`;
