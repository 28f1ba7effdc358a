#!/usr/bin/env bash
# fresh9's build, test, lint and debug projects (see fresh9.sh).
set -euo pipefail
ROOT="$1"

# --- rust: a settlement workspace (std only, offline)
mkdir -p "$ROOT/rs" && cd "$ROOT/rs"
mkdir -p .cargo && printf '[net]\noffline = true\n' > .cargo/config.toml
cargo init -q --lib --name settle settle
cargo init -q --lib --name fees fees
cargo init -q --bin --name payout payout
printf '[workspace]\nmembers = ["settle", "fees", "payout"]\nresolver = "2"\n' > Cargo.toml
python3 - <<'PY'
import random
random.seed(909)
s = ["pub fn net(gross: i64, fee_bp: i64) -> i64 {", "    gross - gross * fee_bp / 10_000", "}", "",
     "pub fn split(total: i64, parts: usize) -> Vec<i64> {", "    let each = total / parts as i64;", "    let mut v = vec![each; parts];",
     "    v[parts] += total - each * parts as i64;", "    v", "}", "",
     "pub fn cutoff_hour(region: &str) -> u8 {", "    match region { \"eu\" => 16, \"us\" => 21, \"apac\" => 9, _ => panic!(\"unknown region {}\", region) }", "}", "",
     "pub fn batch_id(day: u32, seq: u32) -> String {", "    format!(\"ST-{:03}-{:05}\", day, seq)", "}", "",
     "#[cfg(test)]", "mod tests {", "    use super::*;", ""]
for i in range(1, 321):
    g, b = random.randint(100, 900000), random.choice([25, 90, 140, 175, 290])
    exp = g - g * b // 10000
    if i == 203: exp = g - (g * b + 9999) // 10000
    s += ["    #[test]", f"    fn net_case_{i:03d}() {{", f"        assert_eq!(net({g}, {b}), {exp});", "    }", ""]
s += ["    #[test]", "    fn split_keeps_every_cent() {", "        let v = split(1001, 4);", "        assert_eq!(v.iter().sum::<i64>(), 1001);", "    }", "",
      "    #[test]", "    #[should_panic(expected = \"unknown region\")]", "    fn cutoff_rejects_latam() {", "        cutoff_hour(\"eu\");", "    }", "",
      "    #[test]", "    fn batch_id_pads() {", "        assert_eq!(batch_id(7, 42), \"ST-007-00042\");", "    }", "",
      "    #[test]", "    #[ignore = \"talks to the bank sandbox\"]", "    fn sandbox_roundtrip() {}", "}", ""]
open("settle/src/lib.rs", "w").write("\n".join(s))

f = ["use std::collections::HashMap;", "", "#[derive(Debug)]", "pub struct Fee { pub code: String, pub bp: i64 }", ""]
for i in range(1, 37):
    f += [f"pub fn tier_{i:02d}(amount: i64, region: &str) -> i64 {{", f"    let threshold = {i * 1000};", f"    let label = format!(\"tier {i} {{}}\", region);",
          f"    if amount > {i * 500} {{ amount * {i} / 1000 }} else {{ amount / {i + 1} }}", "}", ""]
f += ["pub fn table(codes: &[&str]) -> HashMap<String, Fee> {", "    let mut m = HashMap::new();", "    for c in codes {",
      "        let fee = Fee { code: c.to_string(), bp: 90 };", "        m.insert(c.to_string(), fee);", "        println!(\"added {:?}\", fee);", "    }", "    m", "}", "",
      "pub fn total(fees: &HashMap<String, Fee>) -> i64 {", "    let sum: i32 = fees.values().map(|f| f.bp).sum();", "    sum", "}", ""]
open("fees/src/lib.rs", "w").write("\n".join(f))

p = ["use std::collections::BTreeMap;", "", "fn parse_line(line: &str) -> (String, i64) {", "    let mut it = line.split(',');",
     "    let acct = it.next().unwrap().to_string();", "    let cents: i64 = it.next().unwrap().trim().parse().expect(\"amount in cents\");", "    (acct, cents)", "}", "",
     "fn main() {", "    let mut by_acct: BTreeMap<String, i64> = BTreeMap::new();", "    let mut lines = Vec::new();"]
