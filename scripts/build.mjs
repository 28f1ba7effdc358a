// Bundles src/main.ts into <outdir>/cairn.mjs (default dist/). Code behind dynamic
// imports lands in its own chunk, so a hook loads only the dispatcher and its handler.

import { chmodSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export async function bundle(outdir = "dist", { quiet = false } = {}) {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { cairn: "src/main.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22.13",
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __cairnRequire } from 'node:module'; const require = __cairnRequire(import.meta.url);",
    },
  });
  chmodSync(`${outdir}/cairn.mjs`, 0o755);
  const outputs = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith(".mjs"));
  const entry = outputs.find(([f]) => f.endsWith("/cairn.mjs"));
  const total = outputs.reduce((n, [, o]) => n + o.bytes, 0);
  if (!quiet) {
    console.log(
      `built ${outdir}/cairn.mjs (${(entry[1].bytes / 1024).toFixed(1)} KB entry, ${outputs.length} files, ${(total / 1024).toFixed(0)} KB total)`,
    );
  }
  return result.metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundle(process.argv[2] ?? "dist");
}
