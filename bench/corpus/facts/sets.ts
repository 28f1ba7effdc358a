/**
 * The case sets scored against facts a person needs (issue 24), each a folder of
 * `{input, must_keep, should_keep, notes, …}` files in the shape of
 * ../shared/corpus-facts/cases/ (input: a PostToolUse hook stdin exactly as Claude Code
 * sent it):
 *
 * - shared: ../shared/corpus-facts/cases (read-only, beside the clone; CI has it there);
 * - dev:    bench/corpus/dev, the widened corpus's development part, free to read;
 * - blind:  bench/corpus/blind, kept out of development (see its README): score it only
 *           to report.
 * - fresh:  bench/corpus/fresh, outputs of tools and shapes neither dev nor blind has,
 *           captured after the blind part showed overfitting, scored once untouched (84.1%),
 *           then developed against like dev (its README).
 * - fresh2: bench/corpus/fresh2, a second round of tools and shapes none of the above has,
 *           captured after the fresh set's fixes to test that they generalise, scored once
 *           untouched, then developed against like dev.
 * - fresh3: bench/corpus/fresh3, new outputs of the tools dev and blind already have (other
 *           projects, errors, sizes and options), since the blind part holds outputs of
 *           those tools; scored once untouched, then developed against like dev.
 * - fresh4: bench/corpus/fresh4, a further round of new outputs of the blind part's build,
 *           test, lint and debug tools; scored once untouched, then developed against like dev.
 * - fresh5: bench/corpus/fresh5, a fourth held-out round of new outputs of the data,
 *           database, system, log, git and cluster tools the blind part holds.
 * - fresh6: bench/corpus/fresh6, a fifth held-out round of new outputs of that family
 *           (other data, errors, options and formats than fresh5's).
 * - fresh7: bench/corpus/fresh7, a sixth held-out round mixing both families of the blind
 *           part's tools (build, test, lint, debug; data, database, system, log, git, cluster).
 * - fresh8: bench/corpus/fresh8, a seventh held-out round on tools and shapes no part had
 *           (Go, mypy, pylint, cppcheck, clang-tidy, minitest, PHP; redis, nginx, ss, dmesg).
 * - fresh9: bench/corpus/fresh9, an eighth held-out round on the blind part's tools, most
 *           outputs 8-30 KB and several over 30 KB (new projects, errors, options, sizes).
 * - fresh10: bench/corpus/fresh10, a ninth held-out round on the blind part's tools, as fresh9
 *           (other projects, errors, options and sizes).
 * - fresh11: bench/corpus/fresh11, a tenth held-out round on the blind part's weakest kinds
 *           (kubectl, du, XML, psql, cargo/clippy), as fresh10.
 * - fresh12: bench/corpus/fresh12, an eleventh held-out round on the same kinds, as fresh11,
 *           every output over 8 KB (other projects, errors, options and sizes).
 * - fresh13: bench/corpus/fresh13, a twelfth held-out round on kubectl describe over 8 KB:
 *           real kubectl output other public repositories committed, replayed.
 * - fresh14: bench/corpus/fresh14, a thirteenth held-out round on tools no set held
 *           (ansible-playbook, rspec, black, bandit, coverage, javadoc, objdump, xxd/hexdump,
 *           pg_dump, sha256sum -c, rsync, tidy).
 * - fresh15: bench/corpus/fresh15, a fifteenth held-out round on language, build, test and
 *           package tools no set held (perlcritic, perl -c, luacheck, mix, erlc, ghc, dune,
 *           meson, ninja, ./configure and config.log, phpunit, php -l, npm ERESOLVE/explain).
 * - fresh16: bench/corpus/fresh16, a sixteenth held-out round on system, data, VCS and lint
 *           tools no set held (git fsck / range-diff / cherry, hg, tcpdump, nft, ip, vmstat,
 *           iostat, time -v, openssl ciphers, hyperfine, markdownlint, cspell, license-checker,
 *           madge).
 * - fresh17: bench/corpus/fresh17, a seventeenth held-out round on docs, data, JS build and less
 *           common language tools no set held (sphinx-build, doxygen, pandoc, miller, datamash,
 *           sass, vite, vitest, c8, tsc --build, gfortran, shfmt, bats).
 * - fresh18: bench/corpus/fresh18, an eighteenth held-out round on build, test, lint and package
 *           tools of other languages no set held (rubocop, gdc, nim, fpc, GNAT, clojure, scons,
 *           ctest, tox, pydocstyle, vulture, pnpm, yarn, knip).
 * - fresh19: bench/corpus/fresh19, a nineteenth held-out round on database, system, ops and data
 *           tools no set held (the MariaDB client, gprof, perf, sysstat's mpstat/pidstat/sar,
 *           findmnt, systemd-analyze, logrotate, nmap, csvkit, xmlstarlet).
 * - fresh20: bench/corpus/fresh20, a twentieth held-out round on web frameworks, document builds
 *           and other JS runtimes no set held (Django manage.py, alembic, latexmk, pdflatex, gcov,
 *           gcovr, lcov, protoc, dot, deno, bun, ava).
 * - fresh21: bench/corpus/fresh21, a held-out replay of the blind part's tool families on projects
 *           of their own (tree, du, prettier --check, pyright, node --test spec, mvn test, surefire
 *           XML, javac, cmake, strace, cargo build and clippy, psql, apt-get -s, the Grep tool).
 * - fresh22: bench/corpus/fresh22, everyday agent commands in shapes no set held (rollup, webpack
 *           --stats detailed, eslint 8 -f unix/compact, tsc --checkJs, ls -la, pytest -v -rA, mypy
 *           --pretty, pip from a wheelhouse, go test -race -cover and -bench, make -k -j2, git status,
 *           log --stat/--name-status, blame --porcelain, awk/grep over loghub, curl -v -L).
 * - fresh23: bench/corpus/fresh23, everyday agent commands in shapes no set held (ninja -v, clang
 *           --analyze, clang-tidy -p, rg -n/-C2/--stats, sed -n, wc -l, make -n, git show, log -S,
 *           cherry-pick, pytest --cov/--lf, pylint --reports=y, tsc --traceResolution, go test -json,
 *           go build -gcflags=-m, gofmt -d, openssl s_client/verify, Python and Node cause chains).
 * - fresh24: bench/corpus/fresh24, the tools beyond the compiler in shapes no set held (sqlite3 -echo,
 *           .eqp full, foreign_key_check; mariadb --force --show-warnings, ANALYZE FORMAT=JSON; psql -a
 *           -f; apt-get remove -s, apt-cache policy/depends, dpkg -L; Django migrate --plan and
 *           diffsettings, flask routes, alembic history -v and --sql; isort --diff, radon cc/mi, bandit
 *           -f csv; git status -vv, bisect log, worktree list -v; webpack --stats verbose, esbuild
 *           --analyze=verbose).
 * - fresh25: bench/corpus/fresh25, the system, runtime-debugging and data tools run when something
 *           misbehaves, in shapes no set held (valgrind leak kinds, ms_print, ltrace -c/-e, strace -e
 *           status=failed, gdb of a Python crash, lsof -p, /proc; ansible-playbook --check --diff,
 *           systemd-analyze verify, nginx -t and a real run's logs; jq group_by/select, yq, xmllint
 *           --xpath/--valid, mlr stats1, sqlite3 .import; php -l, podchecker; a Postgres server log).
 * - fresh26: bench/corpus/fresh26, languages' compilers, test runners and crashes in shapes no set
 *           held (rspec --backtrace, ruby -wc, rake --trace, a Ruby cause; PHP 8.2 deprecations and
 *           a fatal TypeError; Erlang crash and supervisor reports, escript, mix test --cover, an
 *           Elixir GenServer crash; ghc -Wall, a Haskell call stack, +RTS -s; an OCaml backtrace;
 *           Rscript, testthat, R CMD check; busted, a Lua traceback; mcs, a mono AggregateException;
 *           Carp's confess; go test -fuzz; scalac and a Scala MatchError).
 * - fresh27: bench/corpus/fresh27, Claude Code's own Read (whole and with offset/limit), Grep (content
 *           with -n and context, multiline, head_limit, files_with_matches, count) and Glob over real
 *           code and data no set read (Go, Java, Ruby, Lua, C headers, protoc's C++; Cargo.lock,
 *           yarn.lock, pnpm-lock.yaml, Gemfile.lock, go.sum; a SQL dump, k8s manifests, OpenAPI, a
 *           .po catalogue, CPython's Makefile, a CHANGELOG).
 * - fresh28: bench/corpus/fresh28, the front-end and monorepo tools a JS/TS engineer runs daily, in
 *           shapes no set held (turbo run --continue, --dry and --dry=json; tsup's dts build;
 *           tailwindcss's @apply error; next build on lint and on types; vite build failing in the
 *           Vue and Svelte plugins; vue-tsc, svelte-check; changeset status, size-limit, depcheck,
 *           publint, npm pack --dry-run, npm explain, npm query; tsx's stack trace).
 * - fresh29: bench/corpus/fresh29, the native runtime checks and media, doc and system tools an
 *           engineer runs when something misbehaves, in shapes no set held (gcc's and clang's
 *           AddressSanitizer and LeakSanitizer, UBSan with stacks, ThreadSanitizer, lldb --batch,
 *           scan-build, include-what-you-use, ldd, ldd -r, LD_DEBUG=libs; ffmpeg and ffprobe on
 *           damaged media, ebur128, astats; ImageMagick identify; mkdocs build; ab, wrk, ss, du).
 * - fresh30: bench/corpus/fresh30, what a backend TypeScript engineer runs when the service is wrong,
 *           in shapes no set held (knex, sequelize-cli, typeorm, kysely and drizzle-kit migrations
 *           failing on PostgreSQL; node-postgres errors with DETAIL and HINT; graphql-codegen and a
 *           schema's validation; spectral and redocly lint of OpenAPI; ajv-cli, a ZodError; a fastify
 *           pino log raw and through pino-pretty; a NestJS dependency error; aws-cdk synth with a
 *           cyclic reference, cdk-nag, a template and a duplicate construct).
 * - fresh31: bench/corpus/fresh31, what an engineer doing data work in Python runs when the numbers
 *           are wrong, in shapes no set held (pandas scripts failing with KeyError after a
 *           FutureWarning flood, MergeError, SettingWithCopyWarning, ParserError, on_bad_lines="warn";
 *           a frame's repr, info, describe and value_counts, to_string, compare and a wrapped pivot;
 *           assert_frame_equal, assert_allclose and a hypothesis falsifying example in pytest; numpy
 *           RuntimeWarnings and FloatingPointError; scipy curve_fit; matplotlib warnings; nbconvert
 *           --execute; SQLAlchemy IntegrityErrors with echo; sqlite3 .expert and EXPLAIN).
 * - fresh32: bench/corpus/fresh32, what a web engineer runs against a database, a cache and a
 *           browser, in shapes no set held (mysql2's errors of a checkout replay, InnoDB's monitor
 *           after a deadlock and a malformed foreign key, ANALYZE, mariadb-dump, the slow query log,
 *           mariadb-dumpslow, mariadb-check; redis-cli --bigkeys, --memkeys, SLOWLOG GET, CONFIG
 *           GET, ioredis on OOM, MISCONF and a refused replica, the Redis log; Playwright's list,
 *           line and JSON reporters, a page's console, karma on ChromeHeadless, lighthouse).
 * - fresh33: bench/corpus/fresh33, what an engineer runs when a Java service is slow, stuck or
 *           crashing, in shapes no set held (jstack with two deadlocks, jcmd Thread.print -l of a
 *           starved request pool, GC.heap_info, VM.flags, GC.class_histogram and VM.native_memory of a
 *           leaking service, jmap -histo:live, jstat -gcutil, -Xlog:gc* to an OutOfMemoryError, a cause
 *           chain with a suppressed exception, a SIGSEGV and its hs_err file, jfr summary and print,
 *           javap -c -v, jdeps --jdk-internals, keytool -list -v, jshell; ant failing in javac and in
 *           junit 4, checkstyle plain and XML).
 * - fresh34: bench/corpus/fresh34, what an engineer runs when a C/C++ build of real size fails and
 *           when an embedded target does not fit, in shapes no set held (make -j2 -k with jobs
 *           failing side by side, g++'s and clang++'s template novels: a std::map keyed by a type
 *           with no ordering, a comparator taking non-const references, std::ranges::sort on a
 *           std::list, a failed concept with -fconcepts-diagnostics-depth; a link with undefined
 *           references, a missing -l and multiple definitions, through g++ and clang++; cmake --build
 *           with warnings as errors; a -Wall -Wextra flood with one error; -ftime-report; ccache -s;
 *           arm-none-eabi-gcc's FLASH overflow with --print-memory-usage, its map file, size,
 *           nm --size-sort, readelf -S and -s; avr-gcc's data region overflow and avr-size).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CORPUS_DIR = join(REPO, "bench", "corpus");

/**
 * The sets open to development, in the order benches print them: every set but blind,
 * which is scored only to report. A new held-out round is added here once.
 */
