/**
 * The file a diagnostic is in, told by package and path where a monorepo's task runner
 * prefixes each line of a task with the task's name: turbo's and nx's `pkg:task: `
 * (`@harbor/core:typecheck: src/berth.ts(4,7): error TS2322`), pnpm -r's `pkg task: `,
 * lerna --stream's `pkg: `. One package's file is one file whichever of its tasks reports
 * it: turbo's typecheck and build of @harbor/core both found src/berth.ts's errors, one
 * file, not two (the header's "in 27 files" counted 26). Pure.
 */

/**
 * A task's prefix, up to its `: `: a package's name (no blank, no colon, no bracket), then
 * the task after a colon or a blank (a word's letters first: `src/a.c:3:4: ` is gcc's
 * place, no task), or none.
 */
const PREFIX = /^([@\w.][\w./@-]*)(?:[: ][A-Za-z][\w:.-]*)?: (?=\S)/;

/** The file a diagnostic names, as package and path when a task's prefix stands before it. */
export function packageFile(file: string): string {
  const m = PREFIX.exec(file);
  return m ? `${m[1]!}: ${file.slice(m[0].length)}` : file;
}
