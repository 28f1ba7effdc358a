// Builds dist/: one self-contained CommonJS file per lazy boundary. The entry is
// dist/cairn.cjs; every `import()` in the source (of our modules or of a package)
// becomes its own file, loaded with require() when that code first runs. Static
// imports are bundled into the file that uses them (shared helpers are repeated),
// so a hook loads its core and one file per part instead of a graph of chunks:
// CommonJS loads a file in about half the time the ESM loader needs, and a graph
// of small chunks costs more than the bytes they hold.
//
// The one exception is SHARED: a module big enough that a hook which reaches it from two
// of its files would pay twice (compiling it, building its tables) gets a file of its
// own, and every import of it, static or lazy, loads that one file once.

import { createHash } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { MIN_NODE_TEXT } from "../src/core/node-min.ts";
import { tokenAnchor } from "../src/core/secrets/tokens.ts";

// fileURLToPath, not URL#pathname: a clone at "~/my tools/cairn" is "my%20tools" in the URL.
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "src");

/**
 * Modules that are one file of their own however they are imported. The secret masker:
 * PostToolUse masks the output it files (compress/hook/filing.ts) and then the answer it
 * injects (hooks/mask-injected.ts); bundled into both, it was compiled and its detector
 * tables built twice in one hook. The excerpts' Doc (one per output, kept for the call
 * and then forgotten): filing loads the chosen kind's excerpts as a file of their own
 * (compress/kinds/load.ts), and the kind and compress-with.ts must share one Doc and one
 * forgetDoc(), or the text would be split twice and the kind's copy kept alive.
 */
const SHARED = ["core/secrets/redact.ts", "compress/excerpt/doc.ts"].map((f) => join(SRC, f));

