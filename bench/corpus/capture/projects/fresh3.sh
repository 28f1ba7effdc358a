#!/usr/bin/env bash
# The fresh3 set (bench/corpus/fresh3/): new outputs of the tools the widened corpus already
# has. It builds the widened corpus's projects again under fx/fresh3/ (their scripts, run
# as they are) and adds what the new runs need: a web package's legacy code under a
# stricter eslint config, mocha specs with nested describes, jest suites of another
# module, a Python package for pyright, a C tool with several kinds of leak, a shell job
# that forks (strace -f -c), and kubectl replays of other holmesgpt fixtures.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$1"
# each earlier project in a folder of its own, as its script builds it
for p in web-shop cpp-geometry rust-ledger java-inventory py-billing ops sys; do mkdir -p "$p"; bash "$HERE/$p.sh" "$1/$p"; done
if [ -n "${PGHOST:-}" ]; then mkdir -p db-shop; bash "$HERE/db-shop.sh" "$1/db-shop"; fi

# --- web: legacy code under many eslint rules, nested mocha specs, jest on another module
cd "$1/web-shop/shop"
mkdir -p legacy spec2 test2 py2/stockfeed
cat > legacy/eslint.config.js <<'J'
const js = require("@eslint/js");
const globals = require("globals");
module.exports = [
  js.configs.recommended,
  {
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.browser } },
    rules: {
      eqeqeq: "error", "no-var": "error", "prefer-const": "error", curly: "error", "no-console": "warn",
      "no-shadow": "error", "no-param-reassign": "error", complexity: ["warn", 6], "max-depth": ["warn", 3],
      "no-eval": "error", "no-implied-eval": "error", "no-else-return": "warn", "prefer-template": "warn",
      "no-nested-ternary": "warn", "default-case": "error", "dot-notation": "warn", "no-plusplus": "warn",
      "max-params": ["warn", 4], "no-return-assign": "error", "object-shorthand": "warn",
    },
  },
];
J
python3 - <<'PY'
import random
random.seed(31)
mods = ["basket", "coupons", "legacyTax", "priceRules", "shippingZones", "stockSync", "orderExport", "invoiceText",
        "loyalty", "giftCards", "returns", "searchIndex"]
for m in mods:
    n = random.randint(2, 4)
    out = ["var util = require('util');", ""]
    for f in range(n):
        name = f"{m}Step{f}"
        out += [f"function {name}(order, opts, ctx, cb, extra) {{",
                "  var total = 0;",
                "  let label = 'order ' + order.id;",
                "  for (var i = 0; i < order.lines.length; i++) {",
                "    var line = order.lines[i];",
                "    if (line.qty == 0) continue;",
                "    if (line.kind == 'gift') { if (line.wrap) { if (opts.wrapFree) { total += 0 } else { total += 250 } } }",
                "    else if (line.kind == 'bulk') total += line.price * line.qty * (opts.bulk ? 0.9 : opts.vip ? 0.95 : 1);",
                "    else total += line.price * line.qty;",
                "  }",
                "  switch (order.region) { case 'eu': total *= 1.2; break; case 'uk': total *= 1.2; }",
                "  if (opts['debug']) console.log('total for ' + label + ': ' + total);",
                "  order = Object.assign({}, order, { total: total });" if f % 2 else "  order.total = total;",
                "  var opts = { done: true };" if f == 1 else "  ctx.count++;",
                "  if (total > 0) { return cb(null, order) } else { return cb(new Error('empty ' + label)) }",
                "}", ""]
    if m in ("priceRules", "searchIndex"):
        out += ["function evaluateRule(expr) {", "  return eval('(' + expr + ')');", "}", ""]
    if m == "orderExport":
        out += ["function later(code) {", "  setTimeout('run(' + code + ')', 10);", "}", ""]
    out += [f"module.exports = {{ {', '.join(f'{m}Step{f}: {m}Step{f}' for f in range(n))} }};", ""]
    open(f"legacy/{m}.js", "w").write("\n".join(out))
