/**
 * Secret masking:
 * - the corpus of realistic positives and negatives (test/fixtures/secrets/corpus.jsonl):
 *   secrets found, left (false negatives) and masks over non-secrets (false positives),
 *   scored exactly as test/unit/reliability/secrets.test.ts scores them;
 * - masks made on the real captured outputs and transcripts (which hold no secrets);
 * - masking throughput on large real outputs (median of runs), and on adversarial
 *   inputs built to make a careless pattern backtrack.
 *
 * Standalone: `npx node bench/secrets.ts`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { findSecrets, redact } from "../src/core/redact.ts";
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

/** Median masking throughput over a text, in MB/s (UTF-16 length as bytes: all ASCII here). */
function throughput(text: string, runs = RUNS): number {
  redact(text);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    redact(text);
    times.push(performance.now() - t0);
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

export async function benchSecrets(): Promise<{ markdown: string; summary: Record<string, number> }> {
  const score = scoreCorpus(loadSecretsCorpus(), (t) => redact(t).text);

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
    "| masking throughput | MB/s (median) |",
    "|---|---:|",
    ...rates.map(([name, r]) => `| ${name} | **${round(r)}** |`),
    ...worst.map(([name, r]) => `| adversarial, 5 MB: ${name} | ${round(r)} |`),
    "",
  ].join("\n");
  return { markdown, summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchSecrets();
  process.stdout.write(`${r.markdown}\n${JSON.stringify(r.summary, null, 2)}\n`);
}