export const OPEN_SETS = [
  "shared",
  "dev",
  "fresh",
  "fresh2",
  "fresh3",
  "fresh4",
  "fresh5",
  "fresh6",
  "fresh7",
  "fresh8",
  "fresh9",
  "fresh10",
  "fresh11",
  "fresh12",
  "fresh13",
  "fresh14",
  "fresh15",
  "fresh16",
  "fresh17",
  "fresh18",
  "fresh19",
  "fresh20",
  "fresh21",
  "fresh22",
  "fresh23",
  "fresh24",
  "fresh25",
  "fresh26",
  "fresh27",
  "fresh28",
  "fresh29",
  "fresh30",
  "fresh31",
  "fresh32",
  "fresh33",
  "fresh34",
] as const;

export type OpenSet = (typeof OPEN_SETS)[number];
/** A set of cases: one open to development, or the blind part. */
export type SetName = OpenSet | "blind";

export const isOpenSet = (s: string): s is OpenSet => (OPEN_SETS as readonly string[]).includes(s);

export interface FactCase {
  /** The file name without `.json`. */
  readonly name: string;
  readonly set: SetName;
  /** A short name of the output's kind; the shared cases' is their file name without its number. */
  readonly kind: string;
  readonly input: HookInput;
  readonly must_keep: readonly string[];
  readonly should_keep: readonly string[];
  readonly notes: string;
  /**
   * The whole output of a Bash call Claude Code spilled to a file (the input's stdout
   * holds only its first 30,000 bytes), when the set stores it: `spilled/<name>.txt.gz`
   * beside the case. What the hook reads from the spill file in a real session.
   */
  readonly spilled?: string;
}