p += ["    for i in 0..180 {", "        lines.push(format!(\"AC{:04},{}\", 1000 + i % 60, 1250 + i * 37));", "    }",
      "    lines.insert(143, \"AC1023, 18.40\".to_string());",
      "    for (n, l) in lines.iter().enumerate() {", "        let (a, c) = parse_line(l);", "        *by_acct.entry(a.clone()).or_insert(0) += c;",
      "        if n % 6 == 0 { println!(\"[payout] line {:>3}: {} +{} -> {}\", n + 1, a, c, by_acct[&a]); }", "    }",
      "    println!(\"{} accounts\", by_acct.len());", "}", ""]
open("payout/src/main.rs", "w").write("\n".join(p))
PY
cargo build -q -p payout 2>/dev/null || true

# --- native: C for the analyzer, valgrind and gdb
mkdir -p "$ROOT/native" && cd "$ROOT/native"
cat > cache.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry { char *key; char *val; struct entry *next; };
struct cache { struct entry **buckets; int nbuckets; int count; };

static unsigned hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 + (unsigned char)*s++; return h; }

struct cache *cache_new(int n) {
  struct cache *c = malloc(sizeof *c);
  c->buckets = calloc(n, sizeof *c->buckets);
  c->nbuckets = n;
  c->count = 0;
  return c;
}

int cache_put(struct cache *c, const char *k, const char *v) {
  struct entry *e = malloc(sizeof *e);
  if (!e) return -1;
  e->key = strdup(k);
  e->val = strdup(v);
  unsigned b = hash(k) % c->nbuckets;
  e->next = c->buckets[b];
  c->buckets[b] = e;
  c->count++;
  return 0;
}

void cache_evict(struct cache *c, const char *k) {
  unsigned b = hash(k) % c->nbuckets;
  struct entry *e = c->buckets[b];
  while (e) {
    if (strcmp(e->key, k) == 0) { free(e->key); free(e->val); free(e); }
    e = e->next;
  }
}

char *cache_dump(struct cache *c) {
  char *out = malloc(1024);
  out[0] = '\0';
  for (int i = 0; i < c->nbuckets; i++)
    for (struct entry *e = c->buckets[i]; e; e = e->next) { strcat(out, e->key); strcat(out, "\n"); }
  return out;
}

int cache_load(struct cache *c, const char *path) {
  FILE *f = fopen(path, "r");
  char line[256];
  int n = 0;
  if (!f) return -1;
  while (fgets(line, sizeof line, f)) {
    char *eq = strchr(line, '=');
    if (!eq) return -2;
    *eq = '\0';
    cache_put(c, line, eq + 1);
    n++;
  }
  fclose(f);
  return n;
}

void cache_free(struct cache *c) {
  free(c->buckets);
  free(c);
  free(c->buckets);
}

int main(int argc, char **argv) {
  struct cache *c = cache_new(16);
  cache_load(c, argc > 1 ? argv[1] : "cache.ini");
  cache_evict(c, "region");
  printf("%s", cache_dump(c));
  cache_free(c);
  return 0;
}
C
cat > matrix.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int rows, cols; double *cells; } matrix;

matrix *mat_new(int r, int c) {
  matrix *m = malloc(sizeof *m);
  m->rows = r; m->cols = c;
  m->cells = malloc(sizeof(double) * r * c);
  return m;
}

void mat_fill(matrix *m, double seed) {
  for (int i = 0; i < m->rows; i++)
    for (int j = 0; j <= m->cols; j++) m->cells[i * m->cols + j] = seed * (i + 1) + j;
}

double mat_trace(matrix *m) {
  double t;
  for (int i = 0; i < m->rows && i < m->cols; i++) t += m->cells[i * m->cols + i];
  return t;
}

