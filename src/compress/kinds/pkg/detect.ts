import { holds, type Sign, scoreSigns, where } from "../../excerpt/signs.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";

export const npmLs: Detector = {
  name: "npm-ls",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "─") && !(holds(text, "-- ") && /^[+`]-- /m.test(text))) return 0;
    let score = 0;
    // Both signs are a branch then a package's name and `@`: searched only where those stand.
    const branch = holds(text, "├─") || holds(text, "└─") || holds(text, "+-- ") || holds(text, "`-- ");
    const named = branch && holds(text, "@");
    if (named && /^\S+@\S* \/\S*\n(?:[├└]─[─┬]|[+`]--) \S+@/m.test(text)) score += 0.7;
    if (named && /^[│| ]*(?:[├└]─[─┬]|[+`]--) \S+@\d/m.test(text)) score += 0.2;
    if (hints.command && /\b(?:npm|pnpm)\s+(?:ls|list|ll|la)\b/.test(hints.command)) score += 0.2;
    return Math.min(1, score);
  },
};

const NPM_SIGNS: readonly Sign[] = [
  [where(["npm error ", "npm ERR! "], /^npm (?:error|ERR!) /m), 0.6],
  [
    where(
      [" package", "up to date, audited", "found "],
      /^(?:added|removed|changed) \d+ packages?|^up to date, audited|^found \d+ vulnerabilit/m,
    ),
    0.4,
  ],
  [where(["> "], /^> \S+@\S+ \w+$/m), 0.2],
];

export const npm: Detector = {
  name: "npm",
  detect(text: string, hints: Hints): number {
    const named = hints.command !== undefined && /\b(?:npm|pnpm|yarn)\s/.test(hints.command);
    if (!named && !holds(text, "npm ") && !holds(text, "packages")) return 0;
    const score = scoreSigns(
      text,
      hints,
      NPM_SIGNS,
      /\b(?:npm|pnpm|yarn)\s+(?:i|install|ci|add|update|uninstall|audit|rebuild|run|exec)\b/,
      0.2,
    );
    // A verbose install log is a log first: its lines are mostly npm's own chatter.
    const chatter = holds(text, "npm ")
      ? (text.match(/^npm (?:verbose|http|info|sill|timing) /gm)?.length ?? 0)
      : 0;
    return chatter > 0 && chatter > text.split("\n", 2000).length / 3 ? Math.min(score, 0.5) : score;
  },
};

const PIP_SIGNS: readonly Sign[] = [
  [
    where(
      ["Collecting ", "Requirement already satisfied: ", "Successfully installed ", "Looking in indexes: "],
      /^(?:Collecting \S|Requirement already satisfied: |Successfully installed |Looking in indexes: )/m,
    ),
    0.6,
  ],
  [where(["ERROR: "], /^ERROR: (?:Could not|No matching distribution|pip's dependency resolver)/m), 0.3],
];

export const pip: Detector = {
  name: "pip",
  detect: (text: string, hints: Hints) =>
    scoreSigns(text, hints, PIP_SIGNS, /\b(?:pip3?|python3? -m pip|uv pip|pipx)\s+install\b/),
};

export const apt: Detector = {
  name: "apt",
  detect(text: string, hints: Hints): number {
    if (
      !holds(text, "Reading package") &&
      !(aptWords(text) && /^(?:Setting up|Unpacking|Inst|Conf|Get:\d)/m.test(text))
    )
      return 0;
    let score = 0;
    if (/^Reading package lists\.\.\./m.test(text)) score += 0.5;
    if (
      /^\d+ upgraded, \d+ newly installed|^(?:Setting up|Unpacking|Inst|Conf) \S+ \(|^(?:Get|Hit):\d+ https?:/m.test(
        text,
      )
    ) {
      score += 0.4;
    }
    if (hints.command && /\b(?:apt|apt-get|aptitude|dpkg)\s/.test(hints.command)) score += 0.2;
    return Math.min(1, score);
  },
};

/** Whether the text holds a word an apt line starts with: the line-start search runs only then. */
const aptWords = (text: string) =>
  holds(text, "Setting up") ||
  holds(text, "Unpacking") ||
  holds(text, "Inst") ||
  holds(text, "Conf") ||
  holds(text, "Get:");

export const cargoDeps: Detector = {
  name: "cargo-deps",
  detect(text: string, hints: Hints): number {
    if (
      !holds(text, "crates.io") &&
      !holds(text, "error: failed to") &&
      !holds(text, "no matching package")
    ) {
      return 0;
    }
    let score = 0;
    if (
      /^\s*Updating (?:crates\.io|git repository) |^\s*Downloaded \S+ v\d|^\s*Locking \d+ packages/m.test(
        text,
      )
    )
      score += 0.4;
    if (
      /^error: failed to (?:get|download|select a version|load source)|^error: no matching package named/m.test(
        text,
      )
    ) {
      score += 0.5;
    }
    if (hints.command && /\bcargo\s/.test(hints.command)) score += 0.1;
    // Compiler diagnostics make it rustc's output instead.
    if (/^\s*--> \S+:\d+:\d+/m.test(text)) score = Math.min(score, 0.3);
    return Math.min(1, score);
  },
};