# mocha: nested describes, a few failures deep inside
def it_ok(name): return [f"      it('{name}', function () {{ assert.ok(true); }});"]
suites = {"checkout": ["guest", "member", "business"], "inventory": ["reserve", "release"], "pricing": ["tiers", "coupons", "tax"]}
fails = {("checkout", "business", 3): "assert.strictEqual(vatId('DE 123'), 'DE123', 'vat id normalised');",
         ("inventory", "release", 1): "assert.deepStrictEqual({ sku: 'SKU-4471', qty: 2 }, { sku: 'SKU-4471', qty: 3 });",
         ("pricing", "tax", 4): "throw new TypeError(\"Cannot read properties of undefined (reading 'rate')\");",
         ("pricing", "coupons", 0): "assert.strictEqual(120, 100, 'WELCOME10 caps at 100 cents');"}
for s, subs in suites.items():
    body = ["const assert = require('assert');", "function vatId(x) { return x; }", "", f"describe('{s}', function () {{"]
    for sub in subs:
        body.append(f"  describe('{sub}', function () {{")
        for ctx in ("with defaults", "with overrides"):
            body.append(f"    describe('{ctx}', function () {{")
            for k in range(5):
                key = (s, sub, k)
                if key in fails and ctx == "with overrides":
                    body.append(f"      it('handles case {k}', function () {{ {fails[key]} }});")
                else:
                    body += it_ok(f"handles case {k}")
            body.append("    });")
        body.append("  });")
    body.append("});")
    open(f"spec2/{s}.spec.js", "w").write("\n".join(body) + "\n")
# jest: another module with failures
open("src/lib/loyalty.js", "w").write("""function points(cents, tier) {
  const rate = { bronze: 1, silver: 1.5, gold: 2 }[tier];
  return Math.floor(cents / 100) * rate;
}
function tierFor(total) {
  if (total > 100000) return 'gold';
  if (total > 50000) return 'silver';
  return 'bronze';
}
function redeem(balance, cost) {
  if (cost > balance) throw new RangeError(`insufficient points: ${balance} < ${cost}`);
  return balance - cost;
}
function expire(entries, now) {
  return entries.filter((e) => e.at + 365 * 86400000 > now);
}
module.exports = { points, tierFor, redeem, expire };
""")
open("test2/loyalty.test.js", "w").write("""const { points, tierFor, redeem, expire } = require('../src/lib/loyalty');
describe('points', () => {
  test('bronze earns 1 per euro', () => expect(points(1999, 'bronze')).toBe(19));
  test('silver earns 1.5 per euro', () => expect(points(1000, 'silver')).toBe(15));
  test('platinum earns 3 per euro', () => expect(points(1000, 'platinum')).toBe(30));
});
describe('tierFor', () => {
  test('gold from 1000 euros', () => expect(tierFor(100000)).toBe('gold'));
  test('silver from 500 euros', () => expect(tierFor(60000)).toBe('silver'));
});
describe('redeem', () => {
  test('subtracts the cost', () => expect(redeem(500, 200)).toBe(300));
  test('refuses more than the balance', () => expect(() => redeem(100, 200)).toThrow('not enough points'));
});
describe('expire', () => {
  test('drops entries older than a year', () => {
    const now = Date.UTC(2024, 10, 20);
    expect(expire([{ id: 'e1', at: now - 10 }, { id: 'e2', at: now - 400 * 86400000 }], now)).toEqual([{ id: 'e1', at: now - 10 }, { id: 'e3', at: now }]);
  });
});
""")
for n in range(6):
    open(f"test2/misc{n}.test.js", "w").write(f"""const {{ points }} = require('../src/lib/loyalty');
describe('misc {n}', () => {{
""" + "".join(f"  test('case {k}', () => expect(points({k}00, 'gold')).toBe({2*k}));\n" for k in range(8)) + "});\n")
# pyright: a second Python package
open("py2/pyrightconfig.json", "w").write('{ "include": ["stockfeed"], "typeCheckingMode": "strict", "pythonVersion": "3.11" }\n')
open("py2/stockfeed/__init__.py", "w").write("")
mods = ["parse", "merge", "publish", "warehouse", "rules"]
for m in mods:
    src = ["from dataclasses import dataclass", "from typing import Optional", "import json", "", "",
           "@dataclass", f"class {m.title()}Row:", "    sku: str", "    qty: int", "    price: Optional[float] = None", "", "",
           f"def load_{m}(path):", "    with open(path) as f:", "        return json.load(f)", "", "",
           f"def total_{m}(rows: list[{m.title()}Row]) -> int:", "    return sum(r.price * r.qty for r in rows)", "", "",
           f"def find_{m}(rows: list[{m.title()}Row], sku: str) -> {m.title()}Row:", "    for r in rows:", "        if r.sku == sku:", "            return r", "", "",
           f"def label_{m}(row: {m.title()}Row) -> str:", "    return row.sku.upper() + row.qty", ""]
    if m == "publish":
        src += ["", "def send(rows):", "    import requests", "    return requests.post('http://feed.local/push', json=[r.__dict__ for r in rows])", ""]
    open(f"py2/stockfeed/{m}.py", "w").write("\n".join(src))
