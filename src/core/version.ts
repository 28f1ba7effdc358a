import pkg from "../../package.json" with { type: "json" };

/**
 * The version cairn reports: package.json's, inlined by the build, so `cairn --version`,
 * the plugin manifest and the marketplace entry (written from it by
 * scripts/plugin-manifest.ts) have one source.
 */
export const VERSION: string = pkg.version;
