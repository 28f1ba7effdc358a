import { nameShape } from "./code.ts";
import { PGPASS, PPK, pgpassLine, puttyKey, SQL_PASSWORD, sqlPassword } from "./formats.ts";
import {
  type Detector,
  execAt,
  type Found,
  hasDigit,
  looksRandom,
  NOT_SECRETS,
  PLACEHOLDER,
  plausibleSecret,
  prose,
  type SecretSpan,
  sticky,
} from "./judge.ts";
import { keyAssignment, namedValue, tableRow, xmlElement } from "./keys.ts";
import { PROVIDER_TOKENS } from "./tokens.ts";

/** The secret detectors, each an anchor for the shared scan and a check of its context. */

// ---------------------------------------------------------------- PEM private keys

/** BEGIN ... PRIVATE KEY markers, also PGP's "PRIVATE KEY BLOCK". */
const PEM_LABEL = "[A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----";
const PEM_NL = String.raw`(?:(?:[ \t]*(?:\r?\n|\\r\\n|\\n|<br ?\/?>)){1,3}[ \t]*|[ \t]+)`;
/**
 * After the BEGIN line: units of a separator (a real or JSON-escaped newline, or
 * spaces) and either a whole base64 line or an armour header (Proc-Type, DEK-Info,
 * Comment). The body must start with a real base64 line, so a BEGIN marker quoted in
 * prose or code masks nothing.
 */
const PEM_HEADER = String.raw`(?:Proc-Type|DEK-Info|Comment|Version|Hash): ?[^\r\n\\]{1,200}`;
/** A base64 line ends where the line (real or escaped) or the string does, or at -----END. */
const PEM_LINE = (min: number) => String.raw`[A-Za-z0-9+/=]{${min},4096}(?=[ \t\r\n\\"'<]|-----|$)`;
const PEM_BODY = sticky(
  `${PEM_NL}?(?:${PEM_HEADER}|${PEM_LINE(16)})(?:${PEM_NL}?(?:${PEM_HEADER}|${PEM_LINE(1)})){0,400}(?:${PEM_NL}?-----END ${PEM_LABEL})?`,
);

function pemKey(text: string, at: number, end: number): Found {
  const body = execAt(PEM_BODY, text, end);
  return body ? { start: at, end: end + body[0].length, kind: "private-key" } : undefined;
}

/** Base64 of a PEM private key (kubeconfig client-key-data, Kubernetes tls.key). */
const PEM_B64_HEADS = ["", "RSA ", "EC ", "DSA ", "OPENSSH ", "ENCRYPTED "].map((label) => {
  const head = `-----BEGIN ${label}PRIVATE KEY`;
  return Buffer.from(head.slice(0, head.length - (head.length % 3)), "utf8").toString("base64");
});

// ---------------------------------------------------------------- headers, URLs, command lines

const AUTH_HEADER = sticky(
  String.raw`(?:Proxy-)?Authorization\\{0,2}["']?([ \t]*[:=][ \t]*)\\{0,2}["']?(?:(Bearer|Basic|Token|Bot|Negotiate|NTLM|Key|ApiKey|SSWS|OAuth|Digest|AWS4-HMAC-SHA256)[ \t]+)?([A-Za-z0-9._~+/=-]{1,4096})`,
  "i",
);

function authorization(text: string, at: number): Found {
  // A header's name, not the end of another word (AWS::Redshift::EndpointAuthorization).
  if (/[A-Za-z]/.test(text[at - 1] ?? "")) return undefined;
  const m = execAt(AUTH_HEADER, text, at);
  if (!m) return undefined;
  const end = at + m[0].length;
  const scheme = m[2]?.toLowerCase();
  // Digest answers and AWS signatures are derived from a secret, not the secret.
  if (scheme === "digest" || scheme === "aws4-hmac-sha256") return { none: end };
  const value = m[3]!;
  // `authorization = base64.decodebytes(…)`: an assignment in code, not a header.
  const code = /^[ \t]+=|=[ \t]/.test(m[1]!);
  const ok = plausibleSecret(value, {
    form: code ? "code" : "literal",
    passwordish: false,
    minLength: scheme ? 8 : 16,
    next: text[end],
  });
  if (!ok || (!scheme && !hasDigit(value))) return { none: end };
  return { start: end - value.length, end, kind: "authorization" };
}

const BEARER = sticky(String.raw`(?:Bearer|bearer|BEARER)[ \t]+([A-Za-z0-9._~+/-]{16,4096}=*)`);

function bearer(text: string, at: number): Found {
  const m = execAt(BEARER, text, at);
  if (!m) return undefined;
  const value = m[1]!;
  // Prose ("Bearer authentication") has no digits; tokens do.
  if (!hasDigit(value) || !plausibleSecret(value, { form: "literal", passwordish: false, minLength: 16 }))
    return undefined;
  const end = at + m[0].length;
  return { start: end - value.length, end, kind: "bearer" };
}

