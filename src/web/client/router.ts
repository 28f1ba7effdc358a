/// <reference lib="dom" />

/** Hash routes, "#/session/<id>?tool=<id>": the back button and reloads keep the view. */
export interface Route {
  readonly parts: string[];
  readonly params: URLSearchParams;
}

export function currentRoute(): Route {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path = "", query = ""] = raw.split("?", 2) as [string?, string?];
  return {
    parts: path.split("/").filter(Boolean).map(decodeURIComponent),
    params: new URLSearchParams(query),
  };
}

/** A route string from its parts and parameters (empty parameters are left out). */
export function route(
  parts: readonly string[],
  params: Record<string, string | number | undefined> = {},
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const qs = q.toString();
  return `/${parts.map(encodeURIComponent).join("/")}${qs ? `?${qs}` : ""}`;
}

export function go(to: string): void {
  if (location.hash !== `#${to}`) location.hash = to;
}