/** The file name a lazy target gets: src/compress/compress-text.ts -> compress-compress-text, yaml -> pkg-yaml. */
function slugOf(target) {
  if (target.startsWith(SRC)) {
    return relative(SRC, target).replace(/\.ts$/, "").replace(/[/\\]/g, "-");
  }
  return `pkg-${target.replace(/^@/, "").replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/**
 * `import { js, css } from "cairn:web-client"`: the dashboard's browser code
 * (src/web/client/main.ts with uPlot and its CSS), built for the browser and embedded
 * as text in the file that serves it, so an installed cairn needs nothing but dist/.
 */
const webClientPlugin = {
  name: "web-client",
  setup(b) {
    b.onResolve({ filter: /^cairn:web-client$/ }, () => ({ path: "web-client", namespace: "cairn-web" }));
    b.onLoad({ filter: /.*/, namespace: "cairn-web" }, async () => {
      const client = await build({
        entryPoints: [join(SRC, "web", "client", "main.ts")],
        outdir: "web-client",
        write: false,
        bundle: true,
        format: "iife",
        platform: "browser",
        target: ["chrome111", "firefox113", "safari16.4"],
        nodePaths: [join(ROOT, "node_modules")],
        minify: true,
        legalComments: "none",
        logLevel: "warning",
      });
      const text = (ext) => client.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? "";
      return {
        contents: `export const js = ${JSON.stringify(text(".js"))};\nexport const css = ${JSON.stringify(text(".css"))};\n`,
        loader: "js",
      };
    });
  },
};

/**
 * Builds into a fresh folder beside `outdir` and only then puts it in place, so a build
 * that fails (a syntax error, a path esbuild cannot read) leaves the bundle that was
 * there untouched: with the plugin, every hook runs it.
 */
export async function bundle(outdir = "dist", { quiet = false } = {}) {
  const target = resolve(outdir);
  const staging = join(dirname(target), `.${basename(target)}.building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  let metafile;
  try {
    metafile = await bundleInto(staging);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  swapIn(staging, target);
  if (!quiet) {
    const outputs = Object.values(metafile.outputs);
    const total = outputs.reduce((n, o) => n + o.bytes, 0);
    console.log(
      `built ${outdir}/cairn.cjs (${outputs.length} files, ${(total / 1024).toFixed(0)} KB in all)`,
    );
  }
  return metafile;
}

/** Replaces `target` with the finished `built`; the old folder goes only once the new one is there. */
function swapIn(built, target) {
  if (!existsSync(target)) {
    renameSync(built, target);
    return;
  }
  const old = join(dirname(target), `.${basename(target)}.old-${process.pid}`);
  rmSync(old, { recursive: true, force: true });
  renameSync(target, old);
  try {
    renameSync(built, target);
  } catch (err) {
    renameSync(old, target);
    throw err;
  }
  rmSync(old, { recursive: true, force: true });
}

async function bundleInto(outdir) {
  const stubs = join(tmpdir(), `cairn-build-${process.pid}`);
  mkdirSync(stubs, { recursive: true });
  const entries = new Map([["cairn", join(SRC, "main.ts")], ...SHARED.map((f) => [slugOf(f), f])]);
  const lazyPlugin = {
    name: "lazy-boundaries",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.path.startsWith("node:")) return undefined;
        const target = args.path.startsWith(".") ? resolve(args.resolveDir, args.path) : args.path;
        if (args.kind === "import-statement" && SHARED.includes(target) && args.importer !== target) {
          // Stays a require() of the shared file (made lazy-loaded below, like an import()).
          return { path: `./${slugOf(target)}.cjs`, external: true };
        }
        if (args.kind !== "dynamic-import") return undefined;
        const slug = slugOf(target);
        if (!entries.has(slug)) {
          if (target.startsWith(SRC)) entries.set(slug, target);
          else {
            // A package: its exports, whatever its module format, as one CommonJS file.
            const stub = join(stubs, `${slug}.cjs`);
            writeFileSync(stub, `module.exports = require(${JSON.stringify(target)});\n`);
            entries.set(slug, stub);
          }
        }
        return { path: `./${slug}.cjs`, external: true };
      });
    },
  };
  let result;
  try {
    // Each pass may discover more lazy targets; stop when a pass finds none.
    for (let seen = -1; seen !== entries.size; ) {
      seen = entries.size;
      rmSync(outdir, { recursive: true, force: true });
      result = await build({
        entryPoints: Object.fromEntries(entries),
        outdir,
        outExtension: { ".js": ".cjs" },
        bundle: true,
        format: "cjs",
        platform: "node",
        target: `node${MIN_NODE_TEXT}`,
        nodePaths: [join(ROOT, "node_modules")],
        minifySyntax: true,
        minifyWhitespace: true,
        legalComments: "none",
        metafile: true,
        logLevel: "warning",
        // Values the hook path would otherwise build at every start, from the same source.
        define: { __CAIRN_TOKEN_ANCHOR__: JSON.stringify(tokenAnchor()) },
        plugins: [lazyPlugin, webClientPlugin],
      });
    }
  } finally {
    rmSync(stubs, { recursive: true, force: true });
  }
  // Lazy files load with require(): one file, no trip through the ESM loader; on the hot
  // paths through src/chunk-loader.ts, which adds a code cache of what earlier runs
  // compiled, keyed by each file's content hash (given to the entry as
  // globalThis.__cairnChunkIds): V8 checks a cache only against the source's length, and
  // npm gives every installed file the same time, so size and time cannot tell builds apart.
  const ids = {};
  const names = readdirSync(outdir).filter((n) => n.endsWith(".cjs"));
  for (const name of [...names.filter((n) => n !== "cairn.cjs"), "cairn.cjs"]) {
    const file = join(outdir, name);
    const code = readFileSync(file, "utf8");
    const lazy = code
      .replace(
        /\bimport\((["'])(\.\/[A-Za-z0-9-]+\.cjs)\1\)/g,
        "Promise.resolve().then(()=>(globalThis.__cairnChunk||require)($1$2$1))",
      )
      // A SHARED module's static import: the same one instance, through the same loader.
      .replace(
        /\brequire\((["'])(\.\/[A-Za-z0-9-]+\.cjs)\1\)/g,
        "(globalThis.__cairnChunk||require)($1$2$1)",
      );
    if (name !== "cairn.cjs") {
      writeFileSync(file, lazy);
      ids[name.replace(/\.cjs$/, "")] = createHash("sha256").update(lazy).digest("hex").slice(0, 16);
    } else {
      writeFileSync(file, `#!/usr/bin/env node\nglobalThis.__cairnChunkIds=${JSON.stringify(ids)};\n${lazy}`);
    }
  }
  chmodSync(join(outdir, "cairn.cjs"), 0o755);
  return result.metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundle(process.argv[2] ?? "dist");
}
