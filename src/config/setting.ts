import * as v from "valibot";
import type { AnyTrust, Trust } from "./trust.ts";

/**
 * One setting: its schema, its default, one sentence on what it does, and which way a
 * repository may move it (trust.ts). There is no setting without the last: a repository
 * must never loosen one because someone forgot to say how.
 */
export interface Setting<S extends v.GenericSchema = v.GenericSchema> {
  readonly schema: S;
  readonly default: v.InferOutput<S>;
  readonly doc: string;
  readonly trust: AnyTrust;
}

export function setting<S extends v.GenericSchema>(
  schema: S,
  def: v.InferOutput<S>,
  doc: string,
  trust: Trust<v.InferOutput<S>>,
): Setting<S> {
  return { schema, default: def, doc, trust };
}

export const int = (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
export const fraction = () => v.pipe(v.number(), v.minValue(0), v.maxValue(1));
export const strings = () => v.array(v.string());

/** Why a regular expression does not compile, or undefined when it does. */
function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * A list of regular expressions: one that does not compile is reported (by \`cairn
 * config\` and \`cairn doctor\`) instead of silently matching nothing.
 */
export const patterns = () =>
  v.array(
    v.pipe(
      v.string(),
      v.check(
        (p) => regexProblem(p) === undefined,
        (issue) =>
          `${JSON.stringify(issue.input)} is not a valid regular expression (${regexProblem(String(issue.input))})`,
      ),
    ),
  );
