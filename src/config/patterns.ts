/**
 * Regular expressions from a config (compress.never) run inside hooks, on
 * command lines and paths: one like `(a+)+$` would backtrack for longer than any hook
 * may take. So every such pattern is checked when the config is read (short, no
 * backreferences, no quantified group that holds a quantifier or an alternation) and
 * refused otherwise; the ones kept run on V8's linear-time engine where this Node has
 * it, and always on a capped subject.
 */
const PATTERN_MAX_CHARS = 200;
/** The part of a command line or path a pattern sees. */
const SUBJECT_MAX_CHARS = 4096;

/** Why a pattern is refused, or undefined when it may run. */
export function patternProblem(pattern: unknown): string | undefined {
  if (typeof pattern !== "string") return "not a string";
  if (pattern.length > PATTERN_MAX_CHARS) return `longer than ${PATTERN_MAX_CHARS} characters`;
  if (/\\[1-9]|\\k</.test(pattern)) return "has a backreference (cannot run in bounded time)";
  const nested = nestedQuantifier(pattern);
  if (nested) return nested;
  try {
    new RegExp(pattern);
  } catch (err) {
    return `invalid: ${(err as Error).message}`;
  }
  if (linearEngine() && !compileLinear(pattern)) return "cannot run in linear time";
  return undefined;
}

/**
 * A group repeated without bound (`)*`, `)+`, `){n,}`) whose body repeats or
 * alternates: the shape of catastrophic backtracking. Escapes and character classes
 * are skipped; bounded repetitions of a group (`){2}`, `)?`) are fine.
 */
function nestedQuantifier(p: string): string | undefined {
  const starts: { at: number; inner: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") starts.push({ at: i, inner: false });
    else if (c === ")") {
      const g = starts.pop();
      if (!g) continue;
      const q = p.slice(i + 1, i + 12);
      const unbounded = /^(?:[*+]|\{\d*,\}|\{\d*,\d{3,}\})/.test(q);
      if (unbounded && g.inner)
        return "nested quantifier (a repeated group that repeats or alternates inside)";
      // What this group holds counts for the group around it.
      if (starts.length > 0 && (g.inner || unbounded || /^[?{]/.test(q))) starts.at(-1)!.inner = true;
    } else if ("*+?{|".includes(c) && starts.length > 0) starts.at(-1)!.inner = true;
  }
  return undefined;
}

/** V8's linear-time engine flag (TypeScript does not know it). */
const LINEAR_FLAG: string = "l";

let linear: boolean | undefined;
/** Whether this V8 accepts the `l` (linear engine) flag; enabled once, on first use. */
function linearEngine(): boolean {
  if (linear !== undefined) return linear;
  try {
    // Loaded here, not at the top: a hook without patterns never pays for node:v8.
    process.getBuiltinModule("node:v8").setFlagsFromString("--enable-experimental-regexp-engine");
    new RegExp("a", LINEAR_FLAG);
    linear = true;
  } catch {
    linear = false;
  }
  return linear;
}

function compileLinear(pattern: string, flags = ""): RegExp | undefined {
  try {
    return new RegExp(pattern, flags + LINEAR_FLAG);
  } catch {
    return undefined;
  }
}

const compiled = new Map<string, RegExp | null>();

/** The pattern ready to run, or null when it is refused. */
function compile(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re !== undefined) return re;
  re = patternProblem(pattern) ? null : (linearEngine() && compileLinear(pattern)) || new RegExp(pattern);
  compiled.set(pattern, re);
  return re;
}

/**
 * A pattern someone asked for (a retrieval's --grep, the MCP tool's `grep`), held to
 * the same checks and run on the same engine as config patterns: the RegExp, or why it
 * is refused. It runs over whole lines of an output, each in linear time on that engine.
 * That engine has no `i` flag: case-insensitive is the pattern with each letter written
 * as both its cases (`[eE][rR]{2}`), which matches what `i` matches for letters whose
 * cases are one character each.
 */
