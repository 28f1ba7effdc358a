// Bundles src/main.ts into dist/cairn.mjs. Code behind dynamic imports lands in its
// own chunk, so a hook loads only the dispatcher and its own handler.

import { chmodSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
const result = await build({
  entryPoints: { cairn: "src/main.ts" },
  outdir: "dist",
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
chmodSync("dist/cairn.mjs", 0o755);
const outputs = Object.entries(result.metafile.outputs).filter(([f]) => f.endsWith(".mjs"));
const entry = outputs.find(([f]) => f === "dist/cairn.mjs");
const total = outputs.reduce((n, [, o]) => n + o.bytes, 0);
console.log(
  `built dist/cairn.mjs (${(entry[1].bytes / 1024).toFixed(1)} KB entry, ${outputs.length} files, ${(total / 1024).toFixed(0)} KB total)`,
);
