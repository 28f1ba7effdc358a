import { notedDataBlock } from "../core/data-block.ts";
import { visibleLine } from "../core/terminal-text.ts";
import { agentReads, color, err, json, out } from "./io.ts";

/** `cairn search --team QUERY`: the shared store of this project, on the server. */
export async function runTeamSearch(query: string, limit: number, asJson: boolean): Promise<number> {
  const [{ memoryEnv }, { teamSetup }, { close, connect, describeError }, { searchTeam }] = await Promise.all(
    [
      import("../memory/command-env.ts"),
      import("../team/setup.ts"),
      import("../team/client.ts"),
      import("../team/search.ts"),
    ],
  );
  const m = await memoryEnv();
  const setup = teamSetup(m.config, m.env, m.paths, m.projectDir);
  m.close();
  if (!setup.on) {
    err(`cairn search --team: team memory is off: ${setup.why}`);
    return 1;
  }
  if (!setup.project) {
    err(
      `cairn search --team: ${visibleLine(m.projectDir)} has no origin remote and no team.project, so it is not shared`,
    );
    return 1;
  }
  let sql: Awaited<ReturnType<typeof connect>> | undefined;
  try {
    sql = await connect(setup.url);
    const hits = await searchTeam(sql, { project: setup.project.id, query, limit });
    if (asJson) {
      json({ query, project: setup.project.id, hits });
      return hits.length ? 0 : 1;
    }
    if (hits.length === 0) {
      out(`No match for "${query}" in the team store of ${setup.project.id}.`);
      return 1;
    }
    const lines = hits.map((h, n) => {
      const when = new Date(h.at).toISOString().replace("T", " ").slice(0, 16);
      // The id's start is enough for `cairn team forget` (on the machine that shared it).
      const where = `${h.kind} · ${h.user}@${h.machine} · ${when}${h.session ? ` · ${h.session.slice(0, 8)}` : ""} · id ${h.id.slice(0, 12)}`;
      return `${color.bold(`${n + 1}.`)} ${color.cyan(`[${visibleLine(where)}]`)} ${visibleLine(h.snippet.replace(/\s+/g, " "))}`;
    });
    // Teammates' text read by the agent: one data block, so an instruction inside reads as data.
    if (agentReads()) out(notedDataBlock(lines.join("\n"), `cairn search --team ${visibleLine(query)}`));
    else for (const line of lines) out(line);
    return 0;
  } catch (e) {
    err(`cairn search --team: ${describeError(e, setup.url)}`);
    return 1;
  } finally {
    await close(sql);
  }
}