export interface HookInput {
  readonly tool_name: string;
  readonly tool_use_id: string;
  readonly tool_input: Record<string, unknown>;
  readonly tool_response: unknown;
  readonly [k: string]: unknown;
}

/**
 * ../shared/corpus-facts beside the clone (as CI lays it out), or beside the folder that
 * holds a worktree; CORPUS_FACTS_DIR overrides. Undefined when there is none.
 */
export function sharedFactsDir(): string | undefined {
  const candidates = [
    process.env.CORPUS_FACTS_DIR,
    join(REPO, "..", "shared", "corpus-facts"),
    join(REPO, "..", "..", "shared", "corpus-facts"),
  ].filter((d): d is string => !!d);
  return candidates.find((d) => existsSync(join(d, "score.mjs")));
}

export function setDir(set: SetName): string | undefined {
  if (set === "shared") {
    const d = sharedFactsDir();
    return d ? join(d, "cases") : undefined;
  }
  return join(CORPUS_DIR, set);
}

export function loadSet(set: SetName): FactCase[] {
  const dir = setDir(set);
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const raw = JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>;
      const name = f.replace(/\.json$/, "");
      return {
        name,
        set,
        kind: typeof raw.kind === "string" && raw.kind ? raw.kind : name.replace(/^\d+-/, ""),
        input: raw.input as HookInput,
        must_keep: (raw.must_keep as string[] | undefined) ?? [],
        should_keep: (raw.should_keep as string[] | undefined) ?? [],
        notes: String(raw.notes ?? ""),
        ...spilledOf(dir, name, raw.input as HookInput),
      };
    });
}

