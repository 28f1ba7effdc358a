/**
 * Masks common secrets before cairn stores or shows text. Each pattern is anchored on
 * a distinctive prefix or a key name with bounded repetition, so a pass stays linear
 * on multi-megabyte outputs.
 */

interface Rule {
  readonly kind: string;
  readonly re: RegExp;
  /** Index of the capture group holding the secret; 0 masks the whole match. */
  readonly group: number;
}

const RULES: readonly Rule[] = [
  {
    kind: "private-key",
    re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]{0,20000}?-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----/g,
    group: 0,
  },
  { kind: "anthropic-key", re: /\bsk-ant-[A-Za-z0-9_-]{20,200}/g, group: 0 },
  { kind: "openai-key", re: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{32,200}/g, group: 0 },
  {
    kind: "github-token",
    re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})/g,
    group: 0,
  },
  { kind: "gitlab-token", re: /\bglpat-[A-Za-z0-9_-]{20,100}/g, group: 0 },
  { kind: "aws-access-key", re: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: 0 },
  { kind: "slack-token", re: /\bxox[abposr]-[A-Za-z0-9-]{10,200}/g, group: 0 },
  { kind: "stripe-key", re: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,200}/g, group: 0 },
  { kind: "google-api-key", re: /\bAIza[0-9A-Za-z_-]{35}\b/g, group: 0 },
  { kind: "npm-token", re: /\bnpm_[A-Za-z0-9]{36}\b/g, group: 0 },
  {
    kind: "jwt",
    re: /\beyJ[A-Za-z0-9_-]{8,2000}\.eyJ[A-Za-z0-9_-]{8,4000}\.[A-Za-z0-9_-]{8,2000}/g,
    group: 0,
  },
  { kind: "bearer", re: /\b(?:Authorization:\s*)?Bearer\s+([A-Za-z0-9._~+/=-]{16,2000})/gi, group: 1 },
  { kind: "url-password", re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@]{1,100}:([^\s@/]{3,200})@/gi, group: 1 },
  {
    kind: "assignment",
    re: /\b(?:[A-Za-z0-9_]{0,40}(?:password|passwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|client[_-]?secret))["']?\s{0,3}[:=]\s{0,3}["']?([^\s"',;]{8,500})/gi,
    group: 1,
  },
];

export interface Redaction {
  readonly text: string;
  readonly count: number;
  readonly kinds: readonly string[];
}

const ALREADY = /^\[REDACTED:[a-z-]+\]$/;

export function redact(text: string): Redaction {
  let out = text;
  let count = 0;
  const kinds = new Set<string>();
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    if (!rule.re.test(out)) continue;
    rule.re.lastIndex = 0;
    out = out.replace(rule.re, (match: string, ...groups: unknown[]) => {
      const secret = rule.group === 0 ? match : (groups[rule.group - 1] as string | undefined);
      if (!secret || ALREADY.test(secret)) return match;
      count += 1;
      kinds.add(rule.kind);
      const mask = `[REDACTED:${rule.kind}]`;
      return rule.group === 0 ? mask : match.replace(secret, mask);
    });
  }
  return { text: out, count, kinds: [...kinds] };
}
