import {
  type InstallRecord,
  originalCopyPath,
  readRecord,
  recordKey,
  sha256,
  writeRecord,
} from "../claude/install-record.ts";
import { parseSettings, stringifySettings } from "../claude/settings.ts";
import { writeFileAtomic } from "../core/fs.ts";
import { cairnPaths } from "../core/paths.ts";
import { printedCli, recordNode, selfInvocation } from "../core/self.ts";
import {
  GEMINI_INSTALLED_EVENTS,
  type GeminiScope,
  geminiPlan,
  geminiSettingsPath,
  hasCairnGemini,
  withCairnGemini,
  withoutCairnGemini,
} from "../gemini/settings.ts";
import { commandProjectDir } from "../store/command-project.ts";
import { parse, UsageError } from "./args.ts";
import { color, err, out } from "./io.ts";
import { absentDirs } from "./leftovers.ts";
import { modeOf, readText, undoSettings } from "./settings-undo.ts";

/**
 * `cairn install --agent gemini` and `cairn uninstall --agent gemini`: cairn's hooks and
 * MCP server in Gemini CLI's settings.json, undone byte for byte as for Claude Code (the
 * same install record and backup, under a key of Gemini's own).
 */

export const GEMINI_INSTALL_USAGE = `  --agent gemini   register with Gemini CLI instead: hooks (${GEMINI_INSTALLED_EVENTS.join(", ")})
                   and the "cairn" MCP server in ~/.gemini/settings.json (.gemini/settings.json
                   with --project); nothing is trusted. \`cairn uninstall --agent gemini\` undoes it.`;

/** `--agent NAME` taken out of argv: the agent named (claude by default) and the rest. */
export function agentArg(argv: readonly string[]): { agent: string; rest: string[] } {
  const rest = [...argv];
  const i = rest.findIndex((a) => a === "--agent" || a.startsWith("--agent="));
  if (i < 0) return { agent: "claude", rest };
  const [flag] = rest.splice(i, 1);
  const value = flag?.includes("=") ? flag.slice("--agent=".length) : rest.splice(i, 1)[0];
  if (value === undefined) throw new UsageError("--agent needs a value (claude or gemini)");
  if (value !== "claude" && value !== "gemini")
    throw new UsageError(`--agent is claude or gemini, not "${value}"`);
  return { agent: value, rest };
}

function target(project: boolean | undefined): { scope: GeminiScope; path: string; key: string } {
  const scope: GeminiScope = project ? "project" : "user";
  const path = geminiSettingsPath(scope, commandProjectDir());
  return { scope, path, key: `gemini-${recordKey(scope, path)}` };
}

export async function installGemini(argv: string[]): Promise<number> {
  const { values } = parse(argv, { project: { type: "boolean" }, "dry-run": { type: "boolean" } });
  const paths = cairnPaths();
  const { scope, path, key } = target(values.project);
  const before = readText(path);
  const parsed = parseSettings(before);
  const plan = geminiPlan(selfInvocation());
  if (!parsed.ok) {
    err(`${color.red("refused:")} ${path} is ${parsed.problem}`);
    err("cairn will not rewrite a file it cannot parse exactly. Add this to it by hand:");
    err("");
    out(JSON.stringify(withCairnGemini({}, plan), null, 2));
    return 1;
  }
  const text = stringifySettings(
    withCairnGemini(parsed.settings, plan),
    parsed.indent,
    before === undefined ? true : parsed.trailingNewline,
  );
  if (values["dry-run"]) {
    out(color.dim(`# would write ${path}`));
    out(text.trimEnd());
    return 0;
  }
  const previous = readRecord(paths, key);
  const createdDirs = [...new Set([...(previous?.createdDirs ?? []), ...absentDirs(path)])];
  if (text === before) {
    out(`cairn is already installed in ${path}`);
    return 0;
  }
  let originalPath: string | null;
  let pristine: boolean;
  if (previous) {
    originalPath = previous.originalPath;
    pristine =
      previous.pristine &&
      ((before !== undefined && sha256(before) === previous.writtenSha256) ||
        before === (previous.originalPath ? readText(previous.originalPath) : undefined));
  } else {
    originalPath = before === undefined ? null : originalCopyPath(paths, key);
    if (originalPath && before !== undefined) writeFileAtomic(originalPath, before);
    pristine = true;
  }
  const record: InstallRecord = {
    version: 1,
    scope,
    settingsPath: path,
    originalPath,
    pristine,
    writtenSha256: sha256(text),
    userStatusLine: null,
    transport: "command",
    installedAt: new Date().toISOString(),
    createdDirs,
  };
  // Backup and record first: a kill at any point leaves what uninstall needs.
  writeRecord(paths, key, record);
  recordNode(paths.root);
  writeFileAtomic(path, text, modeOf(path));
  out(`${color.green("installed")} cairn into ${path} (Gemini CLI)`);
  out(`  hooks: ${GEMINI_INSTALLED_EVENTS.join(", ")}`);
  out(`  mcp: server "cairn" (search, detail, show_output; not trusted: each call asks)`);
  if (originalPath) out(`  backup: ${originalPath}`);
  const cli = printedCli();
  out(
    `Check it with \`${cli} doctor\`; undo with \`${cli} uninstall --agent gemini${scope === "project" ? " --project" : ""}\`.`,
  );
  return 0;
}

export async function uninstallGemini(argv: string[]): Promise<number> {
  const { values } = parse(argv, { project: { type: "boolean" }, "dry-run": { type: "boolean" } });
  const paths = cairnPaths();
  const { path, key } = target(values.project);
  return undoSettings({
    paths,
    key,
    path,
    record: readRecord(paths, key),
    dryRun: Boolean(values["dry-run"]),
    hasCairn: hasCairnGemini,
    withoutCairn: withoutCairnGemini,
    byHand: 'Remove the hooks whose command runs `cairn … gemini-hook …` and the "cairn" MCP server by hand.',
  });
}