export function boundedPattern(pattern: string, flags: "" | "i" = ""): RegExp | string {
  const problem = patternProblem(pattern);
  if (problem) return problem;
  if (!linearEngine()) return new RegExp(pattern, flags);
  const source = flags === "i" ? caseFolded(pattern) : pattern;
  return compileLinear(source) ?? "cannot run in linear time";
}

/** `pattern` with every letter outside an escape matching both its cases. */
export function caseFolded(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      // An escape is copied whole: \d, \n, \x41, \u{1F600}, \p{L}, \cA.
      const rest = pattern.slice(i);
      const esc =
        /^\\(?:[pPu]\{[^}]*\}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|c[A-Za-z]|[\s\S])/.exec(rest)?.[0] ?? c;
      out += esc;
      i += esc.length - 1;
      continue;
    }
    if (inClass) {
      if (c === "]") {
        inClass = false;
        out += c;
        continue;
      }
      const range = /^([^\\\]])-([^\\\]])/.exec(pattern.slice(i));
      if (range) {
        out += range[0] + swappedRange(range[1]!, range[2]!);
        i += 2;
        continue;
      }
      out += c + (other(c) ?? "");
      continue;
    }
    const named = c === "(" ? /^\(\?<[A-Za-z_$][\w$]*>/.exec(pattern.slice(i)) : null;
    if (named) {
      // A group's name is not text to match.
      out += named[0];
      i += named[0].length - 1;
      continue;
    }
    if (c === "[") {
      inClass = true;
      out += c;
      if (pattern[i + 1] === "^") out += pattern[++i];
      continue;
    }
    const o = other(c);
    out += o ? `[${c}${o}]` : c;
  }
  return out;
}

/** The other case of a letter whose cases are one character each. */
function other(c: string): string | undefined {
  const u = c.toUpperCase();
  const l = c.toLowerCase();
  const o = c === u ? l : u;
  return o !== c && o.length === 1 && (o.toUpperCase() === c || o.toLowerCase() === c) ? o : undefined;
}

/** The ASCII letters a class range a-z covers, in their other case (`a-f` gives `A-F`). */
function swappedRange(from: string, to: string): string {
  const part = (lo: string, hi: string, shift: number) => {
    const a = Math.max(from.charCodeAt(0), lo.charCodeAt(0));
    const b = Math.min(to.charCodeAt(0), hi.charCodeAt(0));
    return a <= b ? `${String.fromCharCode(a + shift)}-${String.fromCharCode(b + shift)}` : "";
  };
  return part("a", "z", -32) + part("A", "Z", 32);
}

/** True when any of the patterns matches the (capped) subject; a refused pattern matches nothing. */
export function anyPatternMatches(patterns: readonly string[], subject: string): boolean {
  const text = subject.length > SUBJECT_MAX_CHARS ? subject.slice(0, SUBJECT_MAX_CHARS) : subject;
  return patterns.some((p) => compile(p)?.test(text) ?? false);
}

/** Windows a long line is read in, overlapping so a match across a window's edge is still seen. */
const WINDOW_OVERLAP = 256;

/**
 * True when any of the patterns matches any line of a text of any length: each line is
 * tried on its own (long ones in overlapping windows of the capped subject), so the
 * bound per match stays the same as for a command line while nothing past the cap
 * goes unread. For text that leaves the machine (team.exclude).
 */
export function anyPatternMatchesText(patterns: readonly string[], text: string): boolean {
  if (patterns.length === 0) return false;
  for (const line of text.split("\n")) {
    if (line.length <= SUBJECT_MAX_CHARS) {
      if (anyPatternMatches(patterns, line)) return true;
      continue;
    }
    for (let at = 0; at < line.length; at += SUBJECT_MAX_CHARS - WINDOW_OVERLAP)
      if (anyPatternMatches(patterns, line.slice(at, at + SUBJECT_MAX_CHARS))) return true;
  }
  return false;
}
