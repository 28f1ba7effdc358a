/**
 * Secret masking:
 * - the corpus of realistic positives and negatives (test/fixtures/secrets/corpus.jsonl):
 *   secrets found, left (false negatives) and masks over non-secrets (false positives),
 *   scored exactly as test/unit/reliability/secrets.test.ts scores them;
 * - real code: every .js, .ts, .py, .json and .yaml file of node_modules and of the
 *   machine's Python libraries, read where it is, masks per MB with examples (the whole
 *   list goes to .tmp/bench/secrets-real-code.md, not committed);
 * - random 20-character passwords with symbols in the contexts of the security review
 *   (.env, JSON, YAML, URLs): how many are masked whole;
 * - masks made on the real captured outputs and transcripts (which hold no secrets);
 * - masking throughput on large real outputs (median of runs), and on adversarial
 *   inputs built to make a careless pattern backtrack.
 *
 * Standalone: `npx node bench/secrets.ts`.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { nameShape } from "../src/core/secrets/code.ts";
import { findSecrets, redact } from "../src/core/secrets/redact.ts";
import { randomPasswordTable } from "../test/fixtures/secrets/random-passwords.ts";
import { codeFiles, codeRoots, EXTENSIONS } from "../test/fixtures/secrets/real-code.ts";
import { loadSecretsCorpus, scoreCorpus } from "../test/unit/reliability/secrets-corpus.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = join(REPO, "test", "fixtures");
const RUNS = 11;
const MB = 1024 * 1024;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Median masking throughput over a text, in MB/s of CPU time (UTF-16 length as bytes:
 * all ASCII here): CPU time does not grow while the process waits for a core, so the
 * figure holds on a shared machine.
 */
function throughput(text: string, runs = RUNS): number {
  redact(text);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = cpuMs();
    redact(text);
    times.push(cpuMs() - t0);
  }
  return text.length / MB / (median(times) / 1000);
}

function filesIn(...dirs: string[]): string[] {
  return dirs.flatMap((d) => {
    const dir = join(FIXTURES, d);
    return readdirSync(dir)
      .map((f) => join(dir, f))
      .filter((p) => statSync(p).isFile());
  });
}

interface RealCode {
  readonly roots: string[];
  readonly files: number;
  readonly bytes: number;
  readonly masks: number;
  readonly cpuMs: number;
  readonly byKind: Map<string, number>;
  /** One line per mask: where, and the line with the masked part «marked». */
  readonly examples: string[];
}

/** Masks on real code: every file of codeFiles(), the whole text at once as cairn would get it. */
function realCode(): RealCode {
  const roots = codeRoots();
  const files = codeFiles(roots);
  let bytes = 0;
  let masks = 0;
  let cpu = 0;
  const byKind = new Map<string, number>();
  const examples: string[] = [];
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f.path, "utf8");
    } catch {
      continue;
    }
    bytes += f.bytes;
    const t0 = cpuMs();
    const spans = findSecrets(text);
    cpu += cpuMs() - t0;
    for (const s of spans) {
      masks++;
      byKind.set(s.kind, (byKind.get(s.kind) ?? 0) + 1);
      const from = Math.max(text.lastIndexOf("\n", s.start - 1) + 1, s.start - 80);
      const nl = text.indexOf("\n", s.end);
      const to = Math.min(nl < 0 ? text.length : nl, s.end + 60);
      const line = text.slice(0, s.start).split("\n").length;
      const shown =
        `${text.slice(from, s.start)}«${text.slice(s.start, s.end)}»${text.slice(s.end, to)}`.trim();
      examples.push(`${f.name}:${line} ${s.kind}: ${JSON.stringify(shown).slice(1, -1)}`);
    }
  }
  const used = new Set(files.map((f) => f.name.split("/")[0]));
  return {
    roots: roots.filter((r) => used.has(r.label)).map((r) => r.dir),
    files: files.length,
    bytes,
    masks,
    cpuMs: cpu,
    byKind,
    examples,
  };
}

const pct = (k: number, n: number) => `${round((100 * k) / n)}%`;

