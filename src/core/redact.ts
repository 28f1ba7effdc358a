/**
 * Masks common secrets before cairn stores or shows text: provider tokens with a
 * distinctive prefix, PEM private keys, JWTs, Authorization headers, passwords in URLs
 * and command lines, and values assigned to secret-named keys (.env, YAML, JSON, code).
 *
 * One pass: every detector contributes a short anchor (a distinctive literal, bounded
 * repetition) to a single alternation, so the text is scanned once whatever the number
 * of detectors; each hit is then checked in its context with sticky, bounded regexes,
 * and a detector that read a value and rejected it is not asked again inside that
 * value. So a pass stays linear on multi-megabyte outputs, adversarial ones included.
 *
 * Detection is tuned on test/fixtures/secrets/corpus.jsonl (realistic positives and
 * negatives): a value is masked when its key or prefix says it is a secret and the
 * value itself is not a reference ($VAR, ${{ }}, process.env.X), a placeholder
 * (<token>, ****, your-key-here), a type (string), code (getToken()) or a number.
 */

export interface Redaction {
  readonly text: string;
  readonly count: number;
  readonly kinds: readonly string[];
}

/** A masked range of the input, [start, end). */
export interface SecretSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
}

/**
 * What a detector found where its anchor matched: a secret, nothing, or nothing with
 * the offset up to which it read a value and rejected it. The scan then skips this
 * detector's anchors before that offset: inside one rejected run
 * (`token=$token=$token=...`) they would all read the same run again, quadratically.
 */
type Found = SecretSpan | readonly SecretSpan[] | { readonly none: number } | undefined;

interface Detector {
  readonly kind: string;
  /** Source for the shared scan: no capturing groups, starts with something distinctive. */
  readonly anchor: string;
  /** The secret found where the anchor matched [at, end), if the context says it is one. */
  readonly find: (text: string, at: number, end: number) => Found;
}

const sticky = (source: string, flags = "") => new RegExp(source, `y${flags}`);

function execAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

const hasDigit = (s: string) => /[0-9]/.test(s);
const hasLetter = (s: string) => /[A-Za-z]/.test(s);
const mixedCase = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s);

/** Random-looking enough to be a key rather than a word: real tokens carry digits or mixed case. */
const looksRandom = (s: string) => hasDigit(s) || mixedCase(s) || /[+=]/.test(s);

/** Words that stand where a secret would in docs, types and code, never secrets themselves. */
const NOT_SECRETS = new Set(
  [
    "string",
    "str",
    "number",
    "int",
    "integer",
    "boolean",
    "bool",
    "bytes",
    "any",
    "unknown",
    "object",
    "null",
    "nil",
    "none",
    "undefined",
    "true",
    "false",
    "required",
    "optional",
    "secret",
    "secrets",
    "password",
    "passwords",
    "passwd",
    "pass",
    "pwd",
    "token",
    "tokens",
    "apikey",
    "api_key",
    "api-key",
    "redacted",
    "hidden",
    "masked",
    "removed",
    "omitted",
    "sensitive",
    "protected",
    "empty",
    "default",
    "inherit",
    "include",
    "value",
    "text",
    "secretstr",
    "secretstring",
    "stdin",
    "prompt",
    "changeme",
    "yourpassword",
    "your_password",
    "mypassword",
    "my_password",
    "yourtoken",
    "your_token",
    "test",
    "example",
    "latest",
  ].map((w) => w.toLowerCase()),
);

/** Placeholders and masks in docs, templates and already-masked output. */
const PLACEHOLDER =
  /x{4,}|\*{3,}|\.{3}|•|…|^<|>$|^your[_-]|[_-]here$|placeholder|replace[_-]?me|redacted|^\(?(?:hidden|protected|sensitive|not set|none)\)?$/i;

/**
 * A value that points at a secret kept elsewhere ($VAR, ${X}, %VAR%, #{ruby}, YAML
 * tags and aliases, secret-manager references), or is code, a path or a URL.
 */
