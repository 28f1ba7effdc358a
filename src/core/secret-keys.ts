import { execAt, type Found, plausibleSecret, sticky } from "./secret-judge.ts";

/** Values assigned to secret-named keys (.env, YAML, JSON, code) and name/value pairs. */

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

export function keyAssignment(text: string, at: number): Found {
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

export function namedValue(text: string, at: number): Found {
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
