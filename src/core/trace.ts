/**
 * Where a hook spends its time, for `npm run bench`: with CAIRN_TRACE=1 the process
 * writes its marks (ms since the process started) to stderr as one JSON line at exit.
 * Off, a mark is one property check. The marks live on globalThis because the build
 * gives each lazily loaded file its own copy of this module.
 */
const on = process.env.CAIRN_TRACE === "1";
const g = globalThis as { __cairnMarks?: [string, number][] };

if (on && !g.__cairnMarks) {
  const marks: [string, number][] = [["node-ready", performance.now()]];
  g.__cairnMarks = marks;
  process.on("exit", () => {
    // process.stderr is made on first use (a pipe's stream loads net and streams, 5 ms
    // on a busy machine): a hook that is not traced never makes it, so the exit mark is
    // taken after it, as bench/hooks.ts's bare node takes its own (it reads
    // process.stderr before it calls performance.now()).
    const stderr = process.stderr;
    marks.push(["exit", performance.now()]);
    stderr.write(`${JSON.stringify({ trace: marks.map(([k, t]) => [k, Math.round(t * 100) / 100]) })}\n`);
  });
}

export function mark(label: string): void {
  if (on) g.__cairnMarks?.push([label, performance.now()]);
}
