#!/usr/bin/env bash
# The fresh2 set (issue 24): a second round of tools and shapes no dev, fresh or blind case
# has, made to test whether the excerpt rules generalise: a C library that fails to link
# (make, readelf -s, nm --size-sort), a Perl module under prove, a Python package (pytest
# --durations, doctest -v, a crash after progress lines), a git repository (log -p,
# diff --stat, bisect run, a merge conflict, stash list), and ops files (an access log
# summarised with awk and uniq -c, wc -l, a release tarball, a jar, a certificate, XML
# configs, two release trees, an npm package whose lifecycle script fails, an SQL schema).
set -euo pipefail
ROOT_DIR="$1"
cd "$ROOT_DIR"

# ---------------------------------------------------------------- C: libgeo
mkdir -p cgeo/src cgeo/include cgeo/app
cd cgeo
python3 - <<'PY'
import random
random.seed(21)
mods = ["vec", "mat", "poly", "mesh", "bbox", "quat", "ray", "clip"]
hdr = ["#ifndef GEO_H", "#define GEO_H", "#include <stddef.h>", "typedef struct { double x, y, z; } geo_vec3;"]
for m in mods:
    src = ['#include "geo.h"', "#include <math.h>", "#include <string.h>", ""]
    src.append(f"static double {m}_scratch[{random.choice([64, 256, 1024, 4096])}];")
    src.append(f"const double geo_{m}_eps = 1e-{random.randint(6, 12)};")
    src.append(f"int geo_{m}_calls;")
    for i in range(random.randint(14, 22)):
        name = f"geo_{m}_{random.choice(['add','sub','dot','cross','norm','scale','lerp','proj','area','len','dist','fit','hull','split','merge','test','eval','solve'])}{i}"
        hdr.append(f"double {name}(const geo_vec3 *a, const geo_vec3 *b, double t);")
        body = " + ".join(f"a->{c}*b->{c}*{random.randint(1,9)}" for c in "xyz")
        loops = random.randint(1, 6)
        src.append(f"double {name}(const geo_vec3 *a, const geo_vec3 *b, double t) {{")
        src.append(f"  double acc = 0; geo_{m}_calls++;")
        if random.random() < 0.3:
            src.append(f"  int tmp{i} = {random.randint(1, 99)};")
        for k in range(loops):
            src.append(f"  for (int i{k} = 0; i{k} < {random.randint(2, 40)}; i{k}++) acc += sin(t * i{k}) * ({body}) + {m}_scratch[i{k} % 8];")
        src.append("  return acc;")
        src.append("}")
        src.append("")
    src.append(f"static int {m}_internal_check(void) {{ return geo_{m}_calls > 0; }}")
    src.append(f"int geo_{m}_ready(void) {{ return {m}_internal_check(); }}")
    open(f"src/{m}.c", "w").write("\n".join(src) + "\n")
hdr += ["int geo_mesh_ready(void);", "double geo_mesh_simplify(const geo_vec3 *pts, size_t n, double tol);",
        "int geo_clip_polygon(const geo_vec3 *pts, size_t n, geo_vec3 *out);",
        "double geo_bbox_volume(const geo_vec3 *lo, const geo_vec3 *hi);", "#endif"]
open("include/geo.h", "w").write("\n".join(hdr) + "\n")
PY
cat > app/main.c <<'C'
#include <stdio.h>
#include "geo.h"

int main(void) {
  geo_vec3 pts[4] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  geo_vec3 out[8];
  double s = geo_mesh_simplify(pts, 4, 0.01);
  int n = geo_clip_polygon(pts, 4, out);
  double v = geo_bbox_volume(&pts[0], &pts[2]);
  printf("%f %d %f %d\n", s, n, v, geo_mesh_ready());
  return 0;
}
C
cat > app/report.c <<'C'
#include <stdio.h>
#include "geo.h"

