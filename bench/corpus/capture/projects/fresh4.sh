#!/usr/bin/env bash
# The fresh4 set (bench/corpus/fresh4/): new outputs of the build, test, lint and debug tools
# the widened corpus already has, on projects of their own: a Rust workspace with borrow
# errors, doctests and a deep panic; a Maven project with parameterized and nested JUnit 5
# tests and a module that does not compile; C and C++ with link errors, C++20 constraint
# failures, threads for helgrind and gdb, and analyzer paths; a Python package with subtests,
# a thread pool and an exception group; and the web project's tools on a new folder.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$1"

# --- web: the web project's node_modules, and a new folder of sources for its tools
mkdir -p "$ROOT/web-shop"; bash "$HERE/web-shop.sh" "$ROOT/web-shop"
cd "$ROOT/web-shop/shop"
mkdir -p f4/src f4/gen f4/styles f4/scripts f4/spec f4/test f4/nodetest
python3 - <<'PY'
import random
random.seed(404)
# eslint: modern modules with real mistakes, and two files that do not parse
names = ["router", "session", "fetcher", "queue", "cache", "metrics", "flags", "i18n", "cookies", "upload",
         "paginate", "debounce", "storage", "events", "auth", "theme", "search", "cartSync"]
for n in names:
    k = random.randint(1, 5)
    src = [f"const {{ helper{k} }} = require('./util');", "", f"async function {n}Load(id, opts) {{",
           "  const result = await fetch(`/api/{n}/${id}`);".replace("{n}", n),
           "  if (result.status = 404) return null;" if n in ("fetcher", "upload") else "  if (!result.ok) return null;",
           "  const data = await result.json();", f"  const unused{k} = data.meta;",
           "  switch (opts.mode) {", "    case 'fast':", "      data.fast = true;", "    case 'slow':", "      data.slow = true;", "      break;", "  }",
           "  return data;", "  console.log('unreachable');" if n in ("queue", "auth", "search") else "", "}", "",
           f"function {n}Key(a, a2) {{", "  if (typeof a == 'undefined') throw 'missing key';" if n in ("cache", "flags") else "  if (a === undefined) return '';",
           f"  return prefix{k} + a + a2;" if n in ("metrics", "theme", "events", "i18n") else "  return String(a) + a2;", "}", "",
           f"module.exports = {{ {n}Load, {n}Key }};", ""]
    open(f"f4/src/{n}.js", "w").write("\n".join(src))
open("f4/src/util.js", "w").write("\n".join(f"exports.helper{k} = (x) => x * {k};" for k in range(1, 6)) + "\n")
open("f4/src/broken.js", "w").write("function total(items) {\n  return items.reduce((s, x) => s + x.price, 0;\n}\nmodule.exports = { total };\n")
open("f4/src/legacyWidget.js", "w").write("const w = {\n  name: 'widget',\n  render() { return <div>{this.name}</div>; },\n};\nmodule.exports = w;\n")
# prettier: many generated files, most of them unformatted, two that do not parse
for i in range(240):
    style = i % 5
    body = {0: "const a={x:1,y:2}\nmodule.exports=a\n",
            1: "const a = { x: 1, y: 2 };\nmodule.exports = a;\n",
            2: "function f( a,b ){return a+b}\nmodule.exports={f}\n",
            3: "const list=[1,2,3].map(x=>x*2)\nmodule.exports = list\n",
            4: "module.exports = { id: %d };\n" % i}[style]
    open(f"f4/gen/module{i:03d}.js", "w").write(body)
open("f4/gen/module117.js", "w").write("const x = {\n  a: 1,\n  b: 2,,\n};\n")
open("f4/gen/module205.js", "w").write("export default function () {\n  return 1\n\n")
# stylelint: stylesheets with several rule violations
props = ["color", "margin", "padding", "font-size", "display"]
for s in ["buttons", "forms", "tables", "nav", "cards", "modal", "grid", "print"]:
    css = []
    for j in range(8):
        css += [f".{s}-item-{j} {{", f"  color: #FFF;", "  margin: 0px;", f"  {random.choice(props)}: inherit;",
                "  color: red;" if j % 3 == 0 else "  background: none;", "}", ""]
    if s == "grid":
        css += [".grid-x { display: grid; grid-template-areas: 'a b' 'c'; }", ""]
    if s == "print":
        css += ["@media print { .print-only { colr: black; } }", "a { color: #12345; }", ""]
    open(f"f4/styles/{s}.css", "w").write("\n".join(css))
