import { isReference } from "./code.ts";
import { execAt, type Found, passphrase, plausibleSecret, prose, sticky, type ValueForm } from "./judge.ts";
import { type Run, readQuoted, readUnquoted, restOfLine, type Value } from "./values.ts";

/**
 * Values under secret-named keys: assignments (.env, YAML, JSON, code, XML attributes),
 * name/value pairs (Kubernetes env lists, HAR headers, `aws ssm get-parameter`,
 * `az storage account keys list`), XML elements (`<password>…</password>`) and
 * two-column tables (`vault kv get`).
 */

/**
 * Key names (normalised to snake_case) whose value is a secret: the key must end with
 * one of these, so token_url, password_hash, secret_name and max_tokens do not count.
 */
const SECRET_KEY_END =
  /(?:password|passwd|passphrase|secret|token|api_?key|secret_?key(?:_base)?|private_?key|access_?key|signing_?key|encryption_?key|master_?key|account_?key|client_?key|auth_?key|key_data|credentials?)(?:_?\d{1,2})?$/;
const SECRET_KEY_SEGMENT = /(?:_pass|(?:^|_)(?:pwd|auth|app_key|sig|passcode))$/;
const PASSWORD_KEY = /(?:password|passwd|passphrase|passcode|_pass|(?:^|_)pwd)(?:_?\d{1,2})?$/;
/** Keys whose values are often not secrets (mechanism names, short flags): only long random values count. */
const WEAK_KEY = /(?:^|_)(?:auth|sig)$/;
/** Tokens that are not credentials: pagination cursors and cancellation handles. */
const NOT_SECRET_KEY =
  /(?:page|next|prev|continuation|cursor|sync|cancellation|cancel|lexer|parser|public_?key)_?token$/;

function normaliseKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

interface KeyKind {
  readonly secret: boolean;
  readonly passwordish: boolean;
  readonly weak: boolean;
}

/** Keys seen lately: text repeats its keys, and normalising one costs more than the rest of a look. */
const KINDS = new Map<string, KeyKind>();

export function secretKey(key: string): KeyKind {
  const known = KINDS.get(key);
  if (known) return known;
  const k = normaliseKey(key);
  const secret = (SECRET_KEY_END.test(k) || SECRET_KEY_SEGMENT.test(k)) && !NOT_SECRET_KEY.test(k);
  const kind = { secret, passwordish: secret && PASSWORD_KEY.test(k), weak: secret && WEAK_KEY.test(k) };
  if (KINDS.size >= 4096) KINDS.clear();
  KINDS.set(key, kind);
  return kind;
}

interface Place {
  readonly form: ValueForm;
  readonly kind: KeyKind;
  readonly key?: string | undefined;
  /** Where an unquoted value stands (see readUnquoted). */
  readonly run?: Run;
}

/** The smallest value worth masking under a key of this kind. */
const minLength = (kind: KeyKind) => (kind.weak ? 12 : kind.passwordish ? 6 : 8);

/**
 * Reads and judges the value at `at` (after the separator and its spaces): masked
 * when it is a secret; otherwise the offset to skip to. A structure (`{…}`, `[…]`, a
 * JSON document in a string) is skipped only up to its start, so keys inside it are
 * still looked at.
 */
export function judgeValueAt(text: string, at: number, place: Place): Found {
  const c = text[at];
  const quoted = c === '"' || c === "'" || c === "`" || c === "\\";
  const v: Value | undefined = quoted ? readQuoted(text, at) : readUnquoted(text, at, place.run);
  if (!v) return { none: at };
  let value = v.text;
  let end = v.end;
  const form: ValueForm = v.quote === "" ? place.form : place.form === "literal" ? "literal" : "quoted";
  if (v.quote === "`" && value.includes("${")) return { none: v.stop };
  // A structure (a YAML flow map, a JSON document in a string) is skipped only up to
  // its start, so keys inside it are still looked at.
  if (structure(value, v.quote, form)) return { none: v.start };
  // YAML runs an unquoted value to the end of the line: a passphrase of plain words
  // is one value; words of prose make the whole a label (`pwd: expected bytes, got str`).
  if (
    v.quote === "" &&
    form === "yaml" &&
    place.kind.passwordish &&
    text[v.end] === " " &&
    !isReference(value)
  ) {
    const line = restOfLine(text, v.start);
    if (line.length > value.length) {
      if (passphrase(line)) {
        value = line;
        end = v.start + line.length;
      } else if (prose(line)) return { none: v.start + line.length };
    }
  }
  const ok = plausibleSecret(value, {
    form,
    passwordish: place.kind.passwordish,
    minLength: minLength(place.kind),
    key: place.key,
    next: text[end],
  });
  if (ok && place.kind.weak && !/[0-9+/=]/.test(value)) return { none: v.stop };
  return ok ? { start: v.start, end, kind: "assignment" } : { none: v.stop };
}

