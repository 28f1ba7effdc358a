import { codeExpression, cutCode, isReference, nameShape, ownName } from "./code.ts";

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
/** Case changing inside a run (aB), as in random text; a capital that starts a word does not count. */
const caseShifts = (s: string) => /[a-z][A-Z]/.test(s);

/** Random-looking enough to be a key rather than a word: real tokens carry digits or mixed case. */
export const looksRandom = (s: string) => hasDigit(s) || caseShifts(s) || /[^A-Za-z0-9_.-]/.test(s);

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
  /x{4,}|\*{3,}|\.{3}|•|…|^<[\w .-]*>$|^<[a-z_-]+$|^your[_-]|[_-]here$|placeholder|replace[_-]?me|redacted|^\(?(?:hidden|protected|sensitive|not set|none)\)?$/i;

const NUMBER = /^(?:[+-]?\d+(?:\.\d+)?[a-z]{0,2}|\d+(?:\.\d+){2,}|0x[0-9a-f]+|0o[0-7]+|0b[01]+)$/i;
const VERSION =
  /^(?:(?:[~^]|[<>]=?|==?)?\s*v?\d+(?:\.(?:\d+|x|\*)){1,3}(?:[-+][\w.]+)?|(?:npm|workspace|link|github):\S+|git\+\S+)$/;
/** AWS Signature V4 credential scope (KEY/20220524/us-east-1/s3/aws4_request): public. */
const SIGV4_SCOPE = /\/\d{8}\/[\w-]+\/[\w-]+\/aws4_request$/;

/**
 * Where a value stands, which says how much of it may be code:
 * - "quoted": a string literal (code, JSON, YAML): a name in it is still code
 *   (getFirstToken: "getFirstToken"), a single word is a literal;
 * - "literal": certainly data (a URL's password, a command-line value, .env
 *   `UPPER_KEY=value`, a query parameter, XML text, a table row, .pgpass): only
 *   references and placeholders are spared;
 * - "yaml": unquoted after `key: ` (YAML, or a JS object, or a type annotation):
 *   names, types and expressions are code, words under a password key are literals;
 * - "code": unquoted after `key = ` (code, or INI): names, words without digits and
 *   expressions are code.
 */
export type ValueForm = "quoted" | "literal" | "yaml" | "code";

export interface ValueContext {
  readonly form: ValueForm;
  /** Passwords may be plain words; other secrets must look random. */
  readonly passwordish: boolean;
  readonly minLength: number;
  /** The key as written (DB_PASSWORD, getFirstToken): a value naming it is not a secret. */
  readonly key?: string | undefined;
  /** The character right after an unquoted value ("(" means a call, "[" an index). */
  readonly next?: string | undefined;
}

/**
 * Words of UI text, docs and messages: a spaced value under a password key that holds
 * one ("Enter your password", "At least 12 characters") is a label, not a passphrase.
 */
const PROSE_WORD =
  /\b(?:your|you|my|enter|choose|type|use|must|should|can|please|the|an?|is|are|be|at|least|of|for|to|in|on|or|not|no|do|does|did|match|matches|required|optional|invalid|incorrect|wrong|forgot|forgotten|reset|change|new|old|current|confirm|characters?|digits?|letters?|symbols?|passwords?|passphrases?|keys?|remember|contact|administrator|it|this|that|here|with|if|when|set|show|hide|field|placeholder|example|expected|got|bytes)\b/i;

/** Whether a text holds a word of UI text or docs. */
export const prose = (s: string) => PROSE_WORD.test(s);

/** A run of 2 to 12 plain words with no words of prose, no sentence ending: a passphrase. */
export function passphrase(value: string): boolean {
  if (value.length > 200 || /^\s|\s$|\s{2}|[\t\r\n]/.test(value)) return false;
  const words = value.split(" ");
  if (words.length < 2 || words.length > 12) return false;
  if (!words.every((w) => /^[\p{L}\p{N}][\p{L}\p{N}'!#%*+@^~-]*[.!?]?$/u.test(w))) return false;
  if (/[.?:,;()]$|[()]/.test(value) || PROSE_WORD.test(value)) return false;
  return true;
}

/** Whether a value found in a secret's place is a secret rather than a reference, placeholder or code. */
export function plausibleSecret(value: string, ctx: ValueContext): boolean {
  if (value.length < ctx.minLength) return false;
  if (NOT_SECRETS.has(value.toLowerCase())) return false;
  if (isReference(value) || PLACEHOLDER.test(value) || SIGV4_SCOPE.test(value)) return false;
  // Numbers are counts, ports and durations, except a long one where a password goes (a PIN).
  if (NUMBER.test(value) && !(ctx.passwordish && /^\d{6,}$/.test(value))) return false;
  if (VERSION.test(value) && !/^\d+$/.test(value)) return false;
  if (/^(.)\1+$/.test(value)) return false;
  if (ownName(value, ctx.key)) return false;
  // Prose and UI labels, not keys; a password of plain words is a passphrase.
  if (/\s/.test(value)) return ctx.passwordish && ctx.form !== "code" && passphrase(value);
  if (ctx.form !== "literal") {
    const shape = nameShape(value.replace(/^[?#@:!%&*~^]/, ""));
    if (shape === "name") return false;
    if (ctx.form !== "quoted" && (codeExpression(value, ctx.next) || cutCode(value))) return false;
    // A word in code is a variable (password = hashed); elsewhere a literal.
    if (shape === "word" && ctx.form === "code" && !/\d/.test(value)) return false;
  }
  if (!ctx.passwordish && !looksRandom(value)) return false;
  return true;
}