char *mat_label(matrix *m) {
  char *s = malloc(16);
  sprintf(s, "matrix %dx%d", m->rows, m->cols);
  return s;
}

int main(void) {
  for (int k = 1; k <= 4; k++) {
    matrix *m = mat_new(k * 2, k * 2);
    mat_fill(m, 0.5 * k);
    char *label = mat_label(m);
    printf("%s trace %.2f\n", label, mat_trace(m));
    if (k % 2 == 0) { free(m->cells); free(m); }
  }
  return 0;
}
C
cat > pool.c <<'C'
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define WORKERS 6
struct job { int id; int size; };
static struct job queue[64];
static int head, tail;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;

static void process(struct job *j) {
  assert(j->size > 0 && "job size must be positive");
  usleep(1000 * j->size);
}

static void *worker(void *arg) {
  long n = (long)arg;
  for (;;) {
    pthread_mutex_lock(&mu);
    while (head == tail) pthread_cond_wait(&more, &mu);
    struct job j = queue[head++ % 64];
    pthread_mutex_unlock(&mu);
    if (n == 3) process(&j); else usleep(200000);
  }
  return NULL;
}

int main(void) {
  pthread_t t[WORKERS];
  for (long i = 0; i < WORKERS; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 40; i++) {
    pthread_mutex_lock(&mu);
    queue[tail++ % 64] = (struct job){ i, i == 17 ? 0 : 1 + i % 5 };
    pthread_cond_broadcast(&more);
    pthread_mutex_unlock(&mu);
    usleep(3000);
  }
  for (int i = 0; i < WORKERS; i++) pthread_join(t[i], NULL);
  return 0;
}
C
for i in $(seq 1 30); do echo "key$i=value$i"; done > cache.ini
gcc -g -O0 -o matrix matrix.c
gcc -g -O0 -pthread -o pool pool.c

# --- java: an importer that crashes after progress lines
mkdir -p "$ROOT/java/src/org/harbor/imports" && cd "$ROOT/java"
cat > src/org/harbor/imports/Importer.java <<'J'
package org.harbor.imports;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.*;

public class Importer {
    static class ImportException extends RuntimeException {
        ImportException(String m, Throwable c) { super(m, c); }
    }
    record Manifest(String vessel, LocalDate eta, int containers) {}

    static Manifest parse(String line) {
        String[] f = line.split(";");
        try {
            return new Manifest(f[0], LocalDate.parse(f[1]), Integer.parseInt(f[2]));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("bad eta '" + f[1] + "' for vessel " + f[0], e);
        }
    }

    static List<Manifest> importFile(String name, List<String> lines) {
        List<Manifest> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            try {
                out.add(parse(lines.get(i)));
            } catch (IllegalArgumentException e) {
                throw new ImportException(name + ": line " + (i + 1) + " rejected", e);
            }
        }
        return out;
    }

    public static void main(String[] args) {
        Random r = new Random(99);
        String[] ships = {"MSC Aurora", "Maersk Elba", "CMA Lyra", "Evergreen Tide", "ONE Harbour", "Hapag Vela"};
        for (int f = 1; f <= 90; f++) {
            List<String> lines = new ArrayList<>();
            for (int k = 0; k < 30; k++)
                lines.add(ships[r.nextInt(ships.length)] + ";2024-1" + (r.nextInt(2)) + "-" + (10 + r.nextInt(18)) + ";" + (40 + r.nextInt(900)));
            if (f == 83) lines.set(22, "Maersk Elba;2024-11-31;412");
            String name = String.format("manifests/2024-11/batch-%03d.csv", f);
            List<Manifest> got = importFile(name, lines);
            int boxes = got.stream().mapToInt(Manifest::containers).sum();
            System.out.printf("INFO  [importer] %s: %d manifests, %d containers%n", name, got.size(), boxes);
        }
    }
}
J

# --- python: a package for unittest, a worker that crashes after its log
mkdir -p "$ROOT/py/tariffs/tariffs" "$ROOT/py/tariffs/tests" && cd "$ROOT/py/tariffs"
touch tariffs/__init__.py tests/__init__.py
cat > tariffs/calc.py <<'P'
from decimal import Decimal, ROUND_HALF_UP

