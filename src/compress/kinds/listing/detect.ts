import { isPathLine } from "../../excerpt/paths.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

export const listings: Detector = {
  name: "listing",
  // A tree or ls's entries (0.8), or paths (0.6) more for the Glob tool or a listing command.
  most: (hints) => Math.max(0.8, pathsScore(0.6, hints)),
  detect(text: string, hints: Hints): number {
    const lines = text.split("\n", 120).filter((l) => l.trim() !== "");
    if (lines.length < 3) return 0;
    // Tree lines and ls entries counted in one pass, each regex tried only on a line
    // opening with a character it may open with: most lines (a log's, a trace's) open
    // with one neither does.
    let tree = 0;
    let entries = 0;
    for (const line of lines) {
      const c = line.charCodeAt(0);
      if (c < 128 && LS_OPENS[c] === 1 && LS_ENTRY.test(line)) entries++;
      if ((c <= 32 || c >= 127 || c === 124 || c === 96) && TREE_LINE.test(line)) tree++;
    }
    if (tree > lines.length / 2) return 0.8;
    if (entries > lines.length / 3 && lines.some((l) => LS_HEADER.test(l))) return 0.8;
    // `ls -l` of one directory: entries under a "total N" line.
    if (entries > lines.length * 0.8) return 0.75;
    const pathLike = lines.filter((l) => isPathLine(l)).length / lines.length;
    return pathsScore(pathLike > 0.9 ? 0.6 : pathLike > 0.7 ? 0.4 : 0, hints);
  },
};

/** The score of lines mostly paths (`score` by their share), with what the tool or command adds. */
function pathsScore(score: number, hints: Hints): number {
  let s = score;
  if (hints.tool === "Glob") s += 0.3;
  if (hints.command && /\b(?:find|fd|ls|tree|rg --files|git ls-files|du)\b/.test(hints.command)) s += 0.2;
  return Math.min(1, s);
}

export const LS_HEADER = /^(\S.*):$/;

export const LS_ENTRY = /^[-dlcbps][-rwxsStT]{9}[.+@]?\s+\d+\s/;
/** The characters an ls entry opens with (LS_ENTRY's first). */
const LS_OPENS = new Uint8Array(128);
for (const ch of "-dlcbps") LS_OPENS[ch.charCodeAt(0)] = 1;

// tree draws with non-breaking spaces in UTF-8 locales. A line it matches opens with a
// blank, a bar, a backquote or a character past ASCII (│, ├, └, a non-breaking space).
export const TREE_LINE = /^(?:[│|\s\u00a0]{4})*(?:├──|└──|\|--|`--)[\s\u00a0]/;
