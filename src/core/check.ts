/** One finding of `cairn doctor`: what each feature's check returns, so features need not import the CLI. */
export type Status = "ok" | "warn" | "fail";

export interface Check {
  readonly name: string;
  readonly status: Status;
  readonly detail: string;
  readonly fix?: string;
}