BANDS = [(0, 100, Decimal("0.21")), (100, 400, Decimal("0.18")), (400, 10**9, Decimal("0.15"))]

def unit_rate(kwh):
    for lo, hi, rate in BANDS:
        if lo <= kwh < hi:
            return rate
    raise ValueError(f"no band for {kwh} kWh")

def bill(kwh, standing=Decimal("0.45"), days=30):
    energy = Decimal(kwh) * unit_rate(kwh)
    return (energy + standing * days).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)

def vat(amount, rate=Decimal("0.135")):
    return (amount * rate).quantize(Decimal("0.01"))

def meter_delta(prev, cur):
    if cur < prev:
        return cur + 100000 - prev
    return cur - prev
P
python3 - <<'PY'
import random
from decimal import Decimal, ROUND_HALF_UP
random.seed(99)
import sys; sys.path.insert(0, ".")
from tariffs.calc import bill, vat
t = ["import unittest", "from decimal import Decimal", "from tariffs.calc import bill, vat, unit_rate, meter_delta", "", ""]
for cls in ["BillTest", "VatTest", "RateTest", "MeterTest"]:
    t.append(f"class {cls}(unittest.TestCase):")
    for i in range(1, 71):
        if cls == "BillTest":
            k = random.randint(0, 900); e = bill(k)
            if i == 44: e = e + Decimal("0.01")
            t.append(f"    def test_bill_{i:03d}(self):\n        self.assertEqual(bill({k}), Decimal('{e}'))\n")
        elif cls == "VatTest":
            a = Decimal(random.randint(100, 90000)) / 100; e = vat(a)
            t.append(f"    def test_vat_{i:03d}(self):\n        self.assertEqual(vat(Decimal('{a}')), Decimal('{e}'))\n")
        elif cls == "RateTest":
            k = random.randint(0, 900)
            if i == 61: t.append(f"    def test_rate_{i:03d}(self):\n        self.assertEqual(unit_rate(-{k}), Decimal('0.21'))\n"); continue
            t.append(f"    def test_rate_{i:03d}(self):\n        self.assertIn(unit_rate({k}), (Decimal('0.21'), Decimal('0.18'), Decimal('0.15')))\n")
        else:
            p, c = random.randint(0, 99999), random.randint(0, 99999)
            if i == 9: t.append("    @unittest.skip('needs the smart meter feed')\n    def test_meter_feed(self):\n        pass\n")
            if i == 30: t.append(f"    def test_meter_rollover_{i:03d}(self):\n        self.assertEqual(meter_delta(99990, 12), 22)\n"); continue
            e = c + 100000 - p if c < p else c - p
            t.append(f"    def test_meter_{i:03d}(self):\n        self.assertEqual(meter_delta({p}, {c}), {e})\n")
    t.append("")
open("tests/test_calc.py", "w").write("\n".join(t))
PY
cat > worker.py <<'P'
import logging
import random
import sys

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
log = logging.getLogger("tariffs.worker")
random.seed(4)

class MeterReadError(Exception):
    pass

def fetch_reading(mprn, attempt):
    if mprn == "10006112094" and attempt == 3:
        return {"mprn": mprn, "kwh": None}
    return {"mprn": mprn, "kwh": random.randint(80, 900)}

def bill_account(mprn):
    for attempt in range(1, 4):
        r = fetch_reading(mprn, attempt)
        if attempt < 3 and mprn == "10006112094":
            log.warning("meter %s: reading stale, retry %d", mprn, attempt)
            continue
        try:
            return round(r["kwh"] * 0.21, 2)
        except TypeError as e:
            raise MeterReadError(f"meter {mprn} returned no kWh after {attempt} attempts") from e

def run():
    for i in range(260):
        mprn = f"1000{6100000 + i * 7 + (1 if i == 287 else 0):07d}"
        if i == 173: mprn = "10006112094"
        amount = bill_account(mprn)
        log.info("account %s billed %.2f EUR (cycle 2024-11)", mprn, amount)

