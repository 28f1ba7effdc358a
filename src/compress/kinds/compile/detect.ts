import { holds, scoreSigns } from "../../excerpt/signs.ts";
import type { Detector, Hints } from "../../excerpt/types.ts";
import { ONE_LINE_WORDS, oneLineSigns } from "./eslint-lines.ts";

export const eslint: Detector = {
  name: "eslint",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "  error  ") && !holds(text, "  warning  ") && !holds(text, "problem")) return 0;
    // The one-line formats (eslint-lines.ts) close with `N problems` too.
    const oneLine = ONE_LINE_WORDS.some((w) => holds(text, w));
    const signs = [
      [/^\s+\d+:\d+\s+(?:error|warning)\s+\S.*\s{2}\S+$/m, 0.6],
      [/^✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)/m, 0.4],
      ...(oneLine ? oneLineSigns : []),
    ] as const;
    return scoreSigns(text, hints, signs, /\beslint\b/);
  },
};

export const gcc: Detector = {
  name: "gcc",
  detect(text: string, hints: Hints): number {
    if (!holds(text, ": error: ") && !holds(text, ": warning: ") && !holds(text, ": fatal error: ")) return 0;
    let score = 0;
    if (
      /^\S+\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|m|mm|inl|tcc):\d+:\d+: (?:fatal error|error|warning): /m.test(
        text,
      )
    ) {
      score += 0.7;
    }
    if (/: In (?:member )?function ‘|\[-W[\w=+-]+\]$/m.test(text)) score += 0.2;
    if (/^make(?:\[\d+\])?: /m.test(text)) score += 0.1;
    if (hints.command && /\b(?:gcc|g\+\+|clang\+?\+?|cc|c\+\+|make|cmake|ninja)\b/.test(hints.command))
      score += 0.2;
    return Math.min(1, score);
  },
};

export const javac: Detector = {
  name: "javac",
  detect(text: string, hints: Hints): number {
    if (!holds(text, ".java:") && !(hints.command && /\bjavac\b/.test(hints.command))) return 0;
    let score = 0;
    if (/^\S+\.java:\d+: (?:error|warning): /m.test(text)) score += 0.8;
    if (/^\d+ errors?$/m.test(text)) score += 0.1;
    if (hints.command && /\bjavac\b/.test(hints.command)) score += 0.3;
    return Math.min(1, score);
  },
};

export const rustc: Detector = {
  name: "rustc",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "-->") && !holds(text, "Compiling ") && !holds(text, "error: could not")) return 0;
    let score = 0;
    if (/^(?:error|warning)(?:\[E\d+\])?: .+\n\s*--> \S+:\d+:\d+/m.test(text)) score += 0.8;
    if (/^error: could not compile `|^\s*Compiling \S+ v\d/m.test(text)) score += 0.2;
    if (
      hints.command &&
      /\bcargo\s+(?:\+\S+\s+)?(?:build|check|clippy|run|b|c)\b|\brustc\b/.test(hints.command)
    ) {
      score += 0.2;
    }
    return Math.min(1, score);
  },
};

export const tsc: Detector = {
  name: "tsc",
  detect(text: string, hints: Hints): number {
    if (!holds(text, "error TS") && !holds(text, "warning TS")) return 0;
    let score = 0;
    // `file(12,5): error TS…` with a character before it on its line (`.`, as `^.+` in
    // multiline mode says, without reading each line whole from its start).
    if (/.\(\d+,\d+\): error TS\d+: /.test(text) || /^\S.*:\d+:\d+ - error TS\d+: /m.test(text)) score += 0.8;
    if (/^Found \d+ errors? in /m.test(text)) score += 0.2;
    if (hints.command && /\b(?:tsc|tsgo|vue-tsc)\b/.test(hints.command)) score += 0.3;
    return Math.min(1, score);
  },
};
