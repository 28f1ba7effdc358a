import { printedCli } from "../core/self.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { isFresh, readBaton, removeBaton, writeBaton } from "../memory/baton.ts";
import {
  currentSession,
  isKnownSession,
  type MemoryEnv,
  memoryEnv,
  transcriptOf,
  unknownSession,
} from "../memory/command-env.ts";
import { parse } from "./args.ts";
import type { Command } from "./command.ts";
import { color, err, json, out, outStored } from "./io.ts";

const USAGE = `Usage: cairn handoff [--write [--quiet] | --cancel] [--session ID] [--json]

Without options, prints exactly what the next session started in this project will
receive: the resume after a pending handoff (memo, recent turns verbatim, older turns
as one-liners, the notebook), a teammate's fresh handoff from another machine (team
memory), or otherwise the notebook restore.

  --write      hand this session's work to the next session: bring its memory up to
               date, write the L1 summaries, and leave the baton (the /handoff slash
               command runs this; then pipe the memo into \`cairn save-inflight\`)
  --quiet      with --write: leave out the line naming the memo command (/handoff names it)
  --cancel     withdraw a pending handoff
  --session ID the session to hand off (default: the Claude Code session this runs in,
               else the project's most recent one)
  --json       machine-readable output

A baton is taken by the next session that starts (or /clear) in this project within
memory.handoff_ttl_min minutes (default 60), and only once.`;

export const handoff: Command = {
  usage: USAGE,
  async run(argv) {
    const { values } = parse(argv, {
      write: { type: "boolean" },
      cancel: { type: "boolean" },
      session: { type: "string" },
      json: { type: "boolean" },
      quiet: { type: "boolean" },
    });
    const m = await memoryEnv();
    try {
      if (values.session !== undefined && !isKnownSession(await m.store(), values.session)) {
        err(`cairn handoff: ${unknownSession(values.session)}`);
        return 1;
      }
      if (values.write) return await write(m, values.session, Boolean(values.json), Boolean(values.quiet));
      if (values.cancel) {
        const had = removeBaton(m.paths, m.projectDir);
        if (values.json) json({ cancelled: had, projectDir: m.projectDir });
        else out(had ? "Handoff withdrawn: the next session starts fresh." : "No handoff was pending.");
        return 0;
      }
      return await preview(m, Boolean(values.json));
    } finally {
      m.close();
    }
  },
};

async function write(
  m: MemoryEnv,
  named: string | undefined,
  asJson: boolean,
  quiet: boolean,
): Promise<number> {
  const store = await m.store();
  const sessionId = currentSession(store, m.projectDir, named, m.env);
  if (!sessionId) {
    err(
      `cairn handoff: no session of ${visibleLine(m.projectDir)} is known to cairn yet; is cairn installed?`,
    );
    return 1;
  }
  const transcriptPath = transcriptOf(store, sessionId);
  const { prepareHandoff } = await import("../memory/handoff.ts");
  const prepared = await prepareHandoff(store, {
    sessionId,
    transcriptPath,
    projectDir: m.projectDir,
    config: m.config,
    env: m.env,
    now: m.now(),
  });
  const path = writeBaton(m.paths, {
    version: 1,
    sessionId,
    projectDir: m.projectDir,
    transcriptPath,
    createdAt: m.now(),
  });
  const ttl = m.config["memory.handoff_ttl_min"];
  if (asJson) {
    json({ baton: path, sessionId, projectDir: m.projectDir, ttlMinutes: ttl, ...prepared });
    return 0;
  }
  out(
    `Handoff ready: the next session started in ${m.projectDir} within ${ttl} min continues session ${sessionId.slice(0, 8)} (${prepared.turns} turns in memory${prepared.summarizer ? `, L1 by ${prepared.summarizer}` : ""}).`,
  );
  if (prepared.note) out(prepared.note);
  if (quiet) return 0;
  out("Now save the in-flight memo (next step, hypothesis, open questions, TODOs) by piping it into:");
  out(`  ${printedCli()} save-inflight`);
  return 0;
}

