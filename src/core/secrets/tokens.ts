import { type Detector, execAt, hasDigit, hasLetter, mixedCase, sticky } from "./judge.ts";

/**
 * Tokens whose prefix says what they are (a provider's documented format): the whole
 * match is the secret, wherever it stands.
 */

interface Format {
  readonly kind: string;
  readonly pattern: string;
  readonly check: (s: string) => boolean;
}

const token = (kind: string, pattern: string, check: (s: string) => boolean = hasDigit): Format => ({
  kind,
  pattern,
  check,
});

/** A pattern's top-level alternatives (split at `|` outside groups and classes). */
function alternatives(pattern: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(pattern.slice(from, i));
      from = i + 1;
    }
  }
  out.push(pattern.slice(from));
  return out;
}

/** An alternative's first character when it is a literal one (`\.` included), else "". */
function head(alt: string): string {
  if (alt.startsWith("\\")) return /^\\[./-]/.test(alt) ? alt.slice(0, 2) : "";
  return /^[\w-]/.test(alt) ? alt[0]! : "";
}

/**
 * The formats' alternatives as a tree of their first characters, `s(?:k-ant-…|ntry…)|
 * g(?:h…|l…)|…`, behind a lookahead of those characters: where a word starts, the scan
 * tries only the formats that begin with its first letter. (Measured against the flat
 * alternation on real outputs and code: up to a fifth faster.)
 */
function tree(formats: readonly Format[]): string {
  const byHead = new Map<string, string[]>();
  for (const f of formats)
    for (const alt of alternatives(f.pattern)) {
      const h = head(alt);
      const list = byHead.get(h) ?? [];
      list.push(h ? alt.slice(h.length) : alt);
      byHead.set(h, list);
    }
  const firsts = new Set<string>();
  const branches = [...byHead].map(([h, rests]) => {
    if (h) firsts.add(h.at(-1)!.replace(/[.-]/, "\\$&"));
    else
      for (const r of rests)
        for (const alt of alternatives(r.replace(/^\(\?:(.*?)\)/, "$1"))) firsts.add(alt[0]!);
    return h ? `${h}(?:${rests.join("|")})` : rests.join("|");
  });
  return String.raw`\b(?=[${[...firsts].join("")}])(?:${branches.join("|")})`;
}

/**
 * All prefixed formats as one anchor (one alternative of the shared scan, not one
 * each: the scan's cost grows with its alternatives); which one matched is found
 * again, in the same order, only where the anchor matched.
 */
function prefixed(formats: readonly Format[], anchor: string): Detector {
  // Made when the anchor first matches: most outputs hold no token, and every hook that
  // masks loads this file (a regular expression is parsed when it is made).
  let each: RegExp[] | undefined;
  return {
    kind: "token",
    anchor,
    find: (text, at) => {
      each ??= formats.map((f) => sticky(f.pattern));
      for (let i = 0; i < formats.length; i++) {
        const m = execAt(each[i]!, text, at);
        if (m && formats[i]!.check(m[0])) return { start: at, end: at + m[0].length, kind: formats[i]!.kind };
      }
      return undefined;
    },
  };
}

/**
 * A token whose distinctive part comes after a fixed-length head (Terraform Cloud's
 * `<14>.atlasv1.<67>`, New Relic's `<36 hex>NRAL`): the anchor is the distinctive part,
 * and the head is checked by looking back, so the scan never tries the head's
 * character class at every position.
 */
function tokenAfterHead(kind: string, head: RegExp, length: number, anchor: string): Detector {
  return {
    kind,
    anchor,
    find: (text, at, end) => {
      const start = at - length;
      if (start < 0 || !head.test(text.slice(start, at)) || /[A-Za-z0-9]/.test(text[start - 1] ?? ""))
        return undefined;
      return { start, end, kind };
    },
  };
}

const END = "(?![A-Za-z0-9])";

const FORMATS: readonly Format[] = [
  token("anthropic-key", `sk-ant-[A-Za-z0-9_-]{32,300}`),
  token(
    "openai-key",
    `sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{32,300}|sk-[A-Za-z0-9]{32,200}${END}`,
    (s) => hasDigit(s) && mixedCase(s),
  ),
  token("openrouter-key", `sk-or-v1-[a-f0-9]{64}${END}`),
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
  token("age-key", `AGE-SECRET-KEY-1[0-9A-Z]{58}${END}`),
  token("tailscale-key", `tskey-(?:auth|api|client|scim|webhook)-[A-Za-z0-9]{6,40}-[A-Za-z0-9]{16,80}${END}`),
  token("databricks-token", `dapi[a-f0-9]{32}(?:-\\d)?${END}`),
  token("linear-key", `lin_(?:api|oauth)_[A-Za-z0-9]{40}${END}`),
  token("grafana-token", `glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}${END}|glc_[A-Za-z0-9+/_-]{32,400}={0,2}`),
  token("newrelic-key", `NR(?:AK|AA|II|JS|RA|IQ)-[A-Za-z0-9_-]{19,48}${END}`),
  token("groq-key", `gsk_[A-Za-z0-9]{52}${END}`),
  token("replicate-token", `r8_[A-Za-z0-9]{37}${END}`),
  token("postman-key", `PMAK-[a-f0-9]{24}-[a-f0-9]{34}${END}`),
  token(
    "doppler-token",
    String.raw`dp\.(?:st|ct|pt|sa|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[A-Za-z0-9]{40,44}${END}`,
  ),
  token("pulumi-token", `pul-[a-f0-9]{40}${END}`),
  token("sentry-token", `sntry[su]_[A-Za-z0-9+/=_-]{40,400}`),
  token("atlassian-token", `ATATT3[A-Za-z0-9_=-]{150,400}`),
  token("heroku-key", `HRKU-[A-Za-z0-9_-]{40,80}${END}`),
  token("planetscale-token", `pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}${END}`),
  token("supabase-token", `sbp_[a-f0-9]{40}${END}`),
  token("fly-token", `fo1_[A-Za-z0-9_-]{43}${END}|fm[12][ar]?_[A-Za-z0-9+/=_-]{100,4000}`),
];

/** The prefixed formats' anchor (tree of FORMATS): scripts/build.mjs writes it into the bundle. */
export function tokenAnchor(): string {
  return tree(FORMATS);
}

/**
 * Written into the bundle by scripts/build.mjs (esbuild's define), from tokenAnchor() of
 * this same source: built at every start, the tree cost a hook ~2 ms of CPU (the masker
 * loads with every output filed). Undefined where the source runs as it is (tests).
 */
declare const __CAIRN_TOKEN_ANCHOR__: string | undefined;

export const PROVIDER_TOKENS: readonly Detector[] = [
  prefixed(FORMATS, typeof __CAIRN_TOKEN_ANCHOR__ === "string" ? __CAIRN_TOKEN_ANCHOR__ : tokenAnchor()),
  tokenAfterHead("terraform-token", /^[A-Za-z0-9]{14}$/, 14, String.raw`\.atlasv1\.[A-Za-z0-9_=-]{60,120}`),
  tokenAfterHead("newrelic-key", /^[a-f0-9]{36}$/, 36, `NRAL${END}`),
];
