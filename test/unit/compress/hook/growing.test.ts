import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO, runCairn, tempHome } from "../../../helpers/cairn.ts";

// Outputs of one command that change a little more each run, through the built hook on a
// real captured input: a real git diff grown by a file each round, a real git status with
// one more file deleted each round. A delta is told against the last whole showing; the
// lines an earlier delta printed are named, not said again; and the output is shown whole
// again once the changes said again have cost what a whole showing would.

const bashCall = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/hook-inputs/PostToolUse-Bash-small.json"), "utf8"),
) as Record<string, unknown>;
const read = (name: string) => readFileSync(join(REPO, "test/fixtures/outputs", name), "utf8");

/** The lines delta text `delta` printed as added, by their line in its output (`+<line>` under `→ L<a>`). */
function printedBy(delta: string): Map<number, string> {
  const at = new Map<number, string>();
  let line = 0;
  for (const l of delta.split("\n").slice(1)) {
    const hunk = /^@@ .* → L(\d+)/.exec(l);
    if (hunk) line = Number(hunk[1]);
    else if (l.startsWith("+")) at.set(line++, l.slice(1));
    else if (l.startsWith("= ")) for (const { lines } of refsOf(l)) line += lines.length;
  }
  return at;
}

/** The runs a `= lines #K added at L<a>-<b>, #M at L<c>-<d>` line names: each delta's number and its lines. */
function refsOf(line: string): Array<{ id: number; lines: number[] }> {
  return [...line.matchAll(/#(\d+)(?: added)? at L(\d+)-(\d+)/g)].map(([, id, a, b]) => ({
    id: Number(id),
    lines: Array.from({ length: Number(b) - Number(a) + 1 }, (_, k) => Number(a) + k),
  }));
}

describe("outputs that grow each run", () => {
  let sb: ReturnType<typeof tempHome>;
  const run = async (command: string, id: string, text: string) => {
    const r = await runCairn(["hook", "PostToolUse"], {
      input: JSON.stringify({
        ...bashCall,
        cwd: sb.project,
        tool_use_id: id,
        tool_input: { command },
        tool_response: { ...(bashCall.tool_response as object), stdout: text },
      }),
      env: sb.env,
      cwd: sb.home,
    });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim()
      ? (JSON.parse(r.stdout).hookSpecificOutput?.updatedToolOutput?.stdout as string)
      : undefined;
  };

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("a diff grown by a file each run names the lines earlier deltas printed and says each new file once", async () => {
    // A real multi-file git diff: its first three files, then one of its short file
    // sections (a changed import line) more each run.
    const all = read("git-diff-multifile.txt").split(/^(?=diff --git)/m);
    const sections = [...all.slice(0, 3), ...all.slice(3).filter((s) => s.length < 400)];
    const diff = (files: number) => sections.slice(0, files).join("");
    expect(await run("git diff", "toolu_g_3", diff(3))).toBeUndefined();
    const deltas = new Map<number, string>();
    for (let files = 4; files <= sections.length; files++) {
      const shown = (await run("git diff", `toolu_g_${files}`, diff(files)))!;
      // Told against the three-file diff, each run says its new file once...
      // The showing and the delta give the output back: its size is not said either.
      expect(shown).toMatch(/^\[cairn #(\d+), as last shown whole with \d+ lines changed\]\n/);
      expect(shown.match(/^\+diff --git.*$/gm)).toEqual([`+${sections[files - 1]!.split("\n")[0]}`]);
      // ...and names the runs of lines each delta before it printed, on one line.
      const named = shown.match(/^= lines #\d+ added at L\d+-\d+(?:, #\d+ at L\d+-\d+)*$/gm) ?? [];
      expect(named.length).toBe(files > 4 ? 1 : 0);
      expect(named.flatMap(refsOf).length).toBe(files - 4);
      // One step gives the output back: the whole showing, then the delta's lines, each
      // named run looked up in the delta that printed it (never itself a name).
      const lines = diff(3).split("\n").slice(0, -1);
      for (const l of shown.split("\n").slice(2)) {
        if (l.startsWith("+")) lines.push(l.slice(1));
        else
          for (const { id, lines: at } of refsOf(l)) {
            const printed = printedBy(deltas.get(id)!);
            for (const n of at) lines.push(printed.get(n)!);
          }
      }
      expect(`${lines.join("\n")}\n`).toBe(diff(files));
      deltas.set(Number(/^\[cairn #(\d+)/.exec(shown)![1]), shown);
    }
  });

  it("a diff grown by a file more than half its size is told as that file's lines, which replace nothing", async () => {
    // Two real short file sections of a git diff (323 and 207 characters): the first alone
    // (shown as it came), then both. The delta's lines are over half the output, most of
    // them the second file's, said alike either way: the rest of the delta (its line, the
    // hunk's head) stands for the first file's lines, and is far shorter.
    const all = read("git-diff-multifile.txt").split(/^(?=diff --git)/m);
    const [, one, two] = all.slice(3).filter((s) => s.length < 400);
    expect(await run("git diff", "toolu_d_1", one!)).toBeUndefined();
    const shown = await run("git diff", "toolu_d_2", one! + two!);
    expect(shown).toMatch(/^\[cairn #\d+, as last shown whole with \d+ lines changed\]\n@@ after L\d+ → L/);
    const added = two!
      .split("\n")
      .slice(0, -1)
      .map((l) => `+${l}`);
    expect(shown!.split("\n").slice(2)).toEqual(added);
    expect(shown!.length).toBeLessThan((one! + two!).length);
  });

  it("a status with one more file deleted each run is shown whole again once the changes it said again cost what showing it would", async () => {
    // A real git status; each run one more of its unstaged files (every other one, so
    // that each change is a hunk of its own) deleted.
    const status = read("git-status.txt");
    const files = status.match(/^\tmodified: {3}src\/.*$/gm)!.filter((_, k) => k % 2 === 0);
    const deleted = (n: number) =>
      files.slice(0, n).reduce((s, l) => s.replace(l, l.replace("modified:   ", "deleted:    ")), status);
    expect(await run("git status", "toolu_s_0", status)).toBeUndefined();
    const shown: Array<string | undefined> = [];
    for (let n = 1; n <= 6; n++) shown.push(await run("git status", `toolu_s_${n}`, deleted(n)));
    // Each delta says every file deleted since the whole showing: the n-th repeats n - 1
    // changes the one before said. Four are told so; the fifth, still under half the
    // output, would bring what they said again to more than showing it costs beyond it.
    for (const [k, d] of shown.slice(0, 4).entries())
      expect(d?.match(/^\+\tdeleted: .*$/gm)?.length).toBe(k + 1);
    expect(shown[4]).toBeUndefined();
    // Shown whole, it is what the next run is told against: one file.
    expect(shown[5]).toMatch(/^\[cairn #\d+, as last shown whole with 2 lines changed\]\n/);
    expect(shown[5]?.match(/^\+\tdeleted: .*$/gm)).toEqual([
      `+${files[5]!.replace("modified:   ", "deleted:    ")}`,
    ]);
  });
});