/**
 * How often a random token reads as a name (and would be spared where names are:
 * quoted, or unquoted in code): 10,000 random strings per length, seeded, letters of
 * both cases and at least one digit, as generated tokens and passwords have.
 */
function randomNames(): { length: number; names: number; n: number }[] {
  let seed = 7;
  const rnd = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return [8, 12, 16, 20, 32].map((length) => {
    let names = 0;
    let n = 0;
    while (n < 10_000) {
      let s = "";
      for (let i = 0; i < length; i++) s += alnum[Math.floor(rnd() * alnum.length)];
      if (!/\d/.test(s) || !/[a-z]/.test(s) || !/[A-Z]/.test(s)) continue;
      n++;
      if (nameShape(s) === "name") names++;
    }
    return { length, names, n };
  });
}

export async function benchSecrets(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const score = scoreCorpus(loadSecretsCorpus(), (t) => redact(t).text);
  const code = realCode();
  const codeMb = code.bytes / MB;
  const passwords = randomPasswordTable(redact);
  const names = randomNames();
  // Examples: one per distinct masked value, in file order.
  const seen = new Set<string>();
  const distinct = code.examples.filter((e) => {
    const masked = /«(.*)»/.exec(e)?.[1] ?? e;
    if (seen.has(masked)) return false;
    seen.add(masked);
    return true;
  });

  const real = filesIn("outputs", "outputs-extra", "transcripts", "claude-code-captures", "hook-inputs").map(
    (p) => readFileSync(p, "utf8"),
  );
  const realMasks = real.reduce((n, t) => n + findSecrets(t).length, 0);
  const realBytes = real.reduce((n, t) => n + t.length, 0);

  const grep = readFileSync(join(FIXTURES, "outputs", "grep-rn-go-err-2mb.txt"), "utf8");
  const outputs = filesIn("outputs")
    .filter((p) => p.endsWith(".txt"))
    .map((p) => readFileSync(p, "utf8"))
    .join("\n");
  const transcript = readFileSync(join(FIXTURES, "transcripts", "tools-session.jsonl"), "utf8").repeat(4);
  const inputs: [string, string][] = [
    ["`grep -rn` over Go sources (one 1.9 MB output)", grep],
    [`every real output in test/fixtures/outputs, joined (${round(outputs.length / MB)} MB)`, outputs],
    [`a real transcript, 4 copies (${round(transcript.length / MB)} MB of JSONL)`, transcript],
  ];
  const rates = inputs.map(([name, text]) => [name, throughput(text)] as const);

  const fill = (unit: string) => unit.repeat(Math.ceil((5 * MB) / unit.length));
  const adversarial: [string, string][] = [
    ["`-----BEGIN PRIVATE KEY-----` repeated, no END", fill("-----BEGIN PRIVATE KEY-----")],
    ["`token=$` repeated (one value full of keys)", fill("token=$")],
    ["`eyJ-` repeated (JWT starts, no dots)", fill("eyJ-")],
    ["`key=` repeated", fill("key=")],
  ];
  const worst = adversarial.map(([name, text]) => [name, throughput(text, 3)] as const);

  const summary: Record<string, number> = {
    positives: score.positives,
    secrets: score.secrets,
    negatives: score.negatives,
    true_positives: score.tp,
    false_negatives: score.fn,
    false_positives: score.fp,
    real_code_files: code.files,
    real_code_mb: round(codeMb),
    real_code_masks: code.masks,
    real_code_masks_per_mb: round(code.masks / codeMb, 2),
    real_code_mb_per_s_cpu: round(codeMb / (code.cpuMs / 1000)),
    ...Object.fromEntries(
      passwords.map((p, i) => [`random_password_whole_pct_${i}`, round((100 * p.whole) / 1000)]),
    ),
    real_text_mb: round(realBytes / MB),
    real_text_masks: realMasks,
    mb_per_s_grep_2mb: round(rates[0]![1]),
    mb_per_s_outputs: round(rates[1]![1]),
    mb_per_s_transcript: round(rates[2]![1]),
    mb_per_s_adversarial_worst: round(Math.min(...worst.map(([, r]) => r))),
  };
  const markdown = [
    "## Secret masking",
    "",
    "The corpus (test/fixtures/secrets/corpus.jsonl): fake but correctly formatted secrets in",
    "realistic text (.env files, `env` output, curl -v, git remotes, database URLs, cloud and",
    "registry credentials, kubeconfig, PEM keys, JWTs, provider tokens, hard-coded passwords)",
    "and look-alikes that must stay (hashes, integrity strings, UUIDs, base64 images, masked",
    "values, variable references, types, docs, stack traces, paths). A false negative is a",
    "secret left whole or in part (8 characters); a false positive is a mask over no secret.",
    "",
    "| positives | secrets | negatives | TP | FN | FP |",
    "|---:|---:|---:|---:|---:|---:|",
    `| ${score.positives} | ${score.secrets} | ${score.negatives} | ${score.tp} | **${score.fn}** | **${score.fp}** |`,
    "",
    `On the repository's real captured outputs, transcripts and hook inputs (${round(realBytes / MB)} MB, no secrets in them): **${realMasks} masks**.`,
    "",
    "### Real code",
    "",
    `Every ${EXTENSIONS.join(", ")} file of the project's node_modules and of the machine's Python libraries (the folders of \`python3\`'s sys.path: ${code.roots.filter((r) => !r.includes("node_modules")).join(", ")}), each masked whole as cairn would get it:`,
    "",
    "| files | MB | masks | masks per MB | masking, MB/s of CPU time |",
    "|---:|---:|---:|---:|---:|",
    `| ${code.files} | ${round(codeMb)} | ${code.masks} | **${round(code.masks / codeMb, 2)}** | ${round(codeMb / (code.cpuMs / 1000))} |`,
    "",
    `By kind: ${[...code.byKind].map(([k, n]) => `${k} ${n}`).join(", ")}. A mask on real code is meant to be on a literal credential (a test's password, a documentation's example key, a URL password in a test), never on a name, a reference, a type or an expression. One example per distinct masked value (${distinct.length} of ${code.masks} masks; all in .tmp/bench/secrets-real-code.md after a run):`,
    "",
    ...distinct.slice(0, 60).map((e) => `- \`${e.replace(/`/g, "'")}\``),
    ...(distinct.length > 60 ? [`- … ${distinct.length - 60} more`] : []),
    "",
    "Random tokens that read as names (letters of both cases and a digit; 10,000 per length): these would be left where a name is code (a quoted string, unquoted code), though not in .env lines, URLs, command lines or any other literal place.",
    "",
    `| length | ${names.map((r) => r.length).join(" | ")} |`,
    `|---|${names.map(() => "---:").join("|")}|`,
    `| read as a name | ${names.map((r) => pct(r.names, r.n)).join(" | ")} |`,
    "",
    "",
    "### Random passwords with symbols",
    "",
    "20 characters, about a fifth of them from `!@#$%^&*()-_=+[]{};:,.<>/?~|`, 1,000 per context (fixed seed); whole means no 6-character run of the password is left:",
    "",
    "| context | masked whole | in part | not at all |",
    "|---|---:|---:|---:|",
    ...passwords.map(
      (p) => `| ${p.context} | **${pct(p.whole, 1000)}** | ${pct(p.part, 1000)} | ${pct(p.none, 1000)} |`,
    ),
    "",
    "| masking throughput | MB/s of CPU time (median) |",
    "|---|---:|",
    ...rates.map(([name, r]) => `| ${name} | **${round(r)}** |`),
    ...worst.map(([name, r]) => `| adversarial, 5 MB: ${name} | ${round(r)} |`),
    "",
  ].join("\n");
  mkdirSync(join(REPO, ".tmp", "bench"), { recursive: true });
  writeFileSync(
    join(REPO, ".tmp", "bench", "secrets-real-code.md"),
    `# Masks on real code\n\n${code.files} files, ${round(codeMb)} MB, ${code.masks} masks:\n\n${code.examples.map((e) => `- ${e}`).join("\n")}\n`,
  );
  return { markdown, summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchSecrets();
  process.stdout.write(`${r.markdown}\n${JSON.stringify(r.summary, null, 2)}\n`);
}