/** `{…}`/`[…]` unquoted in code or YAML, or a JSON document in a string (`"{\"user\": …}"`). */
function structure(value: string, quote: string, form: ValueForm): boolean {
  const v = value.trim();
  if (quote === "") return form !== "literal" && /^[[{(]/.test(v);
  return /^(?:\{[\s\S]*\}|\[[\s\S]*\])$/.test(v) && /["':]/.test(v) && /^[[{]\s*["'[{]/.test(v);
}

const isKeyChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46 || c === 45;

/**
 * Where the key that holds the secret word at `at` starts: DB_PASSWORD, client_secret,
 * _authToken. A JSON-encoded line break (`\nSECRET_KEY=`) ends the key before it.
 */
function keyStart(text: string, at: number): number {
  let start = at;
  while (start > 0 && at - start < 60 && isKeyChar(text.charCodeAt(start - 1))) {
    if (text[start - 2] === "\\" && /[nrt]/.test(text[start - 1]!)) break;
    start--;
  }
  return start;
}

/** From the secret word on: the rest of the key, a closing quote or bracket, the separator. */
const KEY_TAIL = sticky(
  String.raw`([A-Za-z0-9_.-]{0,60}?)(\\{0,2}["'])?(\])?([ \t]{0,16})(:=|=>|[:=])([ \t]{0,16})`,
);

/**
 * `.env` and shell style, where an unquoted value is always data: `UPPER_KEY=value` at
 * the start of a line or a string or after a space (`export X=…`, `docker run -e X=…`),
 * any key at the start of a line (`db.password=…` in .properties, `password=…` from
 * `git credential fill`), `--db-password=value`, a query's or a connection string's
 * pair. `p.token=x` inside code (`else p.token=l;`, `[opts.token=x]`) is not.
 */
function literalEquals(key: string, text: string, start: number): boolean {
  const before = text[start - 1] ?? "\n";
  // A query's or a connection string's pair: one plain word (`;Password=`), not code (`;i.token=`).
  if ((before === "?" || before === "&" || before === ";") && /^[A-Za-z_-]+$/.test(key)) return true;
  const lineStart = before === "\n" || (before === "n" && text[start - 2] === "\\");
  if (/^[A-Z][A-Z0-9_]*$/.test(key)) return lineStart || /[ \t"']/.test(before);
  return lineStart || key.startsWith("-");
}

export function keyAssignment(text: string, at: number): Found {
  const start = keyStart(text, at);
  const tail = execAt(KEY_TAIL, text, at);
  if (!tail) return undefined;
  let sepEnd = at + tail[0].length;
  let sep = tail[5]!;
  // A path's part (AWS::SecretsManager::Secret, Token::Ident) names a type, not a key.
  if (text[start - 1] === ":" && text[start - 2] === ":") return { none: sepEnd };
  const key = text.slice(start, at) + tail[1]!;
  // `key: password`, `keyName: key1`: the first field of a name/value pair.
  if (NAME_KEY.test(key)) return namedValue(text, start);
  const kind = secretKey(key);
  if (!kind.secret) return undefined;
  const bare = !tail[2] && !tail[3] && tail[4] === "";
  // `DB_PASSWORD=>IT!…`: a .env value that starts with `>`, not PHP's `=>`.
  if (sep === "=>" && bare && tail[6] === "" && literalEquals(key, text, start)) {
    sep = "=";
    sepEnd -= 1;
  }
  const literal = sep === "=" && bare && literalEquals(key, text, start);
  // `==`, `===`: comparisons and version pins (keyring==24.3.0), not assignments,
  // except a .env value that starts with `=`.
  if (sep === "=" && text[sepEnd - tail[6]!.length] === "=" && (!literal || text[sepEnd + 1] === "="))
    return undefined;
  const quote = tail[2] !== undefined;
  const next = text[sepEnd];
  const valueQuoted = next === '"' || next === "'" || next === "`" || next === "\\";
  // `a:b` with nothing quoted and no space is not a mapping (YAML needs the space):
  // ARNs (arn:aws:secretsmanager:...:secret:name), URNs, host:port.
  if (sep === ":" && !quote && !valueQuoted && tail[6] === "" && tail[4] === "") return { none: sepEnd };
  const form: ValueForm = literal ? "literal" : sep === ":" ? "yaml" : "code";
  return judgeValueAt(text, sepEnd, { form, kind, key, run: runOf(form, text[start - 1] ?? "\n") });
}

/** Where an unquoted value after this key stands, from the form and the character before the key. */
function runOf(form: ValueForm, before: string): Run {
  if (before === "?" || before === "&") return "query";
  if (form === "literal") return /[;,(]/.test(before) ? "list" : "alone";
  return form === "code" ? "code" : "list";
}

// ---------------------------------------------------------------- name/value pairs

/**
 * A secret's name and value as a pair, other fields allowed between them in the same
 * object: Kubernetes and ECS env lists (`- name: DB_PASSWORD` / `value: ...`), HAR and
 * Postman headers, NuGet's `key="ClearTextPassword" value="…"`, `aws ssm
 * get-parameter` (`"Name": "/prod/db/password", "Type": "SecureString", "Value": …`),
 * `az storage account keys list` (`"keyName": "key1", …, "value": …`).
 */
const NAME_KEY = /^(?:name|Name|NAME|keyName|KeyName|key|Key|ParameterKey)$/;
const NAME_FIELD = sticky(
  String.raw`(name|Name|NAME|keyName|KeyName|key|Key|ParameterKey)\\{0,2}["']?[ \t]*[:=][ \t]*`,
);
const NAME_VALUE = sticky(String.raw`\\{0,2}["']?([A-Za-z0-9_./:-]{1,120})`);
/** What lies between the name and the value: fields of the same object, no new item. */
const BETWEEN = sticky(
  String.raw`\\{0,2}["']?((?:(?!\r?\n[ \t]*-[ \t]|\b(?:name|Name|key|Key)\\{0,2}["']?[ \t]*[:=])[^{}[\]]){0,300}?)\b(?:value|Value|VALUE|ParameterValue)\\{0,2}["']?[ \t]*[:=][ \t]*`,
);
const AUTH_SCHEME = /^(?:Bearer|Basic|Token|Bot|Negotiate|NTLM|Key|ApiKey|SSWS|OAuth) +(?=\S)/i;

export function namedValue(text: string, at: number): Found {
  const field = execAt(NAME_FIELD, text, at);
  if (!field) return undefined;
  const n = execAt(NAME_VALUE, text, at + field[0].length);
  if (!n) return undefined;
  const nameEnd = at + field[0].length + n[0].length;
  const name = n[1]!;
  const header = /^(?:proxy-)?authorization$/i.test(name);
  const keyName = /^keyname$/i.test(field[1]!);
  const named = header || keyName ? undefined : secretKey(name.split(/[/:]/).filter(Boolean).at(-1) ?? name);
  // An SSM parameter of type SecureString is a secret whatever its name; any other
  // name must say so, which is checked before the (longer) search for the value.
  const secure =
    !header && !keyName && !named?.secret && text.slice(nameEnd, nameEnd + 200).includes("SecureString");
  if (named && !named.secret && !secure) return { none: nameEnd };
  const between = execAt(BETWEEN, text, nameEnd);
  if (!between) return { none: nameEnd };
  if (secure && !/["']?Type["']?[ \t]*:[ \t]*["']?SecureString/.test(between[1]!)) return { none: nameEnd };
  const kind = named?.secret ? named : { secret: true, passwordish: false, weak: false };
  const sepEnd = nameEnd + between[0].length;
  if (!header) return judgeValueAt(text, sepEnd, { form: "literal", kind, key: name });
  // A header's value keeps its scheme: `Basic <credentials>`.
  const v =
    text[sepEnd] === '"' || text[sepEnd] === "\\" || text[sepEnd] === "'"
      ? readQuoted(text, sepEnd)
      : readUnquoted(text, sepEnd);
  if (!v) return { none: sepEnd };
  const scheme = AUTH_SCHEME.exec(v.text)?.[0].length ?? 0;
  const value = v.text.slice(scheme);
  const ok = plausibleSecret(value, { form: "literal", passwordish: false, minLength: 8 });
  return ok ? { start: v.start + scheme, end: v.end, kind: "assignment" } : { none: v.stop };
}

// ---------------------------------------------------------------- tables and XML

/**
 * A two-column row at the start of a line, `password    S3cr3t` (`vault kv get`,
 * `vault read`): the key, two or more spaces (or a tab), one value, the end of the line.
 */
const ROW_VALUE = sticky(String.raw`((?:[^\s\\]|\\(?![nr"])){1,4096})[ \t]*(?=\r?\n|\\[nr"]|$)`);

export function tableRow(text: string, at: number, end: number): Found {
  const start = keyStart(text, at);
  // At the start of a line, real or JSON-encoded (`\n`).
  if (start > 0 && text[start - 1] !== "\n" && !(text[start - 1] === "n" && text[start - 2] === "\\"))
    return undefined;
  const key = text.slice(start, end).trimEnd();
  const kind = secretKey(key);
  if (!kind.secret) return undefined;
  const m = execAt(ROW_VALUE, text, end);
  if (!m) return { none: end };
  const value = m[1]!;
  const ok = plausibleSecret(value, {
    form: "literal",
    passwordish: kind.passwordish,
    minLength: minLength(kind),
    key,
  });
  return ok ? { start: end, end: end + value.length, kind: "assignment" } : { none: end + m[0].length };
}

/** `<password>S3cr3t</password>`, `<apiToken>…</apiToken>` (Maven settings.xml, .NET configs). */
const XML_TEXT = sticky(String.raw`[ \t]*([^<>\r\n]{1,4096}?)[ \t]*</`);

export function xmlElement(text: string, at: number, end: number): Found {
  const tag = text.slice(at + 1, end - 1);
  const kind = secretKey(tag.split(":").at(-1)!);
  if (!kind.secret) return undefined;
  const m = execAt(XML_TEXT, text, end);
  if (!m || !text.startsWith(`${tag}>`, end + m[0].length)) return { none: end };
  const value = m[1]!;
  const start = end + m[0].indexOf(value);
  const ok = plausibleSecret(value, {
    form: "literal",
    passwordish: kind.passwordish,
    minLength: minLength(kind),
    key: tag,
  });
  return ok ? { start, end: start + value.length, kind: "assignment" } : { none: end + m[0].length };
}