const REFERENCE =
  /^(?:[$<[*&(`\\{]|#\{|%\w+%$|![A-Za-z]+$|ENC\[|op:\/\/|vault:|arn:|ssm:|sm:\/\/|secretsmanager:|projects\/|file:|env:|https?:\/\/|\/|\.\.?\/|~\/|[A-Za-z]:\\)/;
const NUMBER = /^[+-]?\d+(?:\.\d+)?[a-z]{0,2}$/i;
const VERSION = /^(?:[~^<>=v]\s*\d|\d+\.\d+|npm:|workspace:|link:|git\+|github:)/;
/** Dotted member access (config.db.password, os.environ): code, not a literal. Tokens have digits. */
const MEMBER = /^[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][A-Za-z_$]*)+$/;
/** camelCase / PascalCase / snake_case / UPPER_SNAKE names without digits: code or a type. */
const IDENTIFIER = /^[A-Za-z_]+$/;

interface ValueContext {
  /** Quoted values are string literals; unquoted ones may be code. */
  readonly quoted: boolean;
  /** Passwords may be plain words; other secrets must look random. */
  readonly passwordish: boolean;
  readonly minLength: number;
  /** The character right after an unquoted value ("(" means a call, "[" an index). */
  readonly next?: string | undefined;
}

/**
 * Words of UI text, docs and messages: a spaced value under a password key that holds
 * one ("Enter your password", "At least 12 characters") is a label, not a passphrase.
 */
const PROSE_WORD =
  /\b(?:your|you|my|enter|choose|type|use|must|should|can|please|the|an?|is|are|be|at|least|of|for|to|in|on|or|not|no|do|does|did|match|matches|required|optional|invalid|incorrect|wrong|forgot|forgotten|reset|change|new|old|current|confirm|characters?|digits?|letters?|symbols?|passwords?|passphrases?|keys?|remember|contact|administrator|it|this|that|here|with|if|when|set|show|hide|field|placeholder|example)\b/i;

/** A quoted run of 2 to 12 plain words with no words of prose, no sentence ending: a passphrase. */
function passphrase(value: string): boolean {
  if (value.length > 200 || /^\s|\s$|\s{2}|[\t\r\n]/.test(value)) return false;
  const words = value.split(" ");
  if (words.length < 2 || words.length > 12) return false;
  if (/[.?:,;()]$|[()]/.test(value) || PROSE_WORD.test(value)) return false;
  return true;
}

/** Whether a value found in a secret's place is a secret rather than a reference, placeholder or code. */
function plausibleSecret(value: string, ctx: ValueContext): boolean {
  if (value.length < ctx.minLength) return false;
  const lower = value.toLowerCase();
  if (NOT_SECRETS.has(lower)) return false;
  if (REFERENCE.test(value) || PLACEHOLDER.test(value)) return false;
  // Numbers are counts, ports and durations, except a long one where a password goes (a PIN).
  if (NUMBER.test(value) && !(ctx.passwordish && /^\d{6,}$/.test(value))) return false;
  if (VERSION.test(value) && !/^\d+$/.test(value)) return false;
  if (/^(.)\1+$/.test(value)) return false;
  // Prose and UI labels, not keys; a quoted password of plain words is a passphrase.
  if (/\s/.test(value) && !(ctx.passwordish && ctx.quoted && passphrase(value))) return false;
  if (!ctx.quoted) {
    if (ctx.next === "(" || ctx.next === "[" || ctx.next === ".") return false;
    if (MEMBER.test(value)) return false;
    // A bare name: a variable (userPassword, api_key) or a type (SecretStr). Plain
    // lowercase words still count for passwords (`password: <word>` in YAML).
    if (IDENTIFIER.test(value) && !(ctx.passwordish && /^[a-z]+$/.test(value))) return false;
  }
  if (!ctx.passwordish && !looksRandom(value)) return false;
  return true;
}

// ---------------------------------------------------------------- secret-named keys

/**
 * Key names (normalised to snake_case) whose value is a secret: the key must end with
 * one of these, so token_url, password_hash, secret_name and max_tokens do not count.
 */
const SECRET_KEY_END =
  /(?:password|passwd|passphrase|secret|token|api_?key|secret_?key(?:_base)?|private_?key|access_?key|signing_?key|encryption_?key|master_?key|account_?key|client_?key|auth_?key|key_data|credentials?)(?:_?\d{1,2})?$/;
const SECRET_KEY_SEGMENT = /(?:_pass|(?:^|_)(?:pwd|auth|app_key|sig|passcode))$/;
const PASSWORD_KEY = /(?:password|passwd|passphrase|passcode|_pass|(?:^|_)pwd)(?:_?\d{1,2})?$/;
/** Tokens that are not credentials: pagination cursors and cancellation handles. */
const NOT_SECRET_KEY = /(?:page|next|prev|continuation|cursor|sync|cancellation|cancel|lexer|parser)_?token$/;

function normaliseKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

function secretKey(key: string): { secret: boolean; passwordish: boolean } {
  const k = normaliseKey(key);
  const secret = (SECRET_KEY_END.test(k) || SECRET_KEY_SEGMENT.test(k)) && !NOT_SECRET_KEY.test(k);
  return { secret, passwordish: secret && PASSWORD_KEY.test(k) };
}

const KEY_CHAR = /[A-Za-z0-9_.-]/;
/** From the secret word on: the rest of the key, an optional closing quote, the separator. */
const KEY_TAIL = sticky(String.raw`([A-Za-z0-9_.-]{0,60}?)(\\{0,2}["'])?[ \t]{0,3}(:=|=>|[:=])`);
/** A value after `key =` / `key:`: double-quoted, single-quoted (JSON-escaped too), or bare. */
const KEY_VALUE = sticky(
  String.raw`[ \t]{0,16}(?:\\{0,2}"([^"\\\r\n]{1,8192})|\\{0,2}'([^'\\\r\n]{1,8192})|([^\s"'\x60,;&|<>(){}\[\]\\]{1,8192}))`,
);

function keyAssignment(text: string, at: number): Found {
  // The key starts before its secret word: DB_PASSWORD, client_secret, _authToken.
  let start = at;
  while (start > 0 && at - start < 60 && KEY_CHAR.test(text[start - 1]!)) start--;
  const tail = execAt(KEY_TAIL, text, at);
  if (!tail) return undefined;
  const kind = secretKey(text.slice(start, at) + tail[1]!);
  if (!kind.secret) return undefined;
  const sepEnd = at + tail[0].length;
  // `==`, `===`: comparisons and version pins (keyring==24.3.0), not assignments.
  if (text[sepEnd] === "=") return undefined;
  const v = execAt(KEY_VALUE, text, sepEnd);
  if (!v) return undefined;
  const quoted = v[1] !== undefined || v[2] !== undefined;
  const value = v[1] ?? v[2] ?? v[3]!;
  const end = sepEnd + v[0].length;
  // `a:b` with nothing quoted and no space is not a mapping (YAML needs the space):
  // ARNs (arn:aws:secretsmanager:...:secret:name), URNs, host:port.
  if (tail[3] === ":" && !tail[2] && !quoted && v[0] === v[3]) return { none: end };
  return judgedValue(text, value, quoted, kind.passwordish, end);
}

/** An assigned value ending at `end`: masked when it looks like a secret, else skipped past. */
function judgedValue(text: string, value: string, quoted: boolean, passwordish: boolean, end: number): Found {
  const ok = plausibleSecret(value, { quoted, passwordish, minLength: passwordish ? 6 : 8, next: text[end] });
  return ok ? { start: end - value.length, end, kind: "assignment" } : { none: end };
}

/**
 * A secret's name and value as a pair: Kubernetes and ECS env lists
 * (`- name: DB_PASSWORD` / `value: ...`), HAR and Postman headers
 * (`{"name": "Authorization", "value": "Bearer ..."}`).
 */
const NAMED_VALUE = sticky(
  String.raw`name\\{0,2}["']?[ \t]*[:=][ \t]*\\{0,2}["']?([A-Za-z0-9_.-]{1,80})\\{0,2}["']?[ \t]*(?:,|\r?\n)[ \t-]{0,20}\\{0,2}["']?value\\{0,2}["']?[ \t]*[:=]`,
);
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Bot|Negotiate|NTLM|Key|ApiKey|SSWS|OAuth) +(?=\S)/i;

function namedValue(text: string, at: number): Found {
  const m = execAt(NAMED_VALUE, text, at);
  if (!m) return undefined;
  const name = m[1]!;
  const header = /^(?:proxy-)?authorization$/i.test(name);
  const kind = header ? { secret: true, passwordish: false } : secretKey(name);
  if (!kind.secret) return undefined;
  const sepEnd = at + m[0].length;
  const v = execAt(KEY_VALUE, text, sepEnd);
  if (!v) return undefined;
  const quoted = v[1] !== undefined || v[2] !== undefined;
  let value = v[1] ?? v[2] ?? v[3]!;
  const end = sepEnd + v[0].length;
  if (header) value = value.replace(AUTH_SCHEME, "");
  return judgedValue(text, value, quoted, kind.passwordish, end);
}

// ---------------------------------------------------------------- PEM private keys

/** BEGIN ... PRIVATE KEY markers, also PGP's "PRIVATE KEY BLOCK". */
const PEM_LABEL = "[A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----";
const PEM_NL = String.raw`(?:(?:[ \t]*(?:\r?\n|\\r\\n|\\n)){1,3}[ \t]*|[ \t]+)`;
/**
 * After the BEGIN line: units of a separator (a real or JSON-escaped newline, or
 * spaces) and either a whole base64 line or an armour header (Proc-Type, DEK-Info,
 * Comment). The body must start with a real base64 line, so a BEGIN marker quoted in
 * prose or code masks nothing.
 */
const PEM_HEADER = String.raw`(?:Proc-Type|DEK-Info|Comment|Version|Hash): ?[^\r\n\\]{1,200}`;
/** A base64 line ends where the line (real or escaped) or the string does, or at -----END. */
const PEM_LINE = (min: number) => String.raw`[A-Za-z0-9+/=]{${min},4096}(?=[ \t\r\n\\"']|-----|$)`;
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
  String.raw`(?:Proxy-)?Authorization\\{0,2}["']?[ \t]*[:=][ \t]*\\{0,2}["']?(?:(Bearer|Basic|Token|Bot|Negotiate|NTLM|Key|ApiKey|SSWS|OAuth|Digest|AWS4-HMAC-SHA256)[ \t]+)?([A-Za-z0-9._~+/=-]{1,4096})`,
  "i",
);

function authorization(text: string, at: number): Found {
  const m = execAt(AUTH_HEADER, text, at);
  if (!m) return undefined;
  const end = at + m[0].length;
  const scheme = m[1]?.toLowerCase();
  // Digest answers and AWS signatures are derived from a secret, not the secret.
  if (scheme === "digest" || scheme === "aws4-hmac-sha256") return { none: end };
  const value = m[2]!;
  const ok = plausibleSecret(value, { quoted: true, passwordish: false, minLength: scheme ? 8 : 16 });
  if (!ok || (!scheme && !hasDigit(value))) return { none: end };
  return { start: end - value.length, end, kind: "authorization" };
}

const BEARER = sticky(String.raw`(?:Bearer|bearer|BEARER)[ \t]+([A-Za-z0-9._~+/-]{16,4096}=*)`);

function bearer(text: string, at: number): Found {
  const m = execAt(BEARER, text, at);
  if (!m) return undefined;
  const value = m[1]!;
  // Prose ("Bearer authentication") has no digits; tokens do.
  if (!hasDigit(value) || !plausibleSecret(value, { quoted: true, passwordish: false, minLength: 16 }))
    return undefined;
  const end = at + m[0].length;
  return { start: end - value.length, end, kind: "bearer" };
}

/** A command-line value: up to whitespace, a quote or a backslash (JSON escapes). */
const VALUE_CHAR = String.raw`[^\s"'\x60\\]`;

/**
 * scheme://user:password@host: the anchor is `://` plus the user info, up to the last
 * @ before a space, quote, ? or # (a password may hold @ and /). Brackets are
 * left out so a mask already there (https://[REDACTED:github-token]@host) is not
 * taken for a user and a password.
 */
const URL_USERINFO = String.raw`:\/\/[^\s:/@"'<>[\]\\]{0,100}:[^\s"'<>[\]\\?#]{1,200}@`;

function urlPassword(text: string, at: number, end: number): Found {
  const info = text.slice(at + 3, end - 1);
  const colon = info.indexOf(":");
  // The password runs to the last @ of the run: people put @ and / in them unencoded
  // (and clients split at the last @). host:port/path@... is a port, not a password.
  const value = info.slice(colon + 1);
  if (/^\d+\//.test(value)) return undefined;
  const numeric = /^\d+$/.test(value);
  if (numeric ? value.length < 6 : !plausibleSecret(value, { quoted: true, passwordish: true, minLength: 3 }))
    return undefined;
  const start = at + 3 + colon + 1;
  return { start, end: start + value.length, kind: "url-password" };
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
  const ok = plausibleSecret(value, {
    quoted: m[1] !== "",
    passwordish,
    minLength: passwordish ? 6 : 8,
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
  if (/^\d+$/.test(value) || !plausibleSecret(value, { quoted: true, passwordish: true, minLength: 4 }))
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
    if (!plausibleSecret(value, { quoted: true, passwordish: true, minLength: 3 })) return { none: stop };
    return { start: stop - value.length, end: stop, kind: "cli-password" };
  };
}

/** .netrc: machine HOST [login USER] password SECRET, on one line or several. */
const NETRC = String.raw`\bmachine[ \t]+`;
const NETRC_VALUE = sticky(
  String.raw`\S{1,200}(?:[ \t\r\n]+(?:login|account|port)[ \t]+\S{1,200}){0,3}[ \t\r\n]+password[ \t]+(\S{1,200})`,
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

/** A token whose prefix says what it is: the whole match is the secret. */
function token(kind: string, anchor: string, check: (s: string) => boolean = hasDigit): Detector {
  return {
    kind,
    anchor: String.raw`\b(?:${anchor})`,
    find: (text, at, end) => {
      const s = text.slice(at, end);
      return check(s) ? { start: at, end, kind } : undefined;
    },
  };
}

const END = "(?![A-Za-z0-9])";

const DETECTORS: readonly Detector[] = [
  { kind: "private-key", anchor: `-----BEGIN ${PEM_LABEL}`, find: pemKey },
  {
    kind: "authorization",
    anchor: "(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION)",
    find: (t, at) => authorization(t, at),
  },
  { kind: "bearer", anchor: "\\b(?:Bearer|bearer|BEARER)[ \\t]", find: (t, at) => bearer(t, at) },
  { kind: "url-password", anchor: URL_USERINFO, find: urlPassword },
  { kind: "webhook", anchor: WEBHOOK, find: webhook },
  {
    kind: "assignment",
    anchor: String.raw`\bname\\{0,2}["']?[ \t]*[:=]`,
    find: (t, at) => namedValue(t, at),
  },
  token("anthropic-key", `sk-ant-[A-Za-z0-9_-]{32,300}`),
  token(
    "openai-key",
    `sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{32,300}|sk-[A-Za-z0-9]{32,200}${END}`,
    (s) => hasDigit(s) && mixedCase(s),
  ),
  token("github-token", `gh[pousr]_[A-Za-z0-9]{36,255}${END}|github_pat_[A-Za-z0-9_]{60,255}`),
  token("gitlab-token", `gl(?:pat|dt|rt|ptt|ft|cbt|soat|oas|imt|agent)-[A-Za-z0-9_.-]{20,300}`),
  token("aws-access-key", `(?:AKIA|ASIA)[0-9A-Z]{16}${END}`),
  token(
    "slack-token",
    String.raw`xox[abposre](?:\.xox[bp])?-[A-Za-z0-9-]{10,250}|xapp-\d-[A-Za-z0-9-]{20,250}`,
  ),
  token("stripe-key", `(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,250}|whsec_[A-Za-z0-9+/=]{24,100}`),
  token("google-api-key", `AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`),
  token(
    "google-oauth",
    String.raw`GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])|ya29\.[A-Za-z0-9_-]{30,2048}|1\/\/0[A-Za-z0-9_-]{40,512}`,
  ),
  token("npm-token", `npm_[A-Za-z0-9]{36}${END}`),
  token("huggingface-token", `hf_[A-Za-z0-9]{34,40}${END}`, (s) => mixedCase(s)),
  token("sendgrid-key", String.raw`SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}`),
  token("digitalocean-token", `do[por]_v1_[a-f0-9]{64}`),
  token("shopify-token", `shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}`),
  token("pypi-token", `pypi-AgE[A-Za-z0-9_-]{50,400}`),
  token("docker-hub-token", `dckr_pat_[A-Za-z0-9_-]{27,40}`, hasLetter),
  token("vault-token", String.raw`hv[sbr]\.[A-Za-z0-9_-]{24,300}`),
  { kind: "jwt", anchor: String.raw`\beyJ`, find: (t, at) => jwt(t, at) },
  token("private-key", `(?:${PEM_B64_HEADS.join("|")})[A-Za-z0-9+/=]{20,20000}`, () => true),
  { kind: "cookie", anchor: COOKIE, find: cookies },
  { kind: "cli-password", anchor: FLAG, find: flagValue },
  { kind: "cli-password", anchor: USER_FLAG, find: userFlag },
  { kind: "cli-password", anchor: DB_CLI, find: cliPassword(DB_CLI_VALUE, 1, 300) },
  { kind: "cli-password", anchor: LOGIN_CLI, find: cliPassword(LOGIN_CLI_VALUE, 2, 300) },
  // A netrc line may name machines without passwords before one with: never skip.
  { kind: "netrc", anchor: NETRC, find: cliPassword(NETRC_VALUE, 1, 0) },
  {
    kind: "assignment",
    // The key's secret word, then the rest of the key and a separator; the start of
    // the key and the value are read from the text around it.
    anchor: String.raw`(?:[Pp]ass|PASS|[Pp]wd|PWD|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]uth|AUTH|[Kk]ey|KEY|[Ss]ig|SIG|[Cc]redential|CREDENTIAL)[A-Za-z0-9_.-]{0,40}(?:\\{0,2}["'])?[ \t]{0,3}(?::=|=>|[:=])`,
    find: (t, at) => keyAssignment(t, at),
  },
];

/** Every detector's anchor as one capturing group, in order: group i + 1 is detector i. */
const SCAN = new RegExp(DETECTORS.map((d) => `(${d.anchor})`).join("|"), "g");

/** The secrets in a text, as non-overlapping spans in order. */
export function findSecrets(text: string): SecretSpan[] {
  const found: SecretSpan[] = [];
  const skipUntil: number[] = DETECTORS.map(() => -1);
  SCAN.lastIndex = 0;
  for (let m = SCAN.exec(text); m; m = SCAN.exec(text)) {
    const at = m.index;
    const end = at + m[0].length;
    let i = 1;
    while (m[i] === undefined) i++;
    if (at < skipUntil[i - 1]!) continue;
    const hit = DETECTORS[i - 1]!.find(text, at, end);
    if (hit === undefined) continue;
    if ("none" in hit) {
      skipUntil[i - 1] = hit.none;
      continue;
    }
    const spans = Array.isArray(hit) ? hit : [hit as SecretSpan];
    for (const span of spans) if (span.end > span.start) found.push(span);
    // Go on after what was masked, so a secret is not found again inside itself.
    SCAN.lastIndex = Math.max(end, ...spans.map((span) => span.end));
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: SecretSpan[] = [];
  for (const s of found) {
    const prev = merged.at(-1);
    if (prev && s.start < prev.end) {
      if (s.end > prev.end) merged[merged.length - 1] = { ...prev, end: s.end };
    } else merged.push(s);
  }
  return merged;
}

export function redact(text: string): Redaction {
  const spans = findSecrets(text);
  if (spans.length === 0) return { text, count: 0, kinds: [] };
  const parts: string[] = [];
  let from = 0;
  const kinds = new Set<string>();
  for (const s of spans) {
    parts.push(text.slice(from, s.start), `[REDACTED:${s.kind}]`);
    kinds.add(s.kind);
    from = s.end;
  }
  parts.push(text.slice(from));
  return { text: parts.join(""), count: spans.length, kinds: [...kinds] };
}
