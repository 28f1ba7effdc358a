import { existsSync } from "node:fs";
import {
  addHandoffCommand,
  addMcpServer,
  type ExtrasRecord,
  extrasFiles,
  mcpFileState,
  removeHandoffCommand,
  removeMcpServer,
} from "../claude/extras.ts";
import { HOME_LAUNCHER_TILDE, removeHomeLauncher, writeHomeLauncher } from "../claude/home-launcher.ts";
import { INSTALLED_EVENTS } from "../claude/install-plan.ts";
import {
  allRecords,
  type InstallRecord,
  originalCopyPath,
  otherHttpInstall,
  readRecord,
  recordProjectDir,
  sha256,
  writeRecord,
} from "../claude/install-record.ts";
import {
  hasCairn,
  parseSettings,
  type SettingsFile,
  stringifySettings,
  withCairn,
  withoutCairn,
} from "../claude/settings.ts";
import { writeFileAtomic } from "../core/fs.ts";
import { type CairnPaths, cairnPaths } from "../core/paths.ts";
import { printedCli, recordNode, selfInvocation } from "../core/self.ts";
import { removeExitTraps } from "../exit-trap/uninstall-trap.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { parse, UsageError } from "./args.ts";
import type { Command } from "./command.ts";
import { agentArg } from "./install-gemini.ts";
import { INSTALL_USAGE, UNINSTALL_USAGE } from "./install-help.ts";
import { httpRefused, startServer, stopServer } from "./install-server.ts";
import {
  insideProject,
  type Registration,
  registrationFor,
  type Target,
  targetOf,
} from "./install-target.ts";
import { color, err, out } from "./io.ts";
import { absentDirs } from "./leftovers.ts";
import { modeOf, readText, undoSettings } from "./settings-undo.ts";

export const install: Command = {
  usage: INSTALL_USAGE,
  async run(all) {
    const { agent, rest: argv } = agentArg(all);
    if (agent === "gemini") return (await import("./install-gemini.ts")).installGemini(argv);
    const { values } = parse(argv, {
      project: { type: "boolean" },
      "dry-run": { type: "boolean" },
      transport: { type: "string" },
    });
    const asked = transportAsked(values);
    const paths = cairnPaths();
    const transport = asked === "http" && (await httpRefused(paths)) ? "command" : asked;
    const t = targetOf(values.project ? "project" : "user", commandProjectDir());
    if (refusedInside(t)) return 1;
    const reg = registrationFor(t.scope, transport);
    const before = readText(t.path);
    const parsed = parseSettings(before);
    if (!parsed.ok) {
      err(`${color.red("refused:")} ${t.path} is ${parsed.problem}`);
      err("cairn will not rewrite a file it cannot parse exactly. Add this to it by hand:");
      err("");
      out(JSON.stringify(withCairn({}, reg.plan), null, 2));
      return 1;
    }
    const next = withCairn(parsed.settings, reg.plan);
    const text = stringifySettings(next, parsed.indent, before === undefined ? true : parsed.trailingNewline);
    if (values["dry-run"]) {
      out(color.dim(`# would write ${t.path}`));
      out(text.trimEnd());
      return 0;
    }
    const previous = readRecord(paths, t.key);
    // Folders this install is about to create, with those earlier installs created.
    const createdDirs = [
      ...new Set([
        ...(previous?.createdDirs ?? []),
        ...absentDirs(t.path),
        ...absentDirs(extrasFiles(t.scope, t.projectDir).commandFile),
      ]),
    ];
    if (text === before) {
      // The hooks are in place (this machine's install, or a teammate's committed one);
      // the MCP server, /handoff and the launcher may still be missing.
      const extras = installExtras(t, reg, previous?.extras);
      if (previous) writeRecord(paths, t.key, { ...previous, extras: extras.record, createdDirs });
      out(`cairn is already installed in ${t.path}`);
      if (t.scope === "project") out(`  launcher: ${writeHomeLauncher(selfInvocation())} runs this cairn`);
      return nextSteps(t);
    }

    const { originalPath, pristine } = backUp(paths, t.key, previous, before);
    const userStatusLine = previous ? previous.userStatusLine : (parsed.settings.statusLine ?? null);
    // Backup, extras, record, and only then the settings file: a kill at any point
    // leaves a record for everything cairn changed, so a second install completes it
    // and uninstall can still restore the file byte for byte.
    const extras = installExtras(t, reg, previous?.extras);
    const record: InstallRecord = {
      version: 1,
      scope: t.scope,
      settingsPath: t.path,
      originalPath,
      pristine,
      writtenSha256: sha256(text),
      userStatusLine,
      transport,
      installedAt: new Date().toISOString(),
      extras: extras.record,
      createdDirs,
    };
    writeRecord(paths, t.key, record);
    recordNode(paths.root);
    const launcher = t.scope === "project" ? writeHomeLauncher(selfInvocation()) : undefined;
    writeFileAtomic(t.path, text, modeOf(t.path));
    // Switched from http to command hooks: nothing calls the server any more.
    if (previous?.transport === "http" && transport !== "http" && !otherHttpInstall(paths, t.key))
      await stopServer();
    out(`${color.green("installed")} cairn into ${t.path}`);
    out(`  hooks: ${INSTALLED_EVENTS.join(", ")} (${transport} transport)`);
    if (transport === "http") await startServer(paths);
    out(`  statusline: cairn's${userStatusLine ? " (wrapping yours)" : ""}`);
    for (const note of extras.notes) out(`  ${note}`);
    if (originalPath) out(`  backup: ${originalPath}`);
    if (launcher) {
      out(`  launcher: ${launcher} runs this cairn; the project's files name only ${HOME_LAUNCHER_TILDE}`);
      out("  (commit them; each teammate runs `cairn install --project` here once)");
    }
    return nextSteps(t);
  },
};

