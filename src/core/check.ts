/** One finding of `cairn doctor`: what each feature's check returns, so features need not import the CLI. */
export type Status = "ok" | "warn" | "fail";

export interface Check {
  readonly name: string;
  readonly status: Status;
  readonly detail: string;
  readonly fix?: string;
}

/** "healthy" only when every check passed; a warning is not a pass. */
export function verdict(checks: readonly Check[]): "healthy" | "warnings" | "failing" {
  if (checks.some((c) => c.status === "fail")) return "failing";
  if (checks.some((c) => c.status === "warn")) return "warnings";
  return "healthy";
}