# mocha: hooks that fail, a timeout, and a failing assertion with a diff
open("f4/spec/orders.spec.js", "w").write("""const assert = require('assert');
describe('orders api', function () {
  let db;
  before(function () { db = { orders: [{ id: 'ord-1001', total: 1250 }, { id: 'ord-1002', total: 980 }] }; });
  describe('listing', function () {
    it('lists all orders', function () { assert.strictEqual(db.orders.length, 2); });
    it('sorts by total', function () {
      const ids = db.orders.slice().sort((a, b) => a.total - b.total).map((o) => o.id);
      assert.deepStrictEqual(ids, ['ord-1001', 'ord-1002']);
    });
  });
  describe('refunds', function () {
    beforeEach(function () { if (!db.refunds) throw new Error('refunds table missing: run migration 0042'); });
    it('refunds a paid order', function () { assert.ok(true); });
    it('refuses a refund twice', function () { assert.ok(true); });
  });
  describe('webhooks', function () {
    this.timeout(200);
    it('delivers order.created', function (done) { setTimeout(done, 50); });
    it('retries order.failed', function (done) { setTimeout(done, 1000); });
  });
});
describe('invoices', function () {
  for (let i = 0; i < 12; i++) it(`renders invoice ${i}`, function () { assert.ok(i >= 0); });
  it('totals with tax', function () { assert.strictEqual((1250 * 1.19).toFixed(2), '1487.51'); });
  after(function () { throw new Error('could not close pool: 3 clients still checked out'); });
});
""")
# jest: snapshots and object matchers
open("f4/test/render.test.js", "w").write("""function render(o) { return { id: o.id, lines: o.lines.map((l) => `${l.qty} x ${l.sku}`), total: o.total, currency: 'EUR' }; }
describe('render', () => {
  test('renders an order', () => {
    expect(render({ id: 'ord-77', lines: [{ qty: 2, sku: 'SKU-1' }], total: 400 })).toMatchInlineSnapshot(`
{
  "currency": "EUR",
  "id": "ord-77",
  "lines": [
    "2 x SKU-1",
  ],
  "total": 400,
}
`);
  });
  test('renders currency from the order', () => {
    expect(render({ id: 'ord-78', lines: [], total: 0, currency: 'GBP' })).toMatchObject({ currency: 'GBP' });
  });
  test('keeps line order', () => {
    const r = render({ id: 'ord-79', lines: [{ qty: 1, sku: 'B' }, { qty: 3, sku: 'A' }], total: 9 });
    expect(r.lines).toEqual(['3 x A', '1 x B']);
  });
  test.each([[100, '1.00'], [250, '2.50'], [999, '9.99'], [1005, '10.50']])('formats %i cents as %s', (c, s) => {
    expect((c / 100).toFixed(2)).toBe(s);
  });
  test('resolves the tax service', async () => {
    await expect(Promise.reject(new Error('ECONNREFUSED 127.0.0.1:7411'))).resolves.toBe(19);
  });
});
""")
# jest: a wide source tree for a big coverage table
mods = ["catalog", "checkout", "accounts", "shipping", "payments", "reviews", "search", "admin"]
for m in mods:
    import os
    os.makedirs(f"f4/wide/{m}", exist_ok=True)
    for i in range(52):
        branches = "\n".join(f"  if (x === {b}) return {b * i};" for b in range(random.randint(1, 6)))
        open(f"f4/wide/{m}/{m}Part{i:02d}.js", "w").write(f"function part(x) {{\n{branches}\n  return -1;\n}}\nmodule.exports = {{ part }};\n")
    tests = "\n".join(f"test('{m} part {i}', () => expect(require('../wide/{m}/{m}Part{i:02d}').part(0)).toBe(0));" for i in range(0, 52, 3))
    open(f"f4/test/wide-{m}.test.js", "w").write(tests + "\n")
open("f4/test/wide-payments-refund.test.js", "w").write("test('refund part 7 of payments', () => expect(require('../wide/payments/paymentsPart07').part(3)).toBe(22));\n")
# node:test: nested subtests, todo, skip, a failure deep down
open("f4/nodetest/ledger.test.js", "w").write("""const test = require('node:test');
const assert = require('node:assert');
test('ledger', async (t) => {
  await t.test('opening balance', () => assert.strictEqual(100 + 20, 120));
  await t.test('postings', async (t) => {
    await t.test('debit', () => assert.ok(true));
    await t.test('credit', () => assert.ok(true));
    await t.test('reversal keeps the audit id', () => assert.deepStrictEqual({ audit: 'AUD-5531', amount: -20 }, { audit: 'AUD-5530', amount: -20 }));
  });
  await t.test('closing', { todo: 'needs the period lock' }, () => {});
  await t.test('fx revaluation', { skip: 'no rates offline' }, () => {});
});
test('statements', async (t) => {
  for (let m = 1; m <= 12; m++) await t.test(`month ${m}`, () => assert.ok(m > 0));
  await t.test('year end', () => { throw new RangeError('period 2024-13 does not exist'); });
});
""")
open("f4/nodetest/report.test.js", "w").write("""const { describe, it } = require('node:test');
const assert = require('node:assert');
const { total } = require('../src/util.js');
describe('report', () => {
  it('sums', () => assert.strictEqual([1, 2, 3].reduce((a, b) => a + b), 6));
  it('exports total', () => assert.strictEqual(typeof total, 'function', 'util.js must export total'));
});
""")
# shellcheck: deploy scripts
open("f4/scripts/deploy.sh", "w").write("""#!/bin/bash
# deploy the shop to the given hosts
HOSTS=$1
ENV=$2
cd /srv/shop
for h in $HOSTS; do
  echo "deploying to $h"
  ssh $h "cd /srv/shop && git pull && npm ci"
  if [ $? != 0 ]; then
    echo failed on $h
  fi
done
files=$(ls *.tar.gz)
for f in $files; do rm $f; done
read name
echo $name > /tmp/last_deploy
[ $ENV == "prod" ] && curl -X POST $WEBHOOK_URL -d "{\\"text\\": \\"deployed $ENV\\"}"
export PATH=$PATH:~/bin
local_var="x"
trap "rm -f $TMPFILE" EXIT
echo "done at `date`"
""")
lines = ["#!/bin/sh", "# nightly maintenance"]
for i in range(40):
    v = f"DIR{i}"
    lines += [f"{v}=/var/backups/job{i}", f"if [ -d ${v} ]; then", f"  cd ${v}", f"  for f in $(find ${v} -name '*.log'); do gzip $f; done",
              f"  echo \"cleaned ${v}\" >> $LOG", "fi"]
    if i % 7 == 3:
        lines += [f"arr{i}=(a b c)", f"echo ${{arr{i}[1]}}"]
    if i % 11 == 5:
        lines += [f"[[ -f /etc/job{i}.conf ]] && source /etc/job{i}.conf"]
