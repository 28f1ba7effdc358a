/**
 * cairn's import graph, written down as rules (`npm run lint` runs `depcruise src`).
 *
 * The house, from the ground up (CONTRIBUTING.md "Layout"). A folder may
 * import its own floor and any floor below it, never one above:
 *
 *   0  core                        paths, atomic files, log, switches, the version: no cairn imports
 *   1  store, config, claude       the store (and its indexes' write rules), the settings, the contract with Claude Code
 *   2  hooks                       the dispatcher, the parts' types, merge, record
 *   3  transports                  command (stdin/stdout) and http around the dispatcher
 *   4  exit-trap, summarize, observe   what the features build on: a Bash call's whole output and exit
 *                                  status (exit-trap), the model-backed digests and observations
 *   5  window                      the context-window monitor: how full the window is, asked by the notebook
 *   6  compress, notebook, memory, retention   the features
 *   7  team                        team memory: shares what memory and the notebook record
 *   8  web                         the dashboard
 *   9  doctor                      doctor's checks (node, hooks, store, disk, log, http, ...), one module each
 *  10  cli                         one file per command
 *  11  main.ts                     the bundle's entry
 *
 * Folders on one floor above the hooks do not import each other: what two of them share
 * lives on a floor below them, and they meet at an event only through cli/event-parts.ts.
 * Lazy imports (`await import(...)`) and type-only imports count like any other: a lazy
 * import up the floors is the same arrow, only later.
 *
 * The tables of contents stand on the floor of what they list, so none reaches up:
 * every setting is declared in config/ (config/settings/<feature>.ts), every table in
 * store/ (store/tables/<feature>.ts), and the parts of every event are composed in
 * cli/event-parts.ts, which the entry points (main.ts, `cairn serve`) hand to the
 * dispatcher. There is no exception to the floors.
 */

const FLOORS = [
  ["core"],
  ["store", "config", "claude", "gemini"],
  ["hooks"],
  ["transports"],
  ["exit-trap", "summarize", "observe"],
  ["window"],
  ["compress", "notebook", "memory", "retention"],
  ["team"],
  ["web"],
  ["doctor"],
  ["cli"],
];
const FEATURE_FLOORS = [4, 5, 6, 7];

const folder = (names) => `^src/(${names.join("|")})/`;
const above = (floor) => [...FLOORS.slice(floor + 1).flat().map((n) => `^src/${n}/`), "^src/main\\.ts$"];

const noUpward = FLOORS.slice(0, -1).flatMap((names, floor) =>
  names.map((name) => ({
    name: `no-upward-from-${name}`,
    comment: `${name} (floor ${floor}) imports only its own floor and the floors below it.`,
    severity: "error",
    from: { path: `^src/${name}/` },
    to: { path: above(floor) },
  })),
);

const apartOnOneFloor = FEATURE_FLOORS.filter((f) => FLOORS[f].length > 1).map((f) => ({
  name: `apart-on-floor-${f}`,
  comment: `${FLOORS[f].join(", ")} do not import each other: what they share moves to a lower floor.`,
  severity: "error",
  from: { path: folder(FLOORS[f]) },
  to: { path: folder(FLOORS[f]), pathNot: "^src/$1/" },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No file reaches itself through its imports (lazy and type-only imports included).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...noUpward,
    ...apartOnOneFloor,
    {
      name: "compress-rooms",
      comment:
        "Inside compress/: the shared toolkit (excerpt/) knows no kind and no hook; the kinds (kinds/) know no hook.",
      severity: "error",
      from: { path: "^src/compress/(excerpt|kinds)/" },
      to: { path: "^src/compress/(hook/|compress-text\\.ts$)" },
    },
    {
      name: "compress-toolkit-below-kinds",
      comment: "The shared excerpt toolkit (compress/excerpt/) is below every kind: it imports none.",
      severity: "error",
      from: { path: "^src/compress/excerpt/" },
      to: { path: "^src/compress/kinds/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import resolves (a moved file leaves no dangling import behind).",
      severity: "error",
      from: {},
      // cairn:web-client is the dashboard bundle, made by scripts/build.mjs at build time.
      to: { couldNotResolve: true, pathNot: "^cairn:web-client$" },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc parses the .ts files.
    parser: "swc",
    // Type-only imports are arrows too: a type shared in a circle is a circle.
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // The dashboard's browser code is a separate bundle (scripts/build.mjs) with its own imports.
    exclude: { path: "^src/web/client/" },
    // Packages' "exports" maps, as Node resolves them (@modelcontextprotocol/sdk/*.js).
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
  },
};