if __name__ == "__main__":
    run()
P

# --- ci: deploy scripts for shellcheck, chart values for yamllint
mkdir -p "$ROOT/ci/deploy" "$ROOT/ci/charts" && cd "$ROOT/ci"
python3 - <<'PY'
import random
random.seed(919)
for n in ["build-image", "push-image", "migrate", "smoke", "canary", "promote", "drain-node", "snapshot"]:
    s = ["#!/bin/bash", "set -e", f"# {n}: part of the release pipeline", "ENV=$1", "REGION=${2:-eu-west-1}", "TAG=$(git rev-parse --short HEAD)", ""]
    for k in range(random.randint(4, 8)):
        s += [f"echo Running step {k} of {n} for $ENV", f"OUT=`aws ssm get-parameter --name /$ENV/{n}/{k} --query Parameter.Value`",
              f"if [ $OUT == \"\" ]; then", f"  echo missing parameter {k}", "fi", f"for f in $(ls /tmp/{n}-*.json); do", "  cat $f | jq .status", "done", ""]
    if n == "drain-node": s += ["NODES=$(kubectl get nodes -o name)", "for node in $NODES; do", "  kubectl drain $node --ignore-daemonsets &", "done", "wait", "cd /var/lib/drain", "rm -rf $WORKDIR/*"]
    if n == "snapshot": s += ["read -p 'continue? ' answer", "[ $answer = y ] || exit 1", "local stamp=$(date +%s)", "echo $((stamp - $START))"]
    open(f"deploy/{n}.sh", "w").write("\n".join(s) + "\n")
for svc in ["api", "worker", "scheduler", "gateway", "billing", "search"]:
    y = ["---", f"nameOverride: {svc}", "replicaCount: 2", "image:", f"  repository: registry.example.com/harbor/{svc}", "  tag: \"1.14.2\"", "  pullPolicy: IfNotPresent", "resources:", "  limits:", "    cpu: 500m", "    memory: 512Mi", "  requests:", "    cpu: 100m   ", "    memory: 128Mi", "env:"]
    for k in range(18):
        y += [f"  - name: {svc.upper()}_SETTING_{k}", f"    value: \"{random.randint(1, 9999)}\""]
    y += ["ingress:", "  enabled: true", "  hosts:", f"    - host: {svc}.harbor.example.com", "      paths: ['/']", "probes:", "  liveness: {path: /healthz, port: 8080}", "tolerations: []", ""]
    if svc == "billing": y[2] = "replicaCount: 2\nreplicaCount: 3"
    if svc == "gateway": y.insert(8, "    cpu:500m")
    if svc == "search": y += ["extraArgs:", "- --heap=4g", "  - --gc=g1"]
    open(f"charts/{svc}-values.yaml", "w").write("\n".join(y) + "\n")
PY

# --- web: a folder for eslint, biome, stylelint, mocha (spec) and jest
cd "$ROOT/web-shop/shop"
mkdir -p f9/src f9/spec f9/lib f9/test f9/styles
python3 - <<'PY'
import random
random.seed(9090)
mods = ["basket", "voucher", "loyalty", "stock", "delivery", "returns", "invoice", "search", "session", "reviews", "wishlist", "pricing",
        "tax", "shipping", "payments", "refunds", "catalog", "banner", "consent", "analytics", "locale", "currency", "feed", "sitemap"]
