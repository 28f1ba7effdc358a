import { missingPrograms } from "./programs.ts";

/**
 * Global setup: says once, for the whole run, which tests will be skipped because this
 * machine lacks a program they drive (Chromium, tmux, zsh, PostgreSQL; CI installs them).
 */
export default function setup(): void {
  for (const line of missingPrograms()) process.stderr.write(`${line}\n`);
}
