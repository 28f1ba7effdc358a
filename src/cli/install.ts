import { existsSync, readFileSync, statSync } from "node:fs";
import {
  addHandoffCommand,
  addMcpServer,
  type ExtrasRecord,
  extrasFiles,
  mcpEntry,
  mcpFileState,
  removeHandoffCommand,
  removeMcpServer,
} from "../claude/extras.ts";
import { commandPlan, httpPlan, INSTALLED_EVENTS } from "../claude/install-plan.ts";
import {
  deleteRecord,
  type InstallRecord,
  originalCopyPath,
  otherHttpInstall,
  readRecord,
  recordKey,
  sha256,
  writeRecord,
} from "../claude/install-record.ts";
import { type Scope, settingsPath } from "../claude/paths.ts";
import {
  hasCairn,
  type InstallPlan,
  parseSettings,
  type SettingsFile,
  stringifySettings,
  withCairn,
  withoutCairn,
} from "../claude/settings.ts";
import { FILE_MODE, safeUnlink, writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { findProjectDir } from "../core/project.ts";
import { printedCli, recordNode, selfInvocation } from "../core/self.ts";
import { removeExitTraps } from "../run/uninstall-trap.ts";
import { ensureServer, health } from "../transports/http-client.ts";
import { ensureHttpInstall, readHttpInstall } from "../transports/http-config.ts";
import { httpRisk, noteHttpRisk } from "../transports/http-risk.ts";
import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, out } from "./io.ts";
import { absentDirs, removeEmptyDirs } from "./leftovers.ts";

const INSTALL_USAGE = `Usage: cairn install [--project] [--dry-run] [--transport command|http]

Registers cairn's hooks (${INSTALLED_EVENTS.length} events, exec form, each with its own timeout) and
its statusline in Claude Code's settings.json. Every other key, hook and your own
statusline are kept: cairn's statusline runs yours and prints its output first.
Also adds the "cairn" MCP server (search, detail and stored outputs for the agent)
to ~/.claude.json (.mcp.json with --project) and the /handoff slash command to
~/.claude/commands/ (.claude/commands/), unless you have a handoff.md of your own.

  --project    install into <project>/.claude/settings.json instead of ~/.claude/settings.json
  --dry-run    print the settings that would be written, change nothing
  --transport  command (default): each hook starts \`node dist/cairn.cjs hook <Event>\`
               http: hooks POST to \`cairn serve\` on 127.0.0.1 (no process start per
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
  claude --plugin-dir /path/to/cairn   or   /plugin marketplace add /path/to/cairn`;

const UNINSTALL_USAGE = `Usage: cairn uninstall [--project] [--dry-run]

Removes cairn from Claude Code's settings.json. When nothing else changed the file
since \`cairn install\`, it is restored byte for byte from the backup (or removed, if
cairn created it). Otherwise only cairn's hooks and statusline are taken out and your
own statusline is put back.`;

function target(values: { project?: boolean }): { scope: Scope; projectDir: string; path: string } {
  const projectDir = findProjectDir();
  const scope: Scope = values.project ? "project" : "user";
  return { scope, projectDir, path: settingsPath(scope, projectDir) };
}

function readText(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

function modeOf(path: string): number {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return FILE_MODE;
  }
}

function planFor(transport: "command" | "http"): InstallPlan {
  if (transport === "http") return httpPlan(selfInvocation(), ensureHttpInstall(cairnPaths()));
  return commandPlan(selfInvocation());
}