async function preview(m: MemoryEnv, asJson: boolean): Promise<number> {
  const baton = readBaton(m.paths, m.projectDir);
  const now = m.now();
  const ttl = m.config["memory.handoff_ttl_min"];
  if (baton && isFresh(baton, now, ttl)) {
    const { renderNotebook } = await import("../notebook/inject.ts");
    const store = await m.store();
    const { previewResume } = await import("../memory/handoff.ts");
    const r = previewResume(store, m.paths, baton, m.config, (max) => renderNotebook(m.projectDir, max), now);
    const expires = Math.max(0, Math.round((baton.createdAt + ttl * 60_000 - now) / 60_000));
    if (asJson) {
      json({
        kind: "resume",
        from: baton.sessionId,
        expiresInMinutes: expires,
        chars: r.injection.length,
        ...r,
      });
      return 0;
    }
    out(
      color.dim(
        `# Handoff pending from session ${baton.sessionId.slice(0, 8)} (expires in ${expires} min). The next session receives (${r.injection.length} chars):`,
      ),
    );
    outStored(r.injection);
    return 0;
  }
  // A teammate's handoff, where no local one is pending: the next session takes it instead.
  const team = await teamPreview(m, now);
  if (team) {
    if (asJson) {
      json({
        kind: "team-handoff",
        from: { user: team.record.user_name, machine: team.record.machine, at: team.record.at },
        chars: team.composed.injection.length,
        injection: team.composed.injection,
        included: team.composed.included,
      });
      return 0;
    }
    out(
      color.dim(
        `# A teammate's handoff is pending (${visibleLine(`${team.record.user_name}@${team.record.machine}`)}, another machine). The next session receives (${team.composed.injection.length} chars):`,
      ),
    );
    outStored(team.composed.injection);
    return 0;
  }
  // No handoff: the next session gets the notebook's own restore, built by the same
  // pure function its SessionStart part uses (with memory's "where the last session stopped").
  const [{ buildRestore }, { readNotebook }, { lastSessionSummary }] = await Promise.all([
    import("../notebook/restore.ts"),
    import("../notebook/state-file.ts"),
    import("../memory/last-session.ts"),
  ]);
  const store = await m.store();
  const nb = readNotebook(m.projectDir);
  const restore = m.config["notebook.enabled"]
    ? buildRestore({
        projectDir: m.projectDir,
        source: "startup",
        notebookText: nb?.text,
        seeded: false,
        maxChars: m.config["notebook.restore_max_chars"],
        lastSession: lastSessionSummary(store, m.projectDir),
        cli: printedCli(),
      })
    : undefined;
  const text = restore?.additionalContext;
  const stale = baton ? " (a handoff baton exists but has expired; it will be ignored)" : "";
  if (asJson) {
    json({ kind: text ? "notebook" : "nothing", expiredBaton: Boolean(baton), text: text ?? "" });
    return 0;
  }
  if (!text) {
    out(
      `No handoff is pending and ${visibleLine(m.projectDir)} has no notebook to restore: the next session starts fresh${stale}.`,
    );
    return 0;
  }
  out(
    color.dim(
      `# No handoff pending${stale}. The next session receives the notebook restore (${text.length} chars):`,
    ),
  );
  outStored(text);
  return 0;
}

/** The teammate's handoff the next session would take (team memory on, a fresh one pulled), composed as it would get it. */
async function teamPreview(m: MemoryEnv, now: number) {
  const [{ teamUrl }, { teamSetup }] = await Promise.all([
    import("../team/url.ts"),
    import("../team/setup.ts"),
  ]);
  if (!teamUrl(m.config["team.url"], m.env)) return undefined;
  const setup = teamSetup(m.config, m.env, m.paths, m.projectDir);
  if (!setup.on || !setup.project) return undefined;
  const { pendingTeamHandoff } = await import("../team/pending-handoff.ts");
  return pendingTeamHandoff(await m.store(), {
    project: setup.project.id,
    machineId: setup.machine.id,
    config: m.config,
    paths: m.paths,
    projectDir: m.projectDir,
    now,
    cli: printedCli(),
  });
}
