/**
 * A CommonJS package imported dynamically from a split bundle arrives as its
 * `default` only (esbuild), while the same import from source has named exports too.
 * This returns the exports object either way.
 */
export function cjs<T extends object>(mod: T): T {
  const d = (mod as { default?: unknown }).default;
  return (d !== null && (typeof d === "object" || typeof d === "function") ? d : mod) as T;
}
