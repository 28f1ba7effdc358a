/**
 * The dashboard's client, built for the browser by scripts/build.mjs (a virtual
 * module: the bundle holds it as text, so an installed cairn needs only dist/).
 */
declare module "cairn:web-client" {
  export const js: string;
  export const css: string;
}

/** Style sheets the client imports: the client build bundles them into the `css` above. */
declare module "*.css" {}
