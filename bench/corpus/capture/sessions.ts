/**
 * The scripted sessions of the capture: which project each runs in and which tool calls
 * the scripted model makes, in order. A step with a `case` becomes a corpus case; a step
 * without one only prepares the next (it is run but not kept). Commands that fail are
 * written as people do under Claude Code (`; echo "exit code: $?"` or a pipe), because a
 * failing Bash call fires PostToolUseFailure, not PostToolUse. `{{NAME}}` is replaced
 * by the capture's environment (API_PORT, CWD). The Bash tool keeps the working directory
 * from one call to the next, so no step leaves it with `cd`.
 */

export interface Step {
  case?: string;
  /** The kind of output, for per-kind figures. */
  kind?: string;
  tool: "Bash" | "Read" | "Grep" | "Glob";
  input: Record<string, unknown>;
  provenance?: string;
}

export interface Session {
  name: string;
  /** bench/corpus/capture/projects/<setup>.sh builds the project under fx/<setup>/. */
  setup: string;
  /** Working directory under fx/. */
  cwd: string;
  prompt: string;
  provenance: string;
  steps: Step[];
  /** Claude Code's BASH_MAX_OUTPUT_LENGTH for this session (else its 30,000-character spill). */
  maxOutput?: number;
  /** A folder under cwd put first on PATH (replay shims). */
  path?: string;
  postgres?: boolean;
  pidNamespace?: boolean;
}

const bash = (c: string, kind: string, command: string, description: string, provenance?: string): Step => ({
  case: c,
  kind,
  tool: "Bash",
  input: { command, description },
  ...(provenance ? { provenance } : {}),
});

/** A build or test run: the model gives it Claude Code's longest timeout (past 2 minutes the tool would background it). */
const build = (c: string, kind: string, command: string, description: string): Step => ({
  case: c,
  kind,
  tool: "Bash",
  input: { command, timeout: 600_000, description },
});

const CAPTURED = "captured by bench/corpus/capture/capture.ts: the real CLI and tool";
const HOLMES = (path: string) =>
  `kubectl output recorded in robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202) ${path}, replayed by a kubectl shim (bench/corpus/capture/projects/ops.sh) in a real Claude Code session`;
const LOGHUB = (path: string) =>
  `a real system log from logpai/loghub (commit dd61d0952749ee7963bde24220d1be5ede023033) ${path}, read by the real tool in a real Claude Code session`;