/** A command-line value: up to whitespace, a quote or a backslash (JSON escapes). */
const VALUE_CHAR = String.raw`[^\s"'\x60\\]`;

/**
 * scheme://user:password@host: the anchor is `://` and the user up to its colon; the
 * password is read from there to the `@` before the host. A password may hold `@`,
 * `/`, `#` and `?` unencoded (people write them so; clients split at the last `@`), so
 * the `@` taken is the last one followed by a host, up to the first `?` or `#` after
 * a host (`https://u:p@host/a?next=b@c` keeps its query). The user leaves out brackets,
 * so a mask already there (https://[REDACTED:github-token]@host) is no user.
 */
const URL_USER = String.raw`:\/\/[^\s:/@"'<>[\]\\]{0,100}:`;
const URL_HOST = sticky(
  String.raw`(?:[A-Za-z0-9._~%-]{1,255}|\[[0-9A-Fa-f:.]+\])(?=[:/?#\s"'\\]|[),;>](?:\s|$)|$)`,
);

/** Where the password's run ends: whitespace, a quote, a JSON escape. */
function urlRunEnd(text: string, from: number): number {
  const limit = Math.min(text.length, from + 300);
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c <= 32 || c === 34 || c === 39 || c === 96 || c === 127) return i;
    if (c === 92 && /[nrt"'u]/.test(text[i + 1] ?? "")) return i;
  }
  return limit;
}