export const install: Command = {
  usage: INSTALL_USAGE,
  async run(argv) {
    const { values } = parse(argv, {
      project: { type: "boolean" },
      "dry-run": { type: "boolean" },
      transport: { type: "string" },
    });
    const asked = values.transport ?? "command";
    if (asked !== "command" && asked !== "http")
      throw new UsageError(`--transport is command or http, not "${asked}"`);
    const paths = cairnPaths();
    const transport = asked === "http" && (await httpRefused(paths)) ? "command" : asked;
    const { scope, path } = target(values);
    const before = readText(path);
    const parsed = parseSettings(before);
    const plan = planFor(transport);
    if (!parsed.ok) {
      err(`${color.red("refused:")} ${path} is ${parsed.problem}`);
      err("cairn will not rewrite a file it cannot parse exactly. Add this to it by hand:");
      err("");
      out(JSON.stringify(withCairn({}, plan), null, 2));
      return 1;
    }
    const next = withCairn(parsed.settings, plan);
    const text = stringifySettings(next, parsed.indent, before === undefined ? true : parsed.trailingNewline);
    if (values["dry-run"]) {
      out(color.dim(`# would write ${path}`));
      out(text.trimEnd());
      return 0;
    }
    const key = recordKey(scope, path);
    const previous = readRecord(paths, key);
    // Folders this install is about to create, with those earlier installs created.
    const createdDirs = [
      ...new Set([
        ...(previous?.createdDirs ?? []),
        ...absentDirs(path),
        ...absentDirs(extrasFiles(scope, findProjectDir()).commandFile),
      ]),
    ];
    if (text === before) {
      // The hooks are in place; the MCP server and /handoff may still be missing.
      const extras = installExtras(scope, previous?.extras);
      if (previous) writeRecord(paths, key, { ...previous, extras: extras.record, createdDirs });
      out(`cairn is already installed in ${path}`);
      return 0;
    }

    const { originalPath, pristine } = backUp(paths, key, previous, before);
    const userStatusLine = previous ? previous.userStatusLine : (parsed.settings.statusLine ?? null);
    // Backup, extras, record, and only then the settings file: a kill at any point
    // leaves a record for everything cairn changed, so a second install completes it
    // and uninstall can still restore the file byte for byte.
    const extras = installExtras(scope, previous?.extras);
    const record: InstallRecord = {
      version: 1,
      scope,
      settingsPath: path,
      originalPath,
      pristine,
      writtenSha256: sha256(text),
      userStatusLine,
      transport,
      installedAt: new Date().toISOString(),
      extras: extras.record,
      createdDirs,
    };
    writeRecord(paths, key, record);
    recordNode(paths.root);
    writeFileAtomic(path, text, modeOf(path));
    // Switched from http to command hooks: nothing calls the server any more.
    if (previous?.transport === "http" && transport !== "http" && !otherHttpInstall(paths, key))
      await stopServer();
    out(`${color.green("installed")} cairn into ${path}`);
    out(`  hooks: ${INSTALLED_EVENTS.join(", ")} (${transport} transport)`);
    if (transport === "http") await startServer(paths);
    out(`  statusline: cairn's${userStatusLine ? " (wrapping yours)" : ""}`);
    for (const note of extras.notes) out(`  ${note}`);
    if (originalPath) out(`  backup: ${originalPath}`);
    const cli = printedCli();
    out(`Check it with \`${cli} doctor\`; undo with \`${cli} uninstall\`.`);
    return 0;
  },
};

/**
 * Where the file without cairn is kept, and whether that copy still describes it. A
 * first install copies the file; a later one keeps the first backup.
 */
function backUp(
  paths: CairnPaths,
  key: string,
  previous: InstallRecord | undefined,
  before: string | undefined,
): { originalPath: string | null; pristine: boolean } {
  if (previous) {
    // Someone edited the file since cairn last wrote it: the old backup no longer
    // describes "the file without cairn", so uninstall must not restore it blindly.
    // Or an install killed between its record and the settings file: the file is
    // still exactly what the backup holds.
    const pristine =
      previous.pristine &&
      ((before !== undefined && sha256(before) === previous.writtenSha256) ||
        before === (previous.originalPath ? readText(previous.originalPath) : undefined));
    return { originalPath: previous.originalPath, pristine };
  }
  const originalPath = before === undefined ? null : originalCopyPath(paths, key);
  if (originalPath && before !== undefined) writeFileAtomic(originalPath, before);
  return { originalPath, pristine: true };
}