void report(const geo_vec3 *pts, size_t n) {
  printf("simplified: %f\n", geo_mesh_simplify(pts, n, 0.5));
  printf("volume: %f\n", geo_bbox_volume(&pts[0], &pts[n - 1]));
}
C
cat > Makefile <<'MK'
CC = gcc
CFLAGS = -O2 -fPIC -Wall -Iinclude
SRCS = $(wildcard src/*.c)
OBJS = $(patsubst src/%.c,build/%.o,$(SRCS))

all: build/libgeo.so build/geoapp

build/%.o: src/%.c include/geo.h
	@mkdir -p build
	$(CC) $(CFLAGS) -c $< -o $@

build/libgeo.so: $(OBJS)
	$(CC) -shared -o $@ $(OBJS) -lm

build/app_%.o: app/%.c include/geo.h
	@mkdir -p build
	$(CC) $(CFLAGS) -c $< -o $@

build/geoapp: build/app_main.o build/app_report.o build/libgeo.so
	$(CC) -o $@ build/app_main.o build/app_report.o -Lbuild -lgeo -lm
MK
cd ..

# ---------------------------------------------------------------- Perl: Invoice
mkdir -p perl-invoice/lib/Invoice perl-invoice/t
cd perl-invoice
cat > lib/Invoice.pm <<'PL'
package Invoice;
use strict; use warnings;
sub new { my ($c, %a) = @_; return bless { lines => [], currency => $a{currency} // 'EUR', %a }, $c }
sub add_line { my ($s, %l) = @_; push @{ $s->{lines} }, { qty => 1, %l }; return $s }
sub subtotal { my $s = shift; my $t = 0; $t += $_->{qty} * $_->{price} for @{ $s->{lines} }; return $t }
sub tax { my ($s, $rate) = @_; return sprintf('%.2f', $s->subtotal * $rate) }
sub total { my ($s, $rate) = @_; return $s->subtotal + $s->tax($rate // 0.19) }
sub number { my $s = shift; return sprintf('INV-%04d-%05d', $s->{year} // 2026, $s->{seq} // 0) }
sub due_date { my $s = shift; my ($y, $m, $d) = split /-/, $s->{issued}; $d += $s->{terms} // 30; return sprintf('%04d-%02d-%02d', $y, $m, $d) }
1;
PL
cat > lib/Invoice/Discount.pm <<'PL'
package Invoice::Discount;
use strict; use warnings;
sub apply { my ($inv, $pct) = @_; die "discount over 100%\n" if $pct > 100; $_->{price} *= (1 - $pct / 100) for @{ $inv->{lines} }; return $inv }
sub coupon { my ($code) = @_; my %c = (SPRING10 => 10, VIP25 => 25, STAFF50 => 50); return $c{$code} }
1;
PL
python3 - <<'PY'
import random
random.seed(5)
for n, name in enumerate(["basic", "tax", "numbering", "discount", "due_date", "currency"], 1):
    lines = ["use strict;", "use warnings;", "use Test::More;", "use lib 'lib';", "use Invoice;", "use Invoice::Discount;", ""]
    count = 0
    for i in range(random.randint(8, 16)):
        q, p = random.randint(1, 9), random.randint(1, 90)
        lines.append(f"{{ my $i = Invoice->new->add_line(qty => {q}, price => {p}); is($i->subtotal, {q*p}, '{name}: subtotal of {q} x {p}'); }}")
        count += 1
    if name == "tax":
        lines.append("{ my $i = Invoice->new->add_line(qty => 3, price => 0.35); is($i->tax(0.19), '0.20', 'tax: rounds half up on 1.05 x 0.19'); }")
        lines.append("{ my $i = Invoice->new->add_line(qty => 1, price => 100); is($i->total, 119, 'tax: default rate is 19%'); }")
        count += 2
    if name == "numbering":
        lines.append("{ my $i = Invoice->new(year => 2026, seq => 42); is($i->number, 'INV-2026-00042', 'numbering: zero-padded sequence'); }")
        lines.append("{ my $i = Invoice->new(seq => 123456); like($i->number, qr/^INV-2026-\\d{5}$/, 'numbering: sequence overflow keeps five digits'); }")
        count += 2
    if name == "discount":
        lines.append("{ my $i = Invoice->new->add_line(price => 80); Invoice::Discount::apply($i, 25); is($i->subtotal, 60, 'discount: 25% off 80'); }")
        lines.append("{ is(Invoice::Discount::coupon('SPRING10'), 10, 'discount: SPRING10 coupon'); }")
        lines.append("{ is(Invoice::Discount::coupon('spring10'), 10, 'discount: coupon codes are case-insensitive'); }")
        count += 3
    if name == "due_date":
        lines.append("{ my $i = Invoice->new(issued => '2026-01-10', terms => 14); is($i->due_date, '2026-01-24', 'due_date: 14 days terms'); }")
        lines.append("{ my $i = Invoice->new(issued => '2026-01-20', terms => 30); is($i->due_date, '2026-02-19', 'due_date: rolls into next month'); }")
        count += 2
    if name == "currency":
        lines.append("{ my $i = Invoice->new(currency => 'USD'); is($i->{currency}, 'USD', 'currency: explicit'); }")
        lines.append("{ my $i = Invoice->new; is($i->{currency}, 'EUR', 'currency: default EUR'); }")
        count += 2
    lines.append(f"done_testing({count});")
    open(f"t/{n:02d}-{name}.t", "w").write("\n".join(lines) + "\n")
PY
cd ..

# ---------------------------------------------------------------- Python: fulfil
mkdir -p fulfil/fulfil fulfil/tests fulfil/scripts
cd fulfil
touch fulfil/__init__.py
cat > fulfil/money.py <<'PY'
"""Money helpers used by invoices and refunds.

>>> split_even(100, 3)
[34, 33, 33]
>>> split_even(0, 2)
[0, 0]
"""


def split_even(cents, parts):
    """Split cents into parts that differ by at most one cent, larger first.

    >>> split_even(10, 4)
    [3, 3, 2, 2]
    >>> sum(split_even(999, 7))
    999
    """
    base, rest = divmod(cents, parts)
    return [base + (1 if i < rest else 0) for i in range(parts)]


def percent(cents, pct):
    """Percentage of an amount in cents, rounded half to even.

    >>> percent(1000, 15)
    150
    >>> percent(1005, 10)
    101
    >>> percent(25, 50)
    13
    """
    return round(cents * pct / 100)


def fmt(cents, currency="EUR"):
    """Format cents for display.

    >>> fmt(123456)
    '1,234.56 EUR'
    >>> fmt(-5)
    '-0.05 EUR'
    >>> fmt(100, "JPY")
    '100 JPY'
    """
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100:,}.{cents % 100:02d} {currency}"


def parse(text):
    """Parse a displayed amount back to cents.

    >>> parse("1,234.56 EUR")
    (123456, 'EUR')
    >>> parse("0.5 EUR")
    (50, 'EUR')
    >>> parse("12 USD")
    (1200, 'USD')
    """
    amount, currency = text.split()
    whole, _, frac = amount.replace(",", "").partition(".")
    return int(whole) * 100 + int(frac or 0), currency
PY
cat > fulfil/waves.py <<'PY'
import time


def plan_wave(orders, capacity):
    wave, load = [], 0
    for o in sorted(orders, key=lambda o: (o["priority"], o["id"])):
        if load + o["units"] > capacity:
            continue
        wave.append(o["id"])
        load += o["units"]
    return wave


def pick_path(locations):
    time.sleep(0.002 * len(locations))
    return sorted(locations, key=lambda l: (l[0], l[1] if l[0] % 2 == 0 else -l[1]))


def resolve_parent(tree, node, seen=None):
    # Follows parent links to the root carton; a cycle in the data recurses forever.
    parent = tree.get(node)
    if parent is None:
        return node
    return resolve_parent(tree, parent, seen)
PY
python3 - <<'PY'
import random
random.seed(9)
tests = ["import time", "import pytest", "from fulfil.waves import plan_wave, pick_path", "from fulfil.money import split_even, percent", ""]
for i in range(40):
    d = random.choice([0, 0, 0, 0.01, 0.02, 0.05])
    tests.append(f"def test_wave_{i:02d}():")
    if d:
        tests.append(f"    time.sleep({d})")
    tests.append(f"    assert plan_wave([{{'id': {i}, 'priority': 1, 'units': 2}}], 10) == [{i}]")
    tests.append("")
tests += [
    "def test_pick_path_serpentine():",
    "    assert pick_path([(1, 2), (1, 5), (2, 1), (2, 4)]) == [(1, 5), (1, 2), (2, 1), (2, 4)]",
    "",
    "def test_pick_path_large_slow():",
    "    locs = [(a, b) for a in range(12) for b in range(20)]",
    "    assert len(pick_path(locs)) == 240",
    "",
    "def test_wave_respects_capacity():",
    "    orders = [{'id': 1, 'priority': 1, 'units': 6}, {'id': 2, 'priority': 1, 'units': 6}, {'id': 3, 'priority': 2, 'units': 3}]",
    "    assert plan_wave(orders, 10) == [1, 2]",
    "",
    "@pytest.mark.parametrize('cents,parts', [(100, 3), (7, 7), (5, 0), (1, 2)])",
    "def test_split_even_sums(cents, parts):",
    "    assert sum(split_even(cents, parts)) == cents",
    "",
    "def test_percent_rounding():",
    "    time.sleep(0.3)",
    "    assert percent(1005, 10) == 101",
    "",
]
open("tests/test_fulfil.py", "w").write("\n".join(tests))
PY
cat > scripts/rebuild_cartons.py <<'PY'
import random
import sys

sys.path.insert(0, ".")
from fulfil.waves import resolve_parent

random.seed(4)
tree = {f"C{i:05d}": (f"C{i // 4:05d}" if i > 3 else None) for i in range(6000)}
tree["C01503"] = "C01502"
tree["C01502"] = "C01503"
batch = 0
for start in range(5999, 0, -50):
    batch += 1
    roots = {resolve_parent(tree, f"C{n:05d}") for n in range(start, max(start - 50, 0), -1)}
    print(f"batch {batch:03d}: cartons C{max(start - 49, 1):05d}..C{start:05d} resolved, {len(roots)} roots", flush=True)
PY
cd ..

# ---------------------------------------------------------------- git: shop history
mkdir -p shop && cd shop
git init -q -b main
git config user.email dev@example.com; git config user.name "Dana Dev"
export GIT_AUTHOR_DATE="2026-03-02T09:00:00Z" GIT_COMMITTER_DATE="2026-03-02T09:00:00Z"
mkdir -p src/cart src/catalog src/payments src/shipping tests docs
python3 - <<'PY'
import random
random.seed(3)
for d in ["cart", "catalog", "payments", "shipping"]:
    for i in range(12):
        lines = [f"// {d} module part {i}"] + [f"export function {d}Fn{i}_{k}(x: number): number {{ return x * {k + 1}; }}" for k in range(random.randint(10, 40))]
        open(f"src/{d}/part{i:02d}.ts", "w").write("\n".join(lines) + "\n")
open("src/shipping/rates.ts", "w").write("""export const FREE_SHIPPING_OVER = 50;
export function shippingCost(subtotal: number, weightKg: number): number {
  if (subtotal >= FREE_SHIPPING_OVER) return 0;
  return 4.9 + Math.max(0, weightKg - 2) * 1.2;
}
""")
open("src/cart/total.ts", "w").write("""import { shippingCost } from "../shipping/rates";
export interface Line { price: number; qty: number; weightKg: number }
export function cartTotal(lines: Line[]): number {
  const subtotal = lines.reduce((s, l) => s + l.price * l.qty, 0);
  const weight = lines.reduce((s, l) => s + l.weightKg * l.qty, 0);
  return Math.round((subtotal + shippingCost(subtotal, weight)) * 100) / 100;
}
""")
open("docs/CHANGELOG.md", "w").write("# Changelog\n\n## 1.0.0\n- first release\n")
PY
cat > check.sh <<'SH'
#!/bin/sh
# exits 1 when free shipping starts above the promised threshold
grep -q "FREE_SHIPPING_OVER = 50;" src/shipping/rates.ts
SH
chmod +x check.sh
git add -A && git commit -qm "shop 1.0.0" && git tag v1.0.0
i=0
commit() { i=$((i+1)); export GIT_AUTHOR_DATE="2026-03-$(printf %02d $((2 + i / 3)))T1$((i % 10)):00:00Z" GIT_COMMITTER_DATE="2026-03-$(printf %02d $((2 + i / 3)))T1$((i % 10)):00:00Z"; git add -A; git commit -qm "$1"; }
for n in $(seq 1 14); do
  d=$(echo cart catalog payments shipping | cut -d' ' -f$(( (n % 4) + 1 )))
  sed -i "s/return x \* 1;/return x * 1 + $n;/" src/$d/part0$((n % 10)).ts
  echo "export const ${d}Flag$n = $n;" >> src/$d/part1$((n % 2)).ts
  commit "$d: tune part$((n % 10)) ($n)"
  if [ $n = 9 ]; then
    sed -i 's/FREE_SHIPPING_OVER = 50;/FREE_SHIPPING_OVER = 75; \/\/ temporarily raised for the spring campaign/' src/shipping/rates.ts
    commit "shipping: campaign config for spring"
  fi
done
git checkout -qb feature/shipping-zones
cat > src/shipping/rates.ts <<'TS'
export const FREE_SHIPPING_OVER = 75; // temporarily raised for the spring campaign
export type Zone = "domestic" | "eu" | "world";
const ZONE_BASE: Record<Zone, number> = { domestic: 4.9, eu: 9.9, world: 19.9 };
export function shippingCost(subtotal: number, weightKg: number, zone: Zone = "domestic"): number {
  if (zone === "domestic" && subtotal >= FREE_SHIPPING_OVER) return 0;
  return ZONE_BASE[zone] + Math.max(0, weightKg - 2) * (zone === "world" ? 3.5 : 1.2);
}
TS
commit "shipping: zones with their own base rates"
git checkout -q main
cat > src/shipping/rates.ts <<'TS'
export const FREE_SHIPPING_OVER = 75; // temporarily raised for the spring campaign
const PER_KG_OVER_2 = 1.35;
export function shippingCost(subtotal: number, weightKg: number): number {
  if (subtotal >= FREE_SHIPPING_OVER) return 0;
  return 5.4 + Math.max(0, weightKg - 2) * PER_KG_OVER_2;
}
TS
commit "shipping: new carrier prices from April"
echo "- carrier prices from April" >> docs/CHANGELOG.md
commit "docs: changelog for carrier prices"
git checkout -q feature/shipping-zones
echo "- shipping zones" >> docs/CHANGELOG.md
commit "docs: changelog for zones"
git checkout -q main
git checkout -qb feature/catalog-split
for n in $(seq 0 11); do
  sed -i "1s/.*/\/\/ catalog module part $n (split into its own package)/" src/catalog/part$(printf %02d $n).ts
done
git mv src/catalog/part11.ts src/catalog/legacy-import.ts
rm src/catalog/part10.ts
mkdir -p src/catalog/search
for n in $(seq 1 6); do
  python3 -c "print('\n'.join(f'export const facet${n}_{k} = \"{k}\";' for k in range($n * 9)))" > src/catalog/search/facet$n.ts
done
commit "catalog: split search facets out, drop part10"
git checkout -q main
echo "wip: bump free shipping threshold in tests" > tests/wip-notes.txt
git add tests/wip-notes.txt; git stash push -qm "wip: shipping threshold tests"
echo "// try memoising totals" >> src/cart/total.ts; git stash push -qm "memoise cart totals experiment"
git checkout -q feature/catalog-split; echo "// TODO facet ordering" >> src/catalog/search/facet1.ts; git stash push -qm "facet ordering"
git checkout -q main
cd ..

# ---------------------------------------------------------------- ops files
mkdir -p ops && cd ops
python3 - <<'PY'
import random, datetime
random.seed(12)
paths = ["/api/cart", "/api/cart/items", "/api/catalog/search", "/api/catalog/item", "/api/checkout", "/api/payments/confirm", "/static/app.js", "/static/app.css", "/healthz", "/api/orders", "/api/account"]
weights = [20, 14, 18, 22, 5, 3, 10, 10, 30, 6, 4]
ips = [f"10.0.{random.randint(0, 9)}.{random.randint(2, 250)}" for _ in range(40)]
t = datetime.datetime(2026, 3, 14, 6, 0, 0)
out = []
for n in range(9000):
    t += datetime.timedelta(seconds=random.random() * 4)
    p = random.choices(paths, weights)[0]
    st = random.choices([200, 304, 404, 499], [90, 6, 3, 1])[0]
    lat = random.lognormvariate(3.2, 0.5)
    if p == "/api/payments/confirm" and 8 <= t.hour < 9:
        st = random.choice([200, 200, 502, 504])
        lat *= 20
    ip = random.choice(ips)
    if n in (4021, 4022, 4023):
        ip, p, st = "203.0.113.77", "/api/account/../../etc/passwd", 400
    out.append(f'{ip} - - [{t:%d/%b/%Y:%H:%M:%S} +0000] "GET {p} HTTP/1.1" {st} {random.randint(200, 40000)} "-" "Mozilla/5.0" rt={lat/1000:.3f}')
open("access.log", "w").write("\n".join(out) + "\n")
PY
# a release tree, its tarball and the previous release
mkdir -p release-1.5/shop/{bin,lib,conf,share/locale,migrations}
for n in $(seq 1 40); do printf '%s\n' "-- migration $n" "ALTER TABLE t$n ADD COLUMN c$n int;" > release-1.5/shop/migrations/$(printf %04d $n)_step.sql; done
for l in de en fr es it nl pl pt sv da fi cs; do head -c $((3000 + RANDOM % 5000)) /dev/zero | tr '\0' 'x' > release-1.5/shop/share/locale/$l.po; done
for m in cart catalog payments shipping auth search mail jobs; do head -c $((20000 + RANDOM % 90000)) /dev/urandom > release-1.5/shop/lib/$m.so; done
printf '#!/bin/sh\nexec ./lib/server "$@"\n' > release-1.5/shop/bin/shop; chmod 755 release-1.5/shop/bin/shop
printf 'port = 8080\nworkers = 8\n' > release-1.5/shop/conf/shop.toml
printf 'DATABASE_URL=postgres://shop:Sup3rS3cret@db.internal:5432/shop\nSTRIPE_SECRET_KEY=sk_live_51HxAbCdEf\n' > release-1.5/shop/conf/.env.production
chmod 666 release-1.5/shop/conf/shop.toml
head -c 48000000 /dev/zero > release-1.5/shop/share/core.12345
cp -r release-1.5 release-1.4
rm release-1.4/shop/migrations/004*.sql release-1.4/shop/conf/.env.production release-1.4/shop/share/core.12345
echo "ALTER TABLE t12 DROP COLUMN c12;" >> release-1.5/shop/migrations/0012_step.sql
printf 'port = 8080\nworkers = 16\n' > release-1.5/shop/conf/shop.toml
head -c 1000 /dev/urandom >> release-1.5/shop/lib/payments.so
rm release-1.5/shop/share/locale/fi.po
echo "x" >> release-1.5/shop/share/locale/de.po
touch -d "2026-03-14 12:00" -h $(find release-1.5 release-1.4)
tar --owner=build --group=build --mtime="2026-03-14 12:00" -czf shop-1.5.tar.gz -C release-1.5 shop
# a jar
mkdir -p jar/com/example/shop/{cart,catalog,payments,shipping,internal} jar/META-INF/maven/com.example/shop jar/BOOT-INF/lib
for p in cart catalog payments shipping internal; do for n in $(seq 1 14); do head -c $((400 + RANDOM % 4000)) /dev/urandom > jar/com/example/shop/$p/Class$n.class; done; done
printf 'Manifest-Version: 1.0\nMain-Class: com.example.shop.Main\n' > jar/META-INF/MANIFEST.MF
for l in jackson-databind-2.15.2 jackson-core-2.15.2 slf4j-api-2.0.9 logback-classic-1.4.11 log4j-core-2.14.1 postgresql-42.6.0 HikariCP-5.0.1 commons-text-1.9 snakeyaml-1.33 guava-32.1.2-jre netty-handler-4.1.100.Final; do head -c $((30000 + RANDOM % 200000)) /dev/urandom > jar/BOOT-INF/lib/$l.jar; done
(cd jar && TZ=UTC find . -exec touch -d "2026-03-14 12:00" {} + && zip -qrX ../shop-service.jar META-INF com BOOT-INF)
rm -rf jar
# a certificate
openssl req -x509 -newkey rsa:2048 -nodes -keyout shop.key -out shop.crt -days 12 \
  -subj "/C=DE/O=Example Shop GmbH/OU=Platform/CN=api.shop.example" \
  -addext "subjectAltName=DNS:api.shop.example,DNS:www.shop.example,DNS:admin.shop.example,IP:10.0.4.12" \
  -addext "extendedKeyUsage=serverAuth" 2>/dev/null
rm shop.key
# XML configs, some broken
mkdir -p config
python3 - <<'PY'
import random
random.seed(2)
def svc(n, broken=None):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f'<service name="svc{n}">']
    for k in range(random.randint(20, 45)):
        lines.append(f'  <endpoint id="e{k}" path="/v1/r{k}" timeout="{random.choice([500, 1000, 2000])}"/>')
    lines.append('  <pool min="2" max="20"/>')
    lines.append('</service>')
    if broken == "tag":
        lines.insert(12, '  <retry count="3">')
    if broken == "amp":
        lines.insert(20, '  <description>cart & checkout</description>')
    if broken == "attr":
        lines.insert(7, '  <endpoint id="e99" path="/v1/x" timeout=1000/>')
    return "\n".join(lines) + "\n"
