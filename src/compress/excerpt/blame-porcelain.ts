/**
 * `git blame --porcelain` (and `--line-porcelain`, `--incremental`): each line of the file
 * under a header `<sha> <line then> <line now> [<lines in the group>]`, and the first time a
 * commit shows, its fields one a line (`author Natan Yellin`, `author-time …`, `summary evals:
 * add support for model-comparison …`, `previous`, `filename`). Who wrote what is the answer:
 * each commit once, by its header line, its author and its summary; the engine saw them as
 * frequent kinds (`author-time` ×36) and kept a commit's summary without its sha or author, or
 * its author without its summary. The commits owning the most lines come first where the cap
 * cuts (the rest of the blame is the file's code, room). Read only where the output opens with
 * such a header. Pure.
 */

/** A porcelain header: the commit, the line in it, the line now, and (a group's first) how many lines. */
const HEADER = /^([0-9a-f]{40}) \d+ \d+(?: (\d+))?$/;
/** How far below its header a commit's `summary` stands at most (author 4 lines, committer 4, then summary). */
const FIELDS = 12;

/** A commit's lines to show: its header and author line, and its summary; weight 0..1, the most lines owned first. */
export interface PorcelainCommit {
  readonly header: number;
  readonly author: number;
  readonly summary: number;
  readonly weight: number;
}

export function porcelainCommits(lines: readonly string[]): PorcelainCommit[] {
  if (lines.length === 0 || !HEADER.test(lines[0]!)) return [];
  const owned = new Map<string, number>();
  const first = new Map<string, { header: number; author: number; summary: number }>();
  let total = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // The file's lines (a tab first) and the fields are most lines: a header is 40 hex digits first.
    if (line.length < 44 || line.charCodeAt(40) !== 32) continue;
    const m = HEADER.exec(line);
    if (!m) continue;
    const sha = m[1]!;
    const group = m[2] === undefined ? 0 : Number(m[2]);
    owned.set(sha, (owned.get(sha) ?? 0) + group);
    total += group;
    if (first.has(sha) || !lines[i + 1]?.startsWith("author ")) continue;
    let summary = -1;
    for (let k = i + 2; k < Math.min(lines.length, i + FIELDS); k++)
      if (lines[k]!.startsWith("summary ")) {
        summary = k;
        break;
      }
    first.set(sha, { header: i, author: i + 1, summary });
  }
  const out: PorcelainCommit[] = [];
  for (const [sha, at] of first)
    if (at.summary >= 0) out.push({ ...at, weight: total > 0 ? (owned.get(sha) ?? 0) / total : 0 });
  return out;
}