lines += ["exit 0", ""]
open("f4/scripts/nightly.sh", "w").write("\n".join(lines))
PY
printf '{ "linter": { "enabled": true, "rules": { "recommended": true } }, "formatter": { "enabled": true, "indentStyle": "space" } }\n' > f4/biome.json

# --- rust: a workspace with borrow errors, doctests and a deep panic
mkdir -p "$ROOT/rs" && cd "$ROOT/rs"
mkdir -p .cargo && printf '[net]\noffline = true\n' > .cargo/config.toml
cargo init -q --lib --name parser parser
cargo init -q --lib --name shipping shipping
cargo init -q --bin --name worker worker
printf '[workspace]\nmembers = ["parser", "shipping", "worker"]\nresolver = "2"\n' > Cargo.toml
python3 - <<'PY'
src = ["use std::collections::HashMap;", "", "pub struct Token { pub kind: String, pub text: String, pub line: usize }", ""]
for i, kind in enumerate(["ident", "number", "string", "comment", "punct", "keyword"]):
    src += [f"pub fn scan_{kind}(input: &str, out: &mut Vec<Token>) -> usize {{",
            "    let mut first = &out[0];",
            "    out.push(Token { kind: String::from(\"" + kind + "\"), text: input.to_string(), line: 1 });",
            "    first = &out[1];",
            "    let n: u32 = input.len();" if i % 2 == 0 else "    let n = input.len();",
            "    let owned = input.to_string();", "    let moved = owned;", "    println!(\"{} {}\", owned, moved);" if i in (1, 4) else "",
            "    out.iter().map(|t| t.lenght()).sum::<usize>() + n as usize" if i == 3 else "    n as usize",
            "}", ""]
src += ["pub fn index(tokens: &[Token]) -> HashMap<&str, usize> {", "    let mut m = HashMap::new();",
        "    for t in tokens { *m.entry(t.kind).or_insert(0) += 1; }", "    m", "}", ""]