/** Starts `cairn serve` for an http install and says whether it answers (within about 5 s). */
async function startServer(paths: CairnPaths): Promise<void> {
  const http = ensureHttpInstall(paths);
  await ensureServer(http);
  let up = false;
  for (let i = 0; i < 50 && !up; i++) {
    up = Boolean(await health(http, 200));
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  out(
    `  server: cairn serve on 127.0.0.1:${http.port} ${up ? "(running)" : color.yellow("(did not answer yet: see cairn doctor)")}`,
  );
}

/**
 * Claude Code's http hooks send every event to whoever listens on the port, and act on
 * its answer. Where another user could be listening there, command hooks are installed
 * instead, and the reason is said here and kept for doctor.
 */
async function httpRefused(paths: CairnPaths): Promise<boolean> {
  const { loadConfig } = await import("../config/load.ts");
  const user = await loadConfig(paths, undefined).catch(() => undefined);
  const risk = httpRisk(ensureHttpInstall(paths).port, user?.config["http.allow_other_users"] ?? false);
  if (!risk) return false;
  noteHttpRisk(paths, risk);
  err(`${color.yellow("http transport refused:")} ${risk.reason}.`);
  err("Installing command hooks instead (each hook starts a process; nothing listens on a port).");
  return true;
}

/** The MCP server and /handoff command, added beside the hooks. */
function installExtras(
  scope: Scope,
  previous: ExtrasRecord | undefined,
): { record: ExtrasRecord; notes: string[] } {
  const self = selfInvocation();
  const files = extrasFiles(scope, findProjectDir());
  const entry = mcpEntry(self);
  const notes: string[] = [];
  // What was there before cairn's first install (an earlier record knows; its absence means none).
  const state = previous
    ? { fileCreated: previous.mcpFileCreated, keyCreated: previous.mcpKeyCreated }
    : mcpFileState(files.mcpFile);
  const problem = addMcpServer(files.mcpFile, entry);
  notes.push(
    problem
      ? `${color.yellow("mcp:")} ${problem}`
      : `mcp: server "cairn" (search, detail, show_output) in ${files.mcpFile}`,
  );
  const commandText = addHandoffCommand(files.commandFile, self, previous?.commandText);
  notes.push(
    commandText
      ? `slash command: /handoff (${files.commandFile})`
      : `${color.yellow("slash command:")} ${files.commandFile} is your own; /handoff left as it is`,
  );
  return {
    record: {
      mcpFile: files.mcpFile,
      mcpEntry: entry,
      commandFile: files.commandFile,
      commandText,
      ...(state.fileCreated !== undefined ? { mcpFileCreated: state.fileCreated } : {}),
      ...(state.keyCreated !== undefined ? { mcpKeyCreated: state.keyCreated } : {}),
    },
    notes,
  };
}

function uninstallExtras(extras: ExtrasRecord): void {
  removeMcpServer(extras.mcpFile, extras.mcpEntry, {
    fileCreated: extras.mcpFileCreated,
    keyCreated: extras.mcpKeyCreated,
  });
  removeHandoffCommand(extras.commandFile, extras.commandText);
}

/** The http transport's server goes with its install. */
async function stopServer(): Promise<void> {
  const paths = cairnPaths();
  const install = readHttpInstall(paths);
  if (!install) {
    out("cairn serve is not running");
    return;
  }
  const { stopServer, describeStop } = await import("../transports/stop-server.ts");
  out(describeStop(await stopServer(paths, install), install.port));
}

export const uninstall: Command = {
  usage: UNINSTALL_USAGE,
  async run(argv) {
    const { values } = parse(argv, { project: { type: "boolean" }, "dry-run": { type: "boolean" } });
    const paths = cairnPaths();
    const { scope, path } = target(values);
    const key = recordKey(scope, path);
    const record = readRecord(paths, key);
    const current = readText(path);
    if (!values["dry-run"]) removeExitTraps(paths, out);
    if (record?.extras && !values["dry-run"]) uninstallExtras(record.extras);
    if (record?.transport === "http" && !values["dry-run"] && !otherHttpInstall(paths, key))
      await stopServer();
    // Folders cairn created go once empty, whichever way the settings file is put back.
    const tidy = () => removeEmptyDirs(record?.createdDirs ?? []);

    if (record?.pristine && current !== undefined && sha256(current) === record.writtenSha256) {
      const original = record.originalPath ? readText(record.originalPath) : undefined;
      if (record.originalPath && original === undefined) {
        throw new Error(
          `the backup ${record.originalPath} is missing; remove cairn's entries by hand or reinstall`,
        );
      }
      if (values["dry-run"]) {
        out(
          original === undefined
            ? `would remove ${path} (cairn created it)`
            : `would restore ${path} from ${record.originalPath}`,
        );
        return 0;
      }
      if (original === undefined) safeUnlink(path);
      else writeFileAtomic(path, original, modeOf(path));
      deleteRecord(paths, key);
      tidy();
      out(`${color.green("uninstalled")}: ${path} restored byte for byte`);
      return 0;
    }

    if (current === undefined) {
      if (record && !values["dry-run"]) {
        deleteRecord(paths, key);
        tidy();
      }
      out(`cairn is not installed in ${path} (no such file)`);
      return 0;
    }
    const parsed = parseSettings(current);
    if (!parsed.ok) {
      err(`${color.red("refused:")} ${path} is ${parsed.problem}`);
      err("Remove the hooks whose args run `cairn.cjs hook …` and cairn's statusLine by hand.");
      return 1;
    }
    // Nothing of cairn's in it: the file is left exactly as it is (never reformatted).
    if (!hasCairn(parsed.settings)) {
      if (record && !values["dry-run"]) {
        deleteRecord(paths, key);
        tidy();
      }
      out(`cairn is not installed in ${path}`);
      return 0;
    }
    const restoredStatusLine = (record?.userStatusLine ?? null) as SettingsFile["statusLine"] | null;
    const next = withoutCairn(parsed.settings, restoredStatusLine);
    const text = stringifySettings(next, parsed.indent, parsed.trailingNewline);
    if (values["dry-run"]) {
      out(color.dim(`# would write ${path}`));
      out(text.trimEnd());
      return 0;
    }
    writeFileAtomic(path, text, modeOf(path));
    if (record) deleteRecord(paths, key);
    tidy();
    out(
      `${color.green("uninstalled")}: removed cairn's entries from ${path} (the file had other changes, which are kept)`,
    );
    return 0;
  },
};
