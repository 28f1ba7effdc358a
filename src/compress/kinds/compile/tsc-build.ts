/**
 * `tsc --build --verbose`'s account of the build, each line stamped with the time: the
 * projects in the build (listed under it), which is out of date and why, which it builds,
 * skips or finds up to date. A few lines a project, they say which project an error list
 * belongs to and whether the projects that depend on it were built at all.
 */

/** `5:43:22 AM - Building project '…'...`: a step of the build, by its time stamp. */
const STEP = /^\d{1,2}:\d{2}:\d{2}(?: [AP]M)? - \S/;
/** The projects listed under "Projects in this build:". */
const LISTED = /^ {4}\* \S/;

/** The build's steps as [from, to] line ranges, each with the projects listed under it. */
export function buildSteps(lines: readonly string[]): [number, number][] {
  const steps: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!STEP.test(lines[i]!)) continue;
    let to = i;
    while (to + 1 < lines.length && LISTED.test(lines[to + 1]!)) to++;
    steps.push([i, to]);
  }
  return steps;
}