for m in mods:
    L = ["'use strict';", "", f"var cfg = require('../lib/{m}-cfg');", ""]
    for k in range(random.randint(3, 6)):
        L += [f"function {m}Step{k}(input, opts) {{", "  var result = [];", "  let unused = opts && opts.debug;", "  for (var i = 0; i < input.length; i++) {",
              "    if (input[i].qty == 0) continue;", "    result.push(input[i]);", "  }", "  return result;", "}", ""]
    if m == "payments": L += ["function charge(card) {", "  return card.token;", "  console.log('charged', card.last4);", "}", ""]
    if m == "session": L += ["function restore(id) {", "  if (id = null) return undefined;", "  return store.get(id);", "}", ""]
    if m == "feed": L += ["function items(list) {", "  const seen = {};", "  const seen = new Set();", "  return list.filter((x) => !seen.has(x.id));", "}", ""]
    L += [f"module.exports = {{ {', '.join(f'{m}Step{k}' for k in range(3))} }};", ""]
    open(f"f9/src/{m}.js", "w").write("\n".join(L))
# stylesheets for stylelint
for s in ["base", "layout", "header", "product", "checkout", "footer", "forms", "utilities"]:
    C = []
    for k in range(random.randint(8, 16)):
        C += [f".{s}-block-{k} {{", f"  color: #{random.choice(['fff', 'FFF', '333333', 'a1b2c3'])};", f"  margin: {random.choice(['0px', '4px', '0 auto'])};",
              f"  font-family: {random.choice(['Arial', 'Helvetica, sans-serif', 'Inter'])};", "}", ""]
    if s == "checkout": C += [".checkout-total {", "  colr: red;", "}", ""]
    if s == "forms": C += [".forms-input {", "  padding: 4px", "  border: 1px solid #cccccc;", "}", ""]
    open(f"f9/styles/{s}.css", "w").write("\n".join(C))
# mocha specs for the spec reporter
for d in ["basket", "voucher", "loyalty", "stock", "delivery"]:
    S = ["const assert = require('assert');", "", f"describe('{d}', function () {{"]
    for g in ["totals", "limits", "rounding", "edge cases"]:
        S.append(f"  describe('{g}', function () {{")
        for i in range(1, 13):
            a, b = random.randint(1, 500), random.randint(1, 500)
            exp = a + b
            if d == "voucher" and g == "limits" and i == 7: exp += 5
            if d == "delivery" and g == "rounding" and i == 3:
                S.append(f"    it('rounds slot {i} to the quarter hour', function (done) {{ setTimeout(done, 2500); }});"); continue
            S.append(f"    it('adds line {i} ({a} + {b})', function () {{ assert.strictEqual({a} + {b}, {exp}); }});")
        if d == "stock" and g == "edge cases": S.append("    it.skip('reserves across warehouses', function () {});")
        S.append("  });")
    if d == "loyalty": S.append("  it('reads the tier table', function () { const t = require('../lib/tiers.json'); assert.ok(t.gold); });")
    S.append("});")
    open(f"f9/spec/{d}.spec.js", "w").write("\n".join(S) + "\n")
# jest: lib modules, tests with one failing suite
for m in ["basket", "voucher", "loyalty", "stock", "delivery", "returns", "invoice", "tax", "fx", "slots"]:
    open(f"f9/lib/{m}.js", "w").write("\n".join([f"function total(xs) {{ return xs.reduce((s, x) => s + x, 0); }}",
        "function clamp(v, lo, hi) {", "  if (v < lo) return lo;", "  if (v > hi) return hi;", "  return v;", "}",
        "function label(v) {", "  if (v > 1000) return 'large';", "  if (v > 100) return 'medium';", "  return 'small';", "}",
        f"function round{m.title()}(v) {{ return Math.round(v * 100) / 100; }}", f"module.exports = {{ total, clamp, label, round{m.title()} }};", ""]))
    T = [f"const m = require('../lib/{m}');", f"describe('{m}', () => {{"]
    for i in range(1, 9):
        T.append(f"  test('total {i}', () => {{ expect(m.total([{i}, {i * 2}])).toBe({i * 3 if not (m == 'tax' and i == 5) else 16}); }});")
    if m in ("basket", "returns", "slots"): T.append("  test('clamps', () => { expect(m.clamp(5, 0, 3)).toBe(3); expect(m.clamp(-1, 0, 3)).toBe(0); });")
    T.append("});")
    open(f"f9/test/{m}.test.js", "w").write("\n".join(T) + "\n")
PY
