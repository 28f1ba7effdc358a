import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from "node:fs";
import { relative, sep } from "node:path";

/**
 * Reading a file that comes with a repository (.cairn/STATE.md, .claude/cairn.yaml,
 * .claude/agents/*.md). A cloned repository is someone else's content: its STATE.md may
 * be a symlink to ~/.aws/credentials, a FIFO that blocks the reader forever, a device
 * that never ends, or a gigabyte. So such a file is read only when, after resolving
 * links, it is a regular file inside the project, and at most maxBytes of it; the open
 * is non-blocking (a FIFO opens at once, then fstat turns it away).
 */
type ProjectRead =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly missing: true }
  | { readonly ok: false; readonly missing: false; readonly refused: string };

/** Whether `path` (links resolved) lies inside `projectDir` (links resolved). */
export function insideProject(projectDir: string, path: string): boolean {
  try {
    const root = realpathSync(projectDir);
    const real = realpathSync(path);
    const rel = relative(root, real);
    return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
  } catch {
    return false;
  }
}

export function readProjectFile(projectDir: string, path: string, maxBytes: number): ProjectRead {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (err) {
    const code = (err as { code?: string }).code;
    // A dangling link is refused, not missing: it points somewhere.
    if (code === "ENOENT" || code === "ENOTDIR")
      return isLink(path)
        ? { ok: false, missing: false, refused: "a link to nothing" }
        : { ok: false, missing: true };
    return { ok: false, missing: false, refused: `cannot resolve (${code ?? "error"})` };
  }
  if (!insideProject(projectDir, real))
    return { ok: false, missing: false, refused: "it leads outside the project" };
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    return {
      ok: false,
      missing: false,
      refused: `cannot open (${(err as { code?: string }).code ?? "error"})`,
    };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { ok: false, missing: false, refused: "not a regular file" };
    if (st.size > maxBytes) return { ok: false, missing: false, refused: `larger than ${maxBytes} bytes` };
    const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes) + 1);
    let n = 0;
    // Read at most maxBytes even if the file grows while we read.
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
    }
    if (n > maxBytes) return { ok: false, missing: false, refused: `larger than ${maxBytes} bytes` };
    return { ok: true, text: buf.subarray(0, n).toString("utf8") };
  } catch (err) {
    return {
      ok: false,
      missing: false,
      refused: `cannot read (${(err as { code?: string }).code ?? "error"})`,
    };
  } finally {
    closeSync(fd);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
