import { existsSync } from "node:fs";
import { PG_MISSING, pgBinDir } from "./postgres.ts";

/**
 * Programs some tests drive besides node and Claude Code: Chromium (the dashboard),
 * tmux (interactive Claude Code), zsh (the exit trap in zsh), PostgreSQL (team memory).
 * `.ci/run` installs them; on a machine without one, its tests are skipped, and the run
 * says so once, with the package that brings it (test/helpers/programs-check.ts).
 */

/** Debian's Chromium (what .ci/run installs), driven by playwright-core; CAIRN_CHROMIUM names another. */
export const CHROMIUM = process.env.CAIRN_CHROMIUM ?? "/usr/bin/chromium";
export const HAS_CHROMIUM = existsSync(CHROMIUM);

export const TMUX = "/usr/bin/tmux";
export const HAS_TMUX = existsSync(TMUX);

export const ZSH = ["/usr/bin/zsh", "/bin/zsh"].find((p) => existsSync(p));

export const HAS_PG = Boolean(pgBinDir());

/** One line per missing program: which tests it skips and what to install. */
export function missingPrograms(): string[] {
  return [
    ...(HAS_CHROMIUM
      ? []
      : [
          `dashboard browser tests skipped: no Chromium at ${CHROMIUM} (install Debian's \`chromium\`, or set CAIRN_CHROMIUM)`,
        ]),
    ...(HAS_TMUX ? [] : ["interactive Claude Code tests skipped: no tmux (install Debian's `tmux`)"]),
    ...(ZSH ? [] : ["zsh exit-trap tests skipped: no zsh (install Debian's `zsh`)"]),
    ...(HAS_PG ? [] : [PG_MISSING]),
  ];
}
