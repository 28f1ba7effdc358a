/**
 * A case of a set with its output's text fields replaced by a variant (bench/robust.ts's;
 * bench/claims.ts checks the variants' claims too).
 */
import { type FactCase, spillPreview } from "./sets.ts";
import { type Made, makeVariant, type VariantKind } from "./variants.ts";

type Obj = Record<string, unknown>;
const RECORD_FILE = /\.(log|txt|out|csv|tsv|ndjson|jsonl)$/i;
export type Varied = { readonly case: FactCase } | { readonly skip: string };

/**
 * A response that lists names (Grep's files mode, Glob) with the varied list `t`, each of
 * `counts` it holds as a number set to the list's length; none where nothing was varied.
 */
function withNames(r: Obj, t: string | undefined, counts: readonly string[]): Obj | undefined {
  if (t === undefined) return undefined;
  const names = t.split("\n");
  const held = counts.filter((k) => typeof r[k] === "number").map((k) => [k, names.length]);
  return { ...r, filenames: names, ...Object.fromEntries(held) };
}

/** The case with its output's text fields replaced by their `kind` variant, counts kept in step. */
export function variantCase(c: FactCase, kind: VariantKind): Varied {
  const r = c.input.tool_response as Obj;
  if (typeof r !== "object" || !r) return { skip: "response is not an object" };
  // A file read is made of records only when it is a log or data file; code and config are not.
  const path = String(c.input.tool_input.file_path ?? "");
  const byLines = c.input.tool_name !== "Read" || RECORD_FILE.test(path);
  const vary = (s: unknown): Made | undefined =>
    typeof s === "string" && s ? makeVariant(s, c.must_keep, kind, { byLines }) : undefined;
  const lineCount = (s: string) => s.split("\n").length;
  let next: Obj | undefined;
  let skip = "no text to vary";
  const take = (m: Made | undefined): string | undefined => {
    if (m && "skip" in m) skip = m.skip;
    return m && "text" in m ? m.text : undefined;
  };
  switch (c.input.tool_name) {
    case "Bash": {
      if (typeof r.persistedOutputPath === "string") {
        // Varied whole, as the hook reads it; the input gets Claude Code's prefix of the variant.
        if (c.spilled === undefined) return { skip: "spilled Bash output stored only as its prefix" };
        const t = take(vary(c.spilled));
        if (t === undefined) return { skip };
        const stdout = spillPreview(t);
        const { persistedOutputPath: _p, persistedOutputSize: _s, ...plain } = r;
        // A variant short enough for Claude Code to give whole (shrunk) is not spilled.
        const whole = stdout === t;
        const { spilled: _c, ...rest } = c;
        return {
          case: {
            ...rest,
            name: `${c.name}~${kind}`,
            ...(whole ? {} : { spilled: t }),
            input: {
              ...c.input,
              tool_use_id: `${c.input.tool_use_id}_${kind}`,
              tool_response: whole
                ? { ...plain, stdout: t }
                : { ...r, stdout, persistedOutputSize: Buffer.byteLength(t) },
            },
          },
        };
      }
      const so = take(vary(r.stdout));
      const se = take(vary(r.stderr));
      if (so !== undefined || se !== undefined)
        next = {
          ...r,
          ...(so !== undefined ? { stdout: so } : {}),
          ...(se !== undefined ? { stderr: se } : {}),
        };
      break;
    }
    case "Read": {
      const f = r.file as Obj;
      const t = take(vary(f?.content));
      if (t === undefined) break;
      const was = lineCount(f.content as string);
      const now = lineCount(t);
      next = {
        ...r,
        file: {
          ...f,
          content: t,
          ...(typeof f.numLines === "number" ? { numLines: f.numLines - was + now } : {}),
          ...(typeof f.totalLines === "number" ? { totalLines: f.totalLines - was + now } : {}),
        },
      };
      break;
    }
    case "Grep": {
      if (typeof r.content === "string" && r.content) {
        const t = take(vary(r.content));
        if (t === undefined) break;
        next = {
          ...r,
          content: t,
          ...(typeof r.numLines === "number" ? { numLines: lineCount(t) } : {}),
        };
      } else if (Array.isArray(r.filenames))
        next = withNames(r, take(vary(r.filenames.join("\n"))), ["numFiles"]);
      break;
    }
    case "Glob": {
      if (Array.isArray(r.filenames))
        next = withNames(r, take(vary(r.filenames.join("\n"))), ["numFiles", "totalMatches"]);
      break;
    }
  }
  if (!next) return { skip };
  return {
    case: {
      ...c,
      name: `${c.name}~${kind}`,
      input: { ...c.input, tool_use_id: `${c.input.tool_use_id}_${kind}`, tool_response: next },
    },
  };
}
