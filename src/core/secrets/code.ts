/**
 * What a value in a secret's place looks like when it is code rather than a secret:
 * a name (camelCase, snake_case, UPPER_SNAKE, dotted), the key's own name, a
 * reference to a value kept elsewhere ($VAR, ${X}, process.env.X, a path).
 *
 * Names are told from random strings by their shape alone: a name is made of words
 * (humps of letters that read as words, an acronym, a short run of digits at a word's
 * end), and random text is not. The rate at which random strings still pass as names
 * is measured by `npm run bench` (secrets section): well under 1% for tokens of 16
 * characters or more, a few percent for short ones.
 */

/** The humps of a name: an acronym, a word (capitalised or not), a run of digits. */
const HUMPS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;
const VOWEL = /[aeiouy]/;
const TRUE_VOWEL = /[aeiou]/;
const CONSONANTS = /[^aeiouy]{6}/;

/** One part of a name (between `_`, `.`, `$`, `:`, `/`): its humps read as words. */
function namePart(part: string, last: boolean): boolean {
  if (/^\d+$/.test(part)) return !last || part.length <= 2;
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(part)) return false;
  const humps = part.match(HUMPS) ?? [];
  let short = 0;
  let acronyms = 0;
  let digitRuns = 0;
  let letters = 0;
  let words = 0;
  for (let i = 0; i < humps.length; i++) {
    const h = humps[i]!;
    const next = humps[i + 1];
    if (h.charCodeAt(0) <= 57) {
      // utf8, sha256Hash, Http2Session, X509Certificate, readUInt32BE: digits end a
      // word, and a capitalised word (or a last acronym) follows them.
      digitRuns++;
      if (
        next !== undefined &&
        (h.length > 5 || !(/^[A-Z][a-z]/.test(next) || (i + 2 === humps.length && /^[A-Z]+$/.test(next))))
      )
        return false;
      continue;
    }
    letters += h.length;
    words++;
    const upper = h.charCodeAt(h.length - 1) <= 90;
    if (upper && h.length > 1) {
      if (humps.length > 1 && ++acronyms > 2) return false;
      if (h.length > 12 || (h.length > 5 && humps.length > 1)) return false;
    } else if (i > 0 && h.length <= 2) short++;
    const w = h.toLowerCase();
    if (
      !(upper && h.length <= 5) &&
      ((w.length >= 4 && !VOWEL.test(w)) || (w.length >= 5 && !TRUE_VOWEL.test(w)) || CONSONANTS.test(w))
    )
      return false;
  }
  const inner = digitRuns - (humps.at(-1)!.charCodeAt(0) <= 57 ? 1 : 0);
  if (inner > 1 || short > 1) return false;
  // Random mixed case breaks into many short humps; names into few long words.
  return words < 2 || letters / words >= 2.5;
}

const NAME_CHARS = /^[A-Za-z_$][\w$]*(?:(?:\.|::?|\/)[A-Za-z_$][\w$]*)*$/;
const SEPARATORS = /[._$:/]+/;

/**
 * The shape of a value as a name: "name" (several words: getFirstToken, X509_sig_st,
 * DistributionList.NextMarker, FORCE_CHANGE_PASSWORD), "word" (one word, digits
 * after it allowed: python, Summer2024), or undefined (not a name).
 */
export function nameShape(value: string): "name" | "word" | undefined {
  if (value.length > 200) return undefined;
  // Shards[-1].ShardId: an index is part of a path of names.
  if (value.includes("[")) value = value.replace(/\[-?\d{1,4}\]/g, "");
  if (!NAME_CHARS.test(value)) return undefined;
  const parts = value.split(SEPARATORS).filter(Boolean);
  if (parts.length === 0) return undefined;
  for (let i = 0; i < parts.length; i++) if (!namePart(parts[i]!, i === parts.length - 1)) return undefined;
  if (parts.length > 1) return "name";
  return (parts[0]!.match(HUMPS) ?? []).filter((h) => h.charCodeAt(0) > 57).length > 1 ? "name" : "word";
}

/** Letters and digits only, lower case: the key and value compared as names. */
const flat = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");
/** The words that make a key secret, as they appear in a value naming the same thing. */
const SECRET_WORD = /pass(?:word|wd|phrase|code)?|pwd|secret|token|credentials?|auth|sig|key/g;

/**
 * A value that names what its key names: the key itself (getFirstToken: "getFirstToken",
 * "utf_8_sig": "UTF-8-SIG") or words around the key's secret word with no digits
 * (NOPASSWORD = "no-password-required", ALLOW_CREDENTIALS = "Access-Control-Allow-Credentials").
 */
