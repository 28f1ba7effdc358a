/**
 * cairn's import graph, written down as rules (`npm run lint` runs `depcruise src`).
 *
 * The house, from the ground up (CONTRIBUTING.md "Layout", DESIGN.md). A folder may
 * import its own floor's folder and any floor below it, never one above:
 *
 *   0  core                        paths, atomic files, log, switches, formatting: no cairn imports
 *   1  store, config, claude       the store, the settings, the contract with Claude Code
 *   2  hooks                       the dispatcher, the parts' types, merge, record
 *   3  transports                  command (stdin/stdout) and http around the dispatcher
 *   4  summarize, observe          model-backed services the features call
 *   5  compress, context, notebook, memory, run, retention, team   the features
 *   6  web                         the dashboard
 *   7  cli                         one file per command
 *   8  main.ts                     the bundle's entry
 *
 * Features sit on one floor and do not import each other: what two features share lives
 * on a floor below them. Lazy imports (`await import(...)`) and type-only imports count
 * like any other: a lazy import up the floors is the same arrow, only later.
 *
 * Three registries are tables of contents and may name the features' own files, and only
 * these: hooks/registry.ts lists every feature's parts (src/<feature>/on-<event>.ts),
 * config/schema.ts gathers every feature's settings (src/<feature>/settings.ts) and
 * store/migrations.ts lists every feature's tables (src/<feature>/schema.ts).
 */

const FLOORS = [
  ["core"],
  ["store", "config", "claude"],
  ["hooks"],
  ["transports"],
  ["summarize", "observe"],
  ["compress", "context", "notebook", "memory", "run", "retention", "team"],
  ["web"],
  ["cli"],
];
const FEATURES = FLOORS[5];

const folder = (names) => `^src/(${names.join("|")})/`;
const above = (floor) => [...FLOORS.slice(floor + 1).flat().map((n) => `^src/${n}/`), "^src/main\\.ts$"];

/** The registries' sanctioned arrows: a table of contents naming the features' own files. */
const REGISTRY_ARROWS = [
  ["^src/hooks/registry\\.ts$", `${folder(FEATURES)}on-[a-z-]+\\.ts$`],
  ["^src/config/schema\\.ts$", `^src/[a-z]+/settings\\.ts$`],
  ["^src/store/migrations\\.ts$", `^src/[a-z]+/schema\\.ts$`],
];

const noUpward = FLOORS.slice(0, -1).flatMap((names, floor) =>
  names.map((name) => ({
    name: `no-upward-from-${name}`,
    comment: `${name} (floor ${floor}) imports only its own floor and the floors below it.`,
    severity: "error",
    from: { path: `^src/${name}/`, pathNot: REGISTRY_ARROWS.map(([from]) => from) },
    to: { path: above(floor) },
  })),
);

const registryBounds = REGISTRY_ARROWS.map(([from, allowed]) => ({
  name: `registry-${from.replace(/^\^src\/|\\\.ts\$$/g, "").replace("/", "-")}`,
  comment: `${from} reaches up only to the files it lists (${allowed}).`,
  severity: "error",
  from: { path: from },
  to: { path: above(FLOORS.findIndex((f) => from.startsWith(`^src/${f[0]}`) || f.some((n) => from.startsWith(`^src/${n}/`)))), pathNot: allowed },
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
    ...registryBounds,
    {
      name: "features-apart",
      comment:
        "A feature does not import another feature: what they share moves to a lower floor, and a feature is called at an event through hooks/registry.ts.",
      severity: "error",
      from: { path: folder(FEATURES) },
      to: { path: folder(FEATURES), pathNot: "^src/$1/" },
    },
    {
      name: "services-apart",
      comment: "summarize and observe do not import each other.",
      severity: "error",
      from: { path: "^src/(summarize|observe)/" },
      to: { path: "^src/(summarize|observe)/", pathNot: "^src/$1/" },
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
    // TypeScript 7 has no JavaScript API for dependency-cruiser; swc parses the .ts files.
    parser: "swc",
    // Type-only imports are arrows too: a type shared in a circle is a circle.
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    // The dashboard's browser code is a separate bundle with its own imports.
    exclude: { path: "^src/web/client/" },
    // Packages' "exports" maps, as Node resolves them (@modelcontextprotocol/sdk/*.js).
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
