/// <reference lib="dom" />

/**
 * The dashboard's JSON API, same origin. Every call carries the run's token in a
 * header; the page got it by trading the one-time code of the link it was opened with
 * (src/web/auth.ts) and keeps it in this origin's storage, which pages on other ports
 * of 127.0.0.1 cannot read (unlike a cookie, which the browser would send them).
 */
class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const TOKEN_KEY = "cairn-ui-token";
const SIGN_IN = "Not signed in: open the dashboard with a link `cairn ui` printed (each link works once).";

function storedToken(): string | undefined {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * Trades the link's one-time code (in the fragment, which never reaches a server) for
 * the token, and takes the code out of the address bar and history. Without a code the
 * page uses the token it kept; a link used twice says so.
 */
export async function signIn(): Promise<string | undefined> {
  const m = /^#code=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!m) return undefined;
  history.replaceState(null, "", location.pathname + location.search);
  const res = await fetch("/api/session", {
    credentials: "omit",
    headers: { accept: "application/json", "x-cairn-code": m[1]! },
  });
  if (!res.ok)
    return "This link was already used (each works once). If the first use was not yours, stop `cairn ui` and start it again.";
  const { token } = (await res.json()) as { token?: unknown };
  if (typeof token !== "string") return SIGN_IN;
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    return "This browser keeps no storage for 127.0.0.1, so the dashboard cannot stay signed in.";
  }
  return undefined;
}

export async function get<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const qs = q.toString();
  const res = await fetch(`/api/${path}${qs ? `?${qs}` : ""}`, {
    credentials: "omit",
    headers: { accept: "application/json", "x-cairn-token": storedToken() ?? "" },
  });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      message = ((await res.json()) as { error?: string }).error ?? message;
    } catch {
      // Not JSON.
    }
    if (res.status === 403) message = SIGN_IN;
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}
