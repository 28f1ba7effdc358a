import { execFileSync } from "node:child_process";
import { expandBraces } from "../../bench/corpus/score.ts";

/**
 * The words of `text` as the real bash reads them: each word holding a brace group
 * (`lib/{a,b}.so`) brace-expanded by bash itself (`printf '%s\n' WORD…`), the others as
 * they are. Excerpts write many names as brace words and promise that bash expands
 * them to exactly the names of the output; this asks bash.
 */
export function bashWords(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const braced = words.filter((w) => /\{[^\s]*,[^\s]*\}/.test(w) && /^[\w./@+:=%{},~-]+$/.test(w));
  const plain = words.filter((w) => !braced.includes(w));
  if (braced.length === 0) return plain;
  // Words are only letters, digits, braces and path punctuation (checked above): nothing
  // else for bash to expand, so the script is exactly the brace expansion.
  const out = execFileSync("bash", ["--norc", "-c", `printf '%s\\n' ${braced.join(" ")}`], {
    encoding: "utf8",
  });
  return [...plain, ...out.split("\n").filter(Boolean)];
}

/**
 * The paths of `paths` that an excerpt neither writes (as words, brace words expanded by
 * bash) nor counts under a collapsed entry (`dir/… (N)` everything under dir, `dir/* (N)`
 * the files right in it). Directories printed with their contents count as written
 * when a path under them is.
 */
export function unaccounted(excerpt: string, paths: readonly string[]): string[] {
  const words = new Set(bashWords(excerpt));
  const under = [...excerpt.matchAll(/(\S+\/)… \(\d+\)/g)].map((m) => m[1]!);
  const inDir = [...excerpt.matchAll(/(\S+\/)\* \(\d+\)/g)].map((m) => m[1]!);
  const all = [...words];
  return paths.filter((p) => {
    if (words.has(p)) return false;
    if (all.some((w) => w.startsWith(`${p}/`))) return false;
    if (under.some((d) => p.startsWith(d))) return false;
    return !inDir.some((d) => p.startsWith(d) && !p.slice(d.length).includes("/"));
  });
}

/**
 * The lines of an excerpt as the model reads them: a line with one brace word stands
 * for one line per expansion (`ERROR … ord_{1,2}: x` is two ERROR lines).
 */
export function braceLines(text: string): string[] {
  return text.split("\n").flatMap((line) => {
    const words = line.split(" ");
    const at = words.findIndex((w) => /\{[^\s]*,[^\s]*\}/.test(w));
    if (at < 0) return [line];
    return expandBraces(words[at]!)!.map((w) => [...words.slice(0, at), w, ...words.slice(at + 1)].join(" "));
  });
}
