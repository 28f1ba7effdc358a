/**
 * The files of a directory that are not of its one kind: among the 644 modules of a
 * vendored lodash-es (`_baseClone.js`, one a function), its LICENSE, README.md and flake.nix.
 * An `ls -l` entry's details are shown for the rare kinds of entry (another owner, a link)
 * and the largest (excerpt.ts); a file of a rare type by its name is as rare, and what the
 * one who listed the directory reads it for beside the modules. Only where one extension
 * names nearly every file (not a bin directory's names without one): in a directory of
 * varied files, none stands out so. Pure.
 */

/** A directory of fewer files than this is named whole (excerpt.ts SMALL_DIR): none need stand out. */
const FILES = 20;
/** The share of the files the one extension must name. */
const ONE_KIND = 0.9;
/** A type of file this few in the directory stands out (as a kind of entry does, excerpt.ts). */
const FEW = 2;

/** A file name's extension (`js` of `_Hash.js`), "" for none (`LICENSE`); a leading dot is no extension. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1) : "";
}

/** The indices, among `names` (their `kinds`: "-" a file), of the files whose type is rare beside one that names nearly all. */
export function oddExtensions(names: readonly string[], kinds: readonly string[]): number[] {
  const byExtension = new Map<string, number[]>();
  let files = 0;
  names.forEach((name, i) => {
    if (kinds[i] !== "-") return;
    files++;
    const ext = extensionOf(name);
    const at = byExtension.get(ext);
    if (at) at.push(i);
    else byExtension.set(ext, [i]);
  });
  if (files < FILES) return [];
  let most = 0;
  let kind = "";
  for (const [ext, at] of byExtension)
    if (at.length > most) {
      most = at.length;
      kind = ext;
    }
  // The one kind must be named by an extension: in /usr/bin, where names have none, a dot
  // is a version's (`perl5.36.0`, `wish8.6`), no type.
  if (kind === "" || most < files * ONE_KIND) return [];
  const out: number[] = [];
  for (const at of byExtension.values()) if (at.length <= FEW) out.push(...at);
  return out.sort((a, b) => a - b);
}
