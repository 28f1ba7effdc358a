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

function compileLinear(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, LINEAR_FLAG);
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

/** True when any of the patterns matches the (capped) subject; a refused pattern matches nothing. */
export function anyPatternMatches(patterns: readonly string[], subject: string): boolean {
  const text = subject.length > SUBJECT_MAX_CHARS ? subject.slice(0, SUBJECT_MAX_CHARS) : subject;
  return patterns.some((p) => compile(p)?.test(text) ?? false);
}
