import { execAt, type Found, plausibleSecret, sticky } from "./judge.ts";

/**
 * Secrets in the shape of a file or a statement rather than a `key = value`:
 * `~/.pgpass` lines, PuTTY private keys, SQL passwords, and the values of a Kubernetes
 * Secret's `data:`.
 */

const literalPassword = (value: string, minLength = 4) =>
  plausibleSecret(value, { form: "literal", passwordish: true, minLength });

// ---------------------------------------------------------------- .pgpass

/**
 * `hostname:port:database:username:password`, one per line (libpq's password file,
 * where the README has team passwords kept). The anchor is a line's first four fields;
 * the host has a letter (or is `*`), the port is a number or `*`, and neither the
 * database nor the user is a bare number, so `file.c:12:5:` compiler lines are not one.
 */
export const PGPASS = String.raw`(?:^|\n|\\n)[^\s:#"'\\/]{1,253}:(?:\d{1,5}|\*):(?!\d+:)[^\s:"']{1,63}:(?!\d+:)[^\s:"']{1,63}:`;

export function pgpassLine(text: string, at: number, end: number): Found {
  const host = text.slice(at, text.indexOf(":", at + 1)).replace(/^(?:\n|\\n)/, "");
  if (!/[A-Za-z*]/.test(host) && !/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) return undefined;
  // The password runs to the end of the line (real, or `\n` in JSON-encoded text); `\:` and `\\` are escapes.
  const escaped = text[at] === "\\";
  let stop = end;
  const limit = Math.min(text.length, end + 1024);
  while (stop < limit) {
    const c = text[stop]!;
    if (
      c === "\n" ||
      c === "\r" ||
      (escaped && (c === '"' || (c === "\\" && /[nr]/.test(text[stop + 1] ?? ""))))
    )
      break;
    stop += c === "\\" && stop + 1 < limit ? 2 : 1;
  }
  let value = text.slice(end, stop);
  const trimmed = value.trimEnd();
  value = trimmed;
  if (!literalPassword(value.replace(/\\(.)/g, "$1"))) return { none: stop };
  return { start: end, end: end + value.length, kind: "pgpass" };
}

// ---------------------------------------------------------------- PuTTY keys

/** `Private-Lines: N` then N lines of base64 (a .ppk file, any version, encrypted or not). */
export const PPK = String.raw`\bPrivate-Lines:[ \t]*\d{1,3}`;
const PPK_LINE = sticky(String.raw`[ \t]*(?:\r?\n|\\r\\n|\\n)([A-Za-z0-9+/=]{1,128})`);

export function puttyKey(text: string, at: number, end: number): Found {
  const lines = Number(/\d+$/.exec(text.slice(at, end))![0]);
  let pos = end;
  let first = -1;
  for (let n = 0; n < lines; n++) {
    const m = execAt(PPK_LINE, text, pos);
    if (!m) break;
    if (first < 0) first = pos + m[0].length - m[1]!.length;
    pos += m[0].length;
  }
  return first < 0 ? { none: end } : { start: first, end: pos, kind: "private-key" };
}

// ---------------------------------------------------------------- SQL

/**
 * `CREATE USER … IDENTIFIED BY 'pw'` (MySQL, Oracle; `IDENTIFIED WITH plugin BY`),
 * `ALTER USER … PASSWORD 'pw'`, `CREATE ROLE … LOGIN PASSWORD 'pw'` (PostgreSQL):
 * the anchor ends at the opening quote.
 */
export const SQL_PASSWORD = String.raw`\b(?:(?:IDENTIFIED|identified)(?:[ \t]+(?:WITH|with)[ \t]+["'\x60]?\w{1,64}["'\x60]?)?[ \t]+(?:BY|by)(?:[ \t]+(?:PASSWORD|password))?|(?:PASSWORD|password))[ \t]+E?'`;

export function sqlPassword(text: string, _at: number, end: number): Found {
  // A SQL string: '' is a quote inside it.
  const limit = Math.min(text.length, end + 1024);
  let i = end;
  for (; i < limit; i++) {
    const c = text[i];
    if (c === "\n") return { none: i };
    if (c === "'") {
      if (text[i + 1] === "'") i++;
      else break;
    }
  }
  if (i >= limit) return { none: i };
  const value = text.slice(end, i);
  return literalPassword(value.replace(/''/g, "'"), 6)
    ? { start: end, end: i, kind: "sql-password" }
    : { none: i };
}
