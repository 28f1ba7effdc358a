/// <reference lib="dom" />

/** The dashboard's JSON API, same origin; the session cookie set on the first load authenticates. */
class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export async function get<T>(
  path: string,
  params: Record<string, string | number | undefined> = {},
): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const qs = q.toString();
  const res = await fetch(`/api/${path}${qs ? `?${qs}` : ""}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  if (!res.ok) {
    let message = `${res.status} ${res.statusText}`;
    try {
      message = ((await res.json()) as { error?: string }).error ?? message;
    } catch {
      // Not JSON.
    }
    if (res.status === 403) message = "Not authorised: open the dashboard with the URL `cairn ui` printed.";
    throw new ApiError(res.status, message);
  }
  return (await res.json()) as T;
}