names = ["cart", "catalog", "checkout", "payments", "shipping", "search", "mail", "auth", "jobs", "admin"]
for i, n in enumerate(names):
    open(f"config/{n}.xml", "w").write(svc(i, {"checkout": "tag", "mail": "amp", "jobs": "attr"}.get(n)))
PY
# an npm package whose release script fails in a lifecycle step
mkdir -p widget && cd widget
cat > package.json <<'JSON'
{
  "name": "@shop/widget",
  "version": "2.3.0",
  "private": true,
  "scripts": {
    "prerelease": "node scripts/clean.js && node scripts/lint.js",
    "release": "node scripts/build.js",
    "postrelease": "echo published"
  }
}
JSON
mkdir -p scripts
cat > scripts/clean.js <<'JS'
console.log("> removing dist/");
console.log("> removed 214 files");
JS
cat > scripts/lint.js <<'JS'
const files = 64;
for (let i = 1; i <= files; i++) console.log(`lint ok src/components/widget-${String(i).padStart(2, "0")}.tsx`);
console.log(`${files} files linted, 0 problems`);
JS
cat > scripts/build.js <<'JS'
const steps = ["tokens", "icons", "components", "themes", "locales"];
for (const s of steps) {
  for (let i = 1; i <= 12; i++) console.log(`[build] ${s}: bundled chunk ${i}/12`);
  if (s === "themes") {
    console.error("[build] themes: error: unknown colour token 'brand.accent.600' in src/themes/dark.json:41");
    const e = new Error("theme compilation failed: 1 unresolved token");
    e.code = "ETHEME";
    throw e;
  }
}
JS
cd ..
# an SQL schema
python3 - <<'PY'
import random
random.seed(6)
out = ["-- shop schema, generated by pg_dump --schema-only and tidied", "SET statement_timeout = 0;", ""]
tables = ["customers", "addresses", "orders", "order_lines", "payments", "refunds", "shipments", "parcels", "products", "variants", "prices", "stock", "warehouses", "coupons", "coupon_uses", "carts", "cart_items", "invoices", "tax_rates", "audit_log", "webhooks", "webhook_deliveries", "sessions", "api_keys"]
for t in tables:
    out.append(f"CREATE TABLE public.{t} (")
    cols = ["    id bigint NOT NULL"]
    for k in range(random.randint(5, 14)):
        cols.append(f"    {random.choice(['name','code','status','kind','note','ref','label'])}_{k} {random.choice(['text','integer','numeric(12,2)','timestamp with time zone','boolean','jsonb'])}{random.choice(['', ' NOT NULL', ' DEFAULT now()' if False else ''])}")
    if t == "payments":
        cols.append("    amount_cents integer NOT NULL")
        cols.append("    order_id bigint")
    if t == "refunds":
        cols.append("    payment_id bigint NOT NULL")
        cols.append("    amount numeric(12,2) NOT NULL")
    cols.append("    created_at timestamp with time zone DEFAULT now() NOT NULL")
    out.append(",\n".join(cols))
    out.append(");")
    out.append("")
for t in tables:
    out.append(f"ALTER TABLE ONLY public.{t}\n    ADD CONSTRAINT {t}_pkey PRIMARY KEY (id);")
out.append("")
for t in tables:
    if random.random() < 0.6:
        out.append(f"CREATE INDEX {t}_created_at_idx ON public.{t} USING btree (created_at);")
out.append("")
out.append("ALTER TABLE ONLY public.order_lines\n    ADD CONSTRAINT order_lines_order_id_fkey FOREIGN KEY (id) REFERENCES public.orders(id) ON DELETE CASCADE;")
out.append("ALTER TABLE ONLY public.refunds\n    ADD CONSTRAINT refunds_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES public.payments(id);")
out.append("-- payments.order_id has no foreign key: payments outlive deleted orders (see ADR-014)")
out.append("CREATE UNIQUE INDEX coupon_uses_once ON public.coupon_uses USING btree (id) WHERE (note_1 IS NULL);")
out.append("CREATE TRIGGER audit_orders AFTER UPDATE ON public.orders FOR EACH ROW EXECUTE FUNCTION public.audit_row();")
open("schema.sql", "w").write("\n".join(out) + "\n")
PY
cd ..
echo fresh2 ready