function urlPassword(text: string, _at: number, end: number): Found {
  const runEnd = urlRunEnd(text, end);
  // The @ taken: the last one before a host that is surely one (dotted, localhost, a
  // port, an IPv6 address), else the last one before anything host-like.
  let at = -1;
  let weak = -1;
  let stop = runEnd;
  for (let i = end; i < stop; i++) {
    if (text.charCodeAt(i) !== 64) continue;
    URL_HOST.lastIndex = i + 1;
    const host = URL_HOST.exec(text);
    if (!host || i + 1 + host[0].length > runEnd) continue;
    const after = i + 1 + host[0].length;
    if (!(/[.[]/.test(host[0]) || host[0] === "localhost" || /^:\d/.test(text.slice(after, after + 2)))) {
      weak = i;
      continue;
    }
    at = i;
    // After a host, a query or fragment is the URL's own text: no password ends there.
    for (let k = after; k < stop; k++)
      if (text[k] === "?" || text[k] === "#") {
        stop = k;
        break;
      }
  }
  if (at < 0) at = weak;
  if (at < 0) return { none: runEnd };
  const value = text.slice(end, at);
  // host:port/path@... is a port, not a password.
  if (/^\d+(?:\/|$)/.test(value) && !/^\d{6,}$/.test(value)) return { none: at };
  if (value === "" || !plausibleSecret(value, { form: "literal", passwordish: true, minLength: 3 }))
    return { none: at };
  return { start: end, end: at, kind: "url-password" };
}

/** `--password <value>` (with a space; `--password=<value>` is a key assignment). */
const FLAG = String.raw`--(?:[a-z0-9]+-){0,3}(?:password|passwd|passphrase|token|secret|api-key|apikey|access-key|secret-key|auth-token|client-secret)(?=[ \t]+[^\s-])`;
const FLAG_VALUE = sticky(String.raw`[ \t]+(["']?)(${VALUE_CHAR}{1,500})`);

function flagValue(text: string, at: number, end: number): Found {
  const m = execAt(FLAG_VALUE, text, end);
  if (!m) return undefined;
  const flag = text.slice(at, end);
  const value = m[2]!;
  const passwordish = /pass/.test(flag);
  const stop = end + m[0].length;
  // `--username and --password options instead of…`: a flag named in prose.
  if (
    /^[a-z]+$/.test(value) &&
    prose(text.slice(Math.max(0, text.lastIndexOf("\n", at) + 1), stop + 200).split("\n")[0]!)
  )
    return { none: stop };
  const ok = plausibleSecret(value, {
    form: "literal",
    passwordish,
    minLength: passwordish ? 6 : 8,
    key: flag,
    next: text[stop],
  });
  return ok ? { start: stop - value.length, end: stop, kind: "cli-password" } : { none: stop };
}

/** `curl -u <user>:<password>`, `--user <user>:<password>` (and wget, httpie alike). */
const USER_FLAG = String.raw`(?<![\w-])(?:-u|--user)[ \t]+`;
const USER_VALUE = sticky(String.raw`(["']?)[^\s:"'\x60\\]{1,100}:(${VALUE_CHAR}{1,200})`);

function userFlag(text: string, _at: number, end: number): Found {
  const m = execAt(USER_VALUE, text, end);
  if (!m) return undefined;
  const value = m[2]!;
  const stop = end + m[0].length;
  // -u 1000:1000 is a uid:gid pair (docker run), not a password.
  if (/^\d+$/.test(value) || !plausibleSecret(value, { form: "literal", passwordish: true, minLength: 4 }))
    return { none: stop };
  return { start: stop - value.length, end: stop, kind: "cli-password" };
}

/** mysql -pPASSWORD (attached: `-p` alone prompts) and `docker login -p`, `sshpass -p`. */
const DB_CLI = String.raw`\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)\b`;
const DB_CLI_VALUE = sticky(String.raw`[^\n]{0,300}?[ \t]-p([^\s"'\x60\\-]${VALUE_CHAR}{2,200})`);
const LOGIN_CLI = String.raw`\b(?:(?:docker|podman|nerdctl|buildah|skopeo|oras) login|sshpass)\b`;
const LOGIN_CLI_VALUE = sticky(
  String.raw`[^\n]{0,300}?[ \t](?:-p|--password)(?:[ \t]+|=)(["']?)(${VALUE_CHAR}{3,200})`,
);

/** `window`: how far the regex looks ahead, skipped after a miss (0: never skip). */
function cliPassword(re: RegExp, group: number, window: number) {
  return (text: string, _at: number, end: number): Found => {
    const m = execAt(re, text, end);
    if (!m) return window ? { none: end + window } : undefined;
    const value = m[group]!;
    const stop = end + m[0].length;
    if (!plausibleSecret(value, { form: "literal", passwordish: true, minLength: 3 })) return { none: stop };
    return { start: stop - value.length, end: stop, kind: "cli-password" };
  };
}

/** .netrc: machine HOST [login USER] password SECRET, on one line or several. */
const NETRC = String.raw`\bmachine[ \t]+`;
const NETRC_VALUE = sticky(
  String.raw`\S{1,200}(?:[ \t\r\n]+(?:login|account|port)[ \t]+\S{1,200}){0,3}[ \t\r\n]+password[ \t]+([^\s"'\x60]{1,200})`,
);

/** Webhook URLs whose path is the credential. */
const WEBHOOK = String.raw`(?:hooks\.slack\.com\/(?:services|workflows|triggers)\/|discord(?:app)?\.com\/api\/webhooks\/)`;
const WEBHOOK_PATH = sticky(`[A-Za-z0-9/_-]{20,300}`);

function webhook(text: string, _at: number, end: number): Found {
  const m = execAt(WEBHOOK_PATH, text, end);
  if (!m || !hasDigit(m[0])) return m ? { none: end + m[0].length } : undefined;
  return { start: end, end: end + m[0].length, kind: "webhook" };
}

/**
 * Cookie and Set-Cookie headers, and curl's -b/--cookie: name=value pairs. A value is
 * masked when it looks random (a session id, a signed token) or its name says it is a
 * session or credential; theme=dark stays. In Set-Cookie only the first pair is the
 * cookie (the rest are attributes).
 */
const COOKIE = String.raw`(?:\b(?:[Ss]et-)?[Cc]ookie|\b(?:SET-)?COOKIE)\\{0,2}["']?[ \t]*[:=][ \t]*\\{0,2}["']?|(?<![\w-])(?:-b|--cookie)[ \t]+["']?`;
const COOKIE_PAIR = sticky(String.raw`[ \t]{0,4}([A-Za-z0-9_.!#$%&*+^|~-]{1,100})=([^;\s"'\\,]{1,4096})(;?)`);
const SESSION_NAME = /(?:sess|sid|session|token|auth|jwt|remember|login|csrf|xsrf|secret|credential)/i;

function cookies(text: string, at: number, end: number): Found {
  const first = /^set-/i.test(text.slice(at, at + 4));
  const spans: SecretSpan[] = [];
  let pos = end;
  for (let n = 0; n < 50; n++) {
    const m = execAt(COOKIE_PAIR, text, pos);
    if (!m) break;
    const value = m[2]!;
    const named = SESSION_NAME.test(m[1]!);
    const ok =
      value.length >= (named ? 6 : 12) &&
      looksRandom(value) &&
      !PLACEHOLDER.test(value) &&
      nameShape(value) !== "name" &&
      !/^[\d.]+$/.test(value) &&
      !NOT_SECRETS.has(value.toLowerCase());
    const stop = pos + m[0].length - m[3]!.length;
    if (ok) spans.push({ start: stop - value.length, end: stop, kind: "cookie" });
    pos += m[0].length;
    if (first || !m[3]) break;
  }
  return spans.length > 0 ? spans : { none: pos };
}

// ---------------------------------------------------------------- provider tokens

const B64URL_RUN = sticky("[A-Za-z0-9_-]*");
function runEnd(text: string, from: number): number {
  B64URL_RUN.lastIndex = from;
  B64URL_RUN.exec(text);
  return B64URL_RUN.lastIndex;
}

/**
 * header.payload.signature, base64url JSON objects (eyJ = `{"`). Read run by run
 * rather than with one regex: a failed match reports how far it read, so a long run
 * full of `eyJ-` is read once, not once per anchor.
 */
function jwt(text: string, at: number): Found {
  const head = runEnd(text, at + 3);
  if (head - at < 11 || text[head] !== "." || !text.startsWith("eyJ", head + 1)) return { none: head };
  const body = runEnd(text, head + 4);
  if (body - head < 12 || text[body] !== ".") return { none: body };
  const sig = runEnd(text, body + 1);
  if (sig - body <= 8) return { none: sig };
  return { start: at, end: sig, kind: "jwt" };
}

/** `redis-cli -a <password>` (and `--pass`). */
const REDIS_CLI = String.raw`\bredis-cli\b`;
const REDIS_CLI_VALUE = sticky(
  String.raw`[^\n]{0,300}?[ \t](?:-a|--pass)[ \t]+(["']?)(${VALUE_CHAR}{3,200})`,
);
/** openssl's `-passin pass:<password>` (also -passout, -pass, -password). */
const OPENSSL_PASS = String.raw`-pass(?:in|out|word)?[ \t]+["']?pass:`;
const OPENSSL_VALUE = sticky(`(${VALUE_CHAR}{1,200})`);

/** A key's secret word, as the assignment and table anchors start with it. */
const SECRET_WORD =
  "(?:[Pp]ass|PASS|[Pp]wd|PWD|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]uth|AUTH|[Kk]ey|KEY|[Ss]ig|SIG|[Cc]redential|CREDENTIAL)";

export const DETECTORS: readonly Detector[] = [
  { kind: "private-key", anchor: `-----BEGIN ${PEM_LABEL}`, find: pemKey },
  { kind: "private-key", anchor: PPK, find: puttyKey },
  {
    kind: "authorization",
    anchor: "(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION)",
    find: (t, at) => authorization(t, at),
  },
  { kind: "bearer", anchor: "\\b(?:Bearer|bearer|BEARER)[ \\t]", find: (t, at) => bearer(t, at) },
  { kind: "url-password", anchor: URL_USER, find: urlPassword },
  { kind: "webhook", anchor: WEBHOOK, find: webhook },
  {
    kind: "assignment",
    anchor: String.raw`\b(?:name|Name|NAME)\\{0,2}["']?[ \t]*[:=]`,
    find: (t, at) => namedValue(t, at),
  },
  ...PROVIDER_TOKENS,
  { kind: "jwt", anchor: String.raw`\beyJ`, find: (t, at) => jwt(t, at) },
  {
    kind: "private-key",
    anchor: `(?:${PEM_B64_HEADS.join("|")})[A-Za-z0-9+/=]{20,20000}`,
    find: (_t, at, end) => ({ start: at, end, kind: "private-key" }),
  },
  { kind: "cookie", anchor: COOKIE, find: cookies },
  { kind: "cli-password", anchor: FLAG, find: flagValue },
  { kind: "cli-password", anchor: USER_FLAG, find: userFlag },
  { kind: "cli-password", anchor: DB_CLI, find: cliPassword(DB_CLI_VALUE, 1, 300) },
  { kind: "cli-password", anchor: LOGIN_CLI, find: cliPassword(LOGIN_CLI_VALUE, 2, 300) },
  { kind: "cli-password", anchor: REDIS_CLI, find: cliPassword(REDIS_CLI_VALUE, 2, 300) },
  { kind: "cli-password", anchor: OPENSSL_PASS, find: cliPassword(OPENSSL_VALUE, 1, 0) },
  { kind: "sql-password", anchor: SQL_PASSWORD, find: sqlPassword },
  // A netrc line may name machines without passwords before one with: never skip.
  { kind: "netrc", anchor: NETRC, find: cliPassword(NETRC_VALUE, 1, 0) },
  { kind: "pgpass", anchor: PGPASS, find: pgpassLine },
  { kind: "assignment", anchor: String.raw`<[\w.:-]{0,40}?${SECRET_WORD}[\w.:-]{0,40}>`, find: xmlElement },
  {
    kind: "assignment",
    // The key's secret word, then the rest of the key and a separator (or, at the
    // start of a line, a table's column gap: `password    S3cr3t` from vault kv get);
    // the start of the key and the value are read from the text around it.
    anchor: String.raw`${SECRET_WORD}[A-Za-z0-9_.-]{0,40}(?:(?:\\{0,2}["'])?\]?[ \t]{0,16}(?::=|=>|[:=])|[ \t]{2,}|\t)`,
    find: (t, at, end) =>
      /[ \t]$/.test(t.slice(end - 1, end)) ? tableRow(t, at, end) : keyAssignment(t, at),
  },
];