src += ["pub fn unused_helper(x: i32) -> i32 { let y = 3; x }", ""]
open("parser/src/lib.rs", "w").write("\n".join(src))
open("shipping/src/lib.rs", "w").write('''//! Shipping rates.

/// Rate in cents for a parcel of `grams` to `zone`.
///
/// ```
/// assert_eq!(shipping::rate(500, "EU"), 690);
/// ```
///
/// ```
/// assert_eq!(shipping::rate(2500, "EU"), 1290);
/// ```
pub fn rate(grams: u32, zone: &str) -> u32 {
    let base = match zone { "EU" => 490, "UK" => 590, "US" => 990, _ => 1990 };
    base + (grams / 500) * 200
}

/// Days in transit.
///
/// ```
/// assert_eq!(shipping::transit_days("US"), Some(6));
/// ```
///
/// ```should_panic
/// shipping::transit_days("XX").unwrap();
/// ```
pub fn transit_days(zone: &str) -> Option<u32> {
    match zone { "EU" => Some(3), "UK" => Some(4), "US" => Some(7), _ => None }
}

/// Splits a parcel over the weight limit.
///
/// ```
/// let parts = shipping::split(31_000, 10_000);
/// assert_eq!(parts, vec![10_000, 10_000, 10_000, 1_000]);
/// ```
///
/// ```
/// let parts = shipping::split(0, 10_000);
/// assert!(parts.is_empty());
/// ```
pub fn split(grams: u32, limit: u32) -> Vec<u32> {
    let mut v = Vec::new();
    let mut left = grams;
    while left > limit { v.push(limit); left -= limit; }
    v.push(left);
    v
}

#[cfg(test)]
mod tests {
    use super::*;
''' + "".join(f'''    #[test]
    fn rate_zone_{z.lower()}_{g}() {{ assert_eq!(rate({g}, "{z}"), {exp}); }}
''' for z, g, exp in [(z, g, ({"EU": 490, "UK": 590, "US": 990}[z] + (g // 500) * 200) + (5 if (z, g) == ("UK", 1500) else 0))
                      for z in ["EU", "UK", "US"] for g in [0, 499, 1500, 4000]]) + '''    #[test]
    fn split_exact_multiple() { assert_eq!(split(20_000, 10_000), vec![10_000, 10_000]); }
    #[test]
    #[ignore]
    fn live_carrier_quote() {}
}
''')
open("worker/src/main.rs", "w").write('''use std::collections::HashMap;

#[derive(Debug)]
struct Job { id: u32, deps: Vec<u32> }

fn depth(jobs: &HashMap<u32, Job>, id: u32, seen: &mut Vec<u32>) -> usize {
    let job = jobs.get(&id).expect("job listed as a dependency must exist");
    seen.push(id);
    1 + job.deps.iter().map(|d| depth(jobs, *d, seen)).max().unwrap_or(0)
}

fn plan(jobs: &HashMap<u32, Job>) -> Vec<(u32, usize)> {
    let mut out = Vec::new();
    for id in 1..=jobs.len() as u32 {
        let mut seen = Vec::new();
        out.push((id, depth(jobs, id, &mut seen)));
        println!("planned job {id}: depth {}", out.last().unwrap().1);
    }
    out
}

fn main() {
    let mut jobs = HashMap::new();
    for id in 1..=9u32 {
        let deps = if id == 7 { vec![6, 12] } else if id > 1 { vec![id - 1] } else { vec![] };
        jobs.insert(id, Job { id, deps });
    }
    println!("loaded {} jobs", jobs.len());
    let p = plan(&jobs);
    println!("{:?}", p);
}
''')
PY

# --- java: an orders project with parameterized and nested tests, a billing module that does not compile
mkdir -p "$ROOT/java" && cd "$ROOT/java"
pom() {
cat <<XML
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>$1</artifactId>
  <version>0.9.0-SNAPSHOT</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.2</version><scope>test</scope></dependency>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter-params</artifactId><version>5.10.2</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
    </plugins>
  </build>
</project>
XML
}
mkdir -p orders/src/main/java/com/acme/orders orders/src/test/java/com/acme/orders billing/src/main/java/com/acme/billing
pom orders > orders/pom.xml
pom billing > billing/pom.xml
cat > orders/src/main/java/com/acme/orders/Pricing.java <<'J'
package com.acme.orders;

import java.math.BigDecimal;
import java.math.RoundingMode;

public final class Pricing {
    private Pricing() {}
    public static BigDecimal withVat(BigDecimal net, String country) {
        BigDecimal rate = switch (country) {
            case "DE" -> new BigDecimal("0.19");
            case "FR" -> new BigDecimal("0.20");
            case "LU" -> new BigDecimal("0.16");
            default -> throw new IllegalArgumentException("no VAT rate for " + country);
        };
        return net.add(net.multiply(rate)).setScale(2, RoundingMode.HALF_UP);
    }
    public static int discountPercent(int quantity) {
        if (quantity >= 100) return 15;
        if (quantity > 50) return 10;
        if (quantity >= 10) return 5;
        return 0;
    }
    public static long chainDepth(long n) { return n <= 0 ? 0 : 1 + chainDepth(n - 1); }
}
J
cat > orders/src/test/java/com/acme/orders/PricingTest.java <<'J'
package com.acme.orders;

import static org.junit.jupiter.api.Assertions.*;

import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.*;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PricingTest {
    @ParameterizedTest(name = "{0} net in {1} is {2} gross")
    @CsvSource({"100.00, DE, 119.00", "100.00, FR, 120.00", "100.00, LU, 117.00", "19.99, DE, 23.79", "0.01, FR, 0.01"})
    void vat(String net, String country, String gross) {
        assertEquals(new BigDecimal(gross), Pricing.withVat(new BigDecimal(net), country));
    }

    @ParameterizedTest
    @ValueSource(strings = {"AT", "IT"})
    void vatForOtherCountries(String country) {
        assertNotNull(Pricing.withVat(BigDecimal.TEN, country));
    }

    @Nested
    class Discounts {
        @Test void none() { assertEquals(0, Pricing.discountPercent(9)); }
        @Test void ten() { assertEquals(5, Pricing.discountPercent(10)); }
        @Test void fifty() { assertEquals(10, Pricing.discountPercent(50), "50 units earn the 10% tier"); }
        @Test void hundred() { assertEquals(15, Pricing.discountPercent(100)); }
        @Test void all() {
            assertAll("tiers",
                () -> assertEquals(5, Pricing.discountPercent(11)),
                () -> assertEquals(10, Pricing.discountPercent(51)),
                () -> assertEquals(20, Pricing.discountPercent(500), "500 units earn the bulk tier"));
        }
    }

    @Test
    @Timeout(1)
    void quoteService() throws Exception {
        Thread.sleep(1500);
    }

    @Test
    @Disabled("carrier sandbox is down")
    void carrierQuote() {}
}
J
for n in Catalog Cart Returns Stock; do
cat > orders/src/test/java/com/acme/orders/${n}Test.java <<J
package com.acme.orders;

import static org.junit.jupiter.api.Assertions.*;
import org.junit.jupiter.api.Test;

class ${n}Test {
    @Test void one() { assertTrue(true); }
    @Test void two() { assertEquals(4, 2 + 2); }
    @Test void three() { assertNotNull("${n}"); }
}
J
done
cat > orders/src/main/java/com/acme/orders/Chain.java <<'J'
package com.acme.orders;

public class Chain {
    public static void main(String[] args) {
        System.out.println("resolving category tree for store 17");
        System.out.println("depth 1000: " + Pricing.chainDepth(1000));
        System.out.println("resolving parent links of category 4412");
        System.out.println("depth: " + Pricing.chainDepth(10_000_000));
    }
}
J
B=billing/src/main/java/com/acme/billing
cat > $B/Invoice.java <<'J'
package com.acme.billing;

import java.util.List;
import java.util.Map;
import java.time.LocalDate;

public class Invoice {
    private final String number;
    private final List<Line> lines;
    private final LocalDate due;

    public Invoice(String number, List<Line> lines, LocalDate due) {
        this.number = number;
        this.lines = lines;
    }

    public long total() {
        return lines.stream().mapToLong(Line::amount).sum();
    }

    public String currency() {
        return lines.get(0).currency;
    }

    public Map<String, Long> byTax() {
        return lines.stream().collect(Collectors.groupingBy(Line::taxCode, Collectors.summingLong(Line::amount)));
    }
}
J
cat > $B/Line.java <<'J'
package com.acme.billing;

public record Line(String sku, int qty, long unitCents, String taxCode) {
    public long amount() { return qty * unitCents; }
    public int amountInt() { return qty * unitCents; }
}
J
cat > $B/Dunning.java <<'J'
package com.acme.billing;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

public class Dunning {
    public List<String> overdue(List<Invoice> invoices, LocalDate today) {
        List<String> out = new ArrayList<>();
        for (Invoice i : invoices) {
            if (i.due().isBefore(today)) out.add(i.number());
        }
        return out;
    }

    public String level(int days) {
        String level;
        if (days > 30) level = "final";
        else if (days > 14) level = "second";
        return level;
    }

    public void send(Invoice invoice) throws MailException {
        Mailer.deliver(invoice);
    }
}
J
cat > $B/Ledger.java <<'J'
package com.acme.billing;

import java.util.HashMap;

public class Ledger implements AutoCloseable {
    private final HashMap balances = new HashMap();

    public void post(String account, long cents) {
        Long old = (Long) balances.get(account);
        balances.put(account, old == null ? cents : old + cents);
    }

    @Override
    public void close() {
        balances.clear();
    }
}
J
# javac -Werror: code that compiles with lint warnings
mkdir -p lint/src/com/acme/lint
cat > lint/src/com/acme/lint/Legacy.java <<'J'
package com.acme.lint;

import java.util.*;

public class Legacy implements java.io.Serializable {
    private List names = new ArrayList();
    @Deprecated public void oldApi() {}
    public void add(String n) { names.add(n); }
    public List<String> copy() { return new ArrayList(names); }
    public int tier(int x) {
        switch (x) {
            case 1: x++;
            case 2: return x;
            default: return 0;
        }
    }
    public Integer boxed() { return new Integer(42); }
    public void finalize() {}
    public void use() { new Legacy().oldApi(); Object o = (Object) "s"; }
}
J
cat > lint/src/com/acme/lint/Caller.java <<'J'
package com.acme.lint;

public class Caller {
    void run() { new Legacy().oldApi(); Thread t = new Thread(); t.stop(); }
}
J

# --- C and C++: link errors, constraint failures, threads, analyzer paths
mkdir -p "$ROOT/native" && cd "$ROOT/native"
mkdir -p router/src router/include tools
cat > router/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.16)
project(router CXX)
set(CMAKE_CXX_STANDARD 20)
add_compile_options(-Wall -Wextra -Wshadow -Wconversion)
add_library(routing src/graph.cpp src/dijkstra.cpp src/cache.cpp src/tables.cpp)
target_include_directories(routing PUBLIC include)
add_executable(route src/main.cpp)
target_link_libraries(route routing)
add_executable(bench src/bench.cpp)
target_link_libraries(bench routing)
CM
cat > router/include/graph.hpp <<'H'
#pragma once
#include <vector>
#include <string>
#include <cstdint>
struct Edge { int to; double w; };
struct Graph {
  std::vector<std::vector<Edge>> adj;
  std::vector<std::string> names;
  int add(const std::string& n);
  void link(int a, int b, double w);
};
std::vector<double> shortest(const Graph& g, int src);
double path_cost(const Graph& g, const std::vector<int>& path);
int lookup_route(const char* from, const char* to);
extern int g_cache_hits;
H
cat > router/src/graph.cpp <<'C'
#include "graph.hpp"
int Graph::add(const std::string& n) { names.push_back(n); adj.emplace_back(); return names.size() - 1; }
void Graph::link(int a, int b, double w) { int size = 3; for (int size = 0; size < 1; size++) {} adj[a].push_back({b, w}); adj[b].push_back({a, w}); }
C
cat > router/src/dijkstra.cpp <<'C'
#include "graph.hpp"
#include <queue>
#include <limits>
std::vector<double> shortest(const Graph& g, int src) {
  std::vector<double> d(g.adj.size(), std::numeric_limits<double>::infinity());
  using P = std::pair<double, int>;
  std::priority_queue<P, std::vector<P>, std::greater<P>> q;
  d[src] = 0; q.push({0, src});
  while (!q.empty()) {
    auto [du, u] = q.top(); q.pop();
    if (du > d[u]) continue;
    for (auto& e : g.adj[u]) if (d[u] + e.w < d[e.to]) { d[e.to] = d[u] + e.w; q.push({d[e.to], e.to}); }
  }
  return d;
}
C
cat > router/src/cache.cpp <<'C'
#include "graph.hpp"
int g_cache_hits = 0;
static int cache_slot(unsigned long h) { int slot = h % 64; return slot; }
int cache_probe(const char* key) { unsigned long h = 0; while (*key) h = h * 31 + *key++; return cache_slot(h); }
C
cat > router/src/tables.cpp <<'C'
#include "graph.hpp"
int g_cache_hits = 0;
float scale(double x) { return x * 0.5; }
C
cat > router/src/main.cpp <<'C'
#include "graph.hpp"
#include <cstdio>
int main() {
  Graph g; int a = g.add("depot"); int b = g.add("hub-north"); g.link(a, b, 4.5);
  auto d = shortest(g, a);
  std::printf("%f %f %d\n", d[b], path_cost(g, {a, b}), lookup_route("depot", "hub-north"));
}
C
cat > router/src/bench.cpp <<'C'
#include "graph.hpp"
#include <cstdio>
int main() { Graph g; g.add("x"); std::printf("%d\n", lookup_route("x", "y")); }
C
# C++20 concepts and ranges used wrongly
cat > tools/units.cpp <<'C'
#include <concepts>
#include <vector>
#include <map>
#include <string>
#include <ranges>
#include <algorithm>
template <typename T>
concept Weighted = requires(T t) { { t.weight() } -> std::convertible_to<double>; };
template <Weighted T>
double total_weight(const std::vector<T>& items) { double s = 0; for (auto& i : items) s += i.weight(); return s; }
struct Parcel { double grams; double weight() const { return grams / 1000; } };
struct Letter { int pages; };
struct Pallet { std::string weight() const { return "800kg"; } };
int main() {
  std::vector<Parcel> ps{{500}, {1200}};
  std::vector<Letter> ls{{2}};
  std::vector<Pallet> pl{{}};
  double a = total_weight(ps);
  double b = total_weight(ls);
  double c = total_weight(pl);
  std::map<std::string, int> stock{{"SKU-1", 3}};
  std::ranges::sort(stock);
  auto v = ps | std::views::transform([](const Parcel& p) { return p.grams; });
  std::sort(v.begin(), v.end());
  return static_cast<int>(a + b + c);
}
C
# threads: a data race for helgrind, a crash in a worker for gdb
cat > tools/counter.c <<'C'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static long processed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long *totals;
static void *worker(void *arg) {
    long id = (long)arg;
    for (int i = 0; i < 1000; i++) {
        processed++;
        if (id % 2) { pthread_mutex_lock(&lock); totals[id] += i; pthread_mutex_unlock(&lock); }
        else totals[id] += i;
    }
    return NULL;
}
int main(void) {
    pthread_t t[4];
    totals = calloc(4, sizeof *totals);
    for (long i = 0; i < 4; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    printf("processed %ld\n", processed);
    pthread_mutex_unlock(&lock);
    return 0;
}
C
gcc -g -O0 -pthread -o tools/counter tools/counter.c
cat > tools/pool.c <<'C'
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
struct task { int id; const char *payload; };
static struct task tasks[6] = {{1, "alpha"}, {2, "beta"}, {3, NULL}, {4, "delta"}, {5, "eps"}, {6, "zeta"}};
static pthread_barrier_t ready;
static size_t measure(const struct task *t) { return strlen(t->payload); }
static void *idle_worker(void *arg) { (void)arg; pthread_barrier_wait(&ready); sleep(5); return NULL; }
static void *busy_worker(void *arg) {
    long n = (long)arg;
    pthread_barrier_wait(&ready);
    size_t sum = 0;
    for (int i = (int)n; i < 6; i += 2) sum += measure(&tasks[i]);
    return (void *)sum;
}
int main(void) {
    pthread_t t[4];
    pthread_barrier_init(&ready, NULL, 5);
    pthread_create(&t[0], NULL, idle_worker, NULL);
    pthread_create(&t[1], NULL, idle_worker, NULL);
    pthread_create(&t[2], NULL, busy_worker, (void *)0);
    pthread_create(&t[3], NULL, busy_worker, (void *)1);
    printf("pool started with 4 workers\n");
    fflush(stdout);
    pthread_barrier_wait(&ready);
    for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
    return 0;
}
C
gcc -g -O0 -pthread -o tools/pool tools/pool.c
# the analyzer: a job queue with a double free, a use after free, a leak on an error path
cat > tools/jobq.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct job { char *name; int prio; struct job *next; };
struct queue { struct job *head; int len; };
static struct job *job_new(const char *name, int prio) {
    struct job *j = malloc(sizeof *j);
    j->name = strdup(name);
    j->prio = prio;
    j->next = NULL;
    return j;
}
static void job_free(struct job *j) { free(j->name); free(j); }
static int enqueue(struct queue *q, const char *name, int prio) {
    struct job *j = job_new(name, prio);
    if (prio < 0) { fprintf(stderr, "bad prio %d\n", prio); return -1; }
    j->next = q->head; q->head = j; q->len++;
    return 0;
}
static struct job *pop(struct queue *q) {
    struct job *j = q->head;
    q->head = j->next; q->len--;
    return j;
}
static void drain(struct queue *q) {
    while (q->head) { struct job *j = pop(q); job_free(j); printf("done %s\n", j->name); }
}
static void cancel(struct queue *q, struct job *j) {
    job_free(j);
    if (q->len > 3) job_free(j);
}
int load(struct queue *q, const char *path) {
    FILE *f = fopen(path, "r");
    char line[128];
    char *copy = malloc(128);
    while (fgets(line, sizeof line, f)) {
        strcpy(copy, line);
        if (line[0] == '#') return -2;
        enqueue(q, copy, atoi(line));
    }
    fclose(f);
    free(copy);
    return 0;
}
int main(int argc, char **argv) {
    struct queue q = {0};
    if (argc > 1) load(&q, argv[1]);
    cancel(&q, pop(&q));
    drain(&q);
    return 0;
}
C
# memcheck on C++: mismatched delete, a read past a vector, an uninitialised branch
cat > tools/inventory.cpp <<'C'
#include <vector>
#include <string>
#include <cstdio>
struct Item { std::string sku; int qty; };
static int reorder_point(const std::vector<Item>& v) {
    int sum = 0;
    for (size_t i = 0; i <= v.size(); i++) sum += v.data()[i].qty;
    return sum / static_cast<int>(v.size());
}
int main() {
    std::vector<Item> stock;
    stock.reserve(8);
    for (int i = 0; i < 5; i++) stock.push_back({"SKU-" + std::to_string(3100 + i), i * 7});
    int *levels = new int[5];
    int threshold;
    if (reorder_point(stock) > threshold) std::puts("reorder");
    delete levels;
    char *label = new char[16];
    std::snprintf(label, 16, "bin-%d", 42);
    std::free(label);
    Item *spare = new Item{"SKU-9999", 1};
    std::printf("stock checked: %zu items\n", stock.size());
    return spare ? 0 : 1;
}
C
g++ -g -O0 -o tools/inventory tools/inventory.cpp 2>/dev/null || g++ -g -O0 -include cstdlib -o tools/inventory tools/inventory.cpp
# strace: a client trying its backends
cat > tools/probe.py <<'PY'
import socket, sys
backends = [("127.0.0.1", 1), ("127.0.0.1", 9), ("127.0.0.1", 7411), ("::1", 5432)]
for host, port in backends:
    fam = socket.AF_INET6 if ":" in host else socket.AF_INET
    s = socket.socket(fam, socket.SOCK_STREAM)
    s.settimeout(0.5)
    try:
        s.connect((host, port))
        print("connected", host, port)
    except OSError as e:
        print("backend", host, port, "down:", e.strerror, file=sys.stderr)
    finally:
        s.close()
sys.exit(3)
PY

# --- python: subtests, a thread pool, an exception group, pyright on a new package
mkdir -p "$ROOT/py/shipping/shipping" "$ROOT/py/shipping/tests" && cd "$ROOT/py/shipping"
cat > shipping/__init__.py <<'PY'
PY
cat > shipping/zones.py <<'PY'
ZONES = {"DE": 1, "FR": 1, "NL": 1, "GB": 2, "CH": 2, "US": 3, "CA": 3, "JP": 4}
def zone(country):
    return ZONES[country]
def price(country, grams):
    z = zone(country)
    return 490 + (z - 1) * 300 + (grams // 500) * 150
def label(country, grams, express=False):
    return f"{country}-{grams}g" + ("-X" if express else "")
PY
python3 - <<'PY'
tests = ["import unittest", "from shipping.zones import zone, price, label", "", "",
         "class ZoneTest(unittest.TestCase):"]
for c, z in [("DE", 1), ("FR", 1), ("GB", 2), ("US", 3), ("JP", 4), ("AT", 1)]:
    tests += [f"    def test_zone_{c.lower()}(self):", f"        self.assertEqual(zone('{c}'), {z})", ""]
tests += ["", "class PriceTest(unittest.TestCase):", "    def test_prices(self):",
          "        cases = [('DE', 0, 490), ('DE', 500, 640), ('GB', 1000, 1090), ('US', 250, 1090), ('JP', 2000, 2000), ('CH', 499, 790), ('CA', 10000, 4090)]",
          "        for country, grams, want in cases:", "            with self.subTest(country=country, grams=grams):",
          "                self.assertEqual(price(country, grams), want)", "",
          "    def test_labels(self):",
          "        for country, grams, express, want in [('DE', 500, False, 'DE-500g'), ('GB', 20, True, 'GB-20g-X'), ('US', 1, True, 'US-1g-express')]:",
          "            with self.subTest(want=want):", "                self.assertEqual(label(country, grams, express), want)", "",
          "    @unittest.skip('carrier API needs credentials')", "    def test_live_quote(self):", "        pass", "",
          "    @unittest.expectedFailure", "    def test_negative_weight(self):", "        self.assertRaises(ValueError, price, 'DE', -1)", "",
          "    def test_rounding(self):", "        self.assertAlmostEqual(price('DE', 750) / 100, 6.41, places=2)", ""]
for i in range(30):
    tests += [f"    def test_table_row_{i:02d}(self):", f"        self.assertGreater(price('DE', {i * 100}), 0)", ""]
open("tests/test_zones.py", "w").write("\n".join(tests) + "\n")
PY
cat > tests/__init__.py <<'PY'
PY
cat > pool_job.py <<'PY'
import concurrent.futures
import json
import logging

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(threadName)s %(message)s")
log = logging.getLogger("labels")

ORDERS = [{"id": f"ORD-{7000 + i}", "country": c, "grams": g} for i, (c, g) in enumerate(
    [("DE", 500), ("FR", 1200), ("GB", 300), ("US", 2200), ("XX", 100), ("JP", 800), ("DE", 90), ("NL", 4000)])]
RATES = {"DE": 490, "FR": 490, "GB": 790, "US": 1090, "JP": 1390, "NL": 490}


def render(order):
    log.info("rendering label for %s", order["id"])
    try:
        rate = RATES[order["country"]]
    except KeyError as e:
        raise ValueError(f"order {order['id']}: no rate for country {order['country']}") from e
    return json.dumps({"id": order["id"], "rate": rate})


def main():
    with concurrent.futures.ThreadPoolExecutor(max_workers=3, thread_name_prefix="label") as ex:
        futures = {ex.submit(render, o): o["id"] for o in ORDERS}
        for f in concurrent.futures.as_completed(futures):
            print("printed", f.result())


if __name__ == "__main__":
    main()
PY
cat > sync_stock.py <<'PY'
import asyncio

WAREHOUSES = ["berlin", "lyon", "leeds", "austin", "osaka"]


async def fetch(name):
    await asyncio.sleep(0.01 * len(name))
    if name == "leeds":
        raise ConnectionResetError(f"warehouse {name}: connection reset by peer after 3 retries")
    if name == "osaka":
        raise TimeoutError(f"warehouse {name}: no answer within 2.0s")
    if name == "austin":
        return {"sku": "SKU-88", "qty": "twelve"}
    print(f"synced {name}")
    return {"sku": "SKU-88", "qty": 12}


async def validate(name):
    row = await fetch(name)
    if not isinstance(row["qty"], int):
        raise TypeError(f"warehouse {name}: qty must be int, got {type(row['qty']).__name__} {row['qty']!r}")
    return row


async def main():
    async with asyncio.TaskGroup() as tg:
        for w in WAREHOUSES:
            tg.create_task(validate(w))


asyncio.run(main())
PY
cat > pyrightconfig.json <<'J'
{ "include": ["shipping", "pool_job.py", "sync_stock.py", "tools"], "typeCheckingMode": "standard", "pythonVersion": "3.11" }
J
mkdir -p tools
python3 - <<'PY'
import random
random.seed(8)
for n in ["carriers", "customs", "manifest", "pickup", "tracking", "returns_label", "rates_cache"]:
    src = ["from typing import Optional, TypedDict", "import datetime", "", "",
           f"class {n.title().replace('_', '')}Row(TypedDict):", "    id: str", "    weight: float", "    note: Optional[str]", "", "",
           f"def parse_{n}(raw: dict[str, str]) -> {n.title().replace('_', '')}Row:",
           "    return {'id': raw['id'], 'weight': raw['weight'], 'note': None}", "", "",
           f"def describe_{n}(row: {n.title().replace('_', '')}Row) -> str:",
           "    return row['note'].upper() + ' ' + row['id']", "", "",
           f"def due_{n}(days: int) -> datetime.date:", "    return datetime.datetime.now() + datetime.timedelta(days=days)", "", "",
           f"def count_{n}(rows: list[{n.title().replace('_', '')}Row]) -> int:", "    return len(rows) + rows[0].get('missing')", ""]
    if n == "customs":
        src += ["", "def tariff(code: str) -> float:", "    import yaml", "    return yaml.safe_load(open('tariffs.yml'))[code]", ""]
    if n == "tracking":
        src += ["", "def poll(ids: list[str]) -> None:", "    for i in ids:", "        status = lookup(i)", "        print(status.code)", ""]
    open(f"tools/{n}.py", "w").write("\n".join(src))
PY