export function ownName(value: string, key: string | undefined): boolean {
  if (!key) return false;
  const v = flat(value);
  const last =
    key
      .split(/[.[\]"'>:/]+/)
      .filter(Boolean)
      .at(-1) ?? key;
  if (v.length > 0 && (v === flat(last) || v === flat(key))) return true;
  // X = module.X: a name taken from elsewhere under its own name.
  if (/[.:]/.test(value) && flat(value.split(/[.:]+/).at(-1)!) === flat(last)) return true;
  if (!/^[A-Za-z]+(?:[ _.:/-]+[A-Za-z]+)*$/.test(value)) return false;
  const words = flat(last).match(SECRET_WORD) ?? [];
  return words.some((w) => v.includes(w));
}

/**
 * `$VAR`, `${VAR}`, `$(cmd)`, `$1`, `$HOME/x`: a shell or template reference. A value
 * that merely starts with a dollar ($uperS3cret99, $Z?yib^dZG) is a password.
 */
function dollarReference(value: string): boolean {
  if (/^\$[({]|^\$\d{1,2}$|^\$[@*#?!$]$/.test(value)) return true;
  const m = /^\$([A-Za-z_]\w*)((?:[/:.-][\w./:-]*)?)$/.exec(value);
  return m !== null && nameShape(m[1]!) !== undefined;
}

/** A path whose parts read as names: /run/secrets/db_password, ~/.config/x, C:\app\pw. */
function pathReference(value: string): boolean {
  const m = /^(?:~|\.{1,2}|[A-Za-z]:)?[/\\](.*)$/s.exec(value);
  if (!m) return false;
  const parts = m[1]!.split(/[/\\]+/).filter(Boolean);
  if (parts.length === 0) return true;
  // Base64 keys may start with a slash (1 in 64 AWS secret keys): their parts are random.
  return parts.every(
    (p) =>
      /^[\w.@+-]+$/.test(p) &&
      p.split(/[.@+-]+/).every((w) => w === "" || /^\d+$/.test(w) || nameShape(w) !== undefined),
  );
}

/**
 * A value that points at a secret kept elsewhere ($VAR, ${X}, %VAR%, #{ruby}, {{ x }},
 * YAML tags and aliases, secret-manager references), or is a path or a URL.
 */
const REFERENCE =
  /^(?:\{[A-Za-z_][\w.]*\}$|%\(\w+\)[a-z]$|%[sdr]$|#\{|\{\{|\{%|%\w+%$|![A-Za-z]+$|ENC\[|op:\/\/|vault:|arn:|ssm:|sm:\/\/|secretsmanager:|projects\/|file:|env:|https?:\/\/|<%|@Model\.|\$\$)/;

/** An object's default string in Java and its kin: a qualified class and its identity hash (android.os.BinderProxy@2bd79ce). */
const OBJECT_IDENTITY = /^(?:[a-z_][\w]*\.)+[A-Z][\w$]*@[0-9a-f]{1,8}$/;

export function isReference(value: string): boolean {
  if (REFERENCE.test(value) || OBJECT_IDENTITY.test(value)) return true;
  const c = value[0];
  if (c === "$") return dollarReference(value);
  // YAML anchors and aliases: &name, *name.
  if ((c === "&" || c === "*") && /^.[A-Za-z_][\w-]*$/.test(value))
    return (
      /^.[a-z_][a-z0-9_-]*$/.test(value) ||
      value
        .slice(1)
        .split("-")
        .every((w) => nameShape(w) !== undefined)
    );
  if (c === "/" || c === "~" || c === "." || c === "\\" || /^[A-Za-z]:\\/.test(value))
    return pathReference(value);
  return false;
}

/**
 * Unquoted code where a secret would stand: a member chain of names (config.db.password,
 * browser.options?.channel), a call or an index of a name (os.getenv(…), headers[…]),
 * a generic type (Option<SecretString>), an expression (a ?? b, a || b, x => y), a
 * structure ({...}, [...], (...)), or code cut off mid-way (an opener never closed).
 * A password that merely holds a bracket is none of these: the name before a bracket
 * must read as a name.
 */
const EXPRESSION = /\?\.|!\.|\?\?|\|\||&&|=>|!==?|===?(?!=*$)|^[([{]/;
/** A call, index or generic of a name, or of a member of one: os.getenv(, self._input.LA(, Option<. */
const APPLIED = /^[A-Za-z_$][\w$]*((?:(?:\.|::)[A-Za-z_$][\w$]*)*)[([<]/;
const MEMBER_CHAIN = /^[!@&*#]?[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$#][\w$]*)+$/;

function unclosed(value: string): boolean {
  const n = (c: string) => value.split(c).length - 1;
  return n("(") > n(")") || n("[") > n("]") || n("{") > n("}") || n("<") > n(">");
}

export function codeExpression(value: string, next: string | undefined): boolean {
  if (next === "(" || next === "[" || next === "." || next === "?") return true;
  if (EXPRESSION.test(value)) return true;
  const applied = APPLIED.exec(value);
  // A member's call is code; a bare one when its name reads as a name or it is whole (b64decode(x)).
  if (
    applied &&
    (applied[1] !== "" ||
      nameShape(value.slice(0, applied[0].length - 1)) !== undefined ||
      /\)[,;]?$/.test(value))
  )
    return true;
  if (!MEMBER_CHAIN.test(value)) return false;
  // A token with dots (a bootstrap token, a signed value) has random parts; code has names.
  return value
    .replace(/^[!@&*#]/, "")
    .split(/\.|::/)
    .every((p) => nameShape(p.replace(/^[#$]/, "")) !== undefined);
}

/** Code cut off by what ends an unquoted value (a space, a quote): an opener never closed. */
export const cutCode = (value: string) => unclosed(value) && /^[A-Za-z_$]/.test(value);