PY

# --- C: a tool with several kinds of leak, an invalid write and an uninitialised read
cd "$1/cpp-geometry"
cat > tools/cache.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct entry { char *key; char *val; struct entry *next; };
static struct entry *table[8];
static void *keep;
static unsigned hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h % 8; }
static void put(const char *k, const char *v) {
    struct entry *e = malloc(sizeof *e);
    e->key = strdup(k);
    e->val = malloc(strlen(v));
    strcpy(e->val, v);
    unsigned h = hash(k);
    e->next = table[h];
    table[h] = e;
}
static void drop_bucket(unsigned h) { table[h] = NULL; }
int main(void) {
    char k[32], v[64];
    for (int i = 0; i < 40; i++) {
        snprintf(k, sizeof k, "sku-%04d", i * 37);
        snprintf(v, sizeof v, "{\"qty\":%d,\"bin\":\"A-%02d\"}", i * 3, i % 17);
        put(k, v);
    }
    for (unsigned h = 0; h < 8; h += 3) drop_bucket(h);
    int flags;
    if (flags & 2) puts("verbose");
    char *buf = malloc(100);
    keep = buf + 16;
    static char *still;
    still = malloc(4096);
    int *stats = calloc(16, sizeof(int));
    stats[16] = 1;
    printf("cache built: %d buckets\n", 8);
    return 0;
}
C
gcc -g -O0 -o tools/cache tools/cache.c
cat > tools/nightly.sh <<'SH'
#!/bin/sh
# the nightly job: a few children, each reading configs
for i in 1 2 3; do ./tools/loadcfg >/dev/null 2>&1 & done
wait
ls conf > /dev/null
./tools/loadcfg
SH
chmod +x tools/nightly.sh

# --- ops: replays of other holmesgpt fixtures
cd "$1/ops/ops"
body() { git --git-dir="$HOLMES_REPO" show "HEAD:$1" | tail -n +3 | sed '1{/^stdout:$/d}'; }
F=tests/llm/fixtures
body $F/test_investigate/01_oom_kill/kubectl_describe.txt > "replay/describe pod analytics-exporter-fast-76897854c-cw5wh -n default"
body $F/test_investigate/08_memory_pressure/kubectl_describe.txt > "replay/describe node ip-172-31-40-111.us-east-2.compute.internal"
body $F/test_investigate/06_job_failure/kubectl_get_by_kind_in_namespace_pod.txt > "replay/get pods -n default -o wide --show-labels"
body $F/test_ask_holmes/35_tempo/kubectl_logs_checkout.txt > "replay/logs checkout-service-66cb4b6c4b-77chl -n minishop"
body $F/test_workload_health/01_crashpod/kubectl_logs_all_containers.txt > "replay/logs crashpod-9688789bc-lgjzj --all-containers"
for l in Hadoop OpenStack Android Thunderbird Mac; do
  git --git-dir="$LOGHUB_REPO" show "HEAD:$l/${l}_2k.log" > "logs/${l,,}.log"
done