function transportAsked(values: { transport?: string; project?: boolean }): "command" | "http" {
  const asked = values.transport ?? "command";
  if (asked !== "command" && asked !== "http")
    throw new UsageError(`--transport is command or http, not "${asked}"`);
  if (values.project && asked === "http")
    throw new UsageError(
      "--transport http is for the user scope: its hooks carry a secret of this machine, which a project's settings (committed) must not",
    );
  return asked;
}

/** What install tells the user to run next, as it runs in their shell: the check and the undo. */
function nextSteps(t: Target): number {
  const cli = printedCli();
  out(
    `Check it with \`${cli} doctor\`; undo with \`${cli} uninstall${t.scope === "project" ? " --project" : ""}\`.`,
  );
  return 0;
}

/** A project install refused: the cairn running it lives inside the project (see insideProject). */
function refusedInside(t: Target): boolean {
  const inside = t.scope === "project" ? insideProject(t.projectDir) : undefined;
  if (!inside) return false;
  err(`${color.red("refused:")} this cairn (${inside}) is inside the project ${t.projectDir}.`);
  err(
    "A project install runs, for every session, the cairn that installed it: install cairn outside the project (npm install -g, or a clone elsewhere) and run its `cairn install --project` here.",
  );
  return true;
}

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

/** The MCP server and /handoff command, added beside the hooks. */
function installExtras(
  t: Target,
  reg: Registration,
  previous: ExtrasRecord | undefined,
): { record: ExtrasRecord; notes: string[] } {
  const files = extrasFiles(t.scope, t.projectDir);
  const notes: string[] = [];
  // What was there before cairn's first install (an earlier record knows; its absence means none).
  const state = previous
    ? { fileCreated: previous.mcpFileCreated, keyCreated: previous.mcpKeyCreated }
    : mcpFileState(files.mcpFile);
  const problem = addMcpServer(files.mcpFile, reg.mcp);
  notes.push(
    problem
      ? `${color.yellow("mcp:")} ${problem}`
      : `mcp: server "cairn" (search, detail, show_output) in ${files.mcpFile}`,
  );
  const commandText = addHandoffCommand(files.commandFile, reg.cli, previous?.commandText);
  notes.push(
    commandText
      ? `slash command: /handoff (${files.commandFile})`
      : `${color.yellow("slash command:")} ${files.commandFile} is your own; /handoff left as it is`,
  );
  return {
    record: {
      mcpFile: files.mcpFile,
      mcpEntry: reg.mcp,
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

/**
 * The installs `cairn uninstall` takes out: the scope asked for; without one, the user
 * scope and this project's install when this machine made it (its record), and with
 * --purge every project install this machine made.
 */
function uninstallTargets(
  paths: CairnPaths,
  projectDir: string,
  values: { user?: boolean; project?: boolean; purge?: boolean },
): Target[] {
  if (values.user) return [targetOf("user", projectDir)];
  const here = targetOf("project", projectDir);
  if (values.project) return [here];
  const projects = allRecords(paths)
    .filter((r) => r.record.scope === "project")
    .map((r) => targetOf("project", recordProjectDir(r.record)))
    .filter((p) => values.purge || p.key === here.key);
  return [targetOf("user", projectDir), ...projects];
}

/** A project whose committed settings run cairn without this machine having installed it there (a teammate's). */
function noteCommitted(targets: readonly Target[], projectDir: string): void {
  const here = targetOf("project", projectDir);
  if (targets.some((t) => t.key === here.key)) return;
  const parsed = parseSettings(readText(here.path));
  if (parsed.ok && hasCairn(parsed.settings))
    out(
      `${here.path} also runs cairn (committed to the project, not installed by this machine): left as it is; \`${printedCli()} uninstall --project\` takes it out of the file.`,
    );
}

export const uninstall: Command = {
  usage: UNINSTALL_USAGE,
  async run(all) {
    const { agent, rest: argv } = agentArg(all);
    if (agent === "gemini") return (await import("./install-gemini.ts")).uninstallGemini(argv);
    const { values } = parse(argv, {
      user: { type: "boolean" },
      project: { type: "boolean" },
      purge: { type: "boolean" },
      "dry-run": { type: "boolean" },
    });
    if (values.user && values.project)
      throw new UsageError("--user and --project: give one of them, or neither for both");
    if (values.purge && (values.user || values.project))
      throw new UsageError("--purge removes every install: give it without --user or --project");
    const paths = cairnPaths();
    const projectDir = commandProjectDir();
    const dryRun = Boolean(values["dry-run"]);
    const targets = uninstallTargets(paths, projectDir, values);
    let code = 0;
    for (const t of targets) code = Math.max(code, await uninstallScope(paths, t, dryRun));
    if (!values.project && !values.user) noteCommitted(targets, projectDir);
    // Then what cairn set up outside the settings files.
    if (!dryRun) removeExitTraps(paths, out);
    if (!values.user) tidyHomeLauncher(paths, dryRun);
    if (values.purge)
      return Math.max(code, await (await import("./purge.ts")).purge(paths, projectDir, dryRun));
    if (!dryRun && code === 0) {
      const others = allRecords(paths).filter((r) => r.record.scope === "project");
      for (const r of others)
        out(
          `cairn is still installed for the project ${recordProjectDir(r.record)}: \`${printedCli()} uninstall --project\` there removes it.`,
        );
      if (existsSync(paths.root))
        out(
          color.dim(
            `Kept: ${paths.root} (stored outputs, memory, logs) and each project's .cairn/STATE.md; \`${printedCli()} uninstall --purge\` deletes them.`,
          ),
        );
    }
    return code;
  },
};

/** The home launcher goes with the last project install this machine made. */
function tidyHomeLauncher(paths: CairnPaths, dryRun: boolean): void {
  if (allRecords(paths).some((r) => r.record.scope === "project")) return;
  if (dryRun) return;
  if (removeHomeLauncher()) out(`removed the launcher ${HOME_LAUNCHER_TILDE} (no project install left)`);
}

/** Takes cairn out of one settings file, with the MCP server, /handoff and folders its install added. */
async function uninstallScope(paths: CairnPaths, t: Target, dryRun: boolean): Promise<number> {
  const { path, key } = t;
  const record = readRecord(paths, key);
  if (record?.extras && !dryRun) uninstallExtras(record.extras);
  if (record?.transport === "http" && !dryRun && !otherHttpInstall(paths, key)) await stopServer();
  return undoSettings({
    paths,
    key,
    path,
    record,
    dryRun,
    hasCairn,
    withoutCairn: (settings) =>
      withoutCairn(settings, (record?.userStatusLine ?? null) as SettingsFile["statusLine"] | null),
    byHand: "Remove the hooks that run `cairn … hook …` and cairn's statusLine by hand.",
  });
}