export const sessions: Session[] = [
  {
    name: "rust",
    setup: "rust-ledger",
    cwd: "rust-ledger",
    prompt: "fix the ledger build and the failing rate tests",
    provenance: `${CAPTURED} (cargo/rustc 1.95, offline)`,
    steps: [
      build(
        "cargo-build-errors",
        "cargo",
        'cargo build -p ledger 2>&1; echo "exit code: $?"',
        "Build the ledger crate",
      ),
      build(
        "cargo-test-failures",
        "cargo-test",
        'cargo test -p rates 2>&1; echo "exit code: $?"',
        "Run the rates tests",
      ),
      bash(
        "cargo-run-panic",
        "rust-panic",
        'RUST_BACKTRACE=1 cargo run -q -p settle 2>&1; echo "exit code: $?"',
        "Run the settlement job to see where it stops",
      ),
    ],
  },
  {
    name: "rust-big",
    setup: "rust-ledger",
    cwd: "rust-ledger",
    prompt: "make clippy pass on tidy",
    provenance: `${CAPTURED} (cargo clippy 1.95; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cargo-clippy-denied",
        "clippy",
        'cargo clippy -p tidy 2>&1; echo "exit code: $?"',
        "Lint the tidy crate",
      ),
    ],
  },
  {
    name: "java",
    setup: "java-inventory",
    cwd: "java-inventory",
    prompt: "get the inventory tests green and the catalog compiling",
    provenance: `${CAPTURED} (OpenJDK 17, Maven 3.8 offline, JUnit 5.10)`,
    steps: [
      build(
        "mvn-test-failures",
        "maven",
        'mvn -o -B -f inventory/pom.xml test 2>&1; echo "exit code: $?"',
        "Run the inventory tests",
      ),
      bash(
        "surefire-xml-report",
        "xml",
        "cat inventory/target/surefire-reports/TEST-com.acme.inventory.WarehouseTest.xml",
        "Show the surefire report of the failing WarehouseTest",
      ),
      bash(
        "javac-errors",
        "javac",
        'javac -Xlint:all -d out/catalog $(find catalog/src -name "*.java") 2>&1; echo "exit code: $?"',
        "Compile the catalog module",
      ),
      bash(
        "java-crash-cause-chain",
        "java-crash",
        'javac -d out/runner runner/src/com/acme/jobs/NightlyExport.java && java -cp out/runner com.acme.jobs.NightlyExport runner/export.properties 2>&1; echo "exit code: $?"',
        "Run the nightly export locally",
      ),
    ],
  },
  {
    name: "cpp",
    setup: "cpp-geometry",
    cwd: "cpp-geometry",
    prompt: "fix the geometry build and the crashing tools",
    provenance: `${CAPTURED} (gcc/g++ 12, cmake 3.25, ninja, valgrind 3.19, gdb, strace)`,
    steps: [
      bash(
        "cmake-configure-missing-package",
        "cmake",
        'cmake -S tiler -B tiler/build 2>&1; echo "exit code: $?"',
        "Configure the tiler",
      ),
      build(
        "cmake-ninja-template-errors-persisted",
        "gxx",
        'cmake -S geometry -B geometry/build -G Ninja >/dev/null && cmake --build geometry/build -- -k 0 2>&1; echo "exit code: $?"',
        "Build the geometry library",
      ),
      bash(
        "valgrind-memcheck",
        "valgrind",
        'valgrind --leak-check=full ./tools/histo 2>&1; echo "exit code: $?"',
        "Check histo for memory errors",
      ),
      bash(
        "gdb-batch-backtrace",
        "gdb",
        "gdb -batch -ex run -ex bt -ex 'frame 1' -ex 'info locals' -ex 'p *r' -ex 'info registers' ./tools/ringbuf 2>&1",
        "Get a backtrace of the ringbuf crash",
      ),
      bash(
        "strace-missing-key",
        "strace",
        'strace -f ./tools/loadcfg 2>&1; echo "exit code: $?"',
        "See which files loadcfg tries to open",
      ),
      bash(
        "gcc-fanalyzer",
        "gcc-analyzer",
        'gcc -fanalyzer -Wall -Wextra -c tools/histo.c tools/ringbuf.c tools/loadcfg.c 2>&1; echo "exit code: $?"',
        "Run gcc's static analyzer over the tools",
      ),
    ],
  },
  {
    name: "py",
    setup: "py-billing",
    cwd: "py-billing/billing",
    prompt: "fix the billing tests and the reconcile crash",
    provenance: `${CAPTURED} (CPython 3.11)`,
    steps: [
      bash(
        "python-unittest-verbose",
        "unittest",
        'python3 -m unittest -v 2>&1; echo "exit code: $?"',
        "Run the unit tests",
      ),
      bash(
        "python-chained-traceback",
        "python-crash",
        'python3 scripts/reconcile.py 2>&1; echo "exit code: $?"',
        "Run the October reconciliation",
      ),
      bash(
        "python-unittest-quiet",
        "unittest",
        "python3 -m unittest 2>&1 | tail -n 60",
        "Re-run the tests, tail only",
      ),
    ],
  },
  {
    name: "web",
    setup: "web-shop",
    cwd: "web-shop/shop",
    prompt: "clean up lint and get the test suites green",
    provenance: `${CAPTURED} (node 24; tools from the npm registry at the versions in package.json)`,
    steps: [
      bash("eslint-stylish", "eslint", 'npx eslint src 2>&1; echo "exit code: $?"', "Lint the sources"),
      bash(
        "prettier-check",
        "prettier",
        'npx prettier --check . 2>&1; echo "exit code: $?"',
        "Check formatting",
      ),
      bash("biome-check", "biome", 'npx biome check src 2>&1; echo "exit code: $?"', "Run biome over src"),
      bash("mocha-spec-failures", "mocha", 'npx mocha 2>&1; echo "exit code: $?"', "Run the mocha specs"),
      bash(
        "jest-coverage-failures",
        "jest-coverage",
        'npx jest 2>&1; echo "exit code: $?"',
        "Run jest with coverage",
      ),
      bash(
        "node-test-spec-reporter",
        "node-test",
        'node --test --test-reporter=spec "nodetest/*.test.js" 2>&1; echo "exit code: $?"',
        "Run the node:test suites",
      ),
      bash(
        "pyright-errors",
        "pyright",
        'npx pyright 2>&1; echo "exit code: $?"',
        "Type-check the feed scripts",
      ),
      bash(
        "npm-ls-package",
        "npm-ls",
        "npm ls minimatch 2>&1",
        "Which versions of minimatch are installed and why",
      ),
      bash(
        "du-node-modules",
        "du",
        "du -ah node_modules | sort -rh | head -n 250",
        "What takes the most space in node_modules",
      ),
      bash(
        "find-dts-eslint",
        "find",
        'find node_modules -name "*.d.ts" -path "*eslint*"',
        "Find the ESLint type definitions",
      ),
      bash(
        "tree-eslint-lib",
        "tree",
        "tree -L 2 node_modules/eslint/lib",
        "Show how eslint's lib folder is laid out",
      ),
      {
        case: "grep-tool-deprecated-rules",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "deprecated",
          path: "node_modules/eslint/lib/rules",
          output_mode: "content",
          "-n": true,
        },
      },
    ],
  },
  {
    name: "web-big",
    setup: "web-shop",
    cwd: "web-shop/shop",
    prompt: "find out why old packages are installed and fix the stylesheets",
    provenance: `${CAPTURED} (node 24; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "stylelint-css",
        "stylelint",
        'npx stylelint "styles/*.css" 2>&1; echo "exit code: $?"',
        "Lint the stylesheets",
      ),
      bash(
        "npm-ls-all-deep",
        "npm-ls",
        "npm ls --all 2>&1",
        "Show the full tree to see what pulls in glob and minimatch",
      ),
    ],
  },
  {
    name: "db",
    setup: "db-shop",
    cwd: "db-shop/dbshop",
    prompt: "look into the failed payments and the broken migration",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40)`,
    postgres: true,
    steps: [
      bash(
        "psql-select-payments",
        "psql",
        `psql -c "SELECT id, order_id, provider, amount_cents, status, decline_code, created_at FROM payments WHERE created_at >= '2024-10-19' ORDER BY created_at LIMIT 250"`,
        "List the payments from October 19 on to find the failed ones",
      ),
      bash(
        "psql-migration-error",
        "psql",
        'psql -v ON_ERROR_STOP=1 -a -f migrations/0042_order_currency.sql 2>&1; echo "exit code: $?"',
        "Apply migration 0042",
      ),
      bash(
        "psql-explain-analyze",
        "psql",
        `psql -c "EXPLAIN (ANALYZE, BUFFERS) SELECT c.country, count(*), sum(o.total_cents) FROM orders o JOIN customers c ON c.id = o.customer_id JOIN payments p ON p.order_id = o.id WHERE p.status = 'failed' OR o.status = 'refunded' GROUP BY c.country ORDER BY 3 DESC"`,
        "Why is the refunds report slow",
      ),
      bash(
        "sqlite-line-webhooks",
        "sqlite",
        'sqlite3 -line data/events.db "SELECT * FROM webhooks WHERE id <= 150"',
        "Show the first 150 webhooks to find disabled ones",
      ),
    ],
  },
  {
    name: "db-big",
    setup: "db-shop",
    cwd: "db-shop/dbshop",
    prompt: "which scheduled jobs failed",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-expanded-job-runs",
        "psql",
        `psql -x -c "SELECT * FROM job_runs WHERE started_at >= '2024-11-19' ORDER BY started_at"`,
        "Show the job runs of the last two days",
      ),
    ],
  },
  {
    name: "data",
    setup: "data-api",
    cwd: "data-api/datasets",
    prompt: "check today's sensor export, the product import and the audit log",
    provenance: `${CAPTURED} (data files generated by projects/data-api.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "cat-sensor-csv",
        "csv",
        "cat data/readings-2024-11-20.csv",
        "Show today's sensor readings to find bad sensors",
      ),
      bash(
        "curl-import-results-json",
        "json",
        "curl -s http://127.0.0.1:{{API_PORT}}/import-batch-0007.json | jq .",
        "Fetch the import batch results to see which rows failed",
      ),
      {
        case: "read-audit-ndjson",
        kind: "ndjson",
        tool: "Read",
        input: { file_path: "{{CWD}}/data/audit.ndjson", limit: 450 },
      },
    ],
  },
  {
    name: "ops",
    setup: "ops",
    cwd: "ops/ops",
    path: "bin",
    prompt: "find out what is wrong in the cluster and on the hosts",
    provenance: CAPTURED,
    steps: [
      bash(
        "kubectl-get-pods-namespace",
        "kubectl",
        "kubectl get pods -n default -o wide --show-labels",
        "List the pods in default",
        HOLMES(
          "tests/llm/fixtures/test_investigate/10_KubeDeploymentReplicasMismatch/kubectl_get_by_kind_in_namespace_pod_default.txt",
        ),
      ),
      bash(
        "kubectl-describe-node",
        "kubectl",
        "kubectl describe node kind-double-node-worker",
        "Describe the worker node to check its pressure and allocations",
        HOLMES("tests/llm/fixtures/test_investigate/03_cpu_throttling/kubectl_describe_node.txt"),
      ),
      bash(
        "kubectl-logs-uvicorn",
        "kubectl-logs",
        "kubectl logs customer-orders-766b65899b-lwqnt",
        "Read the customer-orders logs for the slow requests",
        HOLMES("tests/llm/fixtures/test_ask_holmes/07_high_latency/kubectl_logs.txt"),
      ),
      bash(
        "kubectl-describe-crashing-pod",
        "kubectl",
        "kubectl describe pod -l app=payment-processing-worker",
        "Describe the crashing payment worker",
        HOLMES("tests/llm/fixtures/test_ask_holmes/09_crashpod/kubectl_describe.txt"),
      ),
      bash(
        "tail-syslog",
        "syslog",
        "tail -n 250 logs/linux.log",
        "Look at the end of the system log",
        LOGHUB("Linux/Linux_2k.log"),
      ),
      bash(
        "grep-sshd-failures",
        "log-grep",
        'grep -n -i "error\\|fatal\\|refused\\|break-in" logs/openssh.log',
        "Find sshd errors other than the usual failed passwords",
        LOGHUB("OpenSSH/OpenSSH_2k.log"),
      ),
      {
        case: "read-zookeeper-log",
        kind: "log-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/zookeeper.log", limit: 500 },
        provenance: LOGHUB("Zookeeper/Zookeeper_2k.log"),
      },
      {
        case: "grep-tool-hdfs-warn",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "WARN|ERROR", path: "logs/hdfs.log", output_mode: "content", "-n": true },
        provenance: LOGHUB("HDFS/HDFS_2k.log"),
      },
      bash(
        "yamllint-manifests",
        "yamllint",
        'yamllint k8s/ 2>&1; echo "exit code: $?"',
        "Lint the Kubernetes manifests",
        `${CAPTURED}; the manifests are real files from robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202) tests/llm/fixtures/*/ (see projects/ops.sh)`,
      ),
      {
        case: "read-k8s-manifest-yaml",
        kind: "yaml",
        tool: "Read",
        input: { file_path: "{{CWD}}/k8s/helm-sock-shop.yaml" },
        provenance:
          "a real manifest from robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202) tests/llm/fixtures/test_ask_holmes/08_sock_shop_frontend/helm/sock-shop.yaml, read by Claude Code's Read",
      },
      bash(
        "git-log-graph",
        "git-log",
        "git -C holmesgpt log --graph --oneline --decorate -n 300",
        "See how the recent branches were merged",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "git-blame-range",
        "git-blame",
        "git -C holmesgpt blame -L 1,220 holmes/core/tool_calling_llm.py",
        "Who last changed the start of tool_calling_llm.py",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "git-shortlog",
        "git-shortlog",
        "git -C holmesgpt shortlog -sn HEAD",
        "Who contributed most",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "shellcheck-scripts",
        "shellcheck",
        '(cd holmesgpt && shellcheck $(git ls-files "*.sh")) 2>&1; echo "exit code: $?"',
        "Lint the repository's shell scripts",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
    ],
  },
  {
    name: "ops-big",
    setup: "ops",
    cwd: "ops/ops",
    path: "bin",
    prompt: "find the failing pods and what the services log",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-get-pods-all-namespaces",
        "kubectl",
        "kubectl get pods -A -o wide --show-labels",
        "List every pod to find the unhealthy ones",
        HOLMES("tests/llm/fixtures/test_ask_holmes/34_memory_graph/kubectl_get_by_kind_in_cluster.txt"),
      ),
      bash(
        "kubectl-logs-dns-errors",
        "kubectl-logs",
        "kubectl logs client -n investigate-namespace-15",
        "Read the client's logs to see when name resolution broke",
        HOLMES(
          "tests/llm/fixtures/test_investigate/15_dns_resolution/kubectl_logs_client_investigate-namespace-15.txt",
        ),
      ),
      bash(
        "kubectl-logs-json-lines",
        "kubectl-logs",
        "kubectl logs fraud-service-54df9b7d75-z6m75 -n my-demoshop-namespace",
        "Read the fraud service logs for errors",
        HOLMES("tests/llm/fixtures/test_ask_holmes/36_argocd_find_resource/kubectl_logs.txt"),
      ),
      bash(
        "grep-bgl-fatal",
        "log-grep",
        'grep -n "FATAL\\|FAILURE\\|SEVERE" logs/bgl.log',
        "Find the fatal events on the BlueGene log",
        LOGHUB("BGL/BGL_2k.log"),
      ),
    ],
  },
  {
    name: "sys",
    setup: "sys",
    cwd: "sys/host",
    prompt: "the host is slow: check processes, disk and packages",
    provenance: `${CAPTURED} (procps, coreutils, dpkg and apt of Debian 12; the session in a PID namespace of its own; BASH_MAX_OUTPUT_LENGTH=200000)`,
    pidNamespace: true,
    maxOutput: 200_000,
    steps: [
      { tool: "Bash", input: { command: "./svc/start.sh", description: "Start the services" } },
      bash(
        "ps-sorted-by-memory",
        "ps",
        "ps -eo pid,ppid,user,stat,%cpu,%mem,rss,etime,args --sort=-%mem",
        "Which processes use the most memory and CPU",
      ),
      bash("du-var-sorted", "du", "du -ah var | sort -rh | head -n 120", "What fills var/"),
      bash("dpkg-list", "dpkg", "dpkg -l", "List installed packages to check the OpenSSL and libpq versions"),
      bash(
        "apt-get-simulate",
        "apt",
        "apt-get install -s libreoffice-writer 2>&1",
        "What would installing libreoffice-writer pull in",
      ),
    ],
  },
  // The fresh set (bench/corpus/fresh/): tools and shapes no dev or blind case has,
  // captured after the blind part showed the rules overfit.
  {
    name: "fresh-py",
    setup: "fresh",
    cwd: "fresh/inventory",
    prompt: "the inventory tests fail and the nightly rebalance got slow",
    provenance: `${CAPTURED} (CPython 3.11, pytest 9; project by projects/fresh.sh)`,
    steps: [
      build(
        "pytest-ra-tb-long",
        "pytest",
        'python3 -m pytest -rA --tb=long 2>&1; echo "exit code: $?"',
        "Run the tests with every outcome in the summary",
      ),
      bash(
        "python-cprofile-tottime",
        "cprofile",
        "PYTHONPATH=. python3 -m cProfile -s tottime scripts/nightly_rebalance.py",
        "Profile the nightly rebalance",
      ),
      bash("pip-show-files", "pip", "pip show -f pytest", "Which pytest is installed and where"),
      bash("pip-list", "pip", "pip list", "List the installed Python packages"),
      bash(
        "python-importtime",
        "importtime",
        'python3 -X importtime -c "import inventory.pricing, pytest" 2>&1',
        "Why does startup take so long: which imports are slow",
      ),
    ],
  },
  {
    name: "fresh-rs",
    setup: "fresh",
    cwd: "fresh/ledger-rs",
    prompt: "clean up the ledger crate's warnings",
    provenance: `${CAPTURED} (cargo and rustc stable, offline; project by projects/fresh.sh)`,
    steps: [build("cargo-check-warnings", "cargo", "cargo check --offline 2>&1", "Check the crate")],
  },
  {
    name: "fresh-git",
    setup: "fresh",
    cwd: "fresh/shop-repo",
    prompt: "where did my payment-retries commits go, and what did the last refactor touch",
    provenance: `${CAPTURED} (git; repository built by projects/fresh.sh with scripted commits)`,
    steps: [
      bash(
        "git-log-graph-all-branches",
        "git-log",
        "git log --graph --oneline --decorate --all",
        "See every branch and merge",
      ),
      bash("git-reflog", "git-reflog", "git reflog", "Find the lost payment-retries commits"),
      bash("git-show-stat", "git-show", "git show --stat HEAD", "What did the last commit touch"),
    ],
  },
  {
    name: "fresh-ts",
    setup: "fresh",
    cwd: "fresh/ts-pkg",
    prompt: "why is the fixture type-checked, why does sync crash, and what goes into the package",
    provenance: `${CAPTURED} (TypeScript 7, esbuild, npm, Node; project by projects/fresh.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "tsc-explain-files",
        "tsc",
        './node_modules/.bin/tsc --noEmit --explainFiles 2>&1; echo "exit code: $?"',
        "Why is tests/fixtures/legacy-order.ts in the program",
      ),
      bash(
        "node-trace-warnings-crash",
        "node-crash",
        'node --trace-warnings scripts/warn.mjs 2>&1; echo "exit code: $?"',
        "Run the orders sync with warning traces",
      ),
      bash(
        "esbuild-analyze",
        "esbuild",
        "./node_modules/.bin/esbuild src/bundle-entry.ts --bundle --platform=node --format=esm --outfile=dist/bundle.js --analyze 2>&1",
        "Bundle and see what makes it big",
      ),
      bash("npm-pack-dry-run", "npm-pack", "npm pack --dry-run 2>&1", "What would be published"),
    ],
  },
  {
    name: "fresh-data",
    setup: "fresh",
    cwd: "fresh/data",
    prompt: "check the orders table, the config change and apply the rounding patch",
    provenance: `${CAPTURED} (sqlite3, diffutils, GNU patch, OpenJDK 17 javap; data by projects/fresh.sh)`,
    steps: [
      bash(
        "sqlite-markdown-orders",
        "sqlite",
        'sqlite3 -markdown shop.db "select * from orders order by id"',
        "Look over the orders for anything odd",
      ),
      bash(
        "diff-u-service-config",
        "diff",
        'diff -u service.old.toml service.new.toml; echo "exit code: $?"',
        "What changed in the service config",
      ),
      bash(
        "patch-failed-hunk",
        "patch",
        'patch -d app -p1 < fix-rounding.patch; echo "exit code: $?"',
        "Apply the rounding fix",
      ),
      {
        case: "read-env-example",
        kind: "read-config",
        tool: "Read",
        input: { file_path: "{{CWD}}/.env.example" },
      },
      {
        case: "read-tenants-json",
        kind: "read-config",
        tool: "Read",
        input: { file_path: "{{CWD}}/config/tenants.json" },
      },
      bash(
        "javap-concurrenthashmap",
        "javap",
        "javap -p -constants java.util.concurrent.ConcurrentHashMap",
        "Check ConcurrentHashMap's computeIfAbsent signature and its treeify threshold",
      ),
    ],
  },
  // Added to the fresh set in a second pass, in sessions of their own so the first pass's
  // cases re-capture unchanged.
  {
    name: "fresh-more-git",
    setup: "fresh",
    cwd: "fresh/shop-clone",
    prompt: "tidy up my local branches",
    provenance: `${CAPTURED} (git; repositories built by projects/fresh.sh with scripted commits)`,
    steps: [
      bash(
        "git-branch-vv-clone",
        "git-branch",
        "git branch -vv",
        "Which local branches are gone upstream or out of date",
      ),
    ],
  },
  {
    name: "fresh-more-web",
    setup: "fresh",
    cwd: "fresh/web-widgets",
    prompt: "the widget bundle does not build",
    provenance: `${CAPTURED} (esbuild; project by projects/fresh.sh)`,
    steps: [
      bash(
        "esbuild-warnings-error",
        "esbuild",
        './node_modules/.bin/esbuild src/app.js --bundle --outfile=dist/web.js --log-limit=0 2>&1; echo "exit code: $?"',
        "Bundle the web widgets",
      ),
    ],
  },
  {
    name: "fresh-more-data",
    setup: "fresh",
    cwd: "fresh/data",
    prompt: "which tenants and orders need attention",
    provenance: `${CAPTURED} (jq, sqlite3; data by projects/fresh.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "jq-tenant-payments",
        "jq",
        "jq -c '.tenants[] | {id, plan, provider: .payments.provider, capture: .payments.capture, rpm: .limits.rate_per_minute}' config/tenants.json",
        "Each tenant's payment provider and rate limit",
      ),
      bash("sqlite-dump-orders", "sqlite", "sqlite3 shop.db .dump", "Dump the orders database"),
    ],
  },
  // The fresh2 set (bench/corpus/fresh2/): a second round of tools and shapes no dev,
  // fresh or blind case has, captured after the fresh set's fixes to test that they generalise.
  {
    name: "fresh2-c",
    setup: "fresh2",
    cwd: "fresh2/cgeo",
    prompt: "geoapp does not link and I want to know what libgeo exports",
    provenance: `${CAPTURED} (GNU make, gcc 12, binutils; project by projects/fresh2.sh)`,
    steps: [
      build("make-link-undefined", "make", 'make -k 2>&1; echo "exit code: $?"', "Build libgeo and geoapp"),
      {
        case: "grep-tool-context-decls",
        kind: "grep",
        tool: "Grep",
        input: {
          pattern: "geo_mesh_simplify|geo_clip_polygon|geo_bbox_volume",
          output_mode: "content",
          "-n": true,
          "-C": 2,
        },
      },
      bash("readelf-dynsym", "readelf", "readelf -sW build/libgeo.so", "What does libgeo.so export"),
      bash(
        "nm-size-sort",
        "nm",
        "nm -S --size-sort -C build/libgeo.so",
        "Which symbols in libgeo are biggest",
      ),
    ],
  },
  {
    name: "fresh2-pl",
    setup: "fresh2",
    cwd: "fresh2/perl-invoice",
    prompt: "the invoice module's tests fail",
    provenance: `${CAPTURED} (perl 5.36, Test::More, prove; project by projects/fresh2.sh)`,
    steps: [
      build(
        "prove-verbose-failures",
        "prove",
        'prove -v t/ 2>&1; echo "exit code: $?"',
        "Run the Perl tests",
      ),
    ],
  },
  {
    name: "fresh2-py",
    setup: "fresh2",
    cwd: "fresh2/fulfil",
    prompt: "fulfil's tests are slow and failing, and the carton rebuild crashes",
    provenance: `${CAPTURED} (CPython 3.11, pytest 9; project by projects/fresh2.sh)`,
    steps: [
      build(
        "pytest-durations",
        "pytest",
        'python3 -m pytest -q --durations=10 2>&1; echo "exit code: $?"',
        "Run the tests and show the slowest",
      ),
      bash(
        "doctest-verbose",
        "doctest",
        'python3 -m doctest -v fulfil/money.py 2>&1; echo "exit code: $?"',
        "Run the money module's doctests",
      ),
      bash(
        "python-recursion-after-progress",
        "python-crash",
        'python3 scripts/rebuild_cartons.py 2>&1; echo "exit code: $?"',
        "Rebuild the carton tree",
      ),
    ],
  },
  {
    name: "fresh2-git",
    setup: "fresh2",
    cwd: "fresh2/shop",
    prompt:
      "free shipping starts at 75 instead of 50: find out when that changed, then merge the zones branch",
    provenance: `${CAPTURED} (git; repository built by projects/fresh2.sh with scripted commits)`,
    steps: [
      bash("git-log-patch", "git-log", "git log -p v1.0.0..main", "Every change since 1.0.0 with its patch"),
      bash(
        "git-diff-stat",
        "git-diff",
        "git diff --stat v1.0.0 feature/catalog-split",
        "How big is the catalog split against 1.0.0",
      ),
      bash(
        "git-bisect-run",
        "git-bisect",
        "git bisect start main v1.0.0 && git bisect run ./check.sh; git bisect reset",
        "Bisect which commit raised the free-shipping threshold",
      ),
      bash(
        "git-merge-conflict-status",
        "git-merge",
        "git merge feature/shipping-zones; git status",
        "Merge the shipping zones branch",
      ),
      { tool: "Bash", input: { command: "git merge --abort", description: "Abort the merge" } },
      bash("git-stash-list", "git-stash", "git stash list", "Which stashes are there"),
    ],
  },
  {
    name: "fresh2-ops",
    setup: "fresh2",
    cwd: "fresh2/ops",
    prompt: "check the access log after this morning's payment alerts and review the 1.5 release artefacts",
    provenance: `${CAPTURED} (gawk, coreutils, tar, unzip, openssl, libxml2 xmllint, diffutils, npm; files by projects/fresh2.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "awk-non-200-requests",
        "access-log",
        "awk '$9 != 200 && $9 != 304' access.log",
        "Every request that did not succeed",
      ),
      bash(
        "uniq-c-status-by-path",
        "uniq-c",
        "awk '{print $9, $7}' access.log | sort | uniq -c | sort -rn",
        "Count requests by status and path",
      ),
      bash(
        "awk-latency-by-path",
        "awk",
        `awk '{split($NF,a,"="); s[$7]+=a[2]; n[$7]++; if (a[2]>m[$7]) m[$7]=a[2]} END {for (p in s) printf "%-32s n=%5d avg=%.3f max=%.3f\\n", p, n[p], s[p]/n[p], m[p]}' access.log | sort`,
        "Latency per path",
      ),
      bash("tar-tvzf-release", "tar", "tar tvzf shop-1.5.tar.gz", "What is in the 1.5 tarball"),
      bash(
        "unzip-l-jar",
        "unzip",
        "unzip -l shop-service.jar",
        "Which libraries does the service jar bundle",
      ),
      bash(
        "openssl-x509-text",
        "openssl",
        "openssl x509 -in shop.crt -text -noout",
        "Check the API certificate",
      ),
      bash(
        "xmllint-noout-errors",
        "xmllint",
        'xmllint --noout config/*.xml 2>&1; echo "exit code: $?"',
        "Validate the service configs",
      ),
      bash(
        "diff-rq-releases",
        "diff",
        'diff -rq release-1.4 release-1.5; echo "exit code: $?"',
        "What changed between the 1.4 and 1.5 trees",
      ),
      {
        case: "glob-release-tree",
        kind: "glob",
        tool: "Glob",
        input: { pattern: "release-1.5/**/*" },
      },
      bash(
        "curl-verbose-404",
        "curl",
        'curl -sv http://127.0.0.1:{{API_PORT}}/v1/orders/8812 2>&1; echo "exit code: $?"',
        "Why does the order lookup fail",
      ),
      {
        case: "read-sql-schema",
        kind: "read-sql",
        tool: "Read",
        input: { file_path: "{{CWD}}/schema.sql" },
      },
      bash("wc-l-migrations", "wc", "wc -l release-1.5/shop/migrations/*.sql", "How long are the migrations"),
    ],
  },
  {
    name: "fresh2-npm",
    setup: "fresh2",
    cwd: "fresh2/ops/widget",
    prompt: "the widget release fails",
    provenance: `${CAPTURED} (npm 10, Node; package by projects/fresh2.sh)`,
    steps: [
      build(
        "npm-run-lifecycle-failure",
        "npm-run",
        'npm run release 2>&1; echo "exit code: $?"',
        "Run the release",
      ),
    ],
  },

  // The fresh3 set (bench/corpus/fresh3/): new outputs of the tools the widened corpus
  // already has (other projects, errors, sizes and options), captured after the fresh2
  // set's fixes, since the blind part holds outputs of those tools, not of new ones.
  {
    name: "fresh3-web",
    setup: "fresh3",
    cwd: "fresh3/web-shop/shop",
    prompt: "clean up the legacy checkout code and get the new suites green",
    provenance: `${CAPTURED} (node 24; tools from the npm registry at the versions in package.json; files by projects/fresh3.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "eslint-legacy-many-rules",
        "eslint",
        'npx eslint -c legacy/eslint.config.js legacy 2>&1; echo "exit code: $?"',
        "Lint the legacy modules with the strict config",
      ),
      bash(
        "biome-lint-legacy",
        "biome",
        'npx biome lint legacy 2>&1; echo "exit code: $?"',
        "Run biome's linter on legacy",
      ),
      bash(
        "prettier-check-legacy",
        "prettier",
        'npx prettier --check legacy spec2 test2 2>&1; echo "exit code: $?"',
        "Check formatting of the new folders",
      ),
      bash(
        "mocha-nested-describes",
        "mocha",
        'npx mocha "spec2/**/*.spec.js" 2>&1; echo "exit code: $?"',
        "Run the nested mocha specs",
      ),
      bash(
        "jest-verbose-coverage-loyalty",
        "jest-coverage",
        'npx jest --verbose --coverage --testMatch "**/test2/**/*.test.js" --collectCoverageFrom "src/lib/**/*.js" 2>&1; echo "exit code: $?"',
        "Run the loyalty suites with coverage",
      ),
      bash(
        "pyright-strict-stockfeed",
        "pyright",
        'npx pyright -p py2 2>&1; echo "exit code: $?"',
        "Type-check the stock feed package",
      ),
      bash("npm-ls-glob", "npm-ls", "npm ls glob 2>&1", "Which versions of glob are installed and why"),
      bash(
        "du-depth-node-modules",
        "du",
        "du -h -d 2 node_modules | sort -h | tail -n 150",
        "Which package folders are biggest",
      ),
      bash(
        "find-large-maps",
        "find",
        'find node_modules -name "*.js" -size +100k',
        "Find the big JavaScript files in node_modules",
      ),
      bash("tree-babel-core", "tree", "tree -h node_modules/@babel/core/lib", "Show babel core's lib folder"),
      {
        case: "grep-tool-mocha-todo",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "TODO|FIXME|deprecated",
          path: "node_modules/mocha/lib",
          output_mode: "content",
          "-n": true,
        },
      },
    ],
  },
  {
    name: "fresh3-cpp",
    setup: "fresh3",
    cwd: "fresh3/cpp-geometry",
    prompt: "the cache tool leaks and the nightly job is slow",
    provenance: `${CAPTURED} (gcc 12, valgrind 3.19, gdb, strace; files by projects/fresh3.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "valgrind-leak-kinds",
        "valgrind",
        'valgrind --leak-check=full --show-leak-kinds=all --track-origins=yes ./tools/cache 2>&1; echo "exit code: $?"',
        "Check the cache tool for leaks of every kind",
      ),
      bash(
        "gdb-bt-full",
        "gdb",
        "gdb -batch -ex run -ex 'bt full' -ex 'info frame' ./tools/ringbuf 2>&1",
        "Full backtrace of the ringbuf crash",
      ),
      bash(
        "strace-f-summary",
        "strace",
        'strace -f -c ./tools/nightly.sh 2>&1; echo "exit code: $?"',
        "Which system calls the nightly job spends its time in",
      ),
      bash(
        "strace-f-file",
        "strace",
        'strace -f -e trace=%file ./tools/nightly.sh 2>&1; echo "exit code: $?"',
        "Which files the nightly job's processes open",
      ),
      bash(
        "gcc-fanalyzer-cache",
        "gcc-analyzer",
        'gcc -fanalyzer -Wall -Wextra -c tools/cache.c -o /dev/null 2>&1; echo "exit code: $?"',
        "Run gcc's analyzer over the cache tool",
      ),
      build(
        "cmake-make-k-gxx",
        "gxx",
        'cmake -S geometry -B geometry/build-make >/dev/null && make -k -C geometry/build-make 2>&1; echo "exit code: $?"',
        "Build the geometry library with make",
      ),
    ],
  },
  {
    name: "fresh3-rs",
    setup: "fresh3",
    cwd: "fresh3/rust-ledger",
    prompt: "make clippy pedantic pass on rates and settle, and look at the rates tests",
    provenance: `${CAPTURED} (cargo/rustc/clippy 1.95, offline; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cargo-clippy-pedantic",
        "clippy",
        'cargo clippy -p rates -p settle -- -W clippy::pedantic 2>&1; echo "exit code: $?"',
        "Lint rates and settle with pedantic lints",
      ),
      build(
        "cargo-test-nocapture",
        "cargo-test",
        'cargo test -p rates -- --test-threads=1 --nocapture 2>&1; echo "exit code: $?"',
        "Run the rates tests one at a time with their output",
      ),
      build(
        "cargo-build-short",
        "cargo",
        'cargo build -p ledger --message-format=short 2>&1; echo "exit code: $?"',
        "Build the ledger crate, short messages",
      ),
    ],
  },
  {
    name: "fresh3-java",
    setup: "fresh3",
    cwd: "fresh3/java-inventory",
    prompt: "the inventory tests fail and the catalog does not compile",
    provenance: `${CAPTURED} (OpenJDK 17, Maven 3.8 offline, JUnit 5.10)`,
    steps: [
      build(
        "mvn-test-full-traces",
        "maven",
        'mvn -o -B -f inventory/pom.xml test -DtrimStackTrace=false 2>&1; echo "exit code: $?"',
        "Run the inventory tests with whole stack traces",
      ),
      bash(
        "javac-xdiags-verbose",
        "javac",
        'javac -Xlint:all -Xdiags:verbose -d out/catalog $(find catalog/src -name "*.java") 2>&1; echo "exit code: $?"',
        "Compile the catalog with verbose diagnostics",
      ),
    ],
  },
  {
    name: "fresh3-py",
    setup: "fresh3",
    cwd: "fresh3/py-billing/billing",
    prompt: "type-check the billing package",
    provenance: `${CAPTURED} (pyright from the web project's node_modules; project by projects/py-billing.sh)`,
    steps: [
      bash(
        "pyright-billing",
        "pyright",
        '../../web-shop/shop/node_modules/.bin/pyright 2>&1; echo "exit code: $?"',
        "Type-check billing",
      ),
    ],
  },
  {
    name: "fresh3-db",
    setup: "fresh3",
    cwd: "fresh3/db-shop/dbshop",
    prompt: "the payments table is slow and jobs failed this week",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash("psql-describe-plus", "psql", `psql -c '\\d+ payments'`, "Describe the payments table"),
      bash(
        "psql-explain-verbose",
        "psql",
        `psql -c "EXPLAIN (ANALYZE, VERBOSE, BUFFERS) SELECT c.country, p.provider, p.decline_code, count(*) AS n, sum(o.total_cents) AS total, rank() OVER (PARTITION BY c.country ORDER BY count(*) DESC) FROM payments p JOIN orders o ON o.id = p.order_id JOIN customers c ON c.id = o.customer_id WHERE p.created_at >= '2024-10-01' AND o.id IN (SELECT order_id FROM payments WHERE status = 'failed' UNION SELECT id FROM orders WHERE status = 'refunded') GROUP BY c.country, p.provider, p.decline_code ORDER BY c.country, n DESC"`,
        "Why is the decline report slow",
      ),
      bash(
        "psql-job-runs-aligned",
        "psql",
        `psql -c "SELECT id, job, host, started_at, finished_at - started_at AS took, status, rows_processed, error FROM job_runs ORDER BY started_at"`,
        "Every job run of the week",
      ),
      bash(
        "sqlite-line-events",
        "sqlite",
        `sqlite3 -line data/events.db "SELECT * FROM webhooks WHERE id > 150"`,
        "The rest of the webhooks",
      ),
    ],
  },
  {
    name: "fresh3-ops",
    setup: "fresh3",
    cwd: "fresh3/ops/ops",
    path: "bin",
    prompt: "an analytics pod was OOM killed and the checkout service errors: find out why",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-describe-oom-pod",
        "kubectl",
        "kubectl describe pod analytics-exporter-fast-76897854c-cw5wh -n default",
        "Describe the OOM-killed pod",
        HOLMES("tests/llm/fixtures/test_investigate/01_oom_kill/kubectl_describe.txt"),
      ),
      bash(
        "kubectl-describe-node-pressure",
        "kubectl",
        "kubectl describe node ip-172-31-40-111.us-east-2.compute.internal",
        "Describe the node under memory pressure",
        HOLMES("tests/llm/fixtures/test_investigate/08_memory_pressure/kubectl_describe.txt"),
      ),
      bash(
        "kubectl-get-pods-job-failure",
        "kubectl",
        "kubectl get pods -n default -o wide --show-labels",
        "List the pods in default to find the failed job",
        HOLMES("tests/llm/fixtures/test_investigate/06_job_failure/kubectl_get_by_kind_in_namespace_pod.txt"),
      ),
      bash(
        "kubectl-logs-checkout-json",
        "kubectl-logs",
        "kubectl logs checkout-service-66cb4b6c4b-77chl -n minishop",
        "Read the checkout service logs",
        HOLMES("tests/llm/fixtures/test_ask_holmes/35_tempo/kubectl_logs_checkout.txt"),
      ),
      bash(
        "kubectl-logs-java-crash",
        "kubectl-logs",
        "kubectl logs crashpod-9688789bc-lgjzj --all-containers",
        "Read the crashing pod's logs",
        HOLMES("tests/llm/fixtures/test_workload_health/01_crashpod/kubectl_logs_all_containers.txt"),
      ),
      bash(
        "tail-hadoop",
        "syslog",
        "tail -n 300 logs/hadoop.log",
        "The end of the Hadoop log",
        LOGHUB("Hadoop/Hadoop_2k.log"),
      ),
      bash(
        "grep-openstack-errors",
        "log-grep",
        'grep -n -E "ERROR|WARNING" logs/openstack.log',
        "Find the OpenStack errors and warnings",
        LOGHUB("OpenStack/OpenStack_2k.log"),
      ),
      {
        case: "read-android-log",
        kind: "log-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/android.log", limit: 300 },
        provenance: LOGHUB("Android/Android_2k.log"),
      },
      bash(
        "grep-thunderbird-errors",
        "log-grep",
        'grep -n -i "error\\|fail" logs/thunderbird.log',
        "Find the errors on the Thunderbird cluster",
        LOGHUB("Thunderbird/Thunderbird_2k.log"),
      ),
      bash(
        "git-blame-interactive",
        "git-blame",
        "git -C holmesgpt blame -L 1,400 holmes/interactive.py",
        "Who wrote the start of interactive.py",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "git-log-graph-path",
        "git-log",
        "git -C holmesgpt log --graph --format='%h %an %ad %s' --date=short -n 150 -- holmes/core",
        "Recent history of holmes/core",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "yamllint-parsable",
        "yamllint",
        'yamllint -f parsable k8s/ 2>&1; echo "exit code: $?"',
        "Lint the manifests, one line each",
        `${CAPTURED}; the manifests are real files from robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202) tests/llm/fixtures/*/ (see projects/ops.sh)`,
      ),
    ],
  },
  {
    name: "fresh3-sys",
    setup: "fresh3",
    cwd: "fresh3/sys/host",
    prompt: "the host is slow again: which processes, and what fills the disk",
    provenance: `${CAPTURED} (procps, coreutils, findutils, tree; the session in a PID namespace of its own; BASH_MAX_OUTPUT_LENGTH=200000)`,
    pidNamespace: true,
    maxOutput: 200_000,
    steps: [
      { tool: "Bash", input: { command: "./svc/start.sh", description: "Start the services" } },
      bash("ps-aux-cpu", "ps", "ps aux --sort=-%cpu", "Which processes use the most CPU"),
      bash(
        "find-size-printf",
        "find",
        'find var -type f -size +20k -printf "%s\\t%p\\n" | sort -rn',
        "Which files in var are biggest",
      ),
      bash("tree-h-var", "tree", "tree -h var/cache/app", "Show the cache folder with sizes"),
    ],
  },

  // The fresh4 set (bench/corpus/fresh4/): new outputs of the build, test, lint and debug
  // tools the blind part holds, on projects of their own (projects/fresh4.sh).
  {
    name: "fresh4-web",
    setup: "fresh4",
    cwd: "fresh4/web-shop/shop",
    prompt: "get the f4 folder clean: lint, format, styles, scripts and its suites",
    provenance: `${CAPTURED} (node 24; tools from the npm registry at the versions in package.json; files by projects/fresh4.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "eslint-parse-errors",
        "eslint",
        'npx eslint f4/src 2>&1; echo "exit code: $?"',
        "Lint the f4 sources",
      ),
      bash(
        "prettier-check-generated",
        "prettier",
        'npx prettier --check f4/gen 2>&1; echo "exit code: $?"',
        "Check formatting of the generated modules",
      ),
      bash(
        "biome-format-diff",
        "biome",
        'npx biome format f4/src 2>&1; echo "exit code: $?"',
        "Show biome's formatting changes",
      ),
      bash(
        "stylelint-verbose",
        "stylelint",
        'npx stylelint "f4/styles/*.css" --formatter verbose 2>&1; echo "exit code: $?"',
        "Lint the f4 stylesheets, verbose",
      ),
      bash(
        "shellcheck-gcc",
        "shellcheck",
        'shellcheck -f gcc f4/scripts/*.sh; echo "exit code: $?"',
        "Shellcheck the scripts, gcc format",
      ),
      bash(
        "shellcheck-nightly",
        "shellcheck",
        'shellcheck f4/scripts/nightly.sh; echo "exit code: $?"',
        "Shellcheck the nightly script",
      ),
      bash(
        "mocha-hooks-timeouts",
        "mocha",
        'npx mocha f4/spec/orders.spec.js 2>&1; echo "exit code: $?"',
        "Run the orders specs",
      ),
      bash(
        "jest-inline-snapshot",
        "jest",
        'npx jest --ci --coverage=false f4/test/render.test.js 2>&1; echo "exit code: $?"',
        "Run the render tests",
      ),
      bash(
        "node-test-nested-coverage",
        "node-test",
        'node --test --test-reporter=spec --experimental-test-coverage f4/nodetest/ledger.test.js f4/nodetest/report.test.js 2>&1; echo "exit code: $?"',
        "Run the node:test suites with coverage",
      ),
    ],
  },
  {
    name: "fresh4-spill",
    setup: "fresh4",
    cwd: "fresh4/web-shop/shop",
    prompt: "which of the wide modules are untested",
    provenance: `${CAPTURED} (jest 29; files by projects/fresh4.sh; Claude Code's own 30,000-character spill)`,
    steps: [
      bash(
        "jest-coverage-wide",
        "jest-coverage",
        'npx jest --coverage --collectCoverageFrom "f4/wide/**/*.js" f4/test/wide 2>&1; echo "exit code: $?"',
        "Run the wide suites with coverage",
      ),
    ],
  },
  {
    name: "fresh4-rs",
    setup: "fresh4",
    cwd: "fresh4/rs",
    prompt: "fix the parser crate, the shipping doctests and the worker panic",
    provenance: `${CAPTURED} (cargo/rustc 1.95, offline; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cargo-check-borrow-errors",
        "cargo",
        'cargo check -p parser 2>&1; echo "exit code: $?"',
        "Check the parser crate",
      ),
      build(
        "cargo-test-doctests",
        "cargo-test",
        'cargo test -p shipping --no-fail-fast 2>&1; echo "exit code: $?"',
        "Run the shipping tests and doctests",
      ),
      bash(
        "rust-panic-full-backtrace",
        "rust-panic",
        'RUST_BACKTRACE=full cargo run -q -p worker 2>&1; echo "exit code: $?"',
        "Run the worker with a full backtrace",
      ),
    ],
  },
  {
    name: "fresh4-java",
    setup: "fresh4",
    cwd: "fresh4/java",
    prompt: "the orders tests fail, billing does not compile, and the category job crashes",
    provenance: `${CAPTURED} (OpenJDK 17, Maven 3.8 offline, JUnit 5.10; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "mvn-test-parameterized",
        "maven",
        'mvn -o -B -f orders/pom.xml test 2>&1; echo "exit code: $?"',
        "Run the orders tests",
      ),
      build(
        "mvn-compile-errors",
        "maven",
        'mvn -o -B -f billing/pom.xml compile 2>&1; echo "exit code: $?"',
        "Compile billing",
      ),
      bash(
        "java-stackoverflow",
        "java-crash",
        'java -cp orders/target/classes com.acme.orders.Chain 2>&1; echo "exit code: $?"',
        "Run the category job",
      ),
      bash(
        "javac-werror-lint",
        "javac",
        'javac -Xlint:all -Werror -d out/lint lint/src/com/acme/lint/*.java 2>&1; echo "exit code: $?"',
        "Compile the lint module with -Werror",
      ),
    ],
  },
  {
    name: "fresh4-native",
    setup: "fresh4",
    cwd: "fresh4/native",
    prompt: "the router does not link, units.cpp does not compile, and the tools misbehave",
    provenance: `${CAPTURED} (gcc/g++ 12, cmake, ninja, valgrind 3.19, gdb, strace; files by projects/fresh4.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cmake-ninja-link-errors",
        "gxx",
        'cmake -S router -B router/build -G Ninja >/dev/null && cmake --build router/build 2>&1; echo "exit code: $?"',
        "Build the router",
      ),
      bash(
        "gxx-concepts-errors",
        "gxx",
        'g++ -std=c++20 -c tools/units.cpp -o /dev/null 2>&1; echo "exit code: $?"',
        "Compile units.cpp",
      ),
      bash(
        "gcc-fanalyzer-jobq",
        "gcc-analyzer",
        'gcc -fanalyzer -c tools/jobq.c -o /dev/null 2>&1; echo "exit code: $?"',
        "Run gcc's analyzer over the job queue",
      ),
      bash(
        "valgrind-helgrind-race",
        "valgrind",
        'valgrind --tool=helgrind ./tools/counter 2>&1; echo "exit code: $?"',
        "Look for data races in the counter",
      ),
      bash(
        "valgrind-memcheck-cxx",
        "valgrind",
        'valgrind --leak-check=full --track-origins=yes ./tools/inventory 2>&1; echo "exit code: $?"',
        "Memcheck the inventory tool",
      ),
      bash(
        "gdb-threads-bt",
        "gdb",
        "gdb -batch -ex run -ex 'thread apply all bt' ./tools/pool 2>&1",
        "Backtraces of every thread at the pool crash",
      ),
      bash(
        "strace-network-timing",
        "strace",
        'strace -f -tt -T -e trace=network python3 tools/probe.py 2>&1; echo "exit code: $?"',
        "Which backends the probe reaches, with timings",
      ),
    ],
  },
  {
    name: "fresh4-py",
    setup: "fresh4",
    cwd: "fresh4/py/shipping",
    prompt: "the shipping tests fail and both jobs crash",
    provenance: `${CAPTURED} (CPython 3.11, pyright from the web project's node_modules; files by projects/fresh4.sh)`,
    steps: [
      bash(
        "python-unittest-subtests",
        "unittest",
        'python3 -m unittest -v 2>&1; echo "exit code: $?"',
        "Run the shipping tests",
      ),
      bash(
        "python-threadpool-traceback",
        "python-crash",
        'python3 pool_job.py 2>&1; echo "exit code: $?"',
        "Run the label job",
      ),
      bash(
        "python-exceptiongroup",
        "python-crash",
        'python3 sync_stock.py 2>&1; echo "exit code: $?"',
        "Run the stock sync",
      ),
      bash(
        "pyright-shipping",
        "pyright",
        '../../web-shop/shop/node_modules/.bin/pyright 2>&1; echo "exit code: $?"',
        "Type-check the shipping package and tools",
      ),
    ],
  },

  // The fresh5 set (bench/corpus/fresh5/): a fourth held-out round of new outputs of the
  // data, database, system, log, git and cluster tools the blind part holds (other data,
  // errors, options and formats), captured after fresh3's fixes.
  {
    name: "fresh5-data",
    setup: "fresh5",
    cwd: "fresh5/data",
    prompt: "the nightly settlement reconciliation and the invoice worker both went wrong",
    provenance: `${CAPTURED} (curl against a JSON file served on loopback, coreutils, yamllint 1.29; files by projects/fresh5.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "curl-reconcile-pretty-json",
        "curl-json",
        'curl -s -i "http://127.0.0.1:{{API_PORT}}/reconcile-2024-11-25.json?page=3"',
        "Fetch page 3 of the nightly reconciliation",
      ),
      {
        case: "read-shipments-csv",
        kind: "csv-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/files/shipments-2024-11.csv" },
      },
      bash(
        "tail-worker-ndjson",
        "ndjson",
        "tail -n 300 files/worker-events.ndjson",
        "The last events of the invoice worker",
      ),
      bash(
        "yamllint-default-manifests",
        "yamllint",
        'yamllint k8s/ 2>&1; echo "exit code: $?"',
        "Lint the service manifests",
        `${CAPTURED}; the manifests are real files from robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202) tests/llm/fixtures/test_ask_holmes/*/ (see projects/fresh5.sh)`,
      ),
      {
        case: "read-traces-deployment-yaml",
        kind: "yaml-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/k8s-traces-deployment.yaml" },
        provenance: `${CAPTURED}; the file is robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202) tests/llm/fixtures/test_ask_holmes/120_new_relic_traces2/deployment.yaml`,
      },
    ],
  },
  {
    name: "fresh5-db",
    setup: "fresh5",
    cwd: "fresh5/db-shop/dbshop",
    prompt: "the refunds migration fails and the order report is slow",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-migration-echo-all-fails",
        "psql",
        'psql -X -a -v ON_ERROR_STOP=1 -f migrations/0043_refunds.sql 2>&1; echo "exit code: $?"',
        "Apply the refunds migration",
      ),
      bash(
        "psql-aligned-orders-join",
        "psql",
        `psql -c "SELECT o.id, c.email, c.country, o.total_cents, o.status, p.id AS payment, p.provider, p.status AS pay_status, p.decline_code FROM orders o JOIN customers c ON c.id = o.customer_id JOIN payments p ON p.order_id = o.id WHERE o.status <> 'paid' OR p.status <> 'succeeded' ORDER BY o.id"`,
        "Every order that is not simply paid",
      ),
      bash(
        "psql-explain-analyze-sort-disk",
        "psql",
        `psql -c "SET work_mem = '64kB'" -c "EXPLAIN ANALYZE SELECT c.country, o.id, o.total_cents, p.provider FROM orders o JOIN customers c ON c.id = o.customer_id LEFT JOIN payments p ON p.order_id = o.id AND p.status = 'failed' ORDER BY c.country, o.total_cents DESC"`,
        "Why the order report is slow",
      ),
      bash("psql-list-tables-indexes", "psql", `psql -c '\\dt+' -c '\\di+'`, "Tables and indexes with sizes"),
      bash(
        "sqlite-line-accounts-webhooks",
        "sqlite",
        `sqlite3 -line data/events.db "SELECT a.id, a.handle, a.plan, w.url, w.last_status, w.failures, w.disabled_at, count(e.id) AS events FROM accounts a JOIN webhooks w ON w.account_id = a.id LEFT JOIN events e ON e.account_id = a.id WHERE a.id BETWEEN 120 AND 190 GROUP BY a.id"`,
        "Accounts 120 to 190 with their webhooks",
      ),
    ],
  },
  {
    name: "fresh5-web",
    setup: "fresh5",
    cwd: "fresh5/web-shop/shop",
    prompt: "prettier behaves oddly: check what is installed",
    provenance: `${CAPTURED} (npm 11 and node 24; packages from the npm registry, two edited on disk by projects/fresh5.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "npm-ls-all-invalid",
        "npm-ls",
        'npm ls --all 2>&1; echo "exit code: $?"',
        "The whole dependency tree, with problems",
      ),
      {
        case: "grep-tool-files-buffer",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "new Buffer\\(|process\\.binding\\(",
          path: "node_modules",
          output_mode: "files_with_matches",
        },
      },
      {
        case: "grep-tool-context-throws",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "throw new RangeError",
          path: "node_modules",
          glob: "*.js",
          output_mode: "content",
          "-n": true,
          "-C": 2,
        },
      },
    ],
  },
  {
    name: "fresh5-ops",
    setup: "fresh5",
    cwd: "fresh5/ops/ops",
    path: "bin",
    prompt: "a job keeps failing, the backend errors and the batch hosts report faults",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-get-pods-job-syntax",
        "kubectl",
        "kubectl get pods -n default -o wide --show-labels",
        "List the pods in default",
        HOLMES(
          "tests/llm/fixtures/test_investigate/07_job_syntax_error/kubectl_get_by_kind_in_namespace_pod.txt",
        ),
      ),
      bash(
        "kubectl-top-pods",
        "kubectl",
        "kubectl top pods -A",
        "Which pods use the most CPU and memory",
        HOLMES("tests/llm/fixtures/test_investigate/14_tempo/kubectl_top_pods.txt"),
      ),
      bash(
        "kubectl-describe-crashloop-init",
        "kubectl",
        "kubectl describe pod logging-agent -n default",
        "Describe the logging agent pod",
        HOLMES("tests/llm/fixtures/test_investigate/02_crashloop_backoff/kubectl_describe.txt"),
      ),
      bash(
        "kubectl-logs-backend-pino",
        "kubectl-logs",
        "kubectl logs backend-service-66468d89c8-sxrjj -n minishop | head -n 250",
        "The start of the backend service logs",
        HOLMES("tests/llm/fixtures/test_ask_holmes/35_tempo/kubectl_logs_backend.txt"),
      ),
      bash(
        "tail-windows-cbs",
        "syslog",
        "tail -n 250 logs/windows.log",
        "The end of the Windows servicing log",
        LOGHUB("Windows/Windows_2k.log"),
      ),
      bash(
        "grep-hpc-faults",
        "log-grep",
        'grep -n -i -E "fail|error|panic|unavailable" logs/hpc.log',
        "Find the faults on the HPC cluster",
        LOGHUB("HPC/HPC_2k.log"),
      ),
      {
        case: "read-mac-log",
        kind: "log-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/mac.log", offset: 1200, limit: 400 },
        provenance: LOGHUB("Mac/Mac_2k.log"),
      },
      bash(
        "tail-proxifier",
        "syslog",
        "tail -n 60 logs/proxifier.log",
        "The end of the proxy log",
        LOGHUB("Proxifier/Proxifier_2k.log"),
      ),
      bash(
        "git-shortlog-plugins",
        "git-shortlog",
        "git -C holmesgpt shortlog -n --no-merges HEAD -- holmes/plugins/toolsets/prometheus",
        "Who changed the prometheus toolset, and what",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "git-log-numstat",
        "git-log",
        "git -C holmesgpt log --date=short --format='%h %ad %an: %s' --numstat -n 40 -- holmes/core",
        "Recent changes to holmes/core, with line counts",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      {
        case: "read-prometheus-toolset",
        kind: "source-read",
        tool: "Read",
        input: {
          file_path: "{{CWD}}/holmesgpt/holmes/plugins/toolsets/prometheus/prometheus.py",
          limit: 900,
        },
        provenance: `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      },
    ],
  },
  {
    name: "fresh5-spill",
    setup: "fresh5",
    cwd: "fresh5/ops/ops",
    prompt: "who wrote the tool calling loop",
    provenance: `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202); Claude Code's own 30,000-character limit (the output is spilled to a file)`,
    steps: [
      bash(
        "git-blame-spilled",
        "git-blame",
        "git -C holmesgpt blame --date=short holmes/core/tool_calling_llm.py",
        "Blame the tool calling loop",
      ),
    ],
  },
  {
    name: "fresh5-sys",
    setup: "fresh5",
    cwd: "fresh5/sys/host",
    prompt: "the host is slow and out of date: processes, packages, disk",
    provenance: `${CAPTURED} (procps, coreutils, findutils, tree, dpkg and apt of Debian 12; the session in a PID namespace of its own; BASH_MAX_OUTPUT_LENGTH=200000)`,
    pidNamespace: true,
    maxOutput: 200_000,
    steps: [
      { tool: "Bash", input: { command: "./svc/start.sh", description: "Start the services" } },
      bash(
        "ps-forest-stat",
        "ps",
        "ps -eo pid,ppid,stat,etime,%cpu,%mem,rss,args --forest",
        "The process tree with states",
      ),
      bash("apt-list-upgradable", "apt", "apt list --upgradable 2>/dev/null", "Which packages have updates"),
      bash(
        "dpkg-query-sizes",
        "dpkg",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own field syntax
        "dpkg-query -W -f='${Installed-Size}\\t${Package}\\t${Version}\\n' | sort -rn | head -n 120",
        "Which installed packages are biggest",
      ),
      bash("du-all-var", "du", "du -ah var | sort -rh | head -n 60", "What fills var"),
      bash(
        "find-ls-var",
        "find",
        "find var -type f -size +8k -ls",
        "The files in var over 8 KB, with owners and dates",
      ),
      bash("tree-json-cache", "tree", "tree -J -s var/cache/app", "The cache folder as JSON with sizes"),
    ],
  },

  // The fresh6 set (bench/corpus/fresh6/): a fifth held-out round of new outputs of the
  // data, database, system, log, git and cluster tools the blind part holds (other data,
  // errors, options and formats than dev, fresh3 and fresh5), captured after fresh5's fixes.
  {
    name: "fresh6-data",
    setup: "fresh6",
    cwd: "fresh6/data",
    prompt: "the product import half failed, the gateway threw errors and a cold room alarmed",
    provenance: `${CAPTURED} (curl against a JSON file served on loopback, coreutils; files by projects/fresh6.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "curl-bulk-import-nested-errors",
        "curl-json",
        "curl -s -w '\\nHTTP %{http_code}\\n' \"http://127.0.0.1:{{API_PORT}}/imports-imp_01JE3K7W8QZ.json?page=2\"",
        "Fetch page 2 of the bulk import result",
      ),
      bash(
        "grep-gateway-ndjson-non200",
        "ndjson",
        "grep -v '\"status\":200' files/gateway-access.ndjson",
        "Gateway events that did not answer 200",
      ),
      bash(
        "cat-sensor-readings-tsv",
        "csv",
        "cat files/sensor-readings.tsv",
        "The cold room sensor readings",
      ),
      bash(
        "grep-journal-systemd-kernel",
        "syslog",
        'grep -n -E "systemd\\[1\\]|kernel" logs/journal-shop-app-03.log',
        "What systemd and the kernel said on shop-app-03",
      ),
    ],
  },
  {
    name: "fresh6-db",
    setup: "fresh6",
    cwd: "fresh6/db-shop/dbshop",
    prompt: "the December backfill broke, billing audit looks odd, and the CRM pipeline is slow",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-backfill-constraint-errors",
        "psql",
        'psql -X -f migrations/backfill-2024-12.sql 2>&1; echo "exit code: $?"',
        "Run the December backfill",
      ),
      bash(
        "psql-explain-buffers-audit-join",
        "psql",
        `psql -c "EXPLAIN (ANALYZE, BUFFERS) SELECT a.actor, a.action, count(*) AS n, max(i.amount_cents) FROM audit_log a JOIN invoices i ON i.id = a.target JOIN accounts_billing b ON b.id = i.account_id WHERE a.action LIKE 'invoice.%' AND b.plan IN ('business', 'enterprise') GROUP BY a.actor, a.action ORDER BY n DESC"`,
        "Why the audit report is slow",
      ),
      bash(
        "psql-audit-log-aligned",
        "psql",
        `psql -c "SELECT id, at, actor, action, target, ip, detail FROM audit_log ORDER BY at"`,
        "The whole billing audit log",
      ),
      bash(
        "psql-expanded-unpaid-invoices",
        "psql",
        `psql -x -c "SELECT i.*, b.email, b.plan, b.country FROM invoices i JOIN accounts_billing b ON b.id = i.account_id WHERE i.status <> 'paid' ORDER BY i.id"`,
        "Every invoice not paid, one record each",
      ),
      bash(
        "sqlite-box-deals",
        "sqlite",
        `sqlite3 -box data/crm.db "SELECT d.id, c.name, d.owner, d.stage, d.amount_eur, d.closed_at, d.lost_reason FROM deals d JOIN companies c ON c.id = d.company_id ORDER BY d.id LIMIT 160"`,
        "The first 160 deals with their companies",
      ),
      bash(
        "sqlite-csv-contacts",
        "sqlite",
        `sqlite3 -csv -header data/crm.db "SELECT * FROM contacts"`,
        "Export the contacts as CSV",
      ),
      bash(
        "sqlite-schema-query-plan",
        "sqlite",
        `sqlite3 data/crm.db ".schema" "EXPLAIN QUERY PLAN SELECT c.name, count(a.id) FROM deals d JOIN companies c ON c.id = d.company_id JOIN activities a ON a.deal_id = d.id WHERE d.stage = 'proposal' GROUP BY c.name ORDER BY 2 DESC" "SELECT * FROM sync_state"`,
        "The CRM schema, the pipeline query's plan and the sync state",
      ),
    ],
  },
  {
    name: "fresh6-web",
    setup: "fresh6",
    cwd: "fresh6/web-shop/shop",
    prompt: "eslint fails to start: check what is installed and where unsafe calls are",
    provenance: `${CAPTURED} (npm 11 and node 24; packages from the npm registry, three changed on disk by projects/fresh6.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "npm-ls-json-problems",
        "npm-ls",
        'npm ls --json --depth=1 2>&1; echo "exit code: $?"',
        "The dependency tree as JSON, with problems",
      ),
      {
        case: "grep-tool-count-eval",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "\\beval\\(|new Function\\(", path: "node_modules", output_mode: "count" },
      },
      {
        case: "grep-tool-content-deprecated-dts",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "@deprecated",
          path: "node_modules",
          glob: "*.d.ts",
          output_mode: "content",
          "-n": true,
        },
      },
      {
        case: "read-mocha-runner-js",
        kind: "source-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/node_modules/mocha/lib/runner.js" },
      },
    ],
  },
  {
    name: "fresh6-ops",
    setup: "fresh6",
    cwd: "fresh6/ops/ops",
    path: "bin",
    prompt: "pods are throttled, the Spark job and the web server misbehave: investigate",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-get-pods-throttling",
        "kubectl",
        "kubectl get pods -n default -o wide --show-labels",
        "List the pods in default",
        HOLMES("tests/llm/fixtures/test_investigate/03_cpu_throttling/kubectl_get_by_kind_in_namespace.txt"),
      ),
      bash(
        "kubectl-get-pod-yaml-runner",
        "kubectl",
        "kubectl get pod robusta-runner-6958c5bdd8-69gtn -n default -o yaml",
        "The runner pod as YAML",
        HOLMES("tests/llm/fixtures/test_ask_holmes/05_image_version/kubectl_get_yaml.txt"),
      ),
      bash(
        "tail-spark",
        "syslog",
        "tail -n 500 logs/spark.log",
        "The end of the Spark log",
        LOGHUB("Spark/Spark_2k.log"),
      ),
      bash(
        "grep-apache-errors",
        "log-grep",
        'grep -n "\\[error\\]" logs/apache.log',
        "The Apache errors",
        LOGHUB("Apache/Apache_2k.log"),
      ),
      {
        case: "read-healthapp-log",
        kind: "log-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/healthapp.log", offset: 400, limit: 700 },
        provenance: LOGHUB("HealthApp/HealthApp_2k.log"),
      },
      bash(
        "git-log-tab-format-plugins",
        "git-log",
        "git -C holmesgpt log --format='%H%x09%an <%ae>%x09%ad%x09%s' --date=iso-strict -n 250 -- holmes/plugins",
        "Recent history of holmes/plugins, tab separated",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "git-blame-w-C-config",
        "git-blame",
        "git -C holmesgpt blame -w -C -L 1,260 holmes/config.py",
        "Who wrote holmes/config.py, ignoring whitespace and moves",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
      bash(
        "git-diff-stat-range",
        "git-diff",
        "git -C holmesgpt diff --stat=160 HEAD~120 HEAD -- holmes",
        "What changed under holmes in the last 120 commits",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
    ],
  },
  {
    name: "fresh6-spill",
    setup: "fresh6",
    cwd: "fresh6/ops/ops",
    path: "bin",
    prompt: "the fraud service is slow",
    provenance: `${CAPTURED}; Claude Code's own 30,000-character limit (the output is spilled to a file)`,
    steps: [
      bash(
        "kubectl-logs-fraud-spilled",
        "kubectl-logs",
        "kubectl logs fraud-service-5f8b576878-slnpb -n minishop --all-containers | tail -n 400",
        "The last fraud service logs",
        HOLMES("tests/llm/fixtures/test_investigate/14_tempo/kubectl_logs_all_containers_fraud.txt"),
      ),
    ],
  },
  {
    name: "fresh6-sys",
    setup: "fresh6",
    cwd: "fresh6/sys/host",
    prompt: "the disk fills though du says otherwise, and updates are pending",
    provenance: `${CAPTURED} (procps, lsof, tree, apt of Debian 12; the session in a PID namespace of its own; BASH_MAX_OUTPUT_LENGTH=200000)`,
    pidNamespace: true,
    maxOutput: 200_000,
    steps: [
      {
        tool: "Bash",
        input: { command: "./svc/start.sh && ./svc/start-logger.sh", description: "Start the services" },
      },
      bash("top-batch-mem", "top", "top -b -n 1 -o %MEM -w 180", "What uses the memory"),
      bash(
        "lsof-python-deleted",
        "lsof",
        "lsof -nP -c python3 2>&1",
        "Which files the python services hold open",
      ),
      bash("apt-get-simulate-upgrade", "apt", "apt-get -s upgrade 2>&1", "What an upgrade would do"),
      bash("tree-du-var", "tree", "tree -a --du -h -L 3 var", "What fills var, by folder"),
    ],
  },

  // The fresh7 set (bench/corpus/fresh7/): a sixth held-out round mixing both families of the
  // blind part's tools (build, test, lint and debug; data, database, system, log, git and
  // cluster), other projects, errors, options and formats, captured after fresh6's fixes.
  {
    name: "fresh7-rs",
    setup: "fresh7",
    cwd: "fresh7/rs",
    prompt: "the inventory tests fail and pricing does not build",
    provenance: `${CAPTURED} (cargo/rustc 1.95, offline; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cargo-test-inventory-many-cases",
        "cargo-test",
        'cargo test -p inventory 2>&1; echo "exit code: $?"',
        "Run the inventory tests",
      ),
      build(
        "cargo-build-pricing-warnings-errors",
        "cargo",
        'cargo build -p pricing 2>&1; echo "exit code: $?"',
        "Build the pricing crate",
      ),
    ],
  },
  {
    name: "fresh7-native",
    setup: "fresh7",
    cwd: "fresh7/native",
    prompt: "the tokenizer leaks, the ring buffer sums garbage and routes crashes",
    provenance: `${CAPTURED} (gcc 12, valgrind 3.19, gdb; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "gcc-fanalyzer-tokenizer",
        "gcc",
        'gcc -fanalyzer -Wall -c tokenizer.c -o /dev/null 2>&1; echo "exit code: $?"',
        "Run the static analyzer on the tokenizer",
      ),
      bash(
        "valgrind-ringbuf-origins",
        "valgrind",
        'valgrind --leak-check=full --track-origins=yes ./ringbuf 2>&1; echo "exit code: $?"',
        "Run the ring buffer under memcheck",
      ),
      bash(
        "gdb-batch-routes-segv",
        "gdb",
        "gdb -q -batch -ex run -ex bt -ex 'frame 1' -ex 'info args' -ex 'info locals' ./routes 2>&1",
        "Where routes crashes",
      ),
    ],
  },
  {
    name: "fresh7-java",
    setup: "fresh7",
    cwd: "fresh7/java",
    prompt: "the nightly ledger job died",
    provenance: `${CAPTURED} (OpenJDK 17; files by projects/fresh7.sh)`,
    steps: [
      build(
        "java-nightly-cause-chain",
        "java-crash",
        'javac -d out src/com/acme/ledger/Nightly.java && java -cp out com.acme.ledger.Nightly 2>&1; echo "exit code: $?"',
        "Build and run the nightly job",
      ),
    ],
  },
  {
    name: "fresh7-py",
    setup: "fresh7",
    cwd: "fresh7/py/fleet",
    prompt: "fleet tests fail and the reconcile job crashed",
    provenance: `${CAPTURED} (CPython 3.11; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "python-unittest-verbose-fleet",
        "unittest",
        'python3 -m unittest -v 2>&1; echo "exit code: $?"',
        "Run the fleet tests verbosely",
      ),
      bash(
        "python-chained-traceback-reconcile",
        "python-traceback",
        'python3 reconcile.py 2>&1; echo "exit code: $?"',
        "Run the reconcile job",
      ),
    ],
  },
  {
    name: "fresh7-ci",
    setup: "fresh7",
    cwd: "fresh7/ci",
    prompt: "clean up the CI scripts and workflows",
    provenance: `${CAPTURED} (shellcheck 0.9, yamllint 1.29; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "shellcheck-tty-ci-scripts",
        "shellcheck",
        'shellcheck scripts/*.sh; echo "exit code: $?"',
        "Check the CI scripts",
      ),
      bash(
        "yamllint-github-workflows",
        "yamllint",
        'yamllint -f github .github/workflows; echo "exit code: $?"',
        "Lint the workflows",
      ),
    ],
  },
  {
    name: "fresh7-web",
    setup: "fresh7",
    cwd: "fresh7/web-shop/shop",
    prompt: "lint the f7 folder, fix its specs and tests, and see what is heavy in node_modules",
    provenance: `${CAPTURED} (node 24; tools from the npm registry at the versions in package.json; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "eslint-f7-legacy-modules",
        "eslint",
        'npx eslint f7/src 2>&1; echo "exit code: $?"',
        "Lint f7/src",
      ),
      build(
        "mocha-dot-split",
        "mocha",
        'npx mocha --reporter dot f7/spec/split.spec.js 2>&1; echo "exit code: $?"',
        "Run the split specs",
      ),
      build(
        "jest-coverage-threshold-lib",
        "jest",
        `npx jest --ci --coverage --collectCoverageFrom 'f7/lib/**/*.js' --coverageThreshold '{"global":{"lines":80,"branches":60}}' f7/test 2>&1; echo "exit code: $?"`,
        "Run the f7 tests with the coverage gate",
      ),
      bash(
        "du-node-modules-depth2-sorted",
        "du",
        "du -k -d 2 node_modules | sort -rn | head -n 120",
        "The heaviest folders in node_modules",
      ),
    ],
  },
  {
    name: "fresh7-data",
    setup: "fresh7",
    cwd: "fresh7/data",
    prompt: "yesterday's orders, refunds and audit trail look odd, and mx2 is misbehaving",
    provenance: `${CAPTURED} (curl against a JSON file served on loopback, coreutils; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "curl-orders-minified-page",
        "curl-json",
        'curl -s "http://127.0.0.1:{{API_PORT}}/orders-2024-12-03.json"',
        "Fetch the orders of 3 December",
      ),
      bash("cat-refunds-csv", "csv", "cat files/refunds.csv", "The refunds export"),
      {
        case: "read-audit-events-ndjson",
        kind: "ndjson",
        tool: "Read",
        input: { file_path: "{{CWD}}/files/audit-events.ndjson", offset: 520, limit: 350 },
      },
      bash("tail-mx2-syslog", "syslog", "tail -n 400 logs/mx2-syslog", "The end of mx2's syslog"),
    ],
  },
  {
    name: "fresh7-db",
    setup: "fresh7",
    cwd: "fresh7/db",
    prompt: "carriers miss their SLA and recent shipments look wrong",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40; files by projects/fresh7.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-explain-analyze-carrier-sla",
        "psql",
        `psql -c "EXPLAIN ANALYZE SELECT c.name, w.region, count(*), avg(s.delivered_at - s.shipped_at) FROM shipments s JOIN carriers c ON c.id = s.carrier_id JOIN warehouses w ON w.id = s.warehouse_id WHERE s.delivered_at - s.shipped_at > make_interval(hours => c.sla_hours) GROUP BY 1, 2 ORDER BY 3 DESC"`,
        "Why the SLA report is slow",
      ),
      bash(
        "psql-aligned-recent-shipments",
        "psql",
        `psql -c "SELECT * FROM shipments WHERE id > 29600 ORDER BY id"`,
        "The 400 most recent shipments",
      ),
      bash(
        "sqlite-line-sessions",
        "sqlite",
        `sqlite3 -line sessions.db "SELECT * FROM sessions"`,
        "Every web session, one field a line",
      ),
    ],
  },
  {
    name: "fresh7-ops",
    setup: "fresh7",
    cwd: "fresh7/ops/ops",
    path: "bin",
    prompt: "latency is high in default, the kafka orders app restarted, and zookeeper dropped learners",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-get-pods-high-latency",
        "kubectl",
        "kubectl get pods --namespace=default -o wide --show-labels",
        "List the pods in default",
        HOLMES("tests/llm/fixtures/test_investigate/09_high_latency/kubectl_get_by_kind_in_namespace.txt"),
      ),
      bash(
        "kubectl-describe-pod-kafka-orders",
        "kubectl",
        "kubectl describe pod orders-app-6c8868cb6d-qcv2t -n ask-holmes-namespace-55",
        "Describe the orders app pod",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/55_kafka_runbook/kubectl_describepod_orders-app-6c8868cb6d-qcv2t_ask-holmes-namespace-55.txt",
        ),
      ),
      bash(
        "grep-zookeeper-errors-context",
        "log-grep",
        'grep -n -B2 -A2 "ERROR" logs/zookeeper.log',
        "The Zookeeper errors with the lines around them",
        LOGHUB("Zookeeper/Zookeeper_2k.log"),
      ),
      bash(
        "git-log-graph-core-decorate",
        "git-log",
        "git -C holmesgpt log --graph --date=short --format='%h %ad %an%d %s' -n 300 -- holmes/core",
        "Recent history of holmes/core as a graph",
        `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202)`,
      ),
    ],
  },
  {
    name: "fresh7-spill",
    setup: "fresh7",
    cwd: "fresh7/ops/ops",
    path: "bin",
    prompt: "checkout is slow",
    provenance: `${CAPTURED}; Claude Code's own 30,000-character limit (the output is spilled to a file)`,
    steps: [
      bash(
        "kubectl-logs-checkout-spilled",
        "kubectl-logs",
        "kubectl logs checkout-service-66cb4b6c4b-77chl -n minishop --all-containers",
        "The checkout service logs",
        HOLMES("tests/llm/fixtures/test_investigate/14_tempo/kubectl_logs_all_containers_checkout.txt"),
      ),
    ],
  },
  {
    name: "fresh7-sys",
    setup: "fresh7",
    cwd: "fresh7/sys/host",
    prompt: "the host is short of memory",
    provenance: `${CAPTURED} (procps of Debian 12; the session in a PID namespace of its own)`,
    pidNamespace: true,
    steps: [
      { tool: "Bash", input: { command: "./svc/start.sh", description: "Start the services" } },
      bash(
        "ps-eo-sort-rss",
        "ps",
        "ps -eo pid,ppid,user,stat,%cpu,%mem,rss,etime,args --sort=-rss",
        "Processes by resident memory",
      ),
    ],
  },

  // The fresh8 set (bench/corpus/fresh8/): a seventh held-out round on tools and shapes no
  // part had (Go, mypy, pylint, flake8, cppcheck, clang-tidy, clang, minitest, PHP, npm
  // outdated; redis-cli, nginx -T, ss, a kernel ring buffer, a journal, an access log, git
  // rebase conflicts, a Read of Go source), captured after fresh7's fixes.
  {
    name: "fresh8-go",
    setup: "fresh8",
    cwd: "fresh8/go/settle",
    prompt: "the settlement tests fail, the cache looks racy and the settle command crashes",
    provenance: `${CAPTURED} (go 1.19; files by projects/fresh8-go.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "go-test-v-settle",
        "go-test",
        'go test -v ./... 2>&1; echo "exit code: $?"',
        "Run every test verbosely",
      ),
      build(
        "go-test-race-cache",
        "go-test",
        'go test -race ./cache/ 2>&1; echo "exit code: $?"',
        "Run the cache tests under the race detector",
      ),
      bash(
        "go-run-panic-all-goroutines",
        "go-panic",
        'GOTRACEBACK=all go run ./cmd/settle 2>&1; echo "exit code: $?"',
        "Run the settle command with every goroutine's stack on a crash",
      ),
    ],
  },
  {
    name: "fresh8-go-spill",
    setup: "fresh8",
    cwd: "fresh8/go/settle",
    prompt: "which settlement tests fail, as JSON events",
    provenance: `${CAPTURED} (go 1.19; files by projects/fresh8-go.sh); Claude Code's own 30,000-character limit (the output is spilled to a file)`,
    steps: [
      build(
        "go-test-json-spilled",
        "go-test",
        'go test -json ./... 2>&1; echo "exit code: $?"',
        "Run the tests with JSON events",
      ),
    ],
  },
  {
    name: "fresh8-gotools",
    setup: "fresh8",
    cwd: "fresh8/go/tools",
    prompt: "the report tools do not build and the audit package fails vet",
    provenance: `${CAPTURED} (go 1.19; files by projects/fresh8-go.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "go-build-report-errors",
        "go-build",
        'go build ./... 2>&1; echo "exit code: $?"',
        "Build the tools",
      ),
      {
        case: "read-go-report-source",
        kind: "go-source",
        tool: "Read",
        input: { file_path: "{{CWD}}/report/report.go" },
      },
      build(
        "go-vet-audit",
        "go-vet",
        'cd ../vetted && go vet ./... 2>&1; echo "exit code: $?"',
        "Vet the audit module",
      ),
    ],
  },
  {
    name: "fresh8-py",
    setup: "fresh8",
    cwd: "fresh8/py",
    prompt: "type-check and lint the payroll package",
    provenance: `${CAPTURED} (mypy 1.0, pylint 2.16, flake8 5.0 of Debian 12; files by projects/fresh8-py.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "mypy-strict-payroll",
        "mypy",
        'mypy --strict payroll 2>&1; echo "exit code: $?"',
        "Type-check payroll strictly",
      ),
      build(
        "pylint-payroll",
        "pylint",
        'pylint payroll 2>&1; echo "exit code: $?"',
        "Lint payroll with pylint",
      ),
      build(
        "flake8-payroll",
        "flake8",
        'flake8 payroll 2>&1; echo "exit code: $?"',
        "Lint payroll with flake8",
      ),
    ],
  },
  {
    name: "fresh8-native",
    setup: "fresh8",
    cwd: "fresh8/native/pktdec",
    prompt: "the packet decoder prints garbage; run the static checkers",
    provenance: `${CAPTURED} (cppcheck 2.10, clang and clang-tidy 14; files by projects/fresh8-native.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cppcheck-enable-all-pktdec",
        "cppcheck",
        'cppcheck --enable=all --inconclusive src 2>&1; echo "exit code: $?"',
        "Run cppcheck with every check",
      ),
      build(
        "clang-tidy-pktdec",
        "clang-tidy",
        `clang-tidy -checks='bugprone-*,cert-*,readability-*,clang-analyzer-*' src/pktdec.c src/main.c -- -Isrc 2>&1; echo "exit code: $?"`,
        "Run clang-tidy",
      ),
      build(
        "clang-weverything-pktdec",
        "clang",
        'clang -Weverything -fsyntax-only src/pktdec.c src/main.c 2>&1; echo "exit code: $?"',
        "Compile with every clang warning",
      ),
    ],
  },
  {
    name: "fresh8-rb",
    setup: "fresh8",
    cwd: "fresh8/rb",
    prompt: "the tariff tests fail",
    provenance: `${CAPTURED} (ruby 3.1, minitest 5.15; files by projects/fresh8-misc.sh)`,
    steps: [
      build(
        "ruby-minitest-verbose-tariff",
        "minitest",
        'ruby -Ilib test/tariff_test.rb -v 2>&1; echo "exit code: $?"',
        "Run the tariff tests verbosely",
      ),
    ],
  },
  {
    name: "fresh8-php",
    setup: "fresh8",
    cwd: "fresh8/php",
    prompt: "the product import died",
    provenance: `${CAPTURED} (PHP 8.2; files by projects/fresh8-misc.sh)`,
    steps: [
      bash("php-import-uncaught-chain", "php", 'php import.php 2>&1; echo "exit code: $?"', "Run the import"),
    ],
  },
  {
    name: "fresh8-web",
    setup: "fresh8",
    cwd: "fresh8/web/portal",
    prompt: "how far behind are the portal's dependencies",
    provenance: `${CAPTURED} (npm 11 against the npm registry; files by projects/fresh8-misc.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "npm-outdated-all-portal",
        "npm-outdated",
        'npm outdated --all 2>&1; echo "exit code: $?"',
        "Every outdated package, direct or not",
      ),
    ],
  },
  {
    name: "fresh8-redis",
    setup: "fresh8",
    cwd: "fresh8/redis",
    prompt: "the cache is slow and the email queue emptied itself",
    provenance: `${CAPTURED} (redis 7.0 on loopback; files by projects/fresh8-misc.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      { tool: "Bash", input: { command: "./start.sh", description: "Start the cache" } },
      bash(
        "redis-cli-info-everything",
        "redis-info",
        "redis-cli -p 6391 INFO everything",
        "Everything the cache reports about itself",
      ),
      bash(
        "redis-monitor-traffic",
        "redis-monitor",
        "(sleep 0.5; ./traffic.sh) & timeout 6 redis-cli -p 6391 MONITOR; wait",
        "Watch the commands the app sends",
      ),
      {
        tool: "Bash",
        input: { command: "redis-cli -p 6391 shutdown nosave", description: "Stop the cache" },
      },
    ],
  },
  {
    name: "fresh8-nginx",
    setup: "fresh8",
    cwd: "fresh8/nginx",
    prompt: "shop.example.test serves the wrong site",
    provenance: `${CAPTURED} (nginx 1.22; files by projects/fresh8-misc.sh)`,
    steps: [
      bash(
        "nginx-T-sites",
        "nginx",
        "nginx -T -p $PWD/ -c conf/nginx.conf 2>&1",
        "Test and print the whole configuration",
      ),
    ],
  },
  {
    name: "fresh8-net",
    setup: "fresh8",
    cwd: "fresh8/net",
    prompt: "the 7302 service stalls",
    provenance: `${CAPTURED} (iproute2 6.1 of Debian 12, the host's own sockets; files by projects/fresh8-misc.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      {
        tool: "Bash",
        input: { command: "python3 sockets.py", description: "Start the services and their clients" },
      },
      bash("ss-tanp-sockets", "ss", "ss -tanp", "Every TCP socket with its process"),
      { tool: "Bash", input: { command: "kill $(cat sockets.pid)", description: "Stop the services" } },
    ],
  },
  {
    name: "fresh8-host",
    setup: "fresh8",
    cwd: "fresh8/host",
    prompt: "db-01 lost postgres and a disk misbehaves",
    provenance: `${CAPTURED} (coreutils; files by projects/fresh8-misc.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash("cat-dmesg-host", "dmesg", "cat logs/dmesg.txt", "The kernel ring buffer saved at the incident"),
      bash(
        "sed-journal-window",
        "journal",
        "sed -n '560,1100p' logs/journal.txt",
        "The journal around the incident",
      ),
    ],
  },
  {
    name: "fresh8-host-spill",
    setup: "fresh8",
    cwd: "fresh8/host",
    prompt: "checkout failed for some customers this afternoon",
    provenance: `${CAPTURED} (coreutils; files by projects/fresh8-misc.sh); Claude Code's own 30,000-character limit (the output is spilled to a file)`,
    steps: [
      bash(
        "tail-apache-access-spilled",
        "access-log",
        "tail -n 400 logs/access.log",
        "The last requests the web server logged",
      ),
    ],
  },
  {
    name: "fresh8-git",
    setup: "fresh8",
    cwd: "fresh8/git/billing",
    prompt: "rebase feature/vat onto main",
    provenance: `${CAPTURED} (git 2.39; files by projects/fresh8-misc.sh)`,
    steps: [
      {
        tool: "Bash",
        input: { command: "git checkout -q feature/vat", description: "Switch to the feature branch" },
      },
      bash(
        "git-rebase-conflict",
        "git-rebase",
        'git rebase main 2>&1; echo "exit code: $?"',
        "Rebase onto main",
      ),
      bash("git-status-rebase-conflict", "git-status", "git status", "Where the rebase stopped"),
      bash("git-diff-combined-conflict", "git-diff", "git diff", "The conflicts"),
    ],
  },
  // The fresh9 set (bench/corpus/fresh9/): an eighth held-out round on the blind part's tools,
  // most outputs 8-30 KB and several over 30 KB, captured after fresh8's fixes.
  {
    name: "fresh9-rs",
    setup: "fresh9",
    cwd: "fresh9/rs",
    prompt: "settle tests fail, fees does not build and the payout batch panics",
    provenance: `${CAPTURED} (cargo/rustc 1.95, offline; files by projects/fresh9-build.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cargo-test-settle-three-kinds",
        "cargo-test",
        'cargo test -p settle 2>&1; echo "exit code: $?"',
        "Run the settle tests",
      ),
      build(
        "cargo-build-fees-warnings-errors",
        "cargo",
        'cargo build -p fees 2>&1; echo "exit code: $?"',
        "Build the fees crate",
      ),
      build(
        "cargo-run-payout-backtrace",
        "rust-panic",
        'RUST_BACKTRACE=1 cargo run -p payout 2>&1; echo "exit code: $?"',
        "Run the payout batch with a backtrace",
      ),
    ],
  },
  {
    name: "fresh9-native",
    setup: "fresh9",
    cwd: "fresh9/native",
    prompt: "the cache crashes on free, matrix prints garbage and the pool aborts",
    provenance: `${CAPTURED} (gcc 12, valgrind 3.19, gdb 13; files by projects/fresh9-build.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "gcc-fanalyzer-lru-store",
        "gcc-analyzer",
        'gcc -fanalyzer -Wall -Wextra -c cache.c -o /dev/null 2>&1; echo "exit code: $?"',
        "Run the static analyzer on the cache",
      ),
      bash(
        "valgrind-matrix-overrun-leaks",
        "valgrind",
        'valgrind --leak-check=full --show-leak-kinds=all ./matrix 2>&1; echo "exit code: $?"',
        "Run matrix under memcheck",
      ),
      bash(
        "gdb-batch-pool-all-threads",
        "gdb",
        "gdb -q -batch -ex run -ex 'thread apply all bt' ./pool 2>&1",
        "Where the pool aborts, every thread",
      ),
    ],
  },
  {
    name: "fresh9-java",
    setup: "fresh9",
    cwd: "fresh9/java",
    prompt: "the manifest import stopped",
    provenance: `${CAPTURED} (OpenJDK 17; files by projects/fresh9-build.sh)`,
    steps: [
      build(
        "java-importer-after-progress",
        "java-crash",
        'javac -d out src/org/harbor/imports/Importer.java && java -cp out org.harbor.imports.Importer 2>&1; echo "exit code: $?"',
        "Build and run the importer",
      ),
    ],
  },
  {
    name: "fresh9-py",
    setup: "fresh9",
    cwd: "fresh9/py/tariffs",
    prompt: "tariff tests fail and the billing worker crashed",
    provenance: `${CAPTURED} (CPython 3.11; files by projects/fresh9-build.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "python-unittest-verbose-tariffs",
        "unittest",
        'python3 -m unittest -v 2>&1; echo "exit code: $?"',
        "Run the tariff tests verbosely",
      ),
      bash(
        "python-worker-log-then-chain",
        "python-crash",
        'python3 worker.py 2>&1; echo "exit code: $?"',
        "Run the billing worker",
      ),
    ],
  },
  {
    name: "fresh9-ci",
    setup: "fresh9",
    cwd: "fresh9/ci",
    prompt: "check the deploy scripts and the chart values",
    provenance: `${CAPTURED} (shellcheck 0.9, yamllint 1.29; files by projects/fresh9-build.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "shellcheck-deploy-pipeline",
        "shellcheck",
        'shellcheck deploy/*.sh; echo "exit code: $?"',
        "Check the deploy scripts",
      ),
      bash(
        "yamllint-chart-values",
        "yamllint",
        'yamllint charts; echo "exit code: $?"',
        "Lint the chart values",
      ),
    ],
  },
  {
    name: "fresh9-web",
    setup: "fresh9",
    cwd: "fresh9/web-shop/shop",
    prompt: "lint and test the f9 folder, and list what is installed",
    provenance: `${CAPTURED} (node 24; tools from the npm registry at the versions in package.json; files by projects/fresh9-build.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build("eslint-f9-modules", "eslint", 'npx eslint f9/src 2>&1; echo "exit code: $?"', "Lint f9/src"),
      build(
        "biome-lint-f9",
        "biome",
        'npx biome lint f9/src 2>&1; echo "exit code: $?"',
        "Biome's lint of f9/src",
      ),
      build(
        "stylelint-f9-styles",
        "stylelint",
        'npx stylelint "f9/styles/*.css" 2>&1; echo "exit code: $?"',
        "Lint the f9 styles",
      ),
      build("mocha-spec-f9", "mocha", 'npx mocha f9/spec 2>&1; echo "exit code: $?"', "Run the f9 specs"),
      build(
        "jest-coverage-f9",
        "jest-coverage",
        `npx jest --ci --coverage --collectCoverageFrom 'f9/lib/**/*.js' f9/test 2>&1; echo "exit code: $?"`,
        "Run the f9 tests with coverage",
      ),
      bash("npm-ls-all-shop", "npm-ls", 'npm ls --all 2>&1; echo "exit code: $?"', "Every installed package"),
    ],
  },
  {
    name: "fresh9-data",
    setup: "fresh9",
    cwd: "fresh9/data",
    prompt: "the Dublin sensors, stock counts, checkout and scheduler look odd, and build-07 is failing",
    provenance: `${CAPTURED} (curl against a JSON file served on loopback, coreutils, grep; files by projects/fresh9-data.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "curl-sensors-pretty",
        "json",
        'curl -s "http://127.0.0.1:{{API_PORT}}/sensors-dublin.json"',
        "Fetch the Dublin sensors",
      ),
      bash("cat-stock-csv", "csv", "cat files/stock.csv", "The stock counts"),
      {
        case: "read-checkout-ndjson",
        kind: "ndjson",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/checkout.ndjson", offset: 700, limit: 500 },
      },
      {
        case: "read-scheduler-log",
        kind: "log-read",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/scheduler.log" },
      },
      {
        case: "read-gateway-yaml",
        kind: "yaml",
        tool: "Read",
        input: { file_path: "{{CWD}}/config/gateway.yaml" },
      },
      bash("tail-build-syslog", "syslog", "tail -n 300 logs/syslog", "The end of build-07's syslog"),
      bash(
        "grep-services-warn-error",
        "log-grep",
        'grep -n -E "WARN|ERROR" logs/api.log logs/worker.log logs/billing.log',
        "Warnings and errors of the three services",
      ),
      {
        case: "grep-tool-services-error",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "ERROR|WARN", path: "logs", glob: "*.log", output_mode: "content", "-n": true },
      },
    ],
  },
  {
    name: "fresh9-db",
    setup: "fresh9",
    cwd: "fresh9/db",
    prompt: "the revenue report is slow and some jobs never finished",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40; files by projects/fresh9-data.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-explain-buffers-revenue",
        "psql",
        `psql -c "EXPLAIN (ANALYZE, BUFFERS) SELECT c.country, c.segment, date_trunc('month', i.issued_on) AS month, sum(l.qty * l.unit_cents) FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id JOIN customers c ON c.id = i.customer_id WHERE i.status <> 'void' AND i.issued_on >= date '2024-06-01' GROUP BY 1, 2, 3 ORDER BY 4 DESC"`,
        "Why the revenue report is slow",
      ),
      bash(
        "sqlite-line-jobs",
        "sqlite",
        `sqlite3 -line jobs.db "SELECT * FROM jobs"`,
        "Every job, one field a line",
      ),
    ],
  },
  {
    name: "fresh9-sys",
    setup: "fresh9",
    cwd: "fresh9/sys",
    prompt: "the build cache is filling the disk; which libxml2 and libsqlite3 are installed",
    provenance: `${CAPTURED} (coreutils, findutils, dpkg of Debian 12; files by projects/fresh9-data.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "du-ah-cache-sorted",
        "du",
        "du -ah cache | sort -h",
        "Every file and folder of the cache by size",
      ),
      bash(
        "find-cache-printf",
        "find",
        "find cache -type f -printf '%s\\t%TY-%Tm-%Td\\t%p\\n'",
        "Every cache file with its size and date",
      ),
      bash("dpkg-l-lib", "dpkg", "dpkg -l 'lib*'", "Installed libraries, to check libxml2 and libsqlite3"),
    ],
  },
  {
    name: "fresh9-git",
    setup: "fresh9",
    cwd: "fresh9/git",
    prompt: "who wrote the Supabase data access layer and how the toolsets evolved",
    provenance: `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202); BASH_MAX_OUTPUT_LENGTH=200000`,
    maxOutput: 200_000,
    steps: [
      bash(
        "git-blame-supabase-dal",
        "git-blame",
        "git -C holmesgpt blame --date=short holmes/core/supabase_dal.py",
        "Who wrote each line of supabase_dal.py",
      ),
      bash(
        "git-log-graph-toolsets",
        "git-log",
        "git -C holmesgpt log --graph --format='%h %an %ad %s' --date=short -n 250 -- holmes/plugins/toolsets",
        "Recent history of the toolsets as a graph",
      ),
      bash(
        "git-shortlog-sne-core",
        "git-shortlog",
        "git -C holmesgpt shortlog -sne HEAD -- holmes/core",
        "Who committed to holmes/core",
      ),
    ],
  },
  {
    name: "fresh9-ops",
    setup: "fresh9",
    cwd: "fresh9/ops",
    path: "bin",
    prompt: "a job in default fails and the payment processor is unhealthy",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-get-pods-default-job-fail",
        "kubectl",
        "kubectl get pods -n default -o wide --show-labels",
        "List the pods in default",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/21_job_fail_curl_no_svc_account/kubectl_get_by_kind_in_namespace_pod_default.txt",
        ),
      ),
      bash(
        "kubectl-describe-payment-processor",
        "kubectl",
        "kubectl describe pod payment-processor-598445cb54-xd5s8 -n production-65",
        "Describe the payment processor pod",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/65_health_check_followup/kubectl_describepod_payment-processor-598445cb54-xd5s8_production-65.txt",
        ),
      ),
    ],
  },
  {
    name: "fresh9-spill",
    setup: "fresh9",
    cwd: "fresh9/ops",
    path: "bin",
    prompt: "the minishop backend is slow",
    provenance: `${CAPTURED}; Claude Code's own 30,000-character limit (the output is spilled to a file)`,
    steps: [
      bash(
        "kubectl-logs-backend-spilled",
        "kubectl-logs",
        "kubectl logs backend-service-66468d89c8-sxrjj -n minishop --all-containers",
        "The backend service logs",
        HOLMES("tests/llm/fixtures/test_investigate/14_tempo/kubectl_logs_all_containers_backend.txt"),
      ),
    ],
  },
  // The fresh10 set (bench/corpus/fresh10/): a ninth held-out round on the blind part's tools,
  // most outputs 8-30 KB and several over 30 KB, captured after fresh9's fixes.
  {
    name: "fresh10-build",
    setup: "fresh10",
    cwd: "fresh10",
    prompt:
      "valve tests fail, the probes code crashes, beds reads garbage, dosing segfaults, the aggregator stopped",
    provenance: `${CAPTURED} (cargo/rustc 1.95 offline, gcc 12, valgrind 3.19, gdb 13, OpenJDK 17; files by projects/fresh10.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      build(
        "cargo-test-valves-f10",
        "cargo-test",
        '(cd rs && cargo test -p valves 2>&1; echo "exit code: $?")',
        "Run the valve tests",
      ),
      build(
        "gcc-fanalyzer-probes-f10",
        "gcc-analyzer",
        '(cd native && gcc -fanalyzer -Wall -Wextra -c probes.c -o /dev/null 2>&1; echo "exit code: $?")',
        "Run the static analyzer on probes.c",
      ),
      bash(
        "valgrind-beds-f10",
        "valgrind",
        '(cd native && valgrind --leak-check=full ./beds 2>&1; echo "exit code: $?")',
        "Run beds under memcheck",
      ),
      bash(
        "gdb-batch-dosing-f10",
        "gdb",
        "(cd native && gdb -q -batch -ex run -ex 'thread apply all bt' ./dosing 2>&1; echo \"exit code: $?\")",
        "Where dosing crashes, every thread",
      ),
      build(
        "java-aggregator-f10",
        "java-crash",
        '(cd java && javac -d out src/com/verdant/agg/Aggregator.java && java -cp out com.verdant.agg.Aggregator 2>&1; echo "exit code: $?")',
        "Build and run the aggregator",
      ),
      build(
        "python-unittest-dosing-f10",
        "unittest",
        '(cd py/dosing && python3 -m unittest -v 2>&1; echo "exit code: $?")',
        "Run the dosing tests verbosely",
      ),
      bash(
        "python-calibrate-chain-f10",
        "python-crash",
        '(cd py/dosing && python3 calibrate.py 2>&1; echo "exit code: $?")',
        "Run the calibration",
      ),
      bash(
        "shellcheck-provision-f10",
        "shellcheck",
        '(cd ci && shellcheck provision/*.sh; echo "exit code: $?")',
        "Check the provisioning scripts",
      ),
      bash(
        "yamllint-sites-f10",
        "yamllint",
        '(cd ci && yamllint sites; echo "exit code: $?")',
        "Lint the site configs",
      ),
    ],
  },
  {
    name: "fresh10-data",
    setup: "fresh10",
    cwd: "fresh10/data",
    prompt:
      "gh4 moisture looks wrong, check the harvest numbers, controller events, config and the edge node's logs",
    provenance: `${CAPTURED} (curl against a JSON file served on loopback, coreutils, grep; files by projects/fresh10.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "curl-readings-gh4-f10",
        "json",
        'curl -s "http://127.0.0.1:{{API_PORT}}/readings-gh4.json"',
        "Fetch the gh4 readings",
      ),
      bash("cat-harvest-csv-f10", "csv", "cat files/harvest.csv", "The harvest records"),
      {
        case: "read-controller-ndjson-f10",
        kind: "ndjson",
        tool: "Read",
        input: { file_path: "{{CWD}}/logs/controller.ndjson", offset: 800, limit: 400 },
      },
      {
        case: "read-controller-yaml-f10",
        kind: "yaml",
        tool: "Read",
        input: { file_path: "{{CWD}}/config/controller.yaml" },
      },
      bash("tail-edge-syslog-f10", "syslog", "tail -n 400 logs/syslog", "The end of the edge node's syslog"),
      bash(
        "grep-services-f10",
        "log-grep",
        'grep -n -E "WARN|ERROR" logs/scheduler.log logs/ingest.log logs/alerts.log',
        "Warnings and errors of the three services",
      ),
      {
        case: "grep-tool-services-f10",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "ERROR|WARN", path: "logs", glob: "*.log", output_mode: "content", "-n": true },
      },
    ],
  },
  {
    name: "fresh10-db",
    setup: "fresh10",
    cwd: "fresh10/db",
    prompt: "the daily readings report is slow and some devices did not take the firmware",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; sqlite3 3.40; files by projects/fresh10.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-explain-readings-f10",
        "psql",
        `psql -c "EXPLAIN (ANALYZE, BUFFERS) SELECT s.region, se.kind, date_trunc('day', r.taken_at) AS day, avg(r.value), count(*) FROM readings r JOIN sensors se ON se.id = r.sensor_id JOIN sites s ON s.id = se.site_id WHERE r.value > 5 GROUP BY 1, 2, 3 ORDER BY 5 DESC"`,
        "Why the daily readings report is slow",
      ),
      bash(
        "sqlite-line-devices-f10",
        "sqlite",
        `sqlite3 -line firmware.db "SELECT * FROM devices"`,
        "Every device, one field a line",
      ),
    ],
  },
  {
    name: "fresh10-sys",
    setup: "fresh10",
    cwd: "fresh10/sys",
    prompt: "the artifacts folder is filling the edge disk; which python3 packages are installed",
    provenance: `${CAPTURED} (coreutils, findutils, dpkg of Debian 12; files by projects/fresh10.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "du-a-artifacts-f10",
        "du",
        "du -a --apparent-size artifacts | sort -n",
        "Every file and folder of artifacts by size",
      ),
      bash(
        "find-artifacts-ls-f10",
        "find",
        "find artifacts -type f -ls",
        "Every artifact file with its details",
      ),
      bash("dpkg-l-python-f10", "dpkg", "dpkg -l '*python*'", "Installed python packages"),
    ],
  },
  {
    name: "fresh10-git",
    setup: "fresh10",
    cwd: "fresh10/git",
    prompt: "who wrote the toolset manager and how holmes/core evolved",
    provenance: `${CAPTURED} on a clone of robusta-dev/holmesgpt (commit c1ee1d43598b89ca59481615b40a3340a32f2202); BASH_MAX_OUTPUT_LENGTH=200000`,
    maxOutput: 200_000,
    steps: [
      bash(
        "git-blame-toolset-manager-f10",
        "git-blame",
        "git -C holmesgpt blame --date=short holmes/core/toolset_manager.py",
        "Who wrote each line of toolset_manager.py",
      ),
      bash(
        "git-log-graph-core-f10",
        "git-log",
        "git -C holmesgpt log --graph --format='%h %an %ad %s' --date=short -n 200 -- holmes/core",
        "Recent history of holmes/core as a graph",
      ),
      bash(
        "git-shortlog-plugins-f10",
        "git-shortlog",
        "git -C holmesgpt shortlog -sne HEAD -- holmes/plugins",
        "Who committed to holmes/plugins",
      ),
    ],
  },
  {
    name: "fresh10-ops",
    setup: "fresh10",
    cwd: "fresh10/ops",
    path: "bin",
    prompt: "a pod in default keeps crashing, a job fails, customer orders are slow",
    provenance: CAPTURED,
    maxOutput: 200_000,
    steps: [
      bash(
        "kubectl-describe-crashloop-f10",
        "kubectl",
        "kubectl describe pod -n default -l app=crashloop",
        "Describe the crashing pod",
        HOLMES("tests/llm/fixtures/test_investigate/11_KubePodCrashLooping/kubectl_describe.txt"),
      ),
      bash(
        "kubectl-get-pods-job-crashing-f10",
        "kubectl",
        "kubectl get pods -n default -o wide",
        "List the pods in default",
        HOLMES("tests/llm/fixtures/test_ask_holmes/12_job_crashing/kubectl_get_by_kind_in_namespace.txt"),
      ),
      bash(
        "kubectl-logs-customer-orders-f10",
        "kubectl-logs",
        "kubectl logs -l app=customer-orders --all-containers",
        "The customer orders logs",
        HOLMES("tests/llm/fixtures/test_investigate/09_high_latency/kubectl_logs_all_containers.txt"),
      ),
    ],
  },
  // The fresh11 set (bench/corpus/fresh11/): a tenth held-out round on the blind part's weakest
  // kinds (kubectl, du, XML, psql, cargo/clippy), captured after fresh10's fixes. The build, sys
  // and ops sessions keep Claude Code's default output limit, so their outputs over 30,000
  // characters are spilled to a file the hook reads.
  {
    name: "fresh11-build",
    setup: "fresh11",
    cwd: "fresh11/rs",
    prompt: "the berth planner does not build, clippy fails on tides, manifest tests fail",
    provenance: `${CAPTURED} (cargo/rustc/clippy 1.95 offline; files by projects/fresh11.sh; Claude Code's default output limit)`,
    steps: [
      build(
        "cargo-build-berths-f11",
        "cargo",
        'cargo build -p berths 2>&1; echo "exit code: $?"',
        "Build the berth planner",
      ),
      build(
        "cargo-clippy-tides-spilled-f11",
        "clippy",
        'cargo clippy -p tides 2>&1; echo "exit code: $?"',
        "Lint the tides crate",
      ),
      build(
        "cargo-test-manifest-f11",
        "cargo-test",
        'cargo test -p manifest 2>&1; echo "exit code: $?"',
        "Run the manifest tests",
      ),
    ],
  },
  {
    name: "fresh11-xml",
    setup: "fresh11",
    cwd: "fresh11/java",
    prompt:
      "which fare tests failed, what the platform pins, the logging config, and which timetables are invalid",
    provenance: `${CAPTURED} (Maven 3 offline with JUnit 5 and surefire 3.2.5, OpenJDK 17, xmllint of libxml2 2.9; files by projects/fresh11.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "cat-surefire-fare-xml-f11",
        "xml",
        "cat tickets/target/surefire-reports/TEST-com.tidewater.tickets.FareTableTest.xml",
        "The fare tests' surefire report",
      ),
      {
        case: "read-platform-pom-f11",
        kind: "xml",
        tool: "Read",
        input: { file_path: "{{CWD}}/platform/pom.xml" },
      },
      {
        case: "read-log4j2-config-f11",
        kind: "xml",
        tool: "Read",
        input: { file_path: "{{CWD}}/config/log4j2.xml" },
      },
      bash(
        "xmllint-schema-timetables-f11",
        "xmllint",
        'xmllint --noout --schema timetables/timetable.xsd timetables/day-*.xml; echo "exit code: $?"',
        "Validate the timetables against their schema",
      ),
      bash(
        "xmllint-format-export-f11",
        "xml",
        "xmllint --format timetables/export-today.xml",
        "Today's sailings export, indented",
      ),
    ],
  },
  {
    name: "fresh11-db",
    setup: "fresh11",
    cwd: "fresh11/db",
    prompt:
      "sailing 4411's manifest looks off, the bookings table, the database's tables, a slow report, and migration 0031",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; files by projects/fresh11.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-sailing-manifest-f11",
        "psql",
        'psql -c "SELECT b.ref, b.seat, b.passenger_id, b.fare_cents, b.status, b.channel, b.created_at FROM bookings b WHERE b.sailing_id = 4411 ORDER BY b.seat"',
        "Every booking on sailing 4411",
      ),
      bash("psql-describe-bookings-f11", "psql", "psql -c '\\d+ bookings'", "The bookings table in detail"),
      bash("psql-list-tables-f11", "psql", "psql -c '\\dt+'", "Every table with its size"),
      bash(
        "psql-explain-analyze-report-f11",
        "psql",
        `psql -c "SET work_mem = '1MB'" -c "EXPLAIN ANALYZE SELECT p.email, count(*), sum(pay.amount_cents) FROM bookings b JOIN passengers p ON p.id = b.passenger_id JOIN payments pay ON pay.booking_id = b.id WHERE b.status <> 'cancelled' AND b.channel = 'web' GROUP BY p.email ORDER BY 3 DESC LIMIT 20"`,
        "Why the top web customers report is slow",
      ),
      bash(
        "psql-migration-0031-f11",
        "psql",
        'psql -b -f migrations/0031_fares.sql 2>&1; echo "exit code: $?"',
        "Apply migration 0031",
      ),
    ],
  },
  {
    name: "fresh11-sys",
    setup: "fresh11",
    cwd: "fresh11/sys",
    prompt:
      "the build box's disk is full: node_modules, the cargo target, the venv, /usr/share and the app's assets",
    provenance: `${CAPTURED} (coreutils du and sort; files by projects/fresh11.sh; Claude Code's default output limit)`,
    steps: [
      bash(
        "du-depth2-web-node-modules-f11",
        "du",
        "du -h --max-depth=2 web/node_modules | sort -h",
        "node_modules two levels deep, by size",
      ),
      bash("du-ah-cargo-target-f11", "du", "du -ah ../rs/target", "Everything in the cargo target folder"),
      bash("du-h-venv-sorted-f11", "du", "du -h venv | sort -h", "The venv's folders by size"),
      bash("du-a-assets-f11", "du", "du -a assets", "Every asset with its size"),
      bash(
        "du-usr-share-spilled-f11",
        "du",
        "du -h --max-depth=2 /usr/share 2>/dev/null | sort -h",
        "What takes the space in /usr/share",
      ),
    ],
  },
  {
    name: "fresh11-ops",
    setup: "fresh11",
    cwd: "fresh11/ops",
    path: "bin",
    prompt:
      "pods in default are failing, memory is high, the catalogue cannot reach its database, holmes misbehaves",
    provenance: CAPTURED,
    steps: [
      bash(
        "kubectl-get-pods-labels-f11",
        "kubectl",
        "kubectl get pods -n default -o wide --show-labels",
        "The pods in default with their labels",
        HOLMES("tests/llm/fixtures/test_workload_health/01_crashpod/kubectl_get_by_kind_in_namespace.txt"),
      ),
      bash(
        "kubectl-top-pods-all-f11",
        "kubectl",
        "kubectl top pods -A",
        "CPU and memory of every pod",
        HOLMES("tests/llm/fixtures/test_ask_holmes/34_memory_graph/kubectl_top_pods.txt"),
      ),
      bash(
        "kubectl-describe-image-pull-f11",
        "kubectl",
        "kubectl describe pod -n default -l app=customer-relations",
        "Describe the customer relations pod",
        HOLMES("tests/llm/fixtures/test_investigate/04_image_pull_backoff/kubectl_describe.txt"),
      ),
      bash(
        "kubectl-get-svc-labels-f11",
        "kubectl",
        "kubectl get svc -n default -o wide --show-labels",
        "The services in default",
        HOLMES(
          "tests/llm/fixtures/test_investigate/06_job_failure/kubectl_get_by_kind_in_namespace_service.txt",
        ),
      ),
      bash(
        "kubectl-logs-holmes-spilled-f11",
        "kubectl-logs",
        "kubectl logs -n default robusta-holmes-549d55c578-7gnfn",
        "The holmes pod's logs",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/111_tool_hallucination/fetch_pod_logsNone_None_None_default_robusta-holmes-549d55c578-7gnfn_None.txt",
        ),
      ),
      bash(
        "kubectl-logs-catalogue-spilled-f11",
        "kubectl-logs",
        "kubectl logs -n sock-shop catalogue-f7687cb4-bjxf2 --since=6h",
        "The catalogue's logs of the last six hours",
        HOLMES("tests/llm/fixtures/test_ask_holmes/43_slack_deployment_logs/fetch_pod_logs_absolute.txt"),
      ),
      bash(
        "kubectl-logs-errors-tail-f11",
        "kubectl-logs",
        "kubectl logs -n ask-holmes-namespace-51 my-app-51-59d94fd7cc-927wn | tail -n 120",
        "The app's last 120 log lines",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/51_logs_summarize_errors/fetch_pod_logs_error_ask-holmes-namespace-51_my-app-51-59d94fd7cc-927wn.txt",
        ),
      ),
    ],
  },
  // The fresh12 set (bench/corpus/fresh12/): an eleventh held-out round on the blind part's
  // weakest kinds (kubectl logs, du, XML, psql, cargo/clippy), every output over 8 KB, captured
  // after fresh11's fixes. The build, sys and ops sessions keep Claude Code's default output
  // limit, so their outputs over 30,000 characters are spilled to a file the hook reads.
  {
    name: "fresh12-build",
    setup: "fresh12",
    cwd: "fresh12/rs",
    prompt: "circulation does not build, clippy fails on marc, holds tests fail",
    provenance: `${CAPTURED} (cargo/rustc/clippy 1.95 offline; files by projects/fresh12.sh; Claude Code's default output limit)`,
    steps: [
      build(
        "cargo-build-circulation-f12",
        "cargo",
        'cargo build -p circulation 2>&1; echo "exit code: $?"',
        "Build the circulation crate",
      ),
      build(
        "cargo-clippy-marc-spilled-f12",
        "clippy",
        'cargo clippy -p marc 2>&1; echo "exit code: $?"',
        "Lint the MARC parser",
      ),
      build(
        "cargo-test-holds-f12",
        "cargo-test",
        'cargo test -p holds 2>&1; echo "exit code: $?"',
        "Run the holds tests",
      ),
    ],
  },
  {
    name: "fresh12-xml",
    setup: "fresh12",
    cwd: "fresh12/java",
    prompt:
      "which call number tests failed, what the parent pom pins, the catalogue's Spring context, the floor map, and the MARC import",
    provenance: `${CAPTURED} (Maven 3 offline with JUnit 5 and surefire 3.2.5, OpenJDK 17, xmllint of libxml2 2.9; files by projects/fresh12.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    maxOutput: 200_000,
    steps: [
      bash(
        "cat-surefire-callnumber-xml-f12",
        "xml",
        "cat catalogue/target/surefire-reports/TEST-org.larkspur.catalogue.CallNumberTest.xml",
        "The call number tests' surefire report",
      ),
      {
        case: "read-parent-pom-f12",
        kind: "xml",
        tool: "Read",
        input: { file_path: "{{CWD}}/parent/pom.xml" },
      },
      {
        case: "read-spring-context-f12",
        kind: "xml",
        tool: "Read",
        input: { file_path: "{{CWD}}/config/catalogue-context.xml" },
      },
      bash("cat-floor-map-svg-f12", "xml", "cat maps/northgate-ground.svg", "Northgate's ground floor map"),
      bash(
        "xmllint-schema-marc-import-f12",
        "xmllint",
        'xmllint --noout --schema marc/marc21-slim.xsd marc/nightly-import.xml; echo "exit code: $?"',
        "Validate the nightly MARC import",
      ),
    ],
  },
  {
    name: "fresh12-db",
    setup: "fresh12",
    cwd: "fresh12/db",
    prompt:
      "overdue loans at Northgate, the loans table, every table's size, a slow patron history query, and migration 0047",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; files by projects/fresh12.sh; BASH_MAX_OUTPUT_LENGTH=200000)`,
    postgres: true,
    maxOutput: 200_000,
    steps: [
      bash(
        "psql-overdue-northgate-f12",
        "psql",
        "psql -c \"SELECT l.id, l.item_id, i.barcode, l.patron_id, l.out_at::date AS out, l.due, l.renewals, l.fine_cents, i.status FROM loans l JOIN items i ON i.id = l.item_id WHERE l.branch = 'NOR' AND l.returned_at IS NULL AND l.due < date '2026-06-01' AND l.out_at >= '2026-03-01' ORDER BY l.due\"",
        "Northgate's unreturned loans past due",
      ),
      bash("psql-describe-loans-f12", "psql", "psql -c '\\d+ loans'", "The loans table in detail"),
      bash("psql-list-tables-f12", "psql", "psql -c '\\dt+'", "Every table with its size"),
      bash(
        "psql-explain-patron-history-f12",
        "psql",
        'psql -c "EXPLAIN ANALYZE SELECT l.out_at, l.due, l.returned_at, i.barcode, i.call_number FROM loans l JOIN items i ON i.id = l.item_id WHERE l.patron_id = 4242 ORDER BY l.out_at DESC"',
        "Why a patron's loan history is slow",
      ),
      bash(
        "psql-migration-0047-f12",
        "psql",
        'psql -a -f migrations/0047_loan_rules.sql 2>&1; echo "exit code: $?"',
        "Apply migration 0047",
      ),
    ],
  },
  {
    name: "fresh12-sys",
    setup: "fresh12",
    cwd: "fresh12/sys",
    prompt:
      "the digitisation server's disk is filling: the scan archive, the OPAC's node_modules, the JDK, system libraries",
    provenance: `${CAPTURED} (coreutils du and sort; files by projects/fresh12.sh; Claude Code's default output limit)`,
    steps: [
      bash("du-ah-scans-f12", "du", "du -ah scans", "Every scan with its size"),
      bash(
        "du-depth3-opac-node-modules-rsorted-f12",
        "du",
        "du -h --max-depth=3 opac/node_modules | sort -rh",
        "node_modules three levels deep, largest first",
      ),
      bash("du-h-lib-gnu-f12", "du", "du -h /usr/lib/x86_64-linux-gnu", "The system library folders"),
      bash("du-ah-jvm-spilled-f12", "du", "du -ah /usr/lib/jvm", "Everything in the installed JDKs"),
      bash(
        "du-a-python-sorted-tail-f12",
        "du",
        "du -a /usr/lib/python3.11 | sort -n | tail -n 300",
        "The 300 largest entries of the system Python",
      ),
    ],
  },
  {
    name: "fresh12-ops",
    setup: "fresh12",
    cwd: "fresh12/ops",
    path: "bin",
    prompt: "orders are not reaching finance, the catalogue is slow",
    provenance: CAPTURED,
    steps: [
      bash(
        "kubectl-logs-orders-spilled-f12",
        "kubectl-logs",
        "kubectl logs -n ask-holmes-namespace-55 orders-app-6c8868cb6d-qcv2t",
        "The orders app's logs",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/55_kafka_runbook/fetch_pod_logsask-holmes-namespace-55_orders-app-6c8868cb6d-qcv2t.txt",
        ),
      ),
      bash(
        "kubectl-logs-catalogue-hour-f12",
        "kubectl-logs",
        "kubectl logs -n sock-shop catalogue-f7687cb4-zsngc --since=1h",
        "The catalogue's logs of the last hour",
        HOLMES(
          "tests/llm/fixtures/test_ask_holmes/93_calling_datadog/fetch_pod_logssock-shop_catalogue-f7687cb4-zsngc_-3600.txt",
        ),
      ),
    ],
  },
  // The fresh13 set (bench/corpus/fresh13/): a twelfth held-out round on kubectl describe over
  // 8 KB, the blind part's weakest kind. No cluster here and holmesgpt's fixtures are used up,
  // so the outputs are kubectl output committed to other public repositories, replayed by the
  // kubectl shim of projects/fresh13.sh.
  {
    name: "fresh13-ops",
    setup: "fresh13",
    cwd: "fresh13/ops",
    path: "bin",
    prompt: "check the k3s nodes, and why the analytickit pods restarted",
    provenance: CAPTURED,
    steps: [
      bash(
        "kubectl-describe-node-k3s-f13",
        "kubectl",
        "kubectl describe node",
        "Describe every node",
        "kubectl output committed to dmitrymailk/k3s_pod_network_issue (commit c0308548e1ed31fb56d9b4853199fafea7163d7d) README.md lines 23-371 (a fenced block indented two spaces, taken off), replayed by a kubectl shim (bench/corpus/capture/projects/fresh13.sh) in a real Claude Code session",
      ),
      bash(
        "kubectl-describe-pods-analytickit-spilled-f13",
        "kubectl",
        "kubectl describe pods -n analytickit",
        "Describe the analytickit pods",
        "kubectl output committed to kitadmin01/kit-infra (commit 40de6542b98a7c33eeae4473e5ff1eb4e93a2caf) pods.txt, replayed by a kubectl shim (bench/corpus/capture/projects/fresh13.sh) in a real Claude Code session",
      ),
    ],
  },
  // Captured after fresh13-ops was scored, in a session of its own so that re-capture leaves
  // fresh13-ops's inputs as they were scored.
  {
    name: "fresh13-events",
    setup: "fresh13",
    cwd: "fresh13/ops",
    path: "bin",
    prompt: "what is the timeserver autoscaler complaining about",
    provenance: CAPTURED,
    steps: [
      bash(
        "kubectl-get-events-hpa-f13",
        "kubectl",
        "kubectl get events",
        "Recent events in the namespace",
        "kubectl output committed to inquisitivefrog/kubernetes (commit 633554e8429dae5222779c56e468028e87f64720) control-panel/kubernetes_get_resources.txt lines 194-246 (the output of its `kubectl get events` prompt), replayed by a kubectl shim (bench/corpus/capture/projects/fresh13.sh) in a real Claude Code session",
      ),
    ],
  },
  // The fresh14 set (bench/corpus/fresh14/): a thirteenth held-out round on tools and shapes no
  // earlier set holds (ansible-playbook, rspec, black, bandit, coverage, javadoc, objdump,
  // xxd/hexdump, sha256sum -c, rsync, tidy, pg_dump). Claude Code's default output limit, so
  // outputs over 30,000 characters are spilled to a file the hook reads.
  {
    name: "fresh14-py",
    setup: "fresh14",
    cwd: "fresh14/py",
    prompt:
      "black and bandit complain about the vendored bs4 and the ansible helpers; what does the test suite cover",
    provenance: `${CAPTURED} (black 23.1, bandit 1.6.2, coverage 6.5 and pytest of Debian 12 over copies of Debian's python3-bs4 4.11 and ansible-core 2.14 module_utils; files by projects/fresh14.sh)`,
    steps: [
      build(
        "black-check-diff-builder-spilled-f14",
        "black",
        'black --check --diff bs4/builder 2>&1; echo "exit code: $?"',
        "What black would change in the tree builders",
      ),
      build(
        "black-check-netcommon-f14",
        "black",
        'black --check netcommon 2>&1; echo "exit code: $?"',
        "Which helper files black would reformat",
      ),
      build(
        "bandit-netcommon-f14",
        "bandit",
        'bandit -r netcommon 2>&1; echo "exit code: $?"',
        "Security lint of the ansible helpers",
      ),
      build(
        "bandit-bs4-no-tests-f14",
        "bandit",
        'bandit -r bs4 -x bs4/tests 2>&1; echo "exit code: $?"',
        "Security lint of bs4 without its tests",
      ),
      {
        tool: "Bash",
        input: {
          command:
            "python3-coverage run -m pytest -q -p no:cacheprovider bs4/tests > /dev/null 2>&1; echo done",
          timeout: 600_000,
          description: "Run the bs4 tests under coverage",
        },
      },
      bash(
        "coverage-report-bs4-f14",
        "coverage",
        "python3-coverage report -m",
        "Coverage of bs4 with missing lines",
      ),
    ],
  },
  // Captured after the rest of fresh14-py, in a session of its own so that re-capture leaves
  // the others' inputs as they were.
  {
    name: "fresh14-py-json",
    setup: "fresh14",
    cwd: "fresh14/py",
    prompt: "bandit's findings on the ansible helpers as JSON for the tracker",
    provenance: `${CAPTURED} (bandit 1.6.2 of Debian 12 over a copy of Debian's ansible-core 2.14 module_utils; files by projects/fresh14.sh)`,
    steps: [
      build(
        "bandit-json-netcommon-spilled-f14",
        "bandit",
        'bandit -r netcommon -f json 2>/dev/null; echo "exit code: $?"',
        "Bandit's findings as JSON",
      ),
    ],
  },
  {
    name: "fresh14-ops",
    setup: "fresh14",
    cwd: "fresh14/ops",
    prompt: "the spooler playbook fails, and show what the tune playbook would change",
    provenance: `${CAPTURED} (ansible-core 2.14 of Debian 12 on localhost; files by projects/fresh14.sh)`,
    steps: [
      build(
        "ansible-playbook-site-v-spilled-f14",
        "ansible",
        'ansible-playbook -v site.yml 2>&1; echo "exit code: $?"',
        "Run the spooler playbook verbosely",
      ),
      build(
        "ansible-playbook-tune-check-diff-f14",
        "ansible",
        'ansible-playbook --check --diff tune.yml 2>&1; echo "exit code: $?"',
        "Dry-run the tune playbook with diffs",
      ),
    ],
  },
  {
    name: "fresh14-rb",
    setup: "fresh14",
    cwd: "fresh14/rb",
    prompt: "which quote specs fail",
    provenance: `${CAPTURED} (ruby 3.1 and RSpec 3.12 of Debian 12; files by projects/fresh14.sh)`,
    steps: [
      build(
        "rspec-documentation-quote-f14",
        "rspec",
        'rspec --format documentation 2>&1; echo "exit code: $?"',
        "Run the quote specs, one line each",
      ),
      build("rspec-progress-quote-f14", "rspec", 'rspec 2>&1; echo "exit code: $?"', "Run the quote specs"),
    ],
  },
  {
    name: "fresh14-java",
    setup: "fresh14",
    cwd: "fresh14/java",
    prompt: "javadoc fails on the order API",
    provenance: `${CAPTURED} (javadoc of OpenJDK 17; files by projects/fresh14.sh)`,
    steps: [
      build(
        "javadoc-doclint-orders-f14",
        "javadoc",
        'javadoc -Xdoclint:all -d build/apidocs -sourcepath src com.inkwell.orders 2>&1; echo "exit code: $?"',
        "Build the API docs with doclint",
      ),
    ],
  },
  {
    name: "fresh14-native",
    setup: "fresh14",
    cwd: "fresh14",
    prompt:
      "the spooler crashes on the press queue; the job database copied from the press PC will not open; the proof PNG is broken",
    provenance: `${CAPTURED} (binutils objdump 2.40, xxd and hexdump of Debian 12; files by projects/fresh14.sh)`,
    steps: [
      bash("objdump-d-spool-f14", "objdump", "objdump -d native/spool", "Disassemble the spooler"),
      bash(
        "objdump-dS-spool-f14",
        "objdump",
        "objdump -dS --no-show-raw-insn native/spool",
        "Disassembly with source interleaved",
      ),
      bash(
        "xxd-jobs-from-press-f14",
        "hexdump",
        "xxd -l 2048 data/jobs-from-press.db",
        "The first 2 KB of the copied database",
      ),
      bash(
        "hexdump-C-proof-png-spilled-f14",
        "hexdump",
        "hexdump -C data/proof-4471.png",
        "The broken proof image's bytes",
      ),
    ],
  },
  {
    name: "fresh14-release",
    setup: "fresh14",
    cwd: "fresh14/release",
    prompt: "check the release build against its manifest and what a deploy sync would change",
    provenance: `${CAPTURED} (coreutils sha256sum and rsync 3.5 of Debian 12; files by projects/fresh14.sh)`,
    steps: [
      bash(
        "sha256sum-c-release-f14",
        "sha256sum",
        '(cd build && sha256sum -c ../SHA256SUMS) 2>&1; echo "exit code: $?"',
        "Verify the build against its manifest",
      ),
      bash(
        "rsync-itemize-dry-run-f14",
        "rsync",
        "rsync -ain --delete build/ deploy/",
        "What a deploy sync would change",
      ),
    ],
  },
  {
    name: "fresh14-site",
    setup: "fresh14",
    cwd: "fresh14/site",
    prompt: "validate the docs pages' HTML",
    provenance: `${CAPTURED} (tidy 5.6 of Debian 12 over rustdoc book pages of the installed Rust toolchain; files by projects/fresh14.sh)`,
    steps: [
      bash(
        "tidy-rustdoc-pages-f14",
        "tidy",
        'tidy -qe *.html write-documentation/*.html 2>&1; echo "exit code: $?"',
        "Validate every page",
      ),
    ],
  },
  {
    name: "fresh14-db",
    setup: "fresh14",
    cwd: "fresh14/db",
    prompt: "dump the print shop schema, and the jobs table's definition",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, pg_dump 15; files by projects/fresh14.sh)`,
    postgres: true,
    steps: [
      bash("pg-dump-schema-f14", "pg_dump", "pg_dump --schema-only", "The whole schema"),
      bash(
        "pg-dump-jobs-table-f14",
        "pg_dump",
        "pg_dump --schema-only -t jobs",
        "The jobs table's definition",
      ),
    ],
  },
  // The fresh15 set (bench/corpus/fresh15/): a fifteenth held-out round on language, build,
  // test and package tools no earlier set holds (perlcritic, perl -c, luacheck, mix compile, mix
  // test, erlc, ghc, dune, meson and its log, ninja, ./configure and config.log, phpunit, php -l,
  // npm install ERESOLVE, npm explain). Claude Code's default output limit, so outputs over
  // 30,000 characters are spilled to a file the hook reads.
  {
    name: "fresh15-perl",
    setup: "fresh15",
    cwd: "fresh15/perl",
    prompt: "perlcritic the debconf modules, and Template.pm no longer compiles after my edit",
    provenance: `${CAPTURED} (perlcritic 1.148 and perl 5.36 of Debian 12 over a copy of Debian's debconf Perl modules; files by projects/fresh15.sh)`,
    steps: [
      build(
        "perlcritic-debconf-f15",
        "perlcritic",
        'perlcritic Debconf 2>&1; echo "exit code: $?"',
        "Critique the modules at the default severity",
      ),
      build(
        "perlcritic-severity3-debconf-spilled-f15",
        "perlcritic",
        'perlcritic --severity 3 Debconf 2>&1; echo "exit code: $?"',
        "Critique the modules at severity 3",
      ),
      bash(
        "perl-c-template-f15",
        "perl",
        'perl -I. -wc Debconf/Template.pm 2>&1; echo "exit code: $?"',
        "Compile-check Template.pm",
      ),
    ],
  },
  {
    name: "fresh15-lua",
    setup: "fresh15",
    cwd: "fresh15/lua",
    prompt: "luacheck fails since I touched format.lua and cache.lua",
    provenance: `${CAPTURED} (luacheck 1.1.0 of Debian 12 over a copy of its own Lua sources; files by projects/fresh15.sh)`,
    steps: [
      build(
        "luacheck-luacheck-f15",
        "luacheck",
        'luacheck luacheck 2>&1; echo "exit code: $?"',
        "Lint the Lua sources",
      ),
    ],
  },
  {
    name: "fresh15-ex-billing",
    setup: "fresh15",
    cwd: "fresh15/ex/billing",
    prompt: "CI says billing does not compile with warnings as errors",
    provenance: `${CAPTURED} (Elixir 1.14 of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build(
        "mix-compile-billing-f15",
        "mix",
        'mix compile --warnings-as-errors 2>&1; echo "exit code: $?"',
        "Compile billing as CI does",
      ),
    ],
  },
  {
    name: "fresh15-ex-fleet",
    setup: "fresh15",
    cwd: "fresh15/ex/fleet",
    prompt: "which fleet tests fail",
    provenance: `${CAPTURED} (Elixir 1.14 and ExUnit of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build(
        "mix-test-trace-fleet-f15",
        "exunit",
        'mix test --trace 2>&1; echo "exit code: $?"',
        "Run the fleet tests one by one",
      ),
      build("mix-test-fleet-f15", "exunit", 'mix test 2>&1; echo "exit code: $?"', "Run the fleet tests"),
    ],
  },
  {
    name: "fresh15-erl",
    setup: "fresh15",
    cwd: "fresh15/erl",
    prompt: "the dock bridge does not build",
    provenance: `${CAPTURED} (Erlang/OTP 25 erlc of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build(
        "erlc-dock-f15",
        "erlc",
        'erlc -Wall -o ebin src/*.erl 2>&1; echo "exit code: $?"',
        "Compile the Erlang modules",
      ),
    ],
  },
  {
    name: "fresh15-hs",
    setup: "fresh15",
    cwd: "fresh15/hs",
    prompt: "the route planner does not build",
    provenance: `${CAPTURED} (GHC 9.0.2 of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build(
        "ghc-planner-f15",
        "ghc",
        'ghc -Wall -Wcompat -Wincomplete-uni-patterns -Wincomplete-record-updates -isrc -outputdir build src/Main.hs 2>&1; echo "exit code: $?"',
        "Build the planner with warnings",
      ),
    ],
  },
  {
    name: "fresh15-ml",
    setup: "fresh15",
    cwd: "fresh15/ml",
    prompt: "the tariff engine does not build",
    provenance: `${CAPTURED} (OCaml 4.13 and dune 2.9 of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build("dune-build-tariff-f15", "dune", 'dune build 2>&1; echo "exit code: $?"', "Build with dune"),
    ],
  },
  {
    name: "fresh15-c",
    setup: "fresh15",
    cwd: "fresh15/c",
    prompt: "set up the dock daemon build; it fails on MQTT, so try without it and build",
    provenance: `${CAPTURED} (meson 1.0.1, ninja 1.11 and gcc 12 of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build(
        "meson-setup-dockd-f15",
        "meson",
        'meson setup build 2>&1; echo "exit code: $?"',
        "Configure the build",
      ),
      bash("cat-meson-log-dockd-f15", "meson-log", "cat build/meson-logs/meson-log.txt", "Read meson's log"),
      {
        tool: "Bash",
        input: {
          command: "meson setup build-nomqtt -Dmqtt=disabled > /dev/null 2>&1; echo done",
          timeout: 600_000,
          description: "Configure without MQTT",
        },
      },
      build(
        "ninja-k0-dockd-f15",
        "ninja",
        'ninja -C build-nomqtt -k 0 2>&1; echo "exit code: $?"',
        "Build everything that can be built",
      ),
    ],
  },
  {
    name: "fresh15-tiles",
    setup: "fresh15",
    cwd: "fresh15/tiles",
    prompt: "configure fails for the tile renderer",
    provenance: `${CAPTURED} (autoconf 2.71 and gcc 12 of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build("configure-tiles-f15", "configure", './configure 2>&1; echo "exit code: $?"', "Run configure"),
      bash("cat-config-log-tiles-spilled-f15", "config-log", "cat config.log", "Read config.log"),
    ],
  },
  {
    name: "fresh15-php",
    setup: "fresh15",
    cwd: "fresh15/php",
    prompt: "the portal's tests fail and Referral.php has a parse error",
    provenance: `${CAPTURED} (PHPUnit 9.6 and PHP 8.2 of Debian 12; files by projects/fresh15.sh)`,
    steps: [
      build(
        "phpunit-testdox-portal-f15",
        "phpunit",
        'phpunit --testdox 2>&1; echo "exit code: $?"',
        "Run the tests as documentation",
      ),
      build("phpunit-portal-f15", "phpunit", 'phpunit 2>&1; echo "exit code: $?"', "Run the tests"),
      bash(
        "php-l-referral-f15",
        "php-lint",
        'php -l src/Referral.php 2>&1; echo "exit code: $?"',
        "Lint Referral.php",
      ),
    ],
  },
  {
    name: "fresh15-npm",
    setup: "fresh15",
    cwd: "fresh15/web",
    prompt:
      "the dashboard will not install, and why are there several ansi-regex and string-width in the API's tree",
    provenance: `${CAPTURED} (npm 11.19 against the npm registry; files by projects/fresh15.sh)`,
    steps: [
      build(
        "npm-install-eresolve-dashboard-f15",
        "npm-eresolve",
        'cd dashboard && npm install 2>&1; echo "exit code: $?"',
        "Install the dashboard",
      ),
      bash(
        "npm-explain-api-f15",
        "npm-explain",
        "cd {{CWD}}/api && npm explain ansi-regex string-width",
        "Why these are installed",
      ),
    ],
  },
  // The fresh16 set (bench/corpus/fresh16/): a sixteenth held-out round on system, data, VCS
  // and lint tools no earlier set holds (git fsck / grep / range-diff / cherry, Mercurial,
  // tcpdump -r, nft, ip, vmstat, iostat, GNU time -v, openssl ciphers, hyperfine, markdownlint,
  // cspell, license-checker, madge). Claude Code's default output limit, so outputs over 30,000
  // characters are spilled to a file the hook reads.
  {
    name: "fresh16-git",
    setup: "fresh16",
    cwd: "fresh16/repo",
    prompt:
      "the repo says objects are missing; where are the TODOs, and what changed between the two versions of the topic series",
    provenance: `${CAPTURED} (git 2.39 of Debian 12 over ajv's TypeScript sources with a scripted history; files by projects/fresh16.sh)`,
    steps: [
      bash(
        "git-fsck-full-f16",
        "git-fsck",
        'git fsck --full 2>&1; echo "exit code: $?"',
        "Check the object store",
      ),
      bash(
        "git-grep-todo-f16",
        "git-grep",
        'git grep -n -E "TODO|FIXME|throw new Error"',
        "Find TODOs, FIXMEs and thrown errors",
      ),
      bash(
        "git-range-diff-topic-f16",
        "git-range-diff",
        "git range-diff main topic-v1 topic-v2",
        "Compare the two versions of the series",
      ),
      bash(
        "git-cherry-topic-f16",
        "git-cherry",
        "git cherry -v main topic-v1",
        "Which topic commits are upstream",
      ),
    ],
  },
  {
    name: "fresh16-hg",
    setup: "fresh16",
    cwd: "fresh16/hgrepo",
    prompt: "merge the two heads of the vendored PyYAML and tell me what conflicts",
    provenance: `${CAPTURED} (Mercurial 6.3 of Debian 12 over Debian's PyYAML sources with a scripted history; files by projects/fresh16.sh)`,
    steps: [
      bash("hg-log-v-f16", "hg", "hg log -v", "The whole history"),
      bash(
        "hg-annotate-constructor-f16",
        "hg",
        "hg annotate -u -n -d yaml/constructor.py",
        "Who changed each line of the constructor",
      ),
      bash("hg-merge-conflict-f16", "hg", 'hg merge 2>&1; echo "exit code: $?"', "Merge the other head"),
      bash("hg-resolve-list-f16", "hg", "hg resolve --list; hg status", "What is unresolved"),
      bash("hg-diff-merge-f16", "hg", "hg diff", "The merge's working changes"),
    ],
  },
  {
    name: "fresh16-net",
    setup: "fresh16",
    cwd: "fresh16/net",
    prompt:
      "the dispatch client fails to reach the tides API; and the edge router's firewall change will not load",
    provenance: `${CAPTURED} (tcpdump 4.99, nftables 1.0.6 and iproute2 6.1 of Debian 12, in a network namespace; files by projects/fresh16.sh)`,
    steps: [
      bash(
        "tcpdump-r-dispatch-spilled-f16",
        "tcpdump",
        "tcpdump -nn -r dispatch.pcap",
        "Read the loopback capture",
      ),
      bash(
        "tcpdump-r-rst-f16",
        "tcpdump",
        "tcpdump -nn -v -r dispatch.pcap 'tcp[tcpflags] & (tcp-rst) != 0'",
        "Only the resets",
      ),
      bash(
        "nft-list-ruleset-edge-f16",
        "nft",
        "ip netns exec f16edge nft -a list ruleset",
        "The edge router's ruleset",
      ),
      bash(
        "nft-check-edge-next-f16",
        "nft",
        'ip netns exec f16edge nft -c -f edge-next.nft 2>&1; echo "exit code: $?"',
        "Check the new ruleset",
      ),
      bash("ip-s-d-link-edge-f16", "ip", "ip netns exec f16edge ip -s -d link", "Interfaces with counters"),
      bash(
        "ip-route-table-all-edge-f16",
        "ip",
        "ip netns exec f16edge ip route show table all",
        "Every routing table",
      ),
    ],
  },
  {
    name: "fresh16-sys",
    setup: "fresh16",
    cwd: "fresh16/sys",
    prompt:
      "the roster job is slow on this box; what is the machine doing, and which TLS ciphers does it offer",
    provenance: `${CAPTURED} (procps vmstat, sysstat 12.6 iostat, GNU time 1.9, OpenSSL 3.0 and hyperfine 1.15 of Debian 12; files by projects/fresh16.sh)`,
    steps: [
      bash("vmstat-w-f16", "vmstat", "vmstat -w 1 5", "Memory, swap and CPU for five seconds"),
      bash("iostat-xz-f16", "iostat", "iostat -xz 1 2", "Extended disk statistics"),
      bash(
        "time-v-schedule-f16",
        "time",
        "/usr/bin/time -v python3 schedule.py 2>&1",
        "Resource use of the job",
      ),
      bash(
        "openssl-ciphers-v-f16",
        "openssl",
        "openssl ciphers -v 'ALL:COMPLEMENTOFALL'",
        "Every cipher OpenSSL offers",
      ),
      build(
        "hyperfine-schedule-f16",
        "hyperfine",
        "hyperfine --runs 5 --style basic 'python3 schedule.py' 'python3 -O schedule.py' 2>&1",
        "Time the job two ways",
      ),
    ],
  },
  {
    name: "fresh16-docs",
    setup: "fresh16",
    cwd: "fresh16/docs",
    prompt:
      "lint and spell-check the vendored docs, list the dependency licences, and find import cycles in the ajv copy",
    provenance: `${CAPTURED} (markdownlint-cli 0.45, cspell 8.19, license-checker 25 and madge 8 from npm, over real npm READMEs, node_modules and ajv's sources; files by projects/fresh16.sh)`,
    steps: [
      build(
        "markdownlint-vendor-spilled-f16",
        "markdownlint",
        'npx markdownlint vendor 2>&1; echo "exit code: $?"',
        "Lint the vendored READMEs",
      ),
      build(
        "cspell-vendor-f16",
        "cspell",
        'npx cspell --no-progress "vendor/*.md" 2>&1; echo "exit code: $?"',
        "Spell-check the vendored READMEs",
      ),
      build(
        "license-checker-summary-f16",
        "license-checker",
        "npx license-checker --summary 2>&1",
        "Licences by count",
      ),
      build(
        "license-checker-csv-spilled-f16",
        "license-checker",
        "npx license-checker --csv 2>/dev/null",
        "Every package's licence",
      ),
      build(
        "madge-circular-ajv-f16",
        "madge",
        'npx madge --circular --extensions ts ajv-lib 2>&1; echo "exit code: $?"',
        "Find circular imports",
      ),
    ],
  },
  // The fresh17 set (bench/corpus/fresh17/): a seventeenth held-out round on docs, data, JS
  // build and less common language tools no earlier set holds (sphinx-build, doxygen, pandoc,
  // miller, datamash, sass, vite, vitest, c8, tsc --build, gfortran, shfmt, bats). Claude Code's
  // default output limit, so outputs over 30,000 characters are spilled to a file the hook reads.
  {
    name: "fresh17-docs",
    setup: "fresh17",
    cwd: "fresh17/docs",
    prompt: "build the manifest docs and the native API docs, and tell me every warning to fix",
    provenance: `${CAPTURED} (Sphinx 5.3, Doxygen 1.9.4 and pandoc 2.17 of Debian 12 over Debian's PyYAML, zlib and CPython headers and npm READMEs; files by projects/fresh17.sh)`,
    steps: [
      build(
        "sphinx-build-nitpicky-f17",
        "sphinx-build",
        'sphinx-build -n -b html source build/html 2>&1; echo "exit code: $?"',
        "Build the docs with nitpicky references",
      ),
      build(
        "sphinx-build-nitpicky-jinja2-spilled-f17",
        "sphinx-build",
        'sphinx-build -n -b html source-api build/api 2>&1; echo "exit code: $?"',
        "Build the template engine's API docs, nitpicky",
      ),
      build(
        "sphinx-build-W-text-f17",
        "sphinx-build",
        'sphinx-build -W --keep-going -b text source build/text 2>&1; echo "exit code: $?"',
        "Build again with warnings as errors",
      ),
      build("doxygen-cpython-spilled-f17", "doxygen", "doxygen Doxyfile 2>&1", "Doxygen over the C headers"),
      build(
        "doxygen-zlib-f17",
        "doxygen",
        "doxygen Doxyfile.zlib 2>&1",
        "Doxygen over zlib with parameter docs",
      ),
      bash("pandoc-ajv-rst-f17", "pandoc", "pandoc -f gfm -t rst ajv.md", "Convert the ajv README to reST"),
      bash(
        "pandoc-vite-self-contained-f17",
        "pandoc",
        'pandoc --verbose -f gfm -t html5 -s --self-contained vite.md -o vite.html 2>&1; echo "exit code: $?"',
        "Make a self-contained HTML page of the vite README",
      ),
    ],
  },
  {
    name: "fresh17-data",
    setup: "fresh17",
    cwd: "fresh17/data",
    prompt: "summarise the IEEE vendor registry and find out why the vendors export will not load",
    provenance: `${CAPTURED} (Miller 6.6 and GNU datamash 1.7 of Debian 12 over the IEEE registries of Debian's ieee-data; files by projects/fresh17.sh)`,
    steps: [
      bash("mlr-summary-oui-f17", "mlr", "mlr --icsv --opprint summary oui.csv", "Summarise the registry"),
      bash(
        "mlr-top-vendors-f17",
        "mlr",
        'mlr --icsv --opprint count-distinct -f "Organization Name" then sort -nr count then head -n 300 oui.csv',
        "Vendors with the most assignments",
      ),
      bash(
        "mlr-apple-json-spilled-f17",
        "mlr",
        'mlr --icsv --ojson filter \'$["Organization Name"] =~ "Apple"\' oui.csv',
        "Apple's assignments as JSON",
      ),
      bash(
        "mlr-huawei-xtab-f17",
        "mlr",
        'mlr --icsv --oxtab --from oui.csv filter \'$["Organization Name"] =~ "Huawei"\' then head -n 150',
        "Huawei's first assignments, one field a line",
      ),
      bash(
        "mlr-mam-barred-f17",
        "mlr",
        'mlr --icsv --opprint --barred head -n 120 then cut -f Assignment,"Organization Name" mam.csv',
        "The first medium blocks",
      ),
      bash(
        "mlr-export-mismatch-f17",
        "mlr",
        'mlr --icsv --opprint count-distinct -f Registry vendors-export.csv 2>&1; echo "exit code: $?"',
        "Count the export by registry",
      ),
      bash(
        "datamash-check-export-f17",
        "datamash",
        'datamash -t, check < vendors-export.csv 2>&1; echo "exit code: $?"',
        "Check the export's shape",
      ),
      bash(
        "datamash-groupby-registry-f17",
        "datamash",
        "mlr --icsv --otsv cat oui.csv mam.csv iab.csv | datamash --header-in -s -g 1 count 2 countunique 3",
        "Assignments and vendors per registry",
      ),
    ],
  },
  {
    name: "fresh17-web",
    setup: "fresh17",
    cwd: "fresh17/web",
    prompt:
      "the theme build fails, the tides page will not bundle, and the manifest tests are red; also build the project references",
    provenance: `${CAPTURED} (sass 1.77, Bootstrap 5.3, vite 5.4, vitest 2.1, c8 10 and TypeScript 5.6 from npm over js-yaml's and ajv's sources; files by projects/fresh17.sh)`,
    steps: [
      build(
        "sass-theme-error-f17",
        "sass",
        'npx sass --load-path=node_modules scss/theme.scss dist/theme.css 2>&1; echo "exit code: $?"',
        "Compile the theme",
      ),
      build(
        "sass-print-verbose-f17",
        "sass",
        'npx sass --load-path=node_modules --verbose scss/print.scss dist/print.css 2>&1; echo "exit code: $?"',
        "Compile the print theme with every deprecation",
      ),
      build("vite-build-app-f17", "vite", 'npx vite build app 2>&1; echo "exit code: $?"', "Bundle the app"),
      build(
        "vite-build-tides-error-f17",
        "vite",
        'npx vite build app-tides 2>&1; echo "exit code: $?"',
        "Bundle the tides page",
      ),
      build(
        "vitest-run-manifest-f17",
        "vitest",
        'npx vitest run --reporter=verbose test/manifest.test.js 2>&1; echo "exit code: $?"',
        "Run the manifest tests",
      ),
      build(
        "c8-node-test-f17",
        "c8",
        "npx c8 --all --src src --reporter=text node --test test/roundtrip.node.js 2>&1",
        "Coverage of the round-trip tests",
      ),
      build(
        "tsc-build-verbose-spilled-f17",
        "tsc-build",
        'npx tsc --build --verbose 2>&1; echo "exit code: $?"',
        "Build the project references",
      ),
    ],
  },
  {
    name: "fresh17-lang",
    setup: "fresh17",
    cwd: "fresh17/lang",
    prompt:
      "compile the Fortran sources with warnings on, check the shell scripts' formatting, and run their tests",
    provenance: `${CAPTURED} (gfortran 12.2, shfmt 3.6 and bats 1.8 of Debian 12 over numpy's f2py test sources and Debian's shell scripts; files by projects/fresh17.sh)`,
    steps: [
      build(
        "gfortran-f2py-wall-f17",
        "gfortran",
        'for f in fortran/*.f90; do gfortran -Wall -Wextra -Wconversion -std=f2008 -c -o /dev/null "$f"; done 2>&1; echo "exit code: $?"',
        "Compile every Fortran file with warnings",
      ),
      bash(
        "shfmt-d-gzip-scripts-spilled-f17",
        "shfmt",
        'shfmt -d scripts/z* scripts/gunzip scripts/bz* scripts/gzexe; echo "exit code: $?"',
        "Formatting diff of the compression scripts",
      ),
      bash("shfmt-l-scripts-f17", "shfmt", "shfmt -l scripts", "Which scripts shfmt would change"),
      build(
        "bats-scripts-f17",
        "bats",
        'bats test/scripts.bats 2>&1; echo "exit code: $?"',
        "Run the script tests",
      ),
    ],
  },
  // The fresh18 set (bench/corpus/fresh18/): an eighteenth held-out round, the fifth of tools no
  // earlier set holds, on build, test, lint and package tools of other languages (rubocop, gdc,
  // nim, fpc, GNAT, clojure, scons, ctest, tox, pydocstyle, vulture, pnpm, yarn, knip). Claude
  // Code's default output limit, so outputs over 30,000 characters are spilled to a file.
  {
    name: "fresh18-ruby",
    setup: "fresh18",
    cwd: "fresh18/ruby",
    prompt: "lint the vendored net/http and railyard libraries and fix what rubocop can",
    provenance: `${CAPTURED} (RuboCop 1.39 of Debian 12 over Ruby 3.1's net/http, ipaddr, getoptlong and observer; files by projects/fresh18.sh)`,
    steps: [
      build(
        "rubocop-lib-spilled-f18",
        "rubocop",
        'rubocop lib; echo "exit code: $?"',
        "Lint every library file",
      ),
      bash(
        "rubocop-offenses-f18",
        "rubocop",
        'rubocop --format offenses lib; echo "exit code: $?"',
        "Offenses per cop",
      ),
      bash(
        "rubocop-lint-emacs-f18",
        "rubocop",
        'rubocop --only Lint,Security --format emacs lib; echo "exit code: $?"',
        "Only the Lint and Security cops",
      ),
      build(
        "rubocop-autocorrect-railyard-f18",
        "rubocop",
        'rubocop -a lib/railyard; echo "exit code: $?"',
        "Autocorrect the railyard files",
      ),
    ],
  },
  {
    name: "fresh18-native",
    setup: "fresh18",
    cwd: "fresh18",
    prompt: "the D wagon loader, the Nim timetable and the Pascal yard config do not build; find out why",
    provenance: `${CAPTURED} (gdc 12.2, Nim 1.6.10 and Free Pascal 3.2.2 of Debian 12 over Phobos' std.csv and std.getopt, Nim's parsecsv and Free Pascal's fcl-json and fcl-base sources; files by projects/fresh18.sh)`,
    steps: [
      build(
        "gdc-wagon-loader-spilled-f18",
        "gdc",
        'cd d && gdc -Wall -Wextra -funittest -fsyntax-only -Isource source/app.d source/railyard/*.d; echo "exit code: $?"',
        "Check the wagon loader",
      ),
      build(
        "gdc-getopt-unittest-f18",
        "gdc",
        'gdc -funittest -fmain -Isource -o build-getopt-test source/railyard/getopt.d; echo "exit code: $?"',
        "Build the vendored getopt's unittests",
      ),
      build(
        "nim-timetable-mismatch-f18",
        "nim",
        'cd ../nim && nim c src/timetable.nim; echo "exit code: $?"',
        "Compile the timetable",
      ),
      build(
        "nim-timetable-run-f18",
        "nim",
        'nim c -r src/timetable2.nim trains.csv; echo "exit code: $?"',
        "Compile and run the fixed timetable",
      ),
      build(
        "fpc-railcfg-f18",
        "fpc",
        'cd ../pascal && fpc -B -vwnh -FUbuild -Fusrc src/railcfg.pas; echo "exit code: $?"',
        "Build the yard config tool with warnings, notes and hints",
      ),
    ],
  },
  {
    name: "fresh18-jvm-ada",
    setup: "fresh18",
    cwd: "fresh18",
    prompt: "build the vendored GNAT units and the signal program with warnings, and run the ledger tests",
    provenance: `${CAPTURED} (GNAT 12.2 and Clojure 1.11 of Debian 12 over GNAT's own runtime units; files by projects/fresh18.sh)`,
    steps: [
      build(
        "gnat-vendored-warnings-f18",
        "gnat",
        'cd ada/obj && for f in ../vendor/*.adb; do gcc -c -gnatwa -gnatwh -gnatyy "$f"; done 2>&1; echo "exit code: $?"',
        "Compile the vendored GNAT units with all warnings",
      ),
      build(
        "gnatmake-signals-f18",
        "gnat",
        'cd .. && gnatmake -k -gnatwa -gnatyy -D obj -Isrc src/yard_main.adb 2>&1; echo "exit code: $?"',
        "Build the signal program",
      ),
      build(
        "clojure-test-ledger-f18",
        "clojure-test",
        "cd ../clojure && clojure -cp src:test -e \"(require 'railyard.ledger-test) (clojure.test/run-tests 'railyard.ledger-test)\" 2>&1",
        "Run the ledger tests",
      ),
      build(
        "clojure-main-report-f18",
        "clojure",
        'java -Dclojure.main.report=stderr -cp /usr/share/java/clojure.jar:src clojure.main -m railyard.core 2>&1; echo "exit code: $?"',
        "Run the ledger with the full error report",
      ),
    ],
  },
  {
    name: "fresh18-c",
    setup: "fresh18",
    cwd: "fresh18/c",
    prompt: "the points library fails to build under SCons and some CTest cases are red",
    provenance: `${CAPTURED} (SCons 4.4, CMake 3.25 and CTest of Debian 12; files by projects/fresh18.sh)`,
    steps: [
      build(
        "scons-points-f18",
        "scons",
        'scons -k 2>&1; echo "exit code: $?"',
        "Build with SCons, keep going",
      ),
      {
        tool: "Bash",
        input: {
          command:
            "cmake -S . -B build-ctest -G Ninja >/dev/null && cmake --build build-ctest >/dev/null; echo built",
          timeout: 600_000,
          description: "Configure and build the tests",
        },
      },
      build(
        "ctest-points-f18",
        "ctest",
        'ctest --test-dir build-ctest --output-on-failure -j2 2>&1; echo "exit code: $?"',
        "Run the test suite",
      ),
    ],
  },
  {
    name: "fresh18-py",
    setup: "fresh18",
    cwd: "fresh18/py",
    prompt: "run tox for the vendored highlighter, then check its docstrings and dead code",
    provenance: `${CAPTURED} (tox 3.28, pydocstyle 6.2 and vulture 2.7 of Debian 12 over Debian's Pygments 2.14 sources, offline; files by projects/fresh18.sh)`,
    steps: [
      build("tox-offline-f18", "tox", 'tox 2>&1; echo "exit code: $?"', "Run every tox environment"),
      bash(
        "pydocstyle-pygments-spilled-f18",
        "pydocstyle",
        "pydocstyle --match-dir='^(?!lexers|\\.).*' src/pygments 2>&1; echo \"exit code: $?\"",
        "Docstring check outside the lexers",
      ),
      bash("vulture-pygments-f18", "vulture", 'vulture src/pygments; echo "exit code: $?"', "Find dead code"),
    ],
  },
  {
    name: "fresh18-js",
    setup: "fresh18",
    cwd: "fresh18/js",
    prompt:
      "install the portal's dependencies with pnpm and with yarn, and find unused code in the validator",
    provenance: `${CAPTURED} (pnpm 9.8 and yarn 1.22 from npm against the npm registry, knip 5.27 over ajv 8's TypeScript sources; files by projects/fresh18.sh)`,
    steps: [
      build(
        "pnpm-install-portal-f18",
        "pnpm",
        "npx -y pnpm@9.8.0 -C portal install 2>&1",
        "Install with pnpm",
      ),
      build(
        "yarn-install-portal-f18",
        "yarn",
        "npx -y yarn@1.22.22 --cwd portal-yarn install --non-interactive 2>&1",
        "Install with yarn",
      ),
      build(
        "knip-validator-f18",
        "knip",
        'cd validator && npx knip; echo "exit code: $?"',
        "Find unused files, exports and dependencies",
      ),
    ],
  },
  // The fresh19 set (bench/corpus/fresh19/): a nineteenth held-out round on database, system,
  // ops and data tools no earlier set holds (the MariaDB client, gprof, perf, ltrace, sysstat,
  // findmnt/df, systemd-analyze, logrotate, nmap on loopback, csvkit, xmlstarlet). Claude Code's
  // default output limit, so outputs over 30,000 characters are spilled to a file the hook reads.
  {
    name: "fresh19-db",
    setup: "fresh19",
    cwd: "fresh19/db",
    prompt: "the 0007 migration fails on the mirror database and the sync jobs hang; find out why",
    provenance: `${CAPTURED} (MariaDB 10.11 client and server of Debian 12 over this machine's dpkg database; files by projects/fresh19.sh)`,
    steps: [
      build(
        "mariadb-migration-0007-f19",
        "mariadb",
        'mariadb --defaults-file=my.cnf --force -vvv mirror < migrations/0007_unique_names.sql 2>&1; echo "exit code: $?"',
        "Run migration 0007 verbosely, going on past errors",
      ),
      bash(
        "mariadb-explain-rdeps-f19",
        "mariadb",
        `mariadb --defaults-file=my.cnf -t mirror -e "EXPLAIN SELECT p.name, p.version, COUNT(d.package) AS rdeps FROM packages p LEFT JOIN depends d ON d.depends_on = p.name WHERE p.section IN ('libs','python') GROUP BY p.name, p.version ORDER BY rdeps DESC LIMIT 20; EXPLAIN FORMAT=JSON SELECT p.name, p.version, COUNT(d.package) AS rdeps FROM packages p LEFT JOIN depends d ON d.depends_on = p.name WHERE p.section IN ('libs','python') GROUP BY p.name, p.version ORDER BY rdeps DESC LIMIT 20"`,
        "Plan of the reverse-dependency query",
      ),
      bash(
        "mariadb-largest-packages-spilled-f19",
        "mariadb",
        'mariadb --defaults-file=my.cnf -t mirror -e "SELECT p.name, p.version, p.arch, p.installed_kb, p.section, p.maintainer, COUNT(d.package) AS rdeps FROM packages p LEFT JOIN depends d ON d.depends_on = p.name GROUP BY p.id ORDER BY p.installed_kb DESC LIMIT 400"',
        "The largest packages with their reverse dependencies",
      ),
      bash(
        "mariadb-load-export-warnings-f19",
        "mariadb",
        `mariadb --defaults-file=my.cnf -t mirror -e "LOAD DATA LOCAL INFILE '../data/mirror-export.csv' INTO TABLE packages FIELDS TERMINATED BY ',' OPTIONALLY ENCLOSED BY '\\"' IGNORE 1 LINES (name, version, arch, installed_kb, section, priority, maintainer, source, status); SHOW WARNINGS" 2>&1; echo "exit code: $?"`,
        "Load the mirror export and show its warnings",
      ),
      {
        tool: "Bash",
        input: { command: "./load.sh >/dev/null 2>&1", description: "Start the sync jobs as the cron does" },
      },
      bash(
        "mariadb-processlist-f19",
        "mariadb",
        'mariadb --defaults-file=my.cnf -t -e "SHOW FULL PROCESSLIST"',
        "Who is connected and what waits",
      ),
      bash(
        "mariadb-innodb-status-f19",
        "mariadb",
        'mariadb --defaults-file=my.cnf -e "SHOW ENGINE INNODB STATUS\\G"',
        "InnoDB's locks, transactions and last deadlock",
      ),
      bash(
        "mariadb-global-status-spilled-f19",
        "mariadb",
        'mariadb --defaults-file=my.cnf -t -e "SHOW GLOBAL STATUS"',
        "The server's status counters",
      ),
    ],
  },
  {
    name: "fresh19-prof",
    setup: "fresh19",
    cwd: "fresh19/prof",
    prompt: "the package index builder got slow; profile it and tell me where the time goes",
    provenance: `${CAPTURED} (GNU gprof 2.40, perf 6.1 and ltrace 0.7 of Debian 12 over SQLite 3.50's amalgamation from npm's better-sqlite3 12.11.1; files by projects/fresh19.sh)`,
    steps: [
      bash(
        "gprof-flat-index-spilled-f19",
        "gprof",
        "gprof -b -p build-index gmon.out",
        "Flat profile of the index builder",
      ),
      bash(
        "gprof-call-graph-spilled-f19",
        "gprof",
        "gprof -q build-index gmon.out | head -n 900",
        "The call graph, with gprof's explanations",
      ),
      build(
        "perf-stat-index-f19",
        "perf",
        'perf stat -d ./build-index-perf 3 2>&1; echo "exit code: $?"',
        "Counters of a run",
      ),
      {
        tool: "Bash",
        input: {
          command: "perf record -g -o perf.data ./build-index-perf 3 2>&1 | tail -n 3",
          description: "Record a profile with call chains",
        },
      },
      build(
        "perf-report-index-f19",
        "perf",
        "perf report -i perf.data --stdio --no-children 2>&1 | head -n 1200",
        "Where the samples fall",
      ),
      build(
        "perf-annotate-vdbe-spilled-f19",
        "perf",
        "perf annotate -i perf.data --stdio -s sqlite3VdbeExec 2>&1 | head -n 1500",
        "The hot instructions of the VDBE loop",
      ),
    ],
  },
  {
    name: "fresh19-sys",
    setup: "fresh19",
    cwd: "fresh19/ops",
    prompt:
      "check the mirror host: mounts, disk, CPU and processes, the new units and log rotation, and what listens locally",
    provenance: `${CAPTURED} (util-linux 2.38, coreutils 9.1, sysstat 12.6, systemd 252, logrotate 3.21 and nmap 7.93 of Debian 12 over Debian's own units and logrotate configs; files by projects/fresh19.sh)`,
    steps: [
      bash("findmnt-tree-f19", "findmnt", "findmnt", "Mount tree"),
      bash("mpstat-all-f19", "mpstat", "mpstat -P ALL 1 3", "Per-CPU use"),
      bash("pidstat-urd-f19", "pidstat", "pidstat -u -r -d 2 2", "Per-process CPU, memory and I/O"),
      bash("sar-all-f19", "sar", "sar -A 1 1", "Every sar report for one second"),
      bash(
        "systemd-analyze-verify-f19",
        "systemd-analyze",
        'systemd-analyze verify units/*.service units/*.timer 2>&1; echo "exit code: $?"',
        "Check the units",
      ),
      bash(
        "logrotate-debug-f19",
        "logrotate",
        'logrotate -d logrotate.conf 2>&1; echo "exit code: $?"',
        "Dry run of log rotation",
      ),
      bash(
        "nmap-sv-sc-loopback-f19",
        "nmap",
        "nmap -v -sV -sC -p 33619,8619,3300-3400 127.0.0.1 2>&1",
        "What the mirror services answer on loopback",
      ),
    ],
  },
  {
    name: "fresh19-data",
    setup: "fresh19",
    cwd: "fresh19/data",
    prompt:
      "summarise the package export and find out why the mirror export and the site list will not import",
    provenance: `${CAPTURED} (csvkit 1.0.7 and XMLStarlet 1.6 of Debian 12 over this machine's dpkg database, the freedesktop MIME database and polkit policies; files by projects/fresh19.sh)`,
    steps: [
      bash("csvstat-packages-f19", "csvstat", "csvstat packages.csv", "Statistics of every column"),
      bash(
        "csvlook-packages-spilled-f19",
        "csvlook",
        "csvlook packages.csv | head -n 300",
        "The first packages as a table",
      ),
      bash(
        "csvclean-export-f19",
        "csvclean",
        'csvclean -n mirror-export.csv 2>&1; echo "exit code: $?"',
        "Which rows of the export are malformed",
      ),
      bash(
        "xmlstarlet-sel-globs-f19",
        "xmlstarlet",
        "xmlstarlet sel -N m=http://www.freedesktop.org/standards/shared-mime-info -t -m '//m:mime-type' -v '@type' -o '  ' -m 'm:glob' -v '@pattern' -o ' ' -b -n xml/freedesktop.org.xml",
        "Every MIME type with its globs",
      ),
      bash(
        "xmlstarlet-val-policies-f19",
        "xmlstarlet",
        'xmlstarlet val -e -w xml/*.policy xml/mirror-sites.xml 2>&1; echo "exit code: $?"',
        "Which XML files are not well formed",
      ),
      bash(
        "xmlstarlet-sel-actions-f19",
        "xmlstarlet",
        "xmlstarlet sel -T -t -m '//action' -v '@id' -o ' | ' -v 'defaults/allow_any' -o ' | ' -v 'defaults/allow_active' -o ' | ' -v 'normalize-space(message[not(@xml:lang)])' -n xml/org.freedesktop.*.policy",
        "The polkit actions and who may run them",
      ),
    ],
  },
  // The fresh20 set (bench/corpus/fresh20/): a twentieth held-out round, on web frameworks,
  // document builds and other JS runtimes no set held (Django's manage.py, alembic, latexmk and
  // pdflatex, gcov / gcovr / lcov, protoc, graphviz dot, deno, bun, ava); files by projects/fresh20.sh.
  {
    name: "fresh20-django",
    setup: "fresh20",
    cwd: "fresh20/django",
    prompt:
      "the box office site fails its deploy checks and the slug migration; find out why and run the tests",
    provenance: `${CAPTURED} (Django 3.2 of Debian 12 under Python 3.11 over Django's contrib apps and SQLite; files by projects/fresh20.sh)`,
    steps: [
      bash(
        "django-check-deploy-f20",
        "django",
        'python3 manage.py check --deploy --settings=boxoffice.settings_prod; echo "exit code: $?"',
        "Run the deploy checks with production settings",
      ),
      bash(
        "django-showmigrations-f20",
        "django",
        'python3 manage.py showmigrations; echo "exit code: $?"',
        "List applied and pending migrations",
      ),
      bash(
        "django-makemigrations-check-f20",
        "django",
        'python3 manage.py makemigrations --check --dry-run -v 3; echo "exit code: $?"',
        "See which model changes have no migration",
      ),
      {
        tool: "Bash",
        input: { command: "python3 manage.py makemigrations", description: "Make the missing migrations" },
      },
      build(
        "django-test-verbose-f20",
        "django",
        'python3 manage.py test -v 2; echo "exit code: $?"',
        "Run the test suite verbosely",
      ),
      build(
        "django-migrate-slugs-f20",
        "django",
        'python3 manage.py migrate; echo "exit code: $?"',
        "Apply the migrations to the dev database",
      ),
    ],
  },
  {
    name: "fresh20-alembic",
    setup: "fresh20",
    cwd: "fresh20/alembic",
    prompt: "bring the ticketing database up to date",
    provenance: `${CAPTURED} (alembic 1.8 and SQLAlchemy 1.4 of Debian 12 under Python 3.11 over SQLite; files by projects/fresh20.sh)`,
    steps: [
      bash(
        "alembic-upgrade-head-f20",
        "alembic",
        'alembic upgrade head; echo "exit code: $?"',
        "Upgrade the ticketing schema",
      ),
      bash(
        "alembic-upgrade-heads-sqlite-f20",
        "alembic",
        'alembic upgrade heads; echo "exit code: $?"',
        "Upgrade both branches",
      ),
    ],
  },
  {
    name: "fresh20-docs",
    setup: "fresh20",
    cwd: "fresh20",
    prompt: "build the handbook PDF, check the API protos and draw the dependency graph",
    provenance: `${CAPTURED} (TeX Live 2022 and latexmk 4.79 of Debian 12 over pandoc's LaTeX of npm READMEs, protoc 3.21 over protobuf's well-known types, graphviz 2.43; files by projects/fresh20.sh)`,
    steps: [
      build(
        "latexmk-handbook-spilled-f20",
        "latex",
        'cd latex && latexmk -pdf -interaction=nonstopmode handbook.tex; echo "exit code: $?"',
        "Build the handbook",
      ),
      build(
        "pdflatex-print-minted-f20",
        "latex",
        'pdflatex -interaction=nonstopmode handbook-print.tex; echo "exit code: $?"',
        "Build the print edition",
      ),
      bash(
        "protoc-orders-f20",
        "protoc",
        'cd ../proto && protoc -I . -I /usr/include --cpp_out=gen --python_out=gen boxoffice/v1/*.proto; echo "exit code: $?"',
        "Generate the API code",
      ),
      bash(
        "dot-deps-f20",
        "dot",
        'cd ../dot && dot -Tsvg -o deps.svg deps.dot; echo "exit code: $?"',
        "Draw the dependency graph",
      ),
    ],
  },
  {
    name: "fresh20-cov",
    setup: "fresh20",
    cwd: "fresh20/cov",
    prompt: "how much of the scan log writer do the tests cover, and what do they miss?",
    provenance: `${CAPTURED} (gcc 12.2's gcov, gcovr 5.2 and lcov 1.16 of Debian 12 over zlib's own gzlog.c, zran.c, minigzip.c and zpipe.c; files by projects/fresh20.sh)`,
    steps: [
      bash(
        "gcovr-fail-under-f20",
        "gcovr",
        'gcovr -r . --fail-under-line 75; echo "exit code: $?"',
        "Coverage report with the line threshold",
      ),
      bash("gcov-functions-f20", "gcov", "gcov -f -b -o . src/gzlog.c src/zran.c", "Coverage per function"),
      bash(
        "gcov-stdout-gzlog-spilled-f20",
        "gcov",
        "gcov -t -b -o . src/gzlog.c",
        "Annotated source of gzlog.c",
      ),
      bash(
        "lcov-list-f20",
        "lcov",
        "lcov --capture -d . -o cov.info --rc lcov_branch_coverage=1 -q && lcov --list cov.info --rc lcov_branch_coverage=1",
        "Coverage per file with lcov",
      ),
    ],
  },
  {
    name: "fresh20-js",
    setup: "fresh20",
    cwd: "fresh20/js",
    prompt:
      "type-check and lint the checkout and the vendored zod, and run its tests under deno, bun and ava",
    provenance: `${CAPTURED} (deno 2.9, bun 1.4 and ava 7 from npm under Node 20 over zod 4.6's TypeScript sources and tests; files by projects/fresh20.sh)`,
    steps: [
      build(
        "deno-check-checkout-f20",
        "deno",
        'npx deno check src/checkout.ts; echo "exit code: $?"',
        "Type-check the checkout",
      ),
      build(
        "deno-check-zod-tests-f20",
        "deno",
        'npx deno check vendor-zod/v4/classic/tests/; echo "exit code: $?"',
        "Type-check the vendored zod tests",
      ),
      build(
        "deno-lint-zod-spilled-f20",
        "deno",
        'npx deno lint vendor-zod; echo "exit code: $?"',
        "Lint the vendored zod",
      ),
      build(
        "deno-test-checkout-f20",
        "deno",
        'npx deno test --no-check --coverage=cov_profile test/checkout_test.ts; echo "exit code: $?"',
        "Run the checkout tests",
      ),
      build("deno-coverage-f20", "deno", "npx deno coverage cov_profile", "Coverage of the checkout tests"),
      build(
        "bun-test-zod-f20",
        "bun",
        'npx bun test vendor-zod/v4/classic/tests; echo "exit code: $?"',
        "Run the vendored zod tests under bun",
      ),
      build("ava-orders-f20", "ava", 'npx ava --verbose; echo "exit code: $?"', "Run the order schema tests"),
    ],
  },
  {
    name: "fresh20-more",
    setup: "fresh20",
    cwd: "fresh20",
    prompt:
      "fix the handbook's characters and rebuild it, compare the production settings, and see what the zod tests cover",
    provenance: `${CAPTURED} (TeX Live 2022 and latexmk 4.79, Django 3.2 of Debian 12, bun 1.4 and deno 2.9 from npm; files by projects/fresh20.sh)`,
    steps: [
      {
        tool: "Bash",
        input: {
          command: "sed -i 's/／/\\//g; s/＊/*/g; s/\\xe2\\x80\\x82/ /g' latex/chapters/*.tex",
          description: "Replace the full-width characters and en spaces",
        },
      },
      build(
        "latexmk-handbook-rerun-spilled-f20",
        "latex",
        'cd latex && latexmk -pdf -interaction=nonstopmode handbook.tex; echo "exit code: $?"',
        "Rebuild the handbook",
      ),
      bash(
        "django-diffsettings-prod-f20",
        "django",
        'cd ../django && python3 manage.py diffsettings --all --settings=boxoffice.settings_prod; echo "exit code: $?"',
        "Every production setting, the changed ones marked",
      ),
      build(
        "bun-test-coverage-f20",
        "bun",
        'cd ../js && npx bun test --coverage vendor-zod/v4/classic/tests; echo "exit code: $?"',
        "Run the zod tests with coverage",
      ),
      bash(
        "deno-info-checkout-spilled-f20",
        "deno",
        "npx deno info src/checkout.ts",
        "The checkout's module graph",
      ),
    ],
  },
  // The fresh21 set (bench/corpus/fresh21/): a held-out replay of the blind part's tool families
  // (tree, du, prettier --check, pyright, node --test's spec reporter, mvn test, surefire XML, javac,
  // cmake configure and cmake + ninja, strace, cargo build and clippy -D warnings, psql, apt-get -s,
  // the Grep tool over a log) on projects of their own; files by projects/fresh21.sh.
  {
    name: "fresh21-web",
    setup: "fresh21",
    cwd: "fresh21/web",
    prompt: "where do the big dependencies come from, and why do format, type and test checks fail?",
    provenance: `${CAPTURED} (tree 2.1, du, prettier 3.10, pyright 1.1.414 and Node 24's node:test over npm's semver 7.8, yaml 2.9, date-fns 4.4 and Debian 12's agate 1.6; files by projects/fresh21.sh)`,
    steps: [
      bash(
        "tree-date-fns-locale-f21",
        "tree",
        "tree -L 2 node_modules/date-fns/locale",
        "The locales date-fns ships",
      ),
      bash(
        "tree-typeshed-stubs-f21",
        "tree",
        "tree -h -L 2 --dirsfirst node_modules/pyright/dist/typeshed-fallback/stubs",
        "Which third-party stubs pyright bundles",
      ),
      bash(
        "du-node-modules-depth2-spilled-f21",
        "du",
        "du -ah -d 2 node_modules | sort -rh",
        "Sizes in node_modules, two levels deep",
      ),
      build(
        "prettier-check-all-f21",
        "prettier",
        'npx prettier --check . 2>&1; echo "exit code: $?"',
        "Check formatting of the whole site",
      ),
      build(
        "node-test-spec-semver-f21",
        "node-test",
        'node --test --test-reporter=spec "test/**/*.test.js" 2>&1; echo "exit code: $?"',
        "Run the version policy tests",
      ),
      build(
        "pyright-agate-spilled-f21",
        "pyright",
        'npx pyright 2>&1; echo "exit code: $?"',
        "Type-check the vendored agate and the plays module",
      ),
      build(
        "pyright-strict-plays-f21",
        "pyright",
        'npx pyright -p py/pyrightconfig.strict.json 2>&1; echo "exit code: $?"',
        "Type-check the plays module strictly",
      ),
    ],
  },
  {
    name: "fresh21-java",
    setup: "fresh21",
    cwd: "fresh21/java",
    prompt:
      "the playout scheduler's tests fail since the refactor, and the traffic and desk code no longer compile",
    provenance: `${CAPTURED} (Maven 3.8 with surefire 3.2.5 and JUnit 5.10, OpenJDK 17's javac; files by projects/fresh21.sh)`,
    steps: [
      build(
        "mvn-test-playout-f21",
        "mvn",
        'mvn -o -B test 2>&1; echo "exit code: $?"',
        "Run the scheduler tests",
      ),
      bash(
        "surefire-schedule-xml-f21",
        "surefire-xml",
        "cat target/surefire-reports/TEST-org.airwaves.playout.ScheduleTest.xml",
        "The schedule tests' XML report",
      ),
      build(
        "mvn-test-cues-full-traces-f21",
        "mvn",
        "mvn -o -B test -Dtest='CueSheetTest,LoudnessTest' -DtrimStackTrace=false 2>&1; echo \"exit code: $?\"",
        "Rerun the cue and loudness tests with whole traces",
      ),
      bash(
        "surefire-cue-loudness-xml-f21",
        "surefire-xml",
        "cat target/surefire-reports/TEST-*.xml",
        "The XML reports of that run",
      ),
      bash(
        "javac-legacy-lint-f21",
        "javac",
        'javac -Xlint:all -cp target/classes -d out/legacy $(find legacy -name "*.java") 2>&1; echo "exit code: $?"',
        "Compile the legacy traffic module with every lint",
      ),
      bash(
        "javac-release8-desk-f21",
        "javac",
        'javac --release 8 -d out/desk desk/*.java 2>&1; echo "exit code: $?"',
        "Compile the desk app for Java 8",
      ),
    ],
  },
  {
    name: "fresh21-native",
    setup: "fresh21",
    cwd: "fresh21/native",
    prompt:
      "the loudness meter does not configure on the new studio box, its library does not build, the stream and encoder cannot find their keys, and the play logger fails CI",
    provenance: `${CAPTURED} (cmake 3.25, ninja, g++ 12, strace 6.1, Debian 12's python3.11, cargo/rustc/clippy 1.95 offline; files by projects/fresh21.sh)`,
    steps: [
      bash(
        "cmake-configure-sndfile-f21",
        "cmake",
        'cmake -S meter -B meter/build 2>&1; echo "exit code: $?"',
        "Configure the meter",
      ),
      bash(
        "cmake-find-debug-spilled-f21",
        "cmake",
        'cmake -S meter -B meter/build-dbg -DCMAKE_FIND_DEBUG_MODE=ON 2>&1; echo "exit code: $?"',
        "Configure again showing where it looks",
      ),
      build(
        "cmake-ninja-meterlib-spilled-f21",
        "cmake",
        'cmake -S meterlib -B meterlib/build -G Ninja >/dev/null && cmake --build meterlib/build -- -k 0 2>&1; echo "exit code: $?"',
        "Build the meter library",
      ),
      bash(
        "strace-streamconf-spilled-f21",
        "strace",
        'strace -f -e trace=openat,newfstatat,read,getdents64 -s 96 /usr/bin/python3 tools/streamconf.py 2>&1; echo "exit code: $?"',
        "Trace where the stream config looks for its key",
      ),
      bash(
        "strace-encstart-f21",
        "strace",
        'strace -y -e trace=%file,read,write ./tools/encstart 2>&1; echo "exit code: $?"',
        "Trace the encoder launcher's key lookup",
      ),
      build(
        "cargo-clippy-deny-playlog-f21",
        "clippy",
        'cd playlog && cargo clippy --all-targets -- -D warnings 2>&1; echo "exit code: $?"',
        "Run clippy as CI does",
      ),
      build(
        "cargo-build-royalties-f21",
        "cargo",
        'cd ../royalties && cargo build 2>&1; echo "exit code: $?"',
        "Build the royalties tool",
      ),
    ],
  },
  {
    name: "fresh21-db",
    setup: "fresh21",
    cwd: "fresh21/db",
    prompt:
      "the rights migration fails; also which complaints are still open, and did explicit tracks go out before the watershed?",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; files by projects/fresh21.sh)`,
    postgres: true,
    steps: [
      bash(
        "psql-migration-rights-f21",
        "psql",
        'psql -f migrations/0019_play_rights.sql 2>&1; echo "exit code: $?"',
        "Run the rights migration",
      ),
      bash(
        "psql-expanded-complaints-f21",
        "psql",
        `psql -x -c "SELECT * FROM complaints WHERE status <> 'closed' ORDER BY received_at"`,
        "Complaints not closed",
      ),
      bash(
        "psql-explicit-plays-f21",
        "psql",
        `psql -c "SELECT p.id, p.played_at, p.show, p.presenter, p.source, t.isrc, t.title, t.artist FROM plays p JOIN tracks t ON t.id = p.track_id WHERE t.explicit ORDER BY p.played_at"`,
        "Every play of an explicit track",
      ),
      bash(
        "psql-expanded-wrapped-artists-f21",
        "psql",
        `psql --expanded -P format=wrapped -c "SELECT t.artist, count(*) AS plays, round(avg(t.lufs), 1) AS avg_lufs, min(t.lufs) AS quietest, max(t.lufs) AS loudest, string_agg(DISTINCT p.show, ', ') AS shows FROM plays p JOIN tracks t ON t.id = p.track_id GROUP BY t.artist ORDER BY plays DESC"`,
        "Plays and loudness per artist",
      ),
    ],
  },
  {
    name: "fresh21-ops",
    setup: "fresh21",
    cwd: "fresh21/db",
    prompt:
      "what would the new studio box pull in, and what went wrong on the hosting's Hadoop and OpenStack nodes?",
    provenance: `${CAPTURED} (apt-get 2.6 of Debian 12 against this machine's package lists; the Grep tool over loghub's Hadoop and OpenStack logs; files by projects/fresh21.sh)`,
    steps: [
      bash(
        "apt-get-simulate-studio-f21",
        "apt",
        'apt-get install -s --no-install-recommends ardour liquidsoap icecast2 libebur128-dev libsndfile1-dev 2>&1; echo "exit code: $?"',
        "Simulate installing the studio packages",
      ),
      bash(
        "apt-get-simulate-texlive-full-spilled-f21",
        "apt",
        "apt-get install -s texlive-full 2>&1",
        "Simulate installing texlive-full for the schedules",
      ),
      {
        case: "grep-tool-hadoop-context-f21",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: " (ERROR|FATAL) ",
          path: "logs/hadoop.log",
          output_mode: "content",
          "-n": true,
          "-C": 2,
        },
      },
      {
        case: "grep-tool-openstack-after-f21",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: " (ERROR|WARNING) ",
          path: "logs/openstack.log",
          output_mode: "content",
          "-n": true,
          "-A": 3,
        },
      },
    ],
  },
  // The fresh22 set (bench/corpus/fresh22/): everyday agent commands in shapes no earlier set holds
  // (rollup, webpack --stats detailed, eslint 8's unix and compact formats, tsc --checkJs, ls -la,
  // pytest -v -rA, mypy --pretty, pip install from a wheelhouse, go test -v -race -cover and -bench,
  // make -k -j2, git log --stat / --name-status, git status, git blame --porcelain, awk and grep over
  // loghub logs, curl -v -L); files by projects/fresh22.sh.
  {
    name: "fresh22-web",
    setup: "fresh22",
    cwd: "fresh22/web",
    prompt: "the catalogue's bundles fail to build and lint is red; what is wrong?",
    provenance: `${CAPTURED} (rollup 4.68, webpack 5.99, eslint 8.57, typescript 5.9 over npm's d3 7.9 and lodash-es 4.17; files by projects/fresh22.sh)`,
    steps: [
      build(
        "rollup-config-two-bundles-f22",
        "rollup",
        'npx rollup -c 2>&1; echo "exit code: $?"',
        "Build the two chart bundles",
      ),
      build(
        "webpack-stats-detailed-f22",
        "webpack",
        'npx webpack -c webpack.config.cjs --stats detailed 2>&1; echo "exit code: $?"',
        "Build the catalogue bundles with detailed stats",
      ),
      build(
        "eslint-unix-lodash-spilled-f22",
        "eslint",
        'npx eslint -f unix vendor/lodash-es 2>&1; echo "exit code: $?"',
        "Lint the vendored lodash-es",
      ),
      build(
        "eslint-compact-d3-spilled-f22",
        "eslint",
        'npx eslint -f compact --ext .mjs vendor/d3 2>&1; echo "exit code: $?"',
        "Lint the vendored d3 modules",
      ),
      build(
        "tsc-checkjs-spilled-f22",
        "tsc",
        'npx tsc --allowJs --checkJs --noEmit --target es2022 --module esnext --moduleResolution bundler src/*.js vendor/lodash-es/*.js 2>&1; echo "exit code: $?"',
        "Type-check the JavaScript",
      ),
      bash(
        "ls-la-lodash-es-spilled-f22",
        "ls",
        "ls -la vendor/lodash-es",
        "What is in the vendored lodash-es",
      ),
    ],
  },
  {
    name: "fresh22-py",
    setup: "fresh22",
    cwd: "fresh22/py",
    prompt:
      "the loan period tests fail after the isodate cleanup, mypy is red, and the deploy box cannot install",
    provenance: `${CAPTURED} (pytest 9.0 on Python 3.11, Debian 12's mypy 1.0 over Debian's isodate 0.6, babel 2.10 and jinja2 3.1, pip 23.2; files by projects/fresh22.sh)`,
    steps: [
      build(
        "pytest-v-ra-periods-f22",
        "pytest",
        'python3 -m pytest -v -rA 2>&1; echo "exit code: $?"',
        "Run the tests verbosely",
      ),
      bash(
        "pytest-collect-only-f22",
        "pytest",
        "python3 -m pytest --collect-only -q 2>&1",
        "List the collected tests",
      ),
      build(
        "mypy-pretty-vendor-f22",
        "mypy",
        'mypy --pretty --show-error-codes shelfmark vendor/isodate vendor/babel vendor/jinja2 2>&1; echo "exit code: $?"',
        "Type-check the package and the vendored libraries",
      ),
      bash(
        "pip-install-wheelhouse-conflict-f22",
        "pip",
        'python3 -m pip install --no-index --find-links wheelhouse -r requirements.txt --target /tmp/shelfmark-site 2>&1; echo "exit code: $?"',
        "Install the requirements from the wheelhouse",
      ),
      bash(
        "pip-dry-run-reports-f22",
        "pip",
        'python3 -m pip install --no-index --find-links wheelhouse --dry-run shelfmark-reports 2>&1; echo "exit code: $?"',
        "Would the reports package install alone?",
      ),
    ],
  },
  {
    name: "fresh22-go",
    setup: "fresh22",
    cwd: "fresh22/go",
    prompt: "the export packages' tests fail after the cleanup, and the nightly build breaks",
    provenance: `${CAPTURED} (Go 1.19 of Debian 12 on copies of its encoding/csv, text/tabwriter and container/list; gcc 12, GNU make 4.3; files by projects/fresh22.sh)`,
    steps: [
      build(
        "go-test-v-race-cover-f22",
        "go-test",
        'go test -v -race -cover ./... 2>&1; echo "exit code: $?"',
        "Run every package's tests with the race detector",
      ),
      build(
        "go-test-bench-mem-f22",
        "go-test",
        "go test -run '^$' -bench . -benchmem -benchtime 200ms ./csv/ ./tabwriter/ ./list/ ./shelfindex/ 2>&1; echo \"exit code: $?\"",
        "Benchmark the export packages",
      ),
      build(
        "make-k-j2-nightly-f22",
        "make",
        'make -k -j2 2>&1; echo "exit code: $?"',
        "Run the nightly build",
      ),
    ],
  },
  {
    name: "fresh22-git",
    setup: "fresh22",
    cwd: "fresh22/git/holmesgpt",
    prompt: "what changed lately in the assistant fork, and what state is my checkout in?",
    provenance: `${CAPTURED} (git 2.39 on a clone of robusta-dev/holmesgpt; files by projects/fresh22.sh)`,
    steps: [
      bash("git-status-midchange-f22", "git-status", "git status", "What state is the checkout in"),
      bash(
        "git-log-stat-spilled-f22",
        "git-log",
        "git log --stat -n 60",
        "The last 60 commits with their files",
      ),
      bash(
        "git-log-name-status-f22",
        "git-log",
        "git log --name-status --format='%h %ad %an%n%s' --date=short -n 60",
        "Which files the last 60 commits added, changed or deleted",
      ),
      bash(
        "git-blame-porcelain-spilled-f22",
        "git-blame",
        "git blame --porcelain -L 1,300 holmes/core/tool_calling_llm.py",
        "Who wrote the start of tool_calling_llm.py",
      ),
    ],
  },
  {
    name: "fresh22-logs",
    setup: "fresh22",
    cwd: "fresh22/logs",
    prompt: "who is attacking the gateway, what did Zookeeper complain about, and is the catalogue site up?",
    provenance: `${CAPTURED} (GNU awk, grep, curl 7.88 against Python's http.server on loopback; loghub's OpenSSH, Zookeeper and Linux logs; files by projects/fresh22.sh)`,
    steps: [
      bash(
        "awk-ssh-failed-by-user-ip-f22",
        "awk",
        `awk '/Failed password/ {u=($9=="invalid")?$11:$9; ip=$(NF-3); n[u" "ip]++} END {for (k in n) print n[k], k}' openssh.log | sort -rn`,
        "Failed logins per user and address",
        LOGHUB("OpenSSH/OpenSSH_2k.log"),
      ),
      bash(
        "grep-zookeeper-warn-tail-f22",
        "grep",
        "grep -n -E ' (WARN|ERROR) ' zookeeper.log | tail -n 150",
        "Zookeeper's last warnings and errors",
        LOGHUB("Zookeeper/Zookeeper_2k.log"),
      ),
      bash(
        "awk-linux-not-ssh-ftp-f22",
        "syslog",
        "awk '$5 !~ /^(sshd|ftpd)/' linux.log",
        "The host's messages other than sshd and ftpd",
        LOGHUB("Linux/Linux_2k.log"),
      ),
      { tool: "Bash", input: { command: "./serve.sh", description: "Start the catalogue site" } },
      bash(
        "curl-v-location-api-f22",
        "curl",
        "curl -v -L http://127.0.0.1:18922/api 2>&1",
        "Fetch the API index, following redirects",
      ),
      { tool: "Bash", input: { command: "kill $(cat serve.pid)", description: "Stop the site" } },
    ],
  },
  // The fresh23 set (bench/corpus/fresh23/): everyday agent commands in shapes no earlier set holds
  // (ninja -v -k 0, clang --analyze with text paths, clang-tidy -p with cognitive complexity, sed -n,
  // rg -n / -C2 / --stats, wc -l of a tree, make -n, git show of a refactor, git cherry-pick into a
  // conflict, git log -S; pytest --cov and --lf, pylint --reports=y, a chained Python crash; tsc
  // --traceResolution, a Node crash with cause chains; go build -gcflags=-m, go test -json, gofmt -d;
  // openssl s_client and verify); files by projects/fresh23.sh.
  {
    name: "fresh23-c",
    setup: "fresh23",
    cwd: "fresh23/c/cjson",
    prompt:
      "the fares exporter and the library's tests stopped building after the helper rename; help me sort it out",
    provenance: `${CAPTURED} (ninja 1.11, gcc 12, clang 14, clang-tidy 14, ripgrep 13, git 2.39 on a clone of DaveGamble/cJSON; files by projects/fresh23.sh)`,
    steps: [
      build(
        "ninja-v-cjson-renamed-spilled-f23",
        "ninja",
        'ninja -C build -v -k 0 2>&1; echo "exit code: $?"',
        "Build everything verbosely",
      ),
      build(
        "clang-analyze-fares-f23",
        "clang-analyzer",
        'clang --analyze -Xanalyzer -analyzer-output=text fares.c cJSON_Utils.c 2>&1; echo "exit code: $?"',
        "Run the static analyzer on the exporter and the utilities",
      ),
      build(
        "clang-tidy-cognitive-spilled-f23",
        "clang-tidy",
        "clang-tidy -p build --quiet -checks='-*,readability-function-cognitive-complexity,bugprone-*,performance-*' cJSON.c cJSON_Utils.c 2>&1; echo \"exit code: $?\"",
        "Check the library's complexity and bug patterns",
      ),
      bash(
        "rg-n-renamed-helpers-f23",
        "rg",
        "rg -n 'read_value|render_value|parse_value|print_value'",
        "Where the old and new helper names are used",
      ),
      bash(
        "rg-c2-hooks-free-f23",
        "rg",
        "rg -C2 'hooks\\.(allocate|deallocate|reallocate)|cJSON_free\\('",
        "Where the allocation hooks are called",
      ),
      bash("rg-stats-delete-f23", "rg", "rg --stats -w cJSON_Delete", "How often cJSON_Delete is called"),
      bash("sed-n-cjson-print-f23", "source-read", "sed -n '1180,1620p' cJSON.c", "The printing code"),
      bash(
        "wc-l-tracked-sources-f23",
        "wc",
        "wc -l $(git ls-files '*.c' '*.h') | sort -n",
        "How big are the sources",
      ),
      bash("make-n-all-f23", "make", "make -n all 2>&1", "What the plain Makefile would run"),
      bash("git-show-refactor-f23", "git-show", "git show HEAD", "What the rename commit changed"),
      bash(
        "git-log-s-valuestring-f23",
        "git-log",
        "git log -S'valuestring' --format='%h %ad %an %s' --date=short --stat",
        "Which commits touched valuestring",
      ),
      bash(
        "git-cherry-pick-cve-fix-f23",
        "git-cherry-pick",
        "git cherry-pick 74e1ff4 c859b25 2>&1; git status",
        "Take upstream's CVE fix and release",
      ),
    ],
  },
  {
    name: "fresh23-py",
    setup: "fresh23",
    cwd: "fresh23/py",
    prompt: "the fare rules tests fail since the vendored YAML cleanup, and publishing the feed crashes",
    provenance: `${CAPTURED} (Debian 12's pytest 7.2 with pytest-cov 4.0 on Python 3.11, pylint 2.16, Debian's PyYAML 6.0; files by projects/fresh23.sh)`,
    steps: [
      build(
        "pytest-cov-term-missing-f23",
        "pytest",
        '/usr/bin/python3 -m pytest --cov=tidefare --cov=vendor/yaml --cov-report=term-missing 2>&1; echo "exit code: $?"',
        "Run the tests with coverage",
      ),
      build(
        "pytest-lf-rules-f23",
        "pytest",
        '/usr/bin/python3 -m pytest --lf -q 2>&1; echo "exit code: $?"',
        "Rerun the failures",
      ),
      build(
        "pylint-reports-yaml-spilled-f23",
        "pylint",
        'pylint --reports=y tidefare vendor/yaml 2>&1; echo "exit code: $?"',
        "Lint with the full reports",
      ),
      bash(
        "python-publish-chained-f23",
        "python-crash",
        'PYTHONPATH=vendor:. python3 -m tidefare.publish fares feed.json 2>&1; echo "exit code: $?"',
        "Publish the feed",
      ),
    ],
  },
  {
    name: "fresh23-web",
    setup: "fresh23",
    cwd: "fresh23/web",
    prompt: "the planner does not type-check (modules not found) and the fares sync dies",
    provenance: `${CAPTURED} (typescript 5.9 over npm's zod 3.25 and date-fns 4.1, Node 20; files by projects/fresh23.sh)`,
    steps: [
      build(
        "tsc-trace-resolution-spilled-f23",
        "tsc",
        'npx tsc --traceResolution 2>&1; echo "exit code: $?"',
        "Trace how the modules resolve",
      ),
      bash(
        "node-fetch-cause-chain-f23",
        "node-crash",
        'node scripts/sync-fares.mjs 2>&1; echo "exit code: $?"',
        "Sync the fares",
      ),
    ],
  },
  {
    name: "fresh23-go",
    setup: "fresh23",
    cwd: "fresh23/go",
    prompt: "the feed encoder's tests fail after our escaping speed-up; also is it allocating more?",
    provenance: `${CAPTURED} (Go 1.19 of Debian 12 on a copy of its encoding/json; files by projects/fresh23.sh)`,
    steps: [
      build(
        "go-test-json-farejson-spilled-f23",
        "go-test",
        'go test -json ./farejson 2>&1; echo "exit code: $?"',
        "Run the tests as JSON events",
      ),
      build(
        "go-build-gcflags-m-spilled-f23",
        "go-build",
        'go build -gcflags=-m ./farejson 2>&1; echo "exit code: $?"',
        "What escapes to the heap",
      ),
      bash(
        "gofmt-d-farejson-f23",
        "gofmt",
        'gofmt -d farejson 2>&1; echo "exit code: $?"',
        "Is the package formatted",
      ),
    ],
  },
  {
    name: "fresh23-ops",
    setup: "fresh23",
    cwd: "fresh23/ops",
    prompt: "the planner cannot talk TLS to the fares service; what is wrong with its certificate?",
    provenance: `${CAPTURED} (OpenSSL 3.0 s_server and s_client on loopback, a private CA made by projects/fresh23.sh)`,
    steps: [
      {
        tool: "Bash",
        input: { command: "./serve.sh", description: "Start the fares service's TLS endpoint" },
      },
      bash(
        "openssl-s-client-chain-f23",
        "openssl",
        'openssl s_client -connect 127.0.0.1:18924 -servername fares.internal.tidewater.example -CAfile root.pem -showcerts -verify_hostname fares.tidewater.example </dev/null 2>&1; echo "exit code: $?"',
        "Connect and show the chain",
      ),
      bash(
        "openssl-verify-show-chain-f23",
        "openssl",
        'openssl verify -verbose -show_chain -CAfile root.pem -untrusted inter.pem fares.pem 2>&1; echo "exit code: $?"',
        "Verify the certificate against our root",
      ),
      { tool: "Bash", input: { command: "kill $(cat serve.pid)", description: "Stop the endpoint" } },
    ],
  },
  // The fresh24 set (bench/corpus/fresh24/): the tools an agent runs beyond the compiler, in shapes
  // no earlier set holds (sqlite3 -echo of a failing migration, .eqp full, foreign_key_check; mariadb
  // --force --show-warnings, ANALYZE FORMAT=JSON; psql -a -f; apt-get remove -s, an MTA conflict,
  // apt-cache policy, depends and showpkg, dpkg -L; Django's migrate --plan and diffsettings, flask routes,
  // alembic history -v and upgrade --sql; isort --diff, radon cc, mi and raw, bandit -f csv; git status
  // -vv, bisect log, worktree list -v; webpack --stats verbose, esbuild --analyze=verbose); files by
  // projects/fresh24.sh.
  {
    name: "fresh24-db",
    setup: "fresh24",
    cwd: "fresh24/db",
    prompt: "the mirror import migration half-applied on SQLite, MariaDB and Postgres; what failed where?",
    provenance: `${CAPTURED} (sqlite3 3.40, MariaDB 10.11 client and server, PostgreSQL 15 with psql 15 of Debian 12, over this machine's dpkg database; files by projects/fresh24.sh)`,
    postgres: true,
    steps: [
      build(
        "sqlite3-echo-import-constraints-f24",
        "sqlite",
        'sqlite3 -echo catalog.db < migrations/0004_mirror_import.sql 2>&1; echo "exit code: $?"',
        "Run the import migration, echoing each statement",
      ),
      bash(
        "sqlite3-fk-check-lint-f24",
        "sqlite",
        'sqlite3 -header -column catalog.db "PRAGMA foreign_key_check" "PRAGMA integrity_check" ".lint fkey-indexes"',
        "Check foreign keys and their indexes",
      ),
      bash(
        "sqlite3-eqp-full-maintainers-f24",
        "sqlite",
        `sqlite3 catalog.db ".eqp full" "SELECT s.area, m.name, count(DISTINCT p.id) AS pkgs, sum(p.installed_kb) AS kb FROM packages p JOIN sections s ON s.name = p.section JOIN maintainers m ON m.id = p.maintainer_id LEFT JOIN depends d ON d.package_id = p.id WHERE p.installed_kb > 500 AND m.email LIKE '%debian.org' GROUP BY s.area, m.name HAVING count(d.depends_on) > 3 ORDER BY kb DESC LIMIT 15"`,
        "Plan and bytecode of the maintainers report",
      ),
      build(
        "mariadb-force-show-warnings-f24",
        "mariadb",
        'mariadb --defaults-file=../mdb/my.cnf --force --show-warnings kestrel < ../mdb/migrations/0012_maintainers.sql 2>&1; echo "exit code: $?"',
        "Run the MariaDB migration past its errors",
      ),
      bash(
        "mariadb-analyze-json-f24",
        "mariadb",
        `mariadb --defaults-file=../mdb/my.cnf kestrel -e "ANALYZE FORMAT=JSON SELECT p.section, COUNT(DISTINCT p.id) AS pkgs, SUM(d.hits) AS hits, COUNT(dep.depends_on) AS deps FROM packages p JOIN downloads d ON d.package_id = p.id LEFT JOIN depends dep ON dep.package = p.name WHERE d.day BETWEEN '2026-11-05' AND '2026-11-20' AND p.installed_kb > 100 GROUP BY p.section HAVING hits > 1000 ORDER BY hits DESC\\G"`,
        "How the downloads report really ran",
      ),
      {
        tool: "Bash",
        input: {
          command: "psql -q -v ON_ERROR_STOP=1 -f pg/schema.sql",
          description: "Load the Postgres copy",
        },
      },
      build(
        "psql-a-f-normalise-f24",
        "psql",
        'psql -a -f pg/0005_normalise.sql 2>&1; echo "exit code: $?"',
        "Run the Postgres migration, echoing it",
      ),
    ],
  },
  {
    name: "fresh24-pkg",
    setup: "fresh24",
    cwd: "fresh24/data",
    prompt: "can we drop libxml2 from the mirror host, and why will the mail relay not install?",
    provenance: `${CAPTURED} (apt 2.6 and dpkg 1.21 of Debian 12 against this machine's package lists; files by projects/fresh24.sh)`,
    steps: [
      bash(
        "apt-get-remove-s-libxml2-f24",
        "apt",
        'apt-get remove -s libxml2 2>&1; echo "exit code: $?"',
        "What removing libxml2 would take with it",
      ),
      bash(
        "apt-get-install-s-mta-conflict-f24",
        "apt",
        'apt-get install -s --no-install-recommends python3-django-debug-toolbar libmariadb-dev-compat exim4-daemon-heavy postfix python3-mysqldb 2>&1; echo "exit code: $?"',
        "Simulate the relay's packages",
      ),
      bash(
        "apt-cache-policy-stack-f24",
        "apt",
        "apt-cache policy python3-django python3-flask mariadb-server nodejs libssl3 postgresql-15 python3-isort radon kestrel-dashboard 2>&1",
        "Which versions are installed and available",
      ),
      bash(
        "apt-cache-depends-stack-f24",
        "apt",
        "apt-cache depends python3-django python3-alembic python3-flask mariadb-server",
        "What the stack depends on",
      ),
      bash("dpkg-L-sqlalchemy-f24", "dpkg", "dpkg -L python3-sqlalchemy", "Files of the SQLAlchemy package"),
      bash(
        "apt-cache-showpkg-libxml2-f24",
        "apt",
        "apt-cache showpkg libxml2",
        "Which packages depend on libxml2 and which versions exist",
      ),
    ],
  },
  {
    name: "fresh24-web",
    setup: "fresh24",
    cwd: "fresh24/web",
    prompt:
      "before the release: which migrations will run, what settings differ, and what does the API expose?",
    provenance: `${CAPTURED} (Django 3.2 and alembic 1.8 with SQLAlchemy 1.4 of Debian 12 under /usr/bin/python3, Flask 3.1 under Python 3.11; files by projects/fresh24.sh)`,
    steps: [
      bash(
        "django-migrate-plan-f24",
        "django",
        '/usr/bin/python3 manage.py migrate --plan 2>&1; echo "exit code: $?"',
        "Which migrations would run",
      ),
      bash(
        "django-diffsettings-all-f24",
        "django",
        '/usr/bin/python3 manage.py diffsettings --all 2>&1; echo "exit code: $?"',
        "Every setting and which ones we changed",
      ),
      bash(
        "flask-routes-api-f24",
        "flask",
        'python3 -m flask --app "api:create_app" routes --sort rule 2>&1; echo "exit code: $?"',
        "The API's routes",
      ),
      bash(
        "alembic-history-verbose-f24",
        "alembic",
        'alembic -c stats_db/alembic.ini history --verbose 2>&1; echo "exit code: $?"',
        "The stats database's migration history",
      ),
      bash(
        "alembic-upgrade-heads-sql-f24",
        "alembic",
        'alembic -c stats_db/alembic.ini upgrade heads --sql 2>&1; echo "exit code: $?"',
        "The SQL an upgrade would run",
      ),
    ],
  },
  {
    name: "fresh24-py",
    setup: "fresh24",
    cwd: "fresh24/py",
    prompt:
      "the vendored Flask and alembic fail our import-order check; how complex and how risky is that code?",
    provenance: `${CAPTURED} (isort 5.6, radon 5.1 and bandit 1.7 of Debian 12 over Debian's python3-flask 2.2 and python3-alembic 1.8; files by projects/fresh24.sh)`,
    steps: [
      bash(
        "isort-check-diff-flask-f24",
        "isort",
        '/usr/bin/python3 -m isort --check-only --diff vendor/flask 2>&1; echo "exit code: $?"',
        "What isort would change in the vendored Flask",
      ),
      bash(
        "radon-cc-alembic-spilled-f24",
        "radon",
        "radon cc -s -a vendor/alembic",
        "Cyclomatic complexity of the vendored alembic",
      ),
      bash("radon-mi-alembic-f24", "radon", "radon mi -s vendor/alembic", "Maintainability index per file"),
      bash(
        "radon-raw-alembic-f24",
        "radon",
        "radon raw -s vendor/alembic",
        "Lines, comments and blanks per file",
      ),
      bash(
        "bandit-csv-alembic-f24",
        "bandit",
        'bandit -r vendor/alembic -f csv 2>/dev/null; echo "exit code: $?"',
        "Security findings in the vendored alembic, as CSV",
      ),
    ],
  },
  {
    name: "fresh24-git",
    setup: "fresh24",
    cwd: "fresh24/git/cjson",
    prompt:
      "where am I with the cJSON fork: what is changed, where did the bisect get to, which worktrees are stale?",
    provenance: `${CAPTURED} (git 2.39 on a clone of DaveGamble/cJSON; files by projects/fresh24.sh)`,
    steps: [
      bash("git-status-vv-rename-f24", "git-status", "git status -vv", "Everything changed, staged and not"),
      bash(
        "git-bisect-log-f24",
        "git-bisect",
        "git -C ../cjson-bisect bisect log",
        "Where the bisect got to",
      ),
      bash("git-worktree-list-v-f24", "git-worktree", "git worktree list -v", "The fork's worktrees"),
    ],
  },
  {
    name: "fresh24-fe",
    setup: "fresh24",
    cwd: "fresh24/fe",
    prompt: "the dashboard bundle fails and the charts bundle is too big; what is in them?",
    provenance: `${CAPTURED} (webpack 5.99 with webpack-cli 6.0 and esbuild 0.21 from npm, over npm's d3 7.9, lodash-es 4.17 and date-fns 4.1; files by projects/fresh24.sh)`,
    steps: [
      build(
        "webpack-stats-verbose-spilled-f24",
        "webpack",
        'npx webpack --stats verbose 2>&1; echo "exit code: $?"',
        "Build the dashboard with verbose stats",
      ),
      build(
        "esbuild-analyze-verbose-spilled-f24",
        "esbuild",
        'npx esbuild src/charts.js --bundle --format=esm --minify --outfile=dist/charts.js --analyze=verbose 2>&1; echo "exit code: $?"',
        "Bundle the charts and show why each module is in",
      ),
    ],
  },
  // The fresh25 set (bench/corpus/fresh25/): the system, runtime-debugging and data tools an agent
  // runs when something misbehaves, in shapes no earlier set holds (valgrind with chosen leak kinds
  // and an error exit code, ms_print of massif, ltrace -c and -e; strace -e status=failed, gdb of a
  // crashing Python, lsof -p, /proc reads; ansible-playbook --check --diff, systemd-analyze verify,
  // nginx -t, a real nginx run's error log and its 4xx/5xx lines; jq group_by and select, yq -y,
  // xmllint --xpath and --valid, mlr stats1, sqlite3 .import of a bad CSV; php -l over a package,
  // podchecker; a Postgres server log with slow queries and deadlocks); files by projects/fresh25.sh.
  {
    name: "fresh25-native",
    setup: "fresh25",
    cwd: "fresh25/native",
    prompt: "the catalog loader reports odd totals and eats memory; find out why",
    provenance: `${CAPTURED} (gcc 12, valgrind 3.19 with ms_print and callgrind_annotate, ltrace 0.7; a clone of DaveGamble/cJSON; files by projects/fresh25.sh)`,
    steps: [
      bash(
        "valgrind-leak-kinds-catalog-f25",
        "valgrind",
        'valgrind --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite --error-exitcode=3 --num-callers=12 ./catalog data/shard0.json data/shard1.json data/shard2.json data/missing.json 2>&1; echo "exit code: $?"',
        "Check the loader for leaks and bad reads",
      ),
      bash(
        "ltrace-c-catalog-f25",
        "ltrace",
        "ltrace -c ./catalog data/shard0.json data/shard1.json data/shard2.json 2>&1",
        "Which library calls the loader spends its time in",
      ),
      bash(
        "ltrace-e-alloc-catalog-f25",
        "ltrace",
        "ltrace -e 'fopen+fclose+strdup+realloc+free' ./catalog data/shard1.json data/shard2.json 2>&1",
        "Trace the loader's allocations and files",
      ),
      {
        tool: "Bash",
        input: {
          command:
            "valgrind --tool=massif --massif-out-file=massif.out ./catalog data/shard0.json data/shard1.json >/dev/null 2>&1; ls -l massif.out",
          description: "Profile the loader's heap",
        },
      },
      bash(
        "ms-print-massif-catalog-f25",
        "valgrind",
        "ms_print --threshold=8 massif.out",
        "Where the heap peaks",
      ),
      {
        tool: "Bash",
        input: {
          command:
            "valgrind --tool=callgrind --callgrind-out-file=callgrind.out ./catalog data/shard0.json data/shard1.json data/shard2.json >/dev/null 2>&1; ls -l callgrind.out",
          description: "Profile the loader's instructions",
        },
      },
      bash(
        "callgrind-annotate-catalog-f25",
        "valgrind",
        "callgrind_annotate callgrind.out",
        "Where the loader spends its instructions",
      ),
    ],
  },
  {
    name: "fresh25-py",
    setup: "fresh25",
    cwd: "fresh25/py",
    prompt: "the sync tool dies, the checksum tool segfaults, and the fetcher runs out of file handles",
    provenance: `${CAPTURED} (Debian 12's python3 3.11, strace 6.1, gdb 13, lsof 4.95, procps; files by projects/fresh25.sh)`,
    steps: [
      bash(
        "strace-status-failed-sync-f25",
        "strace",
        'strace -f -e trace=%file,%network -e status=failed /usr/bin/python3 tools/sync.py 2>&1; echo "exit code: $?"',
        "Which system calls fail in the sync tool",
      ),
      bash(
        "gdb-python-ctypes-segv-f25",
        "gdb",
        "gdb -q -batch -ex run -ex 'bt 20' --args /usr/bin/python3 tools/checksum.py 2>&1",
        "Backtrace of the checksum crash",
      ),
      {
        tool: "Bash",
        input: {
          command:
            "nohup /usr/bin/python3 tools/fetcher.py >/dev/null 2>&1 & echo $! > fetcher.pid; sleep 3; cat fetcher.pid",
          description: "Start the fetcher",
        },
      },
      bash("lsof-p-fetcher-f25", "lsof", "lsof -nP -p $(cat fetcher.pid)", "What the fetcher holds open"),
      bash(
        "proc-status-limits-fetcher-f25",
        "proc",
        "P=$(cat fetcher.pid); cat /proc/$P/status /proc/$P/limits; grep -E '^(Rss|Pss|Private|Swap)' /proc/$P/smaps_rollup",
        "The fetcher's state, limits and memory",
      ),
      { tool: "Bash", input: { command: "kill $(cat fetcher.pid)", description: "Stop the fetcher" } },
    ],
  },
  {
    name: "fresh25-conf",
    setup: "fresh25",
    cwd: "fresh25/conf",
    prompt:
      "provisioning the mirror host: what would the playbook change, are the units and nginx config sane, and what did the front serve?",
    provenance: `${CAPTURED} (ansible-core 2.14, systemd 252's systemd-analyze, nginx 1.22 of Debian 12; files by projects/fresh25.sh, the logs of a real nginx run there)`,
    steps: [
      bash(
        "ansible-check-diff-mirror-f25",
        "ansible",
        'ansible-playbook -i inventory.ini site.yml --check --diff 2>&1; echo "exit code: $?"',
        "Dry run of the mirror playbook",
      ),
      bash(
        "systemd-analyze-verify-units-f25",
        "systemd",
        'systemd-analyze verify units/* 2>&1; echo "exit code: $?"',
        "Check the unit files",
      ),
      bash(
        "systemd-analyze-security-offline-f25",
        "systemd",
        'systemd-analyze security --offline=true units/kestrel-api.service units/kestrel-prune.service 2>&1; echo "exit code: $?"',
        "How exposed the API and prune services are",
      ),
      bash(
        "nginx-t-edited-f25",
        "nginx",
        'nginx -t -p $PWD/nginx/ -c nginx.conf 2>&1; echo "exit code: $?"',
        "Test the edited nginx config",
      ),
      bash("nginx-error-log-f25", "log-read", "cat ../logs/error.log", "The front's error log"),
      bash(
        "nginx-access-4xx-5xx-f25",
        "log-grep",
        "grep -E '\" (4|5)[0-9][0-9] ' ../logs/access.log",
        "Requests that failed",
      ),
    ],
  },
  {
    name: "fresh25-data",
    setup: "fresh25",
    cwd: "fresh25/data",
    prompt:
      "the mirror's package data: sizes by maintainer, heavy dependents, the services file, MIME types, the fonts config, the web team's export",
    provenance: `${CAPTURED} (jq 1.6, yq 3.1, libxml2 2.9 xmllint, Miller 6, sqlite3 3.40 of Debian 12, over this machine's dpkg database and freedesktop.org.xml; files by projects/fresh25.sh)`,
    steps: [
      bash(
        "jq-group-by-maintainer-f25",
        "jq",
        "jq 'group_by(.maintainer) | map(select(length >= 8) | {maintainer: .[0].maintainer, packages: length, installed_kb: (map(.installed_kb // 0) | add), names: map(.name)}) | sort_by(-.installed_kb)' packages.json",
        "Installed size by maintainer",
      ),
      bash(
        "jq-select-deps-f25",
        "jq",
        'jq -r \'.[] | select(.depends | length > 8) | "\\(.name)\\t\\(.installed_kb)\\t\\(.depends | join(","))"\' packages.json',
        "Packages with many dependencies",
      ),
      bash(
        "yq-restart-always-f25",
        "yaml",
        "yq -y '.services | to_entries | map(select(.value.restart == \"always\")) | from_entries' services.yml",
        "Services that always restart",
      ),
      bash(
        "xmllint-xpath-mime-text-f25",
        "xmllint",
        'xmllint --xpath \'//*[local-name()="mime-type"][*[local-name()="sub-class-of"][starts-with(@type,"text/")]]/*[local-name()="glob"]/@pattern\' freedesktop.org.xml',
        "Globs of the text-like MIME types",
      ),
      bash(
        "xmllint-valid-fonts-f25",
        "xmllint",
        'xmllint --valid --noout fonts.conf 2>&1; echo "exit code: $?"',
        "Validate the edited fonts config",
      ),
      bash(
        "mlr-stats1-export-f25",
        "mlr",
        'mlr --icsv --opprint --allow-ragged-csv-input stats1 -a count,mean,p50,p95,max -f installed_kb -g section then sort -nr installed_kb_max export.csv 2>&1; echo "exit code: $?"',
        "Size statistics of the export by section",
      ),
      bash(
        "sqlite3-import-bad-csv-f25",
        "sqlite",
        `sqlite3 mirror.db "CREATE TABLE packages(name TEXT PRIMARY KEY, section TEXT NOT NULL, installed_kb INTEGER, version TEXT, maintainer TEXT) STRICT" ".import --csv --skip 1 export.csv packages" "SELECT count(*) FROM packages" 2>&1; echo "exit code: $?"`,
        "Load the export into SQLite",
      ),
    ],
  },
  {
    name: "fresh25-src",
    setup: "fresh25",
    cwd: "fresh25/php",
    prompt: "the vendored PHP parser stopped loading after the edits; and are our Perl modules' docs clean?",
    provenance: `${CAPTURED} (PHP 8.2 and perl 5.36's podchecker of Debian 12 over Debian's php-nikic-php-parser sources and /usr/share/perl5; files by projects/fresh25.sh)`,
    steps: [
      bash(
        "php-l-phpparser-f25",
        "php",
        `for f in $(find PhpParser -name '*.php' | sort); do php -l "$f"; done 2>&1; echo "exit code: $?"`,
        "Lint every PHP file of the parser",
      ),
      bash(
        "podchecker-perl5-f25",
        "perl",
        'podchecker /usr/share/perl5/Dpkg/*.pm /usr/share/perl5/Dpkg/*/*.pm /usr/share/perl5/LWP/*.pm /usr/share/perl5/HTTP/*.pm 2>&1; echo "exit code: $?"',
        "Check the modules' POD",
      ),
    ],
  },
  {
    name: "fresh25-pg",
    setup: "fresh25",
    cwd: "fresh25/pg",
    prompt: "the nightly jobs on the Postgres copy sometimes fail; what does the server log say?",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback, psql 15; the server's own log; files by projects/fresh25.sh)`,
    postgres: true,
    steps: [
      {
        tool: "Bash",
        input: {
          command: "psql -q -v ON_ERROR_STOP=1 -f schema.sql 2>&1 | tail -3",
          description: "Load the schema and data",
        },
      },
      {
        tool: "Bash",
        input: {
          command: "./jobs.sh 2>&1 | tail -5",
          timeout: 600_000,
          description: "Run the nightly jobs together",
        },
      },
      bash(
        "postgres-server-log-deadlock-f25",
        "postgres-log",
        `cat "$(psql -Atc 'SHOW data_directory')/../server.log"`,
        "The server log of the run",
      ),
    ],
  },
  // The fresh26 set (bench/corpus/fresh26/): compilers, test runners and crash output of languages
  // and runtimes in shapes no earlier set holds (rspec --backtrace, ruby -wc, rake --trace, a Ruby
  // exception with its cause; PHP 8.2's deprecations before a fatal TypeError; an Erlang
  // supervisor's crash reports, an escript's badarg, mix test --cover, an Elixir GenServer
  // terminating; ghc -Wall, a Haskell error's call stack, a heap overflow with +RTS -s; an OCaml
  // exception's backtrace; Rscript's error, testthat, R CMD check; busted, a Lua stack traceback;
  // mono's mcs and an unhandled AggregateException; perl -w with Carp's confess; go test -fuzz and
  // the re-run of its failing input; scalac and a MatchError); files by projects/fresh26.sh.
  {
    name: "fresh26-ruby",
    setup: "fresh26",
    cwd: "fresh26/ruby",
    prompt:
      "the billing library's specs fail after the Money change, the release task aborts, and settlement dies",
    provenance: `${CAPTURED} (Debian 12's ruby 3.1, ruby-rspec 3.12, rake 13; files by projects/fresh26.sh)`,
    steps: [
      build(
        "rspec-backtrace-harrow-f26",
        "rspec",
        'rspec --backtrace 2>&1; echo "exit code: $?"',
        "Run the specs with full backtraces",
      ),
      bash(
        "ruby-wc-carriers-f26",
        "ruby",
        'for f in lib/harrow.rb lib/harrow/*.rb lib/harrow/carriers/*.rb; do ruby -wc "$f"; done 2>&1',
        "Check every library file's syntax with warnings",
      ),
      bash(
        "rake-trace-release-f26",
        "rake",
        'rake --trace release 2>&1; echo "exit code: $?"',
        "Run the release task with a trace",
      ),
      bash(
        "ruby-settle-cause-f26",
        "ruby",
        'ruby bin/settle 2>&1; echo "exit code: $?"',
        "Run the settlement",
      ),
    ],
  },
  {
    name: "fresh26-php",
    setup: "fresh26",
    cwd: "fresh26/php",
    prompt: "the invoice import broke when the host moved to PHP 8.2",
    provenance: `${CAPTURED} (PHP 8.2 CLI of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      bash(
        "php-82-deprecations-fatal-f26",
        "php",
        'php -d error_reporting=E_ALL import.php 2>&1; echo "exit code: $?"',
        "Run the import with every notice shown",
      ),
    ],
  },
  {
    name: "fresh26-erl",
    setup: "fresh26",
    cwd: "fresh26/erl",
    prompt: "the ledger service keeps restarting and the rate check script crashes",
    provenance: `${CAPTURED} (Erlang/OTP 25 of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      {
        tool: "Bash",
        input: { command: "erlc -o ebin src/*.erl 2>&1 | tail -3", description: "Compile the ledger" },
      },
      bash(
        "erl-supervisor-crash-reports-f26",
        "erlang",
        "erl -noshell -pa ebin -eval 'harrow_import:run()' -s init stop 2>&1; echo \"exit code: $?\"",
        "Replay the import against the ledger",
      ),
      bash(
        "escript-rates-badarg-f26",
        "erlang",
        'escript rates_check.escript rates.csv 2>&1; echo "exit code: $?"',
        "Check the rate file",
      ),
    ],
  },
  {
    name: "fresh26-ex",
    setup: "fresh26",
    cwd: "fresh26/ex",
    prompt: "the routing rules' tests fail and coverage dropped; the quote cache crashes on replay",
    provenance: `${CAPTURED} (Elixir 1.14 on Erlang/OTP 25 of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      build(
        "mix-test-cover-routing-f26",
        "mix",
        'mix test --cover --seed 0 2>&1; echo "exit code: $?"',
        "Run the tests with coverage",
      ),
      bash(
        "mix-run-genserver-crash-f26",
        "mix",
        'mix run scripts/replay.exs 2>&1; echo "exit code: $?"',
        "Replay the day's quotes",
      ),
    ],
  },
  {
    name: "fresh26-hs",
    setup: "fresh26",
    cwd: "fresh26/hs",
    prompt:
      "the surcharge calculator builds with warnings, fails for some months, and runs out of heap on history",
    provenance: `${CAPTURED} (GHC 9.0 of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      build(
        "ghc-wall-lanes-f26",
        "ghc",
        'ghc -Wall -rtsopts -isrc -outputdir build -o surcharge src/Main.hs 2>&1; echo "exit code: $?"',
        "Build the calculator with all warnings",
      ),
      bash(
        "haskell-runtime-errors-f26",
        "ghc",
        'for m in 2026-06 2026-11; do ./surcharge total $m 2>&1; echo "exit code: $?"; done',
        "Compute two months' surcharges",
      ),
      bash(
        "ghc-rts-heap-overflow-f26",
        "ghc",
        './surcharge history 2000000 +RTS -M64m -s 2>&1; echo "exit code: $?"',
        "Run the history with a 64 MB heap and GC statistics",
      ),
    ],
  },
  {
    name: "fresh26-ml",
    setup: "fresh26",
    cwd: "fresh26/ml",
    prompt: "the pallet planner crashes on today's route",
    provenance: `${CAPTURED} (OCaml 4.13 of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      bash(
        "ocaml-backtrace-planner-f26",
        "ocaml",
        'ocamlc -g -w +A -o planner pallet.ml main.ml 2>&1 && OCAMLRUNPARAM=b ./planner 2>&1; echo "exit code: $?"',
        "Build the planner and run it with backtraces",
      ),
    ],
  },
  {
    name: "fresh26-r",
    setup: "fresh26",
    cwd: "fresh26/r",
    prompt: "the monthly lane report stopped and the lanes package fails its checks",
    provenance: `${CAPTURED} (R 4.2 of Debian 12 with r-cran-testthat 3.1; files by projects/fresh26.sh)`,
    steps: [
      bash(
        "rscript-report-error-f26",
        "r",
        'Rscript report.R 2>&1; echo "exit code: $?"',
        "Run the monthly report",
      ),
      build(
        "testthat-local-lanes-f26",
        "r",
        'Rscript -e \'testthat::test_local("harrowlanes")\' 2>&1; echo "exit code: $?"',
        "Run the package's tests",
      ),
      build(
        "r-cmd-check-lanes-f26",
        "r",
        'R CMD build harrowlanes >/dev/null && R CMD check --no-manual harrowlanes_0.3.1.tar.gz 2>&1; echo "exit code: $?"',
        "Check the package",
      ),
    ],
  },
  {
    name: "fresh26-lua",
    setup: "fresh26",
    cwd: "fresh26/lua",
    prompt: "the depot's label printer prints wrong barcodes and the morning batch crashed",
    provenance: `${CAPTURED} (lua-busted 2.1 and Lua 5.4 of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      bash("busted-label-f26", "busted", 'busted 2>&1; echo "exit code: $?"', "Run the label specs"),
      bash(
        "lua-traceback-batch-f26",
        "lua",
        'lua5.4 batch.lua 2>&1; echo "exit code: $?"',
        "Run the morning batch",
      ),
    ],
  },
  {
    name: "fresh26-cs",
    setup: "fresh26",
    cwd: "fresh26/cs",
    prompt: "dispatch no longer compiles after the Shipment change, and the settlement tool dies",
    provenance: `${CAPTURED} (Mono 6.8's mcs and runtime of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      bash(
        "mcs-dispatch-errors-f26",
        "csharp",
        "mcs -target:library -out:Dispatch.dll -recurse:'Dispatch/*.cs' 2>&1; echo \"exit code: $?\"",
        "Compile the dispatch library",
      ),
      bash(
        "mono-unhandled-settle-f26",
        "csharp",
        'cd Settle && mcs -debug -out:settle.exe Settle.cs && mono --debug settle.exe 2>&1; echo "exit code: $?"',
        "Build and run the settlement",
      ),
    ],
  },
  {
    name: "fresh26-pl",
    setup: "fresh26",
    cwd: "fresh26/pl",
    prompt: "the customs export stops before the Norway declaration",
    provenance: `${CAPTURED} (perl 5.36 of Debian 12; files by projects/fresh26.sh)`,
    steps: [
      bash(
        "perl-confess-customs-f26",
        "perl",
        'perl export.pl 2>&1; echo "exit code: $?"',
        "Run the customs export",
      ),
    ],
  },
  {
    name: "fresh26-go",
    setup: "fresh26",
    cwd: "fresh26/go",
    prompt: "fuzz the weight-note parser before the handhelds ship",
    provenance: `${CAPTURED} (Go 1.19 of Debian 12, std only; files by projects/fresh26.sh)`,
    steps: [
      build(
        "go-test-fuzz-weight-f26",
        "go",
        'go test -fuzz=FuzzParse -fuzztime=30s ./weight 2>&1; echo "exit code: $?"',
        "Fuzz the parser",
      ),
      bash(
        "go-test-run-fuzz-input-f26",
        "go",
        'go test -v -run=FuzzParse ./weight 2>&1; echo "exit code: $?"',
        "Re-run the fuzz corpus",
      ),
    ],
  },
  {
    name: "fresh26-scala",
    setup: "fresh26",
    cwd: "fresh26/scala",
    prompt: "the rate engine stopped compiling after Money became a case class, and the band report crashes",
    provenance: `${CAPTURED} (Scala 2.11 of Debian 12 on OpenJDK 17; files by projects/fresh26.sh)`,
    steps: [
      build(
        "scalac-rates-errors-f26",
        "scala",
        'scalac -deprecation -feature -d out src/*.scala 2>&1; echo "exit code: $?"',
        "Compile the rate engine",
      ),
      build(
        "scala-matcherror-report-f26",
        "scala",
        'scalac -d out2 report/Report.scala 2>&1 && scala -cp out2 harrow.report.Report 2>&1; echo "exit code: $?"',
        "Build and run the band report",
      ),
    ],
  },
  // The fresh27 set (bench/corpus/fresh27/): the agent's own Read (whole and with offset/limit),
  // Grep (content with -n, -C/-A/-B and multiline; files_with_matches; count; head_limit) and Glob
  // over real code and data in languages and formats no earlier set read (Go's net/http, Java's
  // java.util, Ruby's optparse, Penlight's Lua, Lua's C headers, protoc's generated C++; Cargo.lock,
  // yarn.lock, pnpm-lock.yaml, Gemfile.lock, go.sum; a SQLite dump, Dockerfiles and k8s manifests,
  // an OpenAPI document, a .po catalogue, CPython's Makefile, a CHANGELOG); files by
  // projects/fresh27.sh.
  {
    name: "fresh27-code",
    setup: "fresh27",
    cwd: "fresh27/poly",
    prompt:
      "the router drops slow clients and the ledger's cache misbehaves under load; read the vendored sources before we patch them",
    provenance: `${CAPTURED} (Claude Code's Read and Grep over Debian's Go 1.19 net/http, OpenJDK 17's java.util sources, Ruby 3.1's optparse, Penlight and argparse for Lua, Lua 5.4's headers; files by projects/fresh27.sh)`,
    steps: [
      {
        case: "grep-tool-files-readheadertimeout-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "ReadHeaderTimeout",
          path: "go/vendor/net/http",
          output_mode: "files_with_matches",
        },
      },
      {
        case: "grep-tool-server-methods-after-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "^func \\(srv \\*Server\\) ",
          path: "go/vendor/net/http/server.go",
          output_mode: "content",
          "-n": true,
          "-A": 6,
        },
      },
      {
        case: "read-go-server-whole-f27",
        kind: "read-code",
        tool: "Read",
        input: { file_path: "{{CWD}}/go/vendor/net/http/server.go" },
      },
      {
        case: "read-go-server-shutdown-offset-f27",
        kind: "read-code",
        tool: "Read",
        input: { file_path: "{{CWD}}/go/vendor/net/http/server.go", offset: 2740, limit: 180 },
      },
      {
        case: "grep-tool-count-unsupported-java-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "throw new UnsupportedOperationException", path: "java/src", output_mode: "count" },
      },
      {
        case: "read-java-hashmap-whole-f27",
        kind: "read-code",
        tool: "Read",
        input: { file_path: "{{CWD}}/java/src/java.base/java/util/HashMap.java" },
      },
      {
        case: "grep-tool-java-deprecated-head-limit-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "@Deprecated",
          path: "java/src/java.base/java/util",
          output_mode: "content",
          "-n": true,
          "-A": 2,
          head_limit: 60,
        },
      },
      {
        case: "read-ruby-optparse-offset-f27",
        kind: "read-code",
        tool: "Read",
        input: { file_path: "{{CWD}}/ruby/lib/optparse.rb", offset: 1540, limit: 320 },
      },
      {
        case: "grep-tool-ruby-rescue-multiline-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "rescue [A-Z][A-Za-z:]*Error.*\\n\\s+raise",
          path: "ruby/lib",
          output_mode: "content",
          multiline: true,
          "-n": true,
        },
      },
      {
        case: "read-lua-argparse-whole-f27",
        kind: "read-code",
        tool: "Read",
        input: { file_path: "{{CWD}}/lua/vendor/argparse.lua" },
      },
      {
        case: "grep-tool-lua-error-context-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "error\\(", path: "lua/vendor/pl", output_mode: "content", "-n": true, "-C": 2 },
      },
      {
        case: "grep-tool-lua-headers-callk-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "LUA_API .*\\(lua_(pcallk|callk|resume|yieldk)\\)",
          path: "lua/include",
          output_mode: "content",
          "-n": true,
          "-B": 1,
          "-A": 2,
        },
      },
    ],
  },
  {
    name: "fresh27-data",
    setup: "fresh27",
    cwd: "fresh27/poly",
    prompt:
      "a security review flagged our dependencies and deployment; find what is pinned where, how the services are deployed, and what the API exposes",
    provenance: `${CAPTURED} (Claude Code's Read, Grep and Glob over lockfiles made here by cargo 1.95 offline over Debian's crate registry, yarn 1.22.22 and pnpm 8.15.9 against the npm registry and bundler over the installed gems, spf13/viper's go.sum from Debian's sources, protoc 3.21's generated code, a sqlite3 dump, apt's German catalogue unpacked by msgunfmt, CPython 3.11's Makefile, qs's CHANGELOG; files by projects/fresh27.sh)`,
    steps: [
      {
        case: "read-cargo-lock-whole-f27",
        kind: "lockfile",
        tool: "Read",
        input: { file_path: "{{CWD}}/rust/tally/Cargo.lock" },
      },
      {
        case: "grep-tool-cargo-lock-versions-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: '^name = "(syn|bitflags|hashbrown|regex-syntax|windows-sys|mio)"',
          path: "rust/tally/Cargo.lock",
          output_mode: "content",
          "-n": true,
          "-A": 2,
        },
      },
      {
        case: "read-go-sum-limit-f27",
        kind: "lockfile",
        tool: "Read",
        input: { file_path: "{{CWD}}/go/svc/go.sum", limit: 300 },
      },
      {
        case: "grep-tool-go-sum-x-modules-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "^golang.org/x/(net|crypto|sys|text) ",
          path: "go/svc/go.sum",
          output_mode: "content",
          "-n": true,
        },
      },
      {
        case: "read-yarn-lock-whole-f27",
        kind: "lockfile",
        tool: "Read",
        input: { file_path: "{{CWD}}/web/portal/yarn.lock" },
      },
      {
        case: "grep-tool-yarn-lock-after-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: '^"?(qs|body-parser|express|cookie|path-to-regexp|semver)@',
          path: "web/portal/yarn.lock",
          output_mode: "content",
          "-n": true,
          "-A": 3,
        },
      },
      {
        case: "read-pnpm-lock-whole-f27",
        kind: "lockfile",
        tool: "Read",
        input: { file_path: "{{CWD}}/web/admin/pnpm-lock.yaml" },
      },
      {
        case: "read-gemfile-lock-f27",
        kind: "lockfile",
        tool: "Read",
        input: { file_path: "{{CWD}}/ruby/Gemfile.lock" },
      },
      {
        case: "read-sql-dump-tail-offset-f27",
        kind: "read-sql",
        tool: "Read",
        input: { file_path: "{{CWD}}/db/inventory.sql", offset: 1, limit: 260 },
      },
      {
        case: "grep-tool-sql-dump-audits-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "INSERT INTO (audits|sections) ",
          path: "db/inventory.sql",
          output_mode: "content",
          "-n": true,
        },
      },
      {
        case: "glob-deploy-manifests-f27",
        kind: "glob",
        tool: "Glob",
        input: { pattern: "deploy/**/*" },
      },
      {
        case: "grep-tool-k8s-manifests-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "image:|replicas:|memory:|Probe:|value:",
          path: "deploy/k8s",
          output_mode: "content",
          "-n": true,
        },
      },
      {
        case: "grep-tool-dockerfile-count-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: { pattern: "^(USER|HEALTHCHECK) ", path: "deploy/docker", output_mode: "count" },
      },
      {
        case: "read-openapi-whole-f27",
        kind: "yaml",
        tool: "Read",
        input: { file_path: "{{CWD}}/api/openapi.yaml" },
      },
      {
        case: "read-descriptor-pb-h-offset-f27",
        kind: "read-code",
        tool: "Read",
        input: { file_path: "{{CWD}}/proto/gen/cpp/descriptor.pb.h", offset: 1, limit: 420 },
      },
      {
        case: "read-de-po-offset-f27",
        kind: "read-po",
        tool: "Read",
        input: { file_path: "{{CWD}}/i18n/de.po", offset: 820, limit: 300 },
      },
      {
        case: "read-makefile-whole-f27",
        kind: "read-make",
        tool: "Read",
        input: { file_path: "{{CWD}}/build/Makefile" },
      },
      {
        case: "grep-tool-makefile-targets-head-limit-f27",
        kind: "grep-tool",
        tool: "Grep",
        input: {
          pattern: "^[a-zA-Z_.-]+:",
          path: "build/Makefile",
          output_mode: "content",
          "-n": true,
          head_limit: 90,
        },
      },
      {
        case: "read-qs-changelog-limit-f27",
        kind: "read-md",
        tool: "Read",
        input: { file_path: "{{CWD}}/web/portal/node_modules/qs/CHANGELOG.md", limit: 160 },
      },
    ],
  },
  // The fresh28 set (bench/corpus/fresh28/): the front-end and monorepo tools a JS/TS engineer runs
  // daily, in shapes no earlier set holds (turbo run over a workspace with failing packages, --dry
  // and --dry=json; tsup's declaration build; tailwindcss's @apply error; next build failing on
  // lint and then on types; vite build failing in the Vue and Svelte plugins; vue-tsc plain and
  // --pretty; svelte-check human and machine-verbose; changeset status, size-limit, depcheck,
  // publint, npm pack --dry-run, npm explain, npm query; tsx's stack trace); files by projects/fresh28.sh.
  {
    name: "fresh28-build",
    setup: "fresh28",
    cwd: "fresh28/harbor",
    prompt:
      "CI is red on the harbor monorepo since the quay-load branch; get the build and the type checks green",
    provenance: `${CAPTURED} (npm 11 workspaces; turbo 2.5, tsup 8.5, tailwindcss 3.4, Next 14.2 with eslint-config-next, Vite 5.4 with Vue 3.5 and Svelte 5, vue-tsc 2.2, svelte-check 4.3, from the npm registry; files by projects/fresh28.sh)`,
    steps: [
      build(
        "turbo-run-build-continue-f28",
        "turbo",
        'npx turbo run build --continue 2>&1; echo "exit code: $?"',
        "Build every package of the monorepo, past failures",
      ),
      bash(
        "turbo-run-build-dry-f28",
        "turbo",
        "npx turbo run build --dry 2>&1",
        "What turbo would run for build and with which inputs",
      ),
      bash(
        "turbo-run-build-dry-json-f28",
        "turbo",
        "npx turbo run build --dry=json 2>&1",
        "The build's task graph as JSON",
      ),
      build(
        "tsup-dts-core-f28",
        "tsup",
        '(cd packages/core && npx tsup src/index.ts --format esm --dts 2>&1); echo "exit code: $?"',
        "Build core alone to see its declaration errors",
      ),
      build(
        "tailwindcss-apply-ui-f28",
        "tailwindcss",
        '(cd packages/ui && npx tailwindcss -i src/ui.css -o dist/ui.css 2>&1); echo "exit code: $?"',
        "Build the ui package's stylesheet",
      ),
      build(
        "next-build-lint-web-f28",
        "next",
        '(cd apps/web && npx next build 2>&1); echo "exit code: $?"',
        "Build the Next app",
      ),
      build(
        "next-build-no-lint-web-f28",
        "next",
        '(cd apps/web && npx next build --no-lint 2>&1); echo "exit code: $?"',
        "Build the Next app without the lint, to reach the type check",
      ),
      build(
        "vite-build-vue-plugin-site-f28",
        "vite",
        '(cd apps/site && npx vite build 2>&1); echo "exit code: $?"',
        "Build the Vue site",
      ),
      build(
        "vue-tsc-noemit-site-f28",
        "vue-tsc",
        '(cd apps/site && npx vue-tsc --noEmit 2>&1); echo "exit code: $?"',
        "Type-check the Vue site",
      ),
      build(
        "vue-tsc-pretty-site-f28",
        "vue-tsc",
        '(cd apps/site && npx vue-tsc --noEmit --pretty 2>&1); echo "exit code: $?"',
        "Type-check the Vue site with code frames",
      ),
      build(
        "vite-build-svelte-admin-f28",
        "vite",
        '(cd apps/admin && npx vite build 2>&1); echo "exit code: $?"',
        "Build the Svelte admin",
      ),
      build(
        "svelte-check-admin-f28",
        "svelte-check",
        '(cd apps/admin && npx svelte-check --tsconfig ./tsconfig.json 2>&1); echo "exit code: $?"',
        "Check the Svelte admin",
      ),
      build(
        "svelte-check-machine-verbose-admin-f28",
        "svelte-check",
        '(cd apps/admin && npx svelte-check --tsconfig ./tsconfig.json --output machine-verbose 2>&1); echo "exit code: $?"',
        "The admin's diagnostics one per line",
      ),
      build(
        "turbo-run-typecheck-continue-f28",
        "turbo",
        'npx turbo run typecheck --continue 2>&1; echo "exit code: $?"',
        "Type-check every package",
      ),
    ],
  },
  {
    name: "fresh28-release",
    setup: "fresh28",
    cwd: "fresh28/harbor",
    prompt:
      "before we cut the next release: what gets bumped, what is too big, what is unused, and why the seed script crashes",
    provenance: `${CAPTURED} (npm 11 workspaces; @changesets/cli 2.29, size-limit 11.2, depcheck 1.4, publint 0.3, tsx 4.20, from the npm registry; files by projects/fresh28.sh)`,
    steps: [
      bash(
        "changeset-status-verbose-f28",
        "changesets",
        'npx changeset status --verbose 2>&1; echo "exit code: $?"',
        "What the pending change sets bump",
      ),
      build(
        "size-limit-f28",
        "size-limit",
        'npx size-limit 2>&1; echo "exit code: $?"',
        "Check the size budgets",
      ),
      bash(
        "depcheck-web-f28",
        "depcheck",
        '(cd apps/web && npx depcheck 2>&1); echo "exit code: $?"',
        "Unused or missing dependencies of the web app",
      ),
      bash(
        "publint-core-f28",
        "publint",
        '(cd packages/core && npx publint 2>&1); echo "exit code: $?"',
        "Lint core's package.json for publishing",
      ),
      bash(
        "npm-pack-dry-run-f28",
        "npm",
        "npm pack --dry-run -w @harbor/utils -w @harbor/core 2>&1",
        "What the utils and core tarballs would hold",
      ),
      bash(
        "npm-explain-typescript-f28",
        "npm",
        "npm explain typescript 2>&1",
        "Why typescript is installed, and which",
      ),
      bash(
        "npm-explain-postcss-f28",
        "npm",
        "npm explain postcss 2>&1",
        "Why postcss is installed, and which",
      ),
      bash(
        "npm-explain-picocolors-f28",
        "npm",
        "npm explain picocolors 2>&1",
        "Who pulls in picocolors, and which versions",
      ),
      bash(
        "npm-query-postinstall-f28",
        "npm",
        "npm query ':attr(scripts, [postinstall])' 2>&1",
        "Which installed packages run a postinstall script",
      ),
      bash(
        "tsx-seed-stack-core-f28",
        "tsx",
        '(cd packages/core && npx tsx src/seed.ts 2>&1); echo "exit code: $?"',
        "Run the berth seed script",
      ),
    ],
  },
  // The fresh29 set (bench/corpus/fresh29/): what an engineer runs with a coding agent when native
  // code, media, docs or a service misbehave, in shapes no earlier set holds (gcc's and clang's
  // AddressSanitizer, LeakSanitizer, UBSan with stacks, ThreadSanitizer, lldb --batch, scan-build,
  // include-what-you-use, ldd, ldd -r and LD_DEBUG=libs; ffmpeg and ffprobe on damaged, cut and good
  // media, ebur128 and astats; ImageMagick identify; mkdocs build; ab and wrk against a failing local
  // server, its interleaved tracebacks, ss during the load, du of a filling disk); files by
  // projects/fresh29.sh (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh29).
  {
    name: "fresh29-native",
    setup: "fresh29",
    cwd: "fresh29/native",
    prompt:
      "the gauge loader crashes on the new shards, the pool miscounts, the exporter will not start; find out why",
    provenance: `${CAPTURED} (Debian 12's gcc 12 and clang 14 with their sanitizers, lldb 14, scan-build 14, include-what-you-use 0.18, glibc's ldd; files by projects/fresh29.sh)`,
    steps: [
      bash(
        "asan-use-after-free-gauge-f29",
        "asan",
        './build/gauge-asan load data/shard0.csv data/shard1.csv data/shard2.csv 2>&1; echo "exit code: $?"',
        "Load the shards under AddressSanitizer",
      ),
      bash(
        "asan-heap-overflow-clang-gauge-f29",
        "asan",
        './build/gauge-asan-clang load data/shard2.csv 2>&1; echo "exit code: $?"',
        "Load the new shard alone under clang's AddressSanitizer",
      ),
      bash(
        "lsan-leaks-tree-spilled-f29",
        "asan",
        './build/gauge-asan tree 2>&1; echo "exit code: $?"',
        "Check the tree mode for leaks",
      ),
      bash(
        "ubsan-stacks-gauge-f29",
        "ubsan",
        'UBSAN_OPTIONS=print_stacktrace=1 ./build/gauge-ubsan stats data/shard0.csv data/shard1.csv 2>&1; echo "exit code: $?"',
        "Run the stats under UBSan with stacks",
      ),
      bash(
        "tsan-races-pool-spilled-f29",
        "tsan",
        './build/pool-tsan 2>&1; echo "exit code: $?"',
        "Run the ingest pool under ThreadSanitizer",
      ),
      bash(
        "asan-use-after-free-cpp-merge-f29",
        "asan",
        './build/merge-asan 2>&1; echo "exit code: $?"',
        "Run the late-sample merge under AddressSanitizer",
      ),
      bash(
        "lldb-backtrace-all-loader-f29",
        "lldb",
        'lldb --batch -o run -o "thread backtrace all" -o quit -- ./build/loader-mt data/shard0.csv data/shard1.csv data/shard2.csv 2>&1',
        "Where the threaded loader crashes, every thread",
      ),
      build(
        "scan-build-gauge-f29",
        "scan-build",
        'scan-build -o build/scan make -B CC=clang 2>&1; echo "exit code: $?"',
        "Run clang's static analyzer over the gauge build",
      ),
      build(
        "iwyu-tool-tidepool-f29",
        "iwyu",
        'iwyu_tool -p . 2>&1; echo "exit code: $?"',
        "Which includes each file needs",
      ),
      bash(
        "ldd-exporter-missing-f29",
        "ldd",
        "ldd build/tide-exporter 2>&1",
        "Which libraries the exporter resolves",
      ),
      bash(
        "ldd-r-shim-undefined-f29",
        "ldd",
        'ldd -r lib/libtideshim.so 2>&1; echo "exit code: $?"',
        "Which symbols the shim cannot resolve",
      ),
      bash(
        "ld-debug-libs-exporter-f29",
        "ld.so",
        'LD_DEBUG=libs ./build/tide-exporter 2>&1; echo "exit code: $?"',
        "Where the loader looks for the exporter's libraries",
      ),
    ],
  },
  {
    name: "fresh29-media",
    setup: "fresh29",
    cwd: "fresh29/media",
    prompt: "the 07:00 pier clip stutters, the 08:00 one will not open, and the hydrophone levels look wrong",
    provenance: `${CAPTURED} (Debian 12's ffmpeg 5.1 and ImageMagick 6.9.11; media made with ffmpeg's lavfi sources by projects/fresh29.sh)`,
    steps: [
      bash(
        "ffmpeg-decode-damaged-clip-f29",
        "ffmpeg",
        'ffmpeg -hide_banner -nostats -i clips/pier-cam-0700-damaged.mp4 -f null - 2>&1; echo "exit code: $?"',
        "Decode the damaged clip through",
      ),
      bash(
        "ffprobe-frames-damaged-clip-f29",
        "ffprobe",
        'ffprobe -v error -select_streams v:0 -show_entries frame=best_effort_timestamp_time,key_frame,pict_type,pkt_size -of csv clips/pier-cam-0700-damaged.mp4 2>&1; echo "exit code: $?"',
        "List the damaged clip's frames",
      ),
      bash(
        "ffprobe-every-clip-f29",
        "ffprobe",
        'for f in clips/*.mp4 clips/*.mkv; do echo "== $f"; ffprobe -hide_banner "$f" 2>&1; done',
        "Probe every clip",
      ),
      bash(
        "ffprobe-json-mkv-f29",
        "ffprobe",
        "ffprobe -v error -show_format -show_streams -show_chapters -of json clips/pier-cam-0600.mkv",
        "The remuxed clip's streams and chapters",
      ),
      bash(
        "ebur128-hydrophone-spilled-f29",
        "ffmpeg",
        "ffmpeg -hide_banner -nostats -i audio/hydrophone-north.wav -af ebur128=peak=true -f null - 2>&1",
        "Loudness of the north hydrophone over time",
      ),
      bash(
        "astats-clipped-hydrophone-f29",
        "ffmpeg",
        "ffmpeg -hide_banner -nostats -i audio/hydrophone-south-clipped.wav -af astats -f null - 2>&1",
        "Levels of the south hydrophone",
      ),
      bash(
        "identify-photos-f29",
        "imagemagick",
        `identify -format '%f %m %wx%h %[colorspace] %k colors\\n' photos/*.jpg photos/*.png 2>&1; echo "exit code: $?"`,
        "Which gauge photos open",
      ),
      bash(
        "identify-verbose-tiff-f29",
        "imagemagick",
        "identify -verbose photos/calibration-16bit.tiff 2>&1",
        "The calibration photo in detail",
      ),
    ],
  },
  {
    name: "fresh29-docs",
    setup: "fresh29",
    cwd: "fresh29/docs",
    prompt: "the handbook's CI build fails since the stations moved; what is broken?",
    provenance: `${CAPTURED} (Debian 12's mkdocs 1.4; files by projects/fresh29.sh)`,
    steps: [
      bash(
        "mkdocs-build-strict-f29",
        "mkdocs",
        'mkdocs build --strict 2>&1; echo "exit code: $?"',
        "Build the handbook as CI does",
      ),
      bash(
        "mkdocs-build-verbose-f29",
        "mkdocs",
        'mkdocs build --verbose 2>&1; echo "exit code: $?"',
        "Build it with debug output",
      ),
    ],
  },
  {
    name: "fresh29-sys",
    setup: "fresh29",
    cwd: "fresh29/sys",
    prompt: "the readings API errors under load and the box is running out of disk",
    provenance: `${CAPTURED} (Debian 12's apache2-utils ab 2.3, wrk 4.1, iproute2 ss 6.1, coreutils du, python3 3.11's http.server; files by projects/fresh29.sh)`,
    steps: [
      {
        tool: "Bash",
        input: {
          command:
            "nohup /usr/bin/python3 srv/readings_server.py 18429 >/dev/null 2>var/log/tidepool/api-server.err & echo $! > api.pid; sleep 1; cat api.pid",
          description: "Start the readings API locally",
        },
      },
      bash(
        "ab-readings-api-f29",
        "ab",
        "ab -n 2000 -c 20 'http://127.0.0.1:18429/v1/readings?station=BREST' 2>&1",
        "Load the readings endpoint with ab",
      ),
      bash(
        "wrk-readings-api-f29",
        "wrk",
        "wrk -t2 -c32 -d4s --latency http://127.0.0.1:18429/v1/readings 2>&1",
        "Load it with wrk for latency",
      ),
      bash(
        "ss-tanp-api-port-spilled-f29",
        "ss",
        "ab -n 400 -c 8 http://127.0.0.1:18429/v1/stations >/dev/null 2>&1; ss -tanp '( sport = :18429 or dport = :18429 )'",
        "The API port's sockets after a burst",
      ),
      bash(
        "api-server-err-tracebacks-f29",
        "python",
        "cat var/log/tidepool/api-server.err",
        "What the server wrote to stderr",
      ),
      { tool: "Bash", input: { command: "kill $(cat api.pid)", description: "Stop the API" } },
      bash("du-var-sorted-f29", "du", "du -ah var | sort -rh | head -80", "What fills the disk under var"),
    ],
  },
  // The fresh30 set (bench/corpus/fresh30/): what a backend TypeScript engineer runs with a coding
  // agent when the service is wrong, in shapes no earlier set holds (knex, sequelize-cli, typeorm,
  // kysely's Migrator and drizzle-kit migrations failing on a real PostgreSQL; node-postgres errors
  // with DETAIL and HINT; graphql-codegen's document errors and a schema's validation; spectral and
  // redocly lint of an OpenAPI document; ajv-cli and a ZodError; a fastify service's pino log raw and
  // through pino-pretty; a NestJS dependency error; aws-cdk synth with a cyclic stack reference,
  // with cdk-nag, its template, and a construct error); files by projects/fresh30.sh.
  {
    name: "fresh30-migrations",
    setup: "fresh30",
    cwd: "fresh30/vetline",
    postgres: true,
    prompt:
      "the vetline deploy failed at the migration step on every service; find out what each migration run is choking on",
    provenance: `${CAPTURED} (PostgreSQL 15 on loopback; knex 3.3, sequelize-cli 6.6 with sequelize 6.37, typeorm 0.3.27, kysely 0.28, drizzle-kit 0.31 with drizzle-orm 0.44, pg 8.23, tsx 4.20, from the npm registry; files by projects/fresh30.sh)`,
    steps: [
      bash(
        "knex-migrate-latest-f30",
        "knex",
        'npx knex migrate:latest 2>&1; echo "exit code: $?"',
        "Run the clinic schema's pending knex migrations",
      ),
      bash(
        "knex-migrate-list-f30",
        "knex",
        "npx knex migrate:list 2>&1",
        "Which knex migrations ran and which are pending",
      ),
      bash(
        "sequelize-db-migrate-f30",
        "sequelize",
        'npx sequelize-cli db:migrate 2>&1; echo "exit code: $?"',
        "Run the booking service's sequelize migrations",
      ),
      bash(
        "sequelize-migrate-status-f30",
        "sequelize",
        "npx sequelize-cli db:migrate:status 2>&1",
        "Which sequelize migrations are up and which down",
      ),
      bash(
        "typeorm-migration-run-f30",
        "typeorm",
        'npx typeorm migration:run -d db/typeorm/data-source.js 2>&1; echo "exit code: $?"',
        "Run the billing service's typeorm migrations",
      ),
      bash(
        "typeorm-migration-show-f30",
        "typeorm",
        'npx typeorm migration:show -d db/typeorm/data-source.js 2>&1; echo "exit code: $?"',
        "Which typeorm migrations are applied",
      ),
      bash(
        "kysely-migrate-latest-f30",
        "kysely",
        'npx tsx src/db/kysely-migrate.ts 2>&1; echo "exit code: $?"',
        "Run the pharmacy module's kysely migrations",
      ),
      bash(
        "drizzle-kit-generate-f30",
        "drizzle-kit",
        'npx drizzle-kit generate 2>&1; echo "exit code: $?"',
        "Generate the clinic app's SQL migration from the drizzle schema",
      ),
      bash(
        "drizzle-kit-migrate-f30",
        "drizzle-kit",
        'npx drizzle-kit migrate 2>&1; echo "exit code: $?"',
        "Apply the drizzle migrations",
      ),
      bash(
        "pg-close-day-script-f30",
        "node-postgres",
        'npx tsx scripts/close-day.ts 2024-11-29 2>&1; echo "exit code: $?"',
        "Run last night's failed end-of-day close by hand",
      ),
    ],
  },
  {
    name: "fresh30-contracts",
    setup: "fresh30",
    cwd: "fresh30/vetline",
    postgres: true,
    prompt:
      "after the scheduling rename the client build, the API lint and the staging start-up all fail; list everything that no longer matches",
    provenance: `${CAPTURED} (graphql 16.11, @graphql-codegen/cli 5.0, @stoplight/spectral-cli 6.15, @redocly/cli 1.34, ajv-cli 5.0, zod 3.25, tsx 4.20, from the npm registry; files by projects/fresh30.sh)`,
    steps: [
      bash(
        "graphql-codegen-f30",
        "graphql-codegen",
        'npx graphql-codegen 2>&1; echo "exit code: $?"',
        "Generate the client's GraphQL types",
      ),
      bash(
        "graphql-check-schema-f30",
        "graphql",
        'npx tsx scripts/check-schema.ts 2>&1; echo "exit code: $?"',
        "Validate the gateway schema with the partner module",
      ),
      bash(
        "spectral-lint-openapi-f30",
        "spectral",
        'npx spectral lint openapi/vetline.yaml 2>&1; echo "exit code: $?"',
        "Lint the public API document with spectral",
      ),
      bash(
        "redocly-lint-openapi-f30",
        "redocly",
        'npx redocly lint openapi/vetline.yaml 2>&1; echo "exit code: $?"',
        "Lint the public API document with redocly",
      ),
      bash(
        "ajv-validate-text-f30",
        "ajv",
        'npx ajv validate -s schemas/clinic.schema.json -d "config/clinics/*.json" --all-errors --errors=text 2>&1; echo "exit code: $?"',
        "Validate every clinic config against the schema",
      ),
      bash(
        "ajv-validate-js-f30",
        "ajv",
        'npx ajv validate -s schemas/clinic.schema.json -d "config/clinics/*.json" --all-errors 2>&1; echo "exit code: $?"',
        "The same validation with each error's details",
      ),
      bash(
        "zod-settings-staging-f30",
        "zod",
        'npx tsx src/settings/load.ts 2>&1; echo "exit code: $?"',
        "Load the staging settings the way the service does at start-up",
      ),
    ],
  },
  {
    name: "fresh30-service",
    setup: "fresh30",
    cwd: "fresh30/vetline",
    postgres: true,
    prompt:
      "support says bookings and invoices errored this morning and the back office will not start; what is failing",
    provenance: `${CAPTURED} (fastify 5.6 with pino, pino-pretty 13.1, NestJS 11.1, from the npm registry; the log written by projects/fresh30.sh's replay of requests)`,
    steps: [
      bash(
        "fastify-pino-log-cat-f30",
        "pino",
        "cat logs/api.log",
        "Read the booking API's log from this morning",
      ),
      bash(
        "pino-pretty-errors-f30",
        "pino",
        "grep '\"level\":50' logs/api.log | npx pino-pretty",
        "Only the error lines, readable",
      ),
      bash(
        "nest-start-di-error-f30",
        "nest",
        'node dist/nest/main.js 2>&1; echo "exit code: $?"',
        "Start the back-office app",
      ),
    ],
  },
  {
    name: "fresh30-infra",
    setup: "fresh30",
    cwd: "fresh30/vetline",
    postgres: true,
    prompt:
      "cdk synth is red on the infra branch and security wants cdk-nag clean before prod; get the stacks to synthesise",
    provenance: `${CAPTURED} (aws-cdk 2.1029 CLI, aws-cdk-lib 2.215, cdk-nag 2.37, tsx 4.20, from the npm registry; synthesised offline, env-agnostic; files by projects/fresh30.sh)`,
    steps: [
      build(
        "cdk-synth-cyclic-reference-f30",
        "cdk",
        '(cd infra && npx cdk synth 2>&1); echo "exit code: $?"',
        "Synthesise the stacks",
      ),
      {
        tool: "Bash",
        input: {
          command: "node scripts/infra-db-port-fix.cjs",
          description:
            "Open the database port to the VPC's range from the data side, not each function's group",
        },
      },
      build(
        "cdk-synth-nag-f30",
        "cdk",
        '(cd infra && npx cdk synth -c nag=true 2>&1); echo "exit code: $?"',
        "Synthesise with the cdk-nag AwsSolutions checks",
      ),
      build(
        "cdk-synth-api-template-f30",
        "cdk",
        "(cd infra && npx cdk synth VetlineApi-staging 2>&1)",
        "The API stack's CloudFormation template",
      ),
      build(
        "cdk-synth-prod-construct-f30",
        "cdk",
        '(cd infra && npx cdk synth -c stage=prod 2>&1); echo "exit code: $?"',
        "Synthesise the prod stage",
      ),
    ],
  },
  // The fresh32 set (bench/corpus/fresh32/): what a web engineer with a coding agent runs against a
  // database, a cache and a browser when the ticket shop misbehaves, in shapes no earlier set holds
  // (a checkout replay's mysql2 errors, InnoDB's monitor after a deadlock and a malformed foreign
  // key, ANALYZE of a slow join, mariadb-dump, the slow query log and mariadb-dumpslow, mariadb-check;
  // redis-cli --bigkeys, --memkeys, SLOWLOG GET, CONFIG GET, ioredis workers on OOM, MISCONF and a
  // refused replica, the Redis log; Playwright's list, line and JSON reporters, a page's console
  // through playwright-core, karma on ChromeHeadless, lighthouse); files by projects/fresh32.sh
  // (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh32).
  {
    name: "fresh32-db",
    setup: "fresh32",
    cwd: "fresh32/boxoffice",
    prompt:
      "last night's checkout replay showed failed orders and the sales dashboard is slow; find out what the database is doing",
    provenance: `${CAPTURED} (Debian 12's MariaDB 10.11 server and client on 127.0.0.1, mysql2 3.24 from the npm registry; files by projects/fresh32.sh)`,
    steps: [
      bash(
        "mysql2-checkout-replay-f32",
        "mysql2",
        "node scripts/checkout-replay.js 2>&1",
        "Replay last night's checkout requests against the local database",
      ),
      bash(
        "mariadb-migration-refunds-fk-f32",
        "mariadb",
        'mariadb --defaults-extra-file=db/local.cnf boxoffice < db/migrations/0009_refunds.sql; echo "exit code: $?"',
        "Apply the refunds migration",
      ),
      bash(
        "mariadb-innodb-status-f32",
        "mariadb",
        "mariadb --defaults-extra-file=db/local.cnf -e 'SHOW ENGINE INNODB STATUS\\G'",
        "InnoDB's monitor: the latest deadlock and foreign key error",
      ),
      bash(
        "mariadb-analyze-sales-report-f32",
        "mariadb",
        "(printf 'ANALYZE '; cat scripts/sales-report.sql) | mariadb --defaults-extra-file=db/local.cnf -t boxoffice",
        "ANALYZE the dashboard's sales report query",
      ),
      bash(
        "mariadb-dump-schema-f32",
        "mariadb-dump",
        "mariadb-dump --defaults-extra-file=db/local.cnf --no-data --routines --triggers boxoffice",
        "Dump the schema to see the indexes",
      ),
      bash(
        "mariadb-slow-log-spilled-f32",
        "mariadb",
        "cat ../srv/boxoffice-slow.log",
        "Read the slow query log",
      ),
      bash(
        "mariadb-dumpslow-f32",
        "mariadb",
        "mariadb-dumpslow -s t -t 12 ../srv/boxoffice-slow.log",
        "Summarise the slow log by total time",
      ),
      bash(
        "mariadb-check-boxoffice-f32",
        "mariadb-check",
        'mariadb-check --defaults-extra-file=db/local.cnf --databases boxoffice; echo "exit code: $?"',
        "Check every table of the shop's database",
      ),
    ],
  },
  {
    name: "fresh32-cache",
    setup: "fresh32",
    cwd: "fresh32/boxoffice",
    prompt:
      "seat holds started failing at 21:00 and the cache box alarms on memory; what is in Redis and why do writes fail",
    provenance: `${CAPTURED} (Debian 12's Redis 7.0 server and redis-cli on 127.0.0.1, ioredis 6.0 from the npm registry; files by projects/fresh32.sh)`,
    steps: [
      bash("redis-bigkeys-f32", "redis-cli", "redis-cli -p 16392 --bigkeys", "The biggest keys of each type"),
      bash(
        "redis-memkeys-f32",
        "redis-cli",
        "redis-cli -p 16392 --memkeys",
        "The keys using the most memory",
      ),
      bash(
        "redis-slowlog-get-f32",
        "redis-cli",
        "redis-cli -p 16392 SLOWLOG GET 128",
        "What ran slowly this evening",
      ),
      bash(
        "redis-config-get-all-f32",
        "redis-cli",
        "redis-cli -p 16392 CONFIG GET '*'",
        "The running configuration",
      ),
      bash(
        "ioredis-hold-seats-spilled-f32",
        "ioredis",
        "node cache/hold-seats.js 2>&1",
        "Try holding seats as the web tier does",
      ),
      {
        tool: "Bash",
        input: {
          command: "redis-cli -p 16392 CONFIG SET maxmemory 512mb",
          description: "Raise the memory cap for now",
        },
      },
      bash(
        "ioredis-session-sweeper-misconf-f32",
        "ioredis",
        "node cache/session-sweeper.js 2>&1",
        "Run the session sweeper again",
      ),
      bash("redis-log-tail-f32", "redis", "tail -n 60 ../srv/redis/redis.log", "The Redis server's log"),
      bash(
        "ioredis-mail-worker-refused-f32",
        "ioredis",
        'timeout 25 node cache/queue-worker.js 2>&1; echo "exit code: $?"',
        "Why the confirmation mails are not sent",
      ),
    ],
  },
  {
    name: "fresh32-browser",
    setup: "fresh32",
    cwd: "fresh32/boxoffice",
    prompt: "the e2e suite went red after the seat map release and the event page feels slow; what broke",
    provenance: `${CAPTURED} (Debian 12's chromium 156; @playwright/test 1.65, karma 6.4 with karma-jasmine 5.1 and karma-chrome-launcher 3.2, lighthouse 13.5, from the npm registry; files by projects/fresh32.sh)`,
    steps: [
      {
        tool: "Bash",
        input: {
          command: "nohup node web/server.js 18432 >web.log 2>&1 & echo $! > web.pid; sleep 1; cat web.log",
          description: "Start the shop's web front locally",
        },
      },
      build(
        "playwright-test-list-spilled-f32",
        "playwright",
        '(cd e2e && npx playwright test 2>&1); echo "exit code: $?"',
        "Run the end-to-end suite",
      ),
      build(
        "playwright-test-line-checkout-f32",
        "playwright",
        '(cd e2e && npx playwright test tests/checkout.spec.js --project=desktop --reporter=line 2>&1); echo "exit code: $?"',
        "Only the checkout specs on desktop",
      ),
      bash(
        "playwright-console-trace-f32",
        "playwright",
        "node scripts/console-trace.js 2>&1",
        "What the pages print to the console",
      ),
      build(
        "karma-chrome-headless-f32",
        "karma",
        '(cd karma && npx karma start karma.conf.js 2>&1); echo "exit code: $?"',
        "Run the cart's unit specs in ChromeHeadless",
      ),
      build(
        "lighthouse-event-page-json-spilled-f32",
        "lighthouse",
        'npx lighthouse http://127.0.0.1:18432/event/1 --chrome-path=/usr/bin/chromium --chrome-flags="--headless=new --no-sandbox" --output=json --quiet',
        "Lighthouse report of the event page",
      ),
      build(
        "lighthouse-home-cli-f32",
        "lighthouse",
        'npx lighthouse http://127.0.0.1:18432/ --chrome-path=/usr/bin/chromium --chrome-flags="--headless=new --no-sandbox" --only-categories=performance,accessibility,best-practices --output=html --output-path=./lh-home.html 2>&1',
        "Audit the home page",
      ),
      { tool: "Bash", input: { command: "kill $(cat web.pid)", description: "Stop the web front" } },
    ],
  },
  {
    name: "fresh32-e2e-json",
    setup: "fresh32",
    cwd: "fresh32/boxoffice",
    prompt: "give me the mobile e2e run as JSON so I can see each failure's error and where it stands",
    provenance: `${CAPTURED} (Debian 12's chromium 156; @playwright/test 1.65 from the npm registry; files by projects/fresh32.sh)`,
    steps: [
      {
        tool: "Bash",
        input: {
          command: "nohup node web/server.js 18432 >web.log 2>&1 & echo $! > web.pid; sleep 1; cat web.log",
          description: "Start the shop's web front locally",
        },
      },
      build(
        "playwright-test-json-spilled-f32",
        "playwright",
        '(cd e2e && npx playwright test --project=mobile --reporter=json 2>/dev/null); echo "exit code: $?"',
        "The mobile run as JSON",
      ),
      { tool: "Bash", input: { command: "kill $(cat web.pid)", description: "Stop the web front" } },
    ],
  },
  // The fresh31 set (bench/corpus/fresh31/): what an engineer doing data work in Python runs with a
  // coding agent when the numbers are wrong (pandas scripts failing and printing wide frames, pytest with
  // pandas.testing, numpy.testing and hypothesis, numpy and scipy warnings, matplotlib, nbconvert
  // --execute, SQLAlchemy with echo, sqlite3 .expert and EXPLAIN); files by projects/fresh31.sh, all
  // from Debian's packages in a venv with the system's site packages.
  {
    name: "fresh31-pipeline",
    setup: "fresh31",
    cwd: "fresh31/tillroll",
    path: ".venv/bin",
    prompt:
      "the November store report job died and the numbers finance got last week look off; find out what is wrong with the pipeline and the extract",
    provenance: `${CAPTURED} (Debian's python3-pandas 1.5.3, numpy 1.24, openpyxl 3.0 in a venv with the system's packages; files by projects/fresh31.sh)`,
    steps: [
      bash(
        "pandas-report-keyerror-f31",
        "python",
        'PYTHONWARNINGS=always python etl/build_report.py 2>&1; echo "exit code: $?"',
        "Run the November store report with every deprecation shown",
      ),
      bash(
        "pandas-merge-validate-f31",
        "python",
        'python etl/join_stores.py 2>&1; echo "exit code: $?"',
        "Run the regional join of sales to stores",
      ),
      bash(
        "pandas-settingwithcopy-f31",
        "python",
        'PYTHONWARNINGS=always python etl/clean_refunds.py 2>&1; echo "exit code: $?"',
        "Pull the refunds out for finance",
      ),
      bash(
        "pandas-peek-extract-f31",
        "python",
        "python scripts/peek.py 2>&1",
        "Look at the November extract: frame, info, describe, value counts",
      ),
      bash(
        "pandas-store-to-string-f31",
        "python",
        "python scripts/peek.py --store S019 2>&1",
        "Every November line of Otter Bridge (S019)",
      ),
      bash(
        "pandas-read-csv-strict-f31",
        "python",
        'python -c "import pandas as pd; df = pd.read_csv(\'data/raw/sales_2024_11.csv\'); print(df.shape)" 2>&1; echo "exit code: $?"',
        "Read the November extract without skipping bad lines",
      ),
      bash(
        "pandas-read-csv-warn-f31",
        "python",
        "python -c \"import pandas as pd; df = pd.read_csv('data/raw/sales_2024_10.csv', on_bad_lines='warn'); print(df.shape); print(df.dtypes)\" 2>&1; echo \"exit code: $?\"",
        "Read October's extract, warning on the bad lines",
      ),
      bash(
        "pandas-compare-extracts-f31",
        "python",
        "python scripts/diff_extracts.py 2>&1",
        "What finance's re-export changed",
      ),
      bash("pandas-pivot-wide-f31", "python", "python scripts/pivot.py 2>&1", "Net sales by store and day"),
      bash(
        "pandas-read-excel-sheet-f31",
        "python",
        'python etl/budget_vs_actual.py 2>&1; echo "exit code: $?"',
        "Budget against actual for Q4",
      ),
      bash(
        "pandas-show-versions-f31",
        "python",
        'python -c "import pandas; pandas.show_versions()" 2>&1',
        "Which pandas, numpy and friends the venv sees",
      ),
    ],
  },
  {
    name: "fresh31-tests",
    setup: "fresh31",
    cwd: "fresh31/tillroll",
    path: ".venv/bin",
    prompt: "the transforms' tests went red after the refactor; show me what each failing test says",
    provenance: `${CAPTURED} (Debian's python3-pytest 7.2, pandas 1.5.3, numpy 1.24, hypothesis 6.67 in a venv with the system's packages; files by projects/fresh31.sh)`,
    steps: [
      build(
        "pytest-assert-frame-equal-f31",
        "pytest",
        'python -m pytest -l tests/test_transforms.py 2>&1; echo "exit code: $?"',
        "Run the transforms' tests with their locals",
      ),
      build(
        "pytest-hypothesis-falsifying-f31",
        "pytest",
        'python -m pytest tests/test_properties.py --hypothesis-show-statistics 2>&1; echo "exit code: $?"',
        "Run the property tests with hypothesis statistics",
      ),
      build(
        "pytest-assert-allclose-f31",
        "pytest",
        'python -m pytest tests/test_forecast.py 2>&1; echo "exit code: $?"',
        "Run the forecast tests",
      ),
    ],
  },
  {
    name: "fresh31-numerics",
    setup: "fresh31",
    cwd: "fresh31/tillroll",
    path: ".venv/bin",
    prompt:
      "the unit economics table has infs in it and the elasticity fits look broken; find where the maths goes wrong",
    provenance: `${CAPTURED} (Debian's python3-pandas 1.5.3, numpy 1.24, scipy 1.10, matplotlib 3.6 in a venv with the system's packages; files by projects/fresh31.sh)`,
    steps: [
      bash(
        "numpy-runtimewarning-f31",
        "python",
        'python scripts/unit_economics.py 2>&1; echo "exit code: $?"',
        "Compute the per-store unit economics",
      ),
      bash(
        "numpy-floatingpointerror-f31",
        "python",
        'python scripts/unit_economics.py --strict 2>&1; echo "exit code: $?"',
        "The same with numpy raising on every floating-point error",
      ),
      bash(
        "scipy-curve-fit-f31",
        "python",
        'python scripts/fit_elasticity.py 2>&1; echo "exit code: $?"',
        "Fit the price elasticity curves",
      ),
      bash(
        "matplotlib-warnings-f31",
        "python",
        'MPLBACKEND=Agg python scripts/plots.py 2>&1; echo "exit code: $?"',
        "Draw the store charts",
      ),
    ],
  },
  {
    name: "fresh31-notebook",
    setup: "fresh31",
    cwd: "fresh31/tillroll",
    path: ".venv/bin",
    prompt:
      "Monday's trading review notebook stopped running in CI; run it and tell me which cell breaks and why",
    provenance: `${CAPTURED} (Debian's jupyter-nbconvert 6.5, python3-ipykernel 6.17, pandas 1.5.3 in a venv with the system's packages; files by projects/fresh31.sh)`,
    steps: [
      bash(
        "nbconvert-execute-error-f31",
        "jupyter",
        'jupyter nbconvert --to notebook --execute notebooks/weekly_review.ipynb --output /tmp/weekly_review.out.ipynb 2>&1; echo "exit code: $?"',
        "Execute the weekly review notebook",
      ),
      bash(
        "nbconvert-markdown-stdout-f31",
        "jupyter",
        "cd notebooks && jupyter nbconvert --to markdown --execute --allow-errors --stdout weekly_review.ipynb 2>&1",
        "Execute it through to the end and show every cell's output",
      ),
    ],
  },
  {
    name: "fresh31-warehouse",
    setup: "fresh31",
    cwd: "fresh31/tillroll",
    path: ".venv/bin",
    prompt: "the warehouse load fails and the dashboard's SKU query is slow; find out why",
    provenance: `${CAPTURED} (Debian's python3-sqlalchemy 1.4, pandas 1.5.3 in a venv with the system's packages, sqlite3 3.40; files by projects/fresh31.sh)`,
    steps: [
      bash(
        "sqlalchemy-integrity-bulk-f31",
        "python",
        'python etl/load_warehouse.py 2>&1; echo "exit code: $?"',
        "Load November into the warehouse",
      ),
      bash(
        "sqlalchemy-integrity-orm-f31",
        "python",
        'SQLALCHEMY_WARN_20=1 python -W always::DeprecationWarning etl/add_stores.py 2>&1; echo "exit code: $?"',
        "Register December's new stores",
      ),
      bash(
        "sqlite-expert-f31",
        "sqlite",
        "sqlite3 data/dashboard.db \".expert\" \"SELECT s.store_name, p.category, sum(x.amount) FROM sales x JOIN products p ON p.sku = x.sku JOIN stores s ON s.store_id = x.store_id WHERE x.sku = 'SKU-10042' AND x.tender = 'card' GROUP BY 1, 2 ORDER BY 3 DESC;\" 2>&1",
        "Ask sqlite3 which index the dashboard query wants",
      ),
      bash(
        "sqlite-explain-bytecode-f31",
        "sqlite",
        "sqlite3 data/dashboard.db \"EXPLAIN SELECT s.region, p.category, count(*), sum(x.amount) FROM sales x JOIN products p ON p.sku = x.sku JOIN stores s ON s.store_id = x.store_id WHERE x.sold_at >= '2024-10-15' GROUP BY 1, 2 ORDER BY 4 DESC;\" 2>&1",
        "The dashboard query's bytecode",
      ),
    ],
  },
  // The fresh33 set (bench/corpus/fresh33/): what an engineer runs when a Java service is slow, stuck
  // or crashing, in shapes no earlier set holds (jstack with two deadlocks, jcmd Thread.print -l of a
  // starved request pool, GC.heap_info, VM.flags, GC.class_histogram and VM.native_memory of a leaking
  // service, jmap -histo:live, jstat -gcutil, a -Xlog:gc* run ending in OutOfMemoryError, a startup
  // cause chain with a suppressed exception, a SIGSEGV and its hs_err file, jfr summary and print,
  // javap -c -v, jdeps --jdk-internals, keytool -list -v, jshell; ant failing in javac and in junit 4,
  // checkstyle plain and XML); files by projects/fresh33.sh (captured with
  // CORPUS_CAPTURE_ROOT=/home/dev/work-fresh33).
  {
    name: "fresh33-attach",
    setup: "fresh33",
    cwd: "fresh33/ledgerd",
    prompt:
      "ledgerd stopped answering transfers, the balance endpoint hangs and the statement service's memory keeps climbing; look at the running JVMs",
    provenance: `${CAPTURED} (OpenJDK 17's jstack, jcmd, jmap and jstat attached to the running ledgerd JVMs; files by projects/fresh33.sh)`,
    steps: [
      bash(
        "jstack-ledgerd-deadlocks-f33",
        "jstack",
        "jstack -l $(cat run/serve.pid)",
        "Thread dump of the ledgerd process that stopped answering transfers",
      ),
      bash(
        "jcmd-thread-print-stuck-spilled-f33",
        "jcmd",
        "jcmd $(cat run/stuck.pid) Thread.print -l",
        "Thread dump of the instance whose balance endpoint hangs",
      ),
      bash(
        "jcmd-gc-heap-info-f33",
        "jcmd",
        "jcmd $(cat run/leak.pid) GC.heap_info",
        "Heap occupancy of the statement service",
      ),
      bash(
        "jcmd-vm-flags-f33",
        "jcmd",
        "jcmd $(cat run/leak.pid) VM.flags",
        "The flags the statement service runs with",
      ),
      bash(
        "jstat-gcutil-leak-f33",
        "jstat",
        "jstat -gcutil -t $(cat run/leak.pid) 1000 12",
        "Watch the generations fill for twelve seconds",
      ),
      bash(
        "jcmd-class-histogram-spilled-f33",
        "jcmd",
        "jcmd $(cat run/leak.pid) GC.class_histogram",
        "Which classes hold the heap",
      ),
      bash(
        "jmap-histo-live-head-f33",
        "jmap",
        "jmap -histo:live $(cat run/leak.pid) | head -25",
        "Live objects after a full GC, top of the list",
      ),
      bash(
        "jcmd-native-memory-f33",
        "jcmd",
        "jcmd $(cat run/leak.pid) VM.native_memory summary",
        "Native memory by area",
      ),
    ],
  },
  {
    name: "fresh33-run",
    setup: "fresh33",
    cwd: "fresh33/ledgerd",
    prompt:
      "reproduce the statement service's OutOfMemoryError, the prod start failure and the crash of the off-heap replay, then look at the journal contention and the TLS keystore",
    provenance: `${CAPTURED} (OpenJDK 17's java, jfr, javap, jdeps, keytool and jshell; files by projects/fresh33.sh)`,
    steps: [
      bash(
        "java-xlog-gc-oom-spilled-f33",
        "java-gc-log",
        'java -Xmx128m -Xlog:gc*:stdout -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=logs/ -cp out/service com.acme.ledger.LedgerServer leak 1500000 0; echo "exit code: $?"',
        "Run the statement renderer with a small heap and GC logging until it fails",
      ),
      bash(
        "java-startup-cause-chain-f33",
        "java-exception",
        'java -cp out/service com.acme.ledger.LedgerServer start conf/ledgerd-prod.properties; echo "exit code: $?"',
        "Start ledgerd with the production config",
      ),
      bash(
        "java-sigsegv-console-f33",
        "java-crash",
        'java -cp out/service com.acme.ledger.LedgerServer replay-offheap; echo "exit code: $?"',
        "Run the off-heap replay that crashes",
      ),
      bash("hs-err-offheap-spilled-f33", "hs-err", "cat hs_err_pid*.log", "Read the JVM's crash report"),
      {
        tool: "Bash",
        input: {
          command:
            "java -XX:StartFlightRecording=filename=logs/contention.jfr,settings=profile -cp out/service com.acme.ledger.LedgerServer contention 8 2>&1 | tail -3",
          description: "Record the posting threads with JFR",
        },
      },
      bash(
        "jfr-summary-contention-f33",
        "jfr",
        "jfr summary logs/contention.jfr",
        "What the recording holds",
      ),
      bash(
        "jfr-print-monitor-enter-spilled-f33",
        "jfr",
        "jfr print --events jdk.JavaMonitorEnter logs/contention.jfr",
        "The monitor waits the recording caught",
      ),
      bash(
        "javap-c-v-transfer-f33",
        "javap",
        "javap -c -v -p -cp out/service com.acme.ledger.core.TransferService com.acme.ledger.core.Account",
        "Bytecode of the transfer and the account's synchronized methods",
      ),
      bash(
        "jdeps-jdk-internals-f33",
        "jdeps",
        "jdeps --jdk-internals out/ledgerd.jar",
        "Which JDK internals the jar uses",
      ),
      bash(
        "keytool-list-v-ledgerd-f33",
        "keytool",
        "keytool -list -v -keystore conf/tls/ledgerd.p12 -storepass changeit",
        "The certificates in ledgerd's keystore",
      ),
      bash(
        "jshell-probe-rounding-f33",
        "jshell",
        "jshell --feedback normal scripts/probe-rounding.jsh < /dev/null 2>&1",
        "Try the VAT rounding in jshell",
      ),
    ],
  },
  {
    name: "fresh33-build",
    setup: "fresh33",
    cwd: "fresh33/ledgerd",
    prompt: "the billing batch does not build; fix it, run its tests and the style checks",
    provenance: `${CAPTURED} (Debian 12's ant 1.10 with ant-optional, junit4 4.13 and checkstyle 8.36 on OpenJDK 17; files by projects/fresh33.sh)`,
    steps: [
      build(
        "ant-test-javac-errors-f33",
        "ant",
        '(cd billing && ant test 2>&1); echo "exit code: $?"',
        "Build and test the billing batch",
      ),
      {
        tool: "Bash",
        input: {
          command: "cp billing/fixes/DunningRun.java billing/src/com/acme/billing/DunningRun.java",
          description: "Apply the DunningRun fix",
        },
      },
      build(
        "ant-junit4-failures-f33",
        "ant",
        '(cd billing && ant test 2>&1); echo "exit code: $?"',
        "Build and test the billing batch again",
      ),
      bash(
        "checkstyle-sun-checks-spilled-f33",
        "checkstyle",
        'checkstyle -c /sun_checks.xml service/src billing/src; echo "exit code: $?"',
        "Sun's checks over both source trees",
      ),
      bash(
        "checkstyle-xml-team-rules-f33",
        "checkstyle",
        'checkstyle -c conf/checkstyle.xml -f xml service/src; echo "exit code: $?"',
        "The team's rules over the service, as XML",
      ),
      {
        tool: "Bash",
        input: {
          command: "for p in run/*.pid; do kill $(cat $p) 2>/dev/null; done; echo stopped",
          description: "Stop the ledgerd JVMs",
        },
      },
    ],
  },
  // The fresh34 set (bench/corpus/fresh34/): what an engineer runs when a C/C++ build of real size
  // fails and when an embedded target does not fit, in shapes no earlier set holds (make -j2 -k with
  // jobs failing side by side, g++'s and clang++'s template novels for a std::map keyed by a type
  // with no ordering, a comparator taking non-const references, std::ranges::sort on a std::list and
  // a failed concept with -fconcepts-diagnostics-depth; a link with undefined references, a missing
  // -l and multiple definitions; cmake --build with warnings as errors; a -Wall -Wextra flood with
  // one error; -ftime-report; ccache -s -v; arm-none-eabi-gcc's FLASH overflow with
  // --print-memory-usage, its map file, size, nm --size-sort, readelf -S and -s; avr-gcc's data
  // region overflow and avr-size); files by projects/fresh34.sh (captured with
  // CORPUS_CAPTURE_ROOT=/home/dev/work-fresh34).
  {
    name: "fresh34-host",
    setup: "fresh34",
    cwd: "fresh34/tidewatch",
    prompt:
      "the host tools stopped building after the C++20 switch; get tidectl to compile and link again and tell me what is wrong",
    provenance: `${CAPTURED} (Debian 12's gcc 12, clang 14, GNU make, cmake 3.25 with ninja and ccache 4.7; files by projects/fresh34.sh)`,
    steps: [
      build(
        "make-j2-keep-going-f34",
        "make",
        'make -C host -j2 -k 2>&1; echo "exit code: $?"',
        "Build the host tools, keep going past errors to see all of them",
      ),
      bash(
        "gxx-comparator-nonconst-f34",
        "g++",
        'g++ -std=c++20 -Ihost/include -Wall -Wextra -c -o /dev/null host/src/gauge_groups.cpp 2>&1; echo "exit code: $?"',
        "Compile the gauge grouping file on its own",
      ),
      bash(
        "gxx-concepts-ranges-f34",
        "g++",
        'g++ -std=c++20 -Ihost/include -fconcepts-diagnostics-depth=3 -c -o /dev/null host/src/resample.cpp 2>&1; echo "exit code: $?"',
        "Compile the resampler with deeper concept diagnostics",
      ),
      bash(
        "clangxx-concepts-ranges-f34",
        "clang++",
        'clang++ -std=c++20 -Ihost/include -c -o /dev/null host/src/resample.cpp 2>&1; echo "exit code: $?"',
        "Same file through clang++ for a second opinion",
      ),
      bash(
        "clangxx-map-no-ordering-f34",
        "clang++",
        'clang++ -std=c++20 -Ihost/include -c -o /dev/null host/src/station_index.cpp 2>&1; echo "exit code: $?"',
        "clang++ on the station index",
      ),
      {
        tool: "Bash",
        input: {
          command:
            "cat >> host/include/tide/geo.hpp <<'EOF'\nnamespace tide {\ninline bool operator<(const GeoPoint& a, const GeoPoint& b) {\n  return a.lat_deg < b.lat_deg || (a.lat_deg == b.lat_deg && a.lon_deg < b.lon_deg);\n}\n}  // namespace tide\nEOF\ncat >> host/include/tide/sample.hpp <<'EOF'\nnamespace tide {\ninline bool operator<(const StationId& a, const StationId& b) {\n  return a.network < b.network || (a.network == b.network && a.number < b.number);\n}\n}  // namespace tide\nEOF\nsed -i 's/  std::vector<std::unique_ptr<Sink>> sinks() const/  const std::vector<std::unique_ptr<Sink>>\\& sinks() const/' host/include/tide/pipeline.hpp",
          description: "Give GeoPoint and StationId an ordering and return the sinks by reference",
        },
      },
      build(
        "ld-undefined-multiple-f34",
        "ld",
        'make -C host -j2 2>&1; echo "exit code: $?"',
        "Rebuild and link tidectl",
      ),
      build(
        "clang-link-lz-f34",
        "ld",
        'make -C host CXX=clang++ LDLIBS=-lz 2>&1; echo "exit code: $?"',
        "Link again with zlib, through clang++",
      ),
      {
        tool: "Bash",
        input: {
          command: "cmake -S host -B host/build -G Ninja 2>&1 | tail -3",
          description: "Configure the CMake build the IDE uses",
        },
      },
      build(
        "cmake-werror-ninja-f34",
        "cmake",
        'cmake --build host/build -j2 -- -k 0 2>&1; echo "exit code: $?"',
        "Build the library with CMake (warnings are errors there), keep going",
      ),
      bash(
        "gxx-ftime-report-f34",
        "g++",
        "g++ -std=c++20 -O2 -Ihost/include -ftime-report -c -o /tmp/harmonics.o host/src/harmonics.cpp 2>&1",
        "Where does the compiler spend its time on harmonics.cpp",
      ),
      bash("ccache-stats-f34", "ccache", "ccache -s -v", "Is ccache helping these builds"),
    ],
  },
  {
    name: "fresh34-legacy",
    setup: "fresh34",
    cwd: "fresh34/tidewatch",
    prompt: "the old frame decoder no longer builds with the new warning flags; what actually breaks it?",
    provenance: `${CAPTURED} (Debian 12's gcc 12 and GNU make; files by projects/fresh34.sh)`,
    steps: [
      build(
        "gcc-wextra-flood-spilled-f34",
        "gcc",
        'make -C legacy 2>&1; echo "exit code: $?"',
        "Build the legacy decoder library",
      ),
    ],
  },
  {
    name: "fresh34-firmware",
    setup: "fresh34",
    cwd: "fresh34/tidewatch",
    prompt:
      "the gauge firmware's debug build no longer fits since the self test went in, and the beacon won't link either; find what takes the space",
    provenance: `${CAPTURED} (Debian 12's gcc-arm-none-eabi 12.2 with newlib nano, gcc-avr 5.4 with avr-libc; files by projects/fresh34.sh)`,
    steps: [
      build(
        "arm-flash-overflow-f34",
        "arm-none-eabi-gcc",
        'make -C firmware 2>&1; echo "exit code: $?"',
        "Build the debug firmware",
      ),
      build(
        "arm-release-build-f34",
        "arm-none-eabi-gcc",
        'make -C firmware DEBUG=0 2>&1; echo "exit code: $?"',
        "Build the release firmware for comparison",
      ),
      bash(
        "arm-size-sections-f34",
        "arm-none-eabi-size",
        "arm-none-eabi-size -A -x firmware/build/release/tidewatch.elf && arm-none-eabi-size -t firmware/build/release/obj/*.o",
        "Section sizes of the release image and each object",
      ),
      bash(
        "arm-nm-size-sort-f34",
        "nm",
        "arm-none-eabi-nm --size-sort -C -S -r firmware/build/release/tidewatch.elf",
        "Biggest symbols in the release image",
      ),
      bash(
        "arm-readelf-sections-f34",
        "readelf",
        "arm-none-eabi-readelf -S -W firmware/build/release/tidewatch.elf",
        "Section headers of the release image",
      ),
      bash(
        "arm-readelf-symbols-spilled-f34",
        "readelf",
        "arm-none-eabi-readelf -s -W firmware/build/release/tidewatch.elf",
        "Symbol table of the release image",
      ),
      bash(
        "arm-map-debug-spilled-f34",
        "ld-map",
        "cat firmware/build/debug/tidewatch.map",
        "The debug link's map file",
      ),
      build(
        "avr-data-overflow-f34",
        "avr-gcc",
        'make -C beacon 2>&1; echo "exit code: $?"',
        "Build the buoy beacon",
      ),
      build(
        "avr-size-progmem-f34",
        "avr-gcc",
        'make -C beacon clean beacon.elf DEFS=-DTABLES_IN_FLASH 2>&1; echo "exit code: $?"',
        "Rebuild the beacon with its tables in flash",
      ),
    ],
  },
];

/**
 * Case names written by more than one step. A case's file is found by its name in any part
 * of the corpus, so a new step reusing a name would overwrite that case's input (the blind
 * part's too): capture.ts refuses to run while this is not empty.
 */
export function repeatedCases(list: readonly Session[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const s of list)
    for (const st of s.steps) if (st.case) (seen.has(st.case) ? repeated : seen).add(st.case);
  return [...repeated];
}
