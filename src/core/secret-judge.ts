/**
 * How a secret detector reports what it found, and how a value found where a secret
 * would stand is judged: a secret, or a reference, placeholder, type or code.
 */

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
export type Found = SecretSpan | readonly SecretSpan[] | { readonly none: number } | undefined;

export interface Detector {
  readonly kind: string;
  /** Source for the shared scan: no capturing groups, starts with something distinctive. */
  readonly anchor: string;
  /** The secret found where the anchor matched [at, end), if the context says it is one. */
  readonly find: (text: string, at: number, end: number) => Found;
}

export const sticky = (source: string, flags = "") => new RegExp(source, `y${flags}`);

export function execAt(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

export const hasDigit = (s: string) => /[0-9]/.test(s);
export const hasLetter = (s: string) => /[A-Za-z]/.test(s);
export const mixedCase = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s);

/** Random-looking enough to be a key rather than a word: real tokens carry digits or mixed case. */
export const looksRandom = (s: string) => hasDigit(s) || mixedCase(s) || /[+=]/.test(s);

/** Words that stand where a secret would in docs, types and code, never secrets themselves. */
export const NOT_SECRETS = new Set(
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
export const PLACEHOLDER =
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
export function plausibleSecret(value: string, ctx: ValueContext): boolean {
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