/** The stored whole output of a spilled Bash case, when there is one. */
function spilledOf(dir: string, name: string, input: HookInput): { spilled?: string } {
  const r = input?.tool_response as Record<string, unknown> | undefined;
  if (input?.tool_name !== "Bash" || typeof r?.persistedOutputPath !== "string") return {};
  const file = join(dir, "spilled", `${name}.txt.gz`);
  return existsSync(file) ? { spilled: gunzipSync(readFileSync(file)).toString("utf8") } : {};
}

/**
 * The whole output the hook works on: the stored spill when there is one, else what the
 * case's input holds (for a spill of an older round, only Claude Code's 30,000-byte prefix).
 */
export function wholeOutput(c: FactCase): string {
  return c.spilled ?? visibleText(c.input.tool_name, c.input.tool_response);
}

/** Bytes of a spill Claude Code gives the hook in stdout. */
const SPILL_PREVIEW_BYTES = 30_000;
const LEADING_EMPTY_LINES = /^(?:\r?\n)+/;

/**
 * What Claude Code gives the hook of an output it spilled: its first 30,000 bytes, no
 * character cut, trailing whitespace and leading empty lines trimmed (as the captured
 * spills show: fresh12's orders log opens with an empty line its stdout does not hold,
 * fresh11's clippy with the indent its stdout keeps).
 */
export function spillPreview(text: string): string {
  const buf = Buffer.from(text, "utf8");
  let end = Math.min(buf.length, SPILL_PREVIEW_BYTES);
  // 0b10xxxxxx continues a character: back up to the first byte of the one cut.
  while (end < buf.length && end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.toString("utf8", 0, end).trimEnd().replace(LEADING_EMPTY_LINES, "");
}

type Obj = Record<string, unknown>;
const str = (x: unknown) => (typeof x === "string" ? x : "");

/** What the model reads of a tool output, the way Claude Code renders each tool's result. */
export function visibleText(tool: string, out: unknown): string {
  if (typeof out === "string") return out;
  const o = (out ?? {}) as Obj;
  switch (tool) {
    case "Bash": {
      const so = str(o.stdout);
      const se = str(o.stderr);
      return se ? (so ? `${so}\n${se}` : se) : so;
    }
    case "Read":
      return str((o.file as Obj | undefined)?.content);
    case "Grep":
      return [str(o.content), Array.isArray(o.filenames) ? o.filenames.join("\n") : ""]
        .filter(Boolean)
        .join("\n");
    case "Glob":
      return Array.isArray(o.filenames) ? o.filenames.join("\n") : "";
  }
  return JSON.stringify(out);
}
