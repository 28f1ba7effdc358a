#!/usr/bin/env bash
# The fresh set (issue 24): small projects for tools and shapes no earlier case has, made
# after the blind part showed the rules overfit: a Python inventory service (pytest -rA
# --tb=long, cProfile, pip), a Rust crate full of warnings (cargo check), a git repository
# with branches, merges and a reset (log --graph --all, reflog, show --stat), a TypeScript
# package (tsc --explainFiles, node --trace-warnings, esbuild --analyze, npm pack), and
# data files (sqlite3 -markdown, diff -u, patch with a failed hunk, .env.example).
set -euo pipefail
ROOT_DIR="$1"
CAIRN="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../../.." && pwd)"
cd "$ROOT_DIR"

# ---------------------------------------------------------------- python
mkdir -p inventory/inventory inventory/tests inventory/scripts
cd inventory
cat > inventory/__init__.py <<'PY'
PY
cat > inventory/stock.py <<'PY'
import warnings
from decimal import Decimal


def legacy_round(x):
    warnings.warn("legacy_round() is deprecated; use quantize_money()", DeprecationWarning, stacklevel=2)
    return round(x, 2)


def quantize_money(x):
    return Decimal(str(x)).quantize(Decimal("0.01"))


class Bin:
    def __init__(self, code, capacity):
        self.code = code
        self.capacity = capacity
        self.items = {}

    def put(self, sku, qty):
        used = sum(self.items.values())
        if used + qty > self.capacity:
            raise OverflowError(f"bin {self.code} over capacity: {used}+{qty}>{self.capacity}")
        self.items[sku] = self.items.get(sku, 0) + qty

    def take(self, sku, qty):
        have = self.items.get(sku, 0)
        if qty > have:
            raise KeyError(f"{sku}: want {qty}, have {have}")
        self.items[sku] = have - qty
        return qty


def reorder_point(daily, lead_days, safety):
    return daily * lead_days + safety


def allocate(order_qty, bins):
    """Take order_qty from bins in order, fullest first."""
    out = []
    left = order_qty
    for b in sorted(bins, key=lambda b: -sum(b.items.values())):
        q = min(left, sum(b.items.values()))
        if q:
            out.append((b.code, q))
            left -= q
        if left == 0:
            break
    return out
PY
cat > inventory/pricing.py <<'PY'
from .stock import legacy_round


def unit_price(list_price, discount_pct):
    return legacy_round(list_price * (1 - discount_pct / 100))


def tiered(qty, tiers):
    price = tiers[0][1]
    for min_qty, p in tiers:
        if qty > min_qty:
            price = p
    return price
PY
cat > tests/conftest.py <<'PY'
import json
import pytest
from inventory.stock import Bin


@pytest.fixture
def bins():
    a, b = Bin("A-01", 100), Bin("B-07", 50)
    a.put("SKU-1", 40)
    b.put("SKU-1", 45)
    return [a, b]


@pytest.fixture
def warehouse_config(tmp_path):
    with open("tests/data/warehouse.json") as f:
        return json.load(f)
PY
cat > tests/test_pricing.py <<'PY'
import pytest
from inventory.pricing import unit_price, tiered

TIERS = [(0, 10.0), (10, 9.5), (50, 9.0), (100, 8.25)]


@pytest.mark.parametrize("price,disc", [(p / 4, d) for p in range(40, 100, 3) for d in (0, 5, 10)])
def test_unit_price_not_above_list(price, disc):
    assert unit_price(price, disc) <= price


@pytest.mark.parametrize("qty,expected", [(1, 10.0), (9, 10.0), (11, 9.5), (49, 9.5), (51, 9.0), (101, 8.25)])
def test_tiered_between_breaks(qty, expected):
    assert tiered(qty, TIERS) == expected


def test_tiered_at_exact_break():
    # 50 units is the 9.0 tier on the price sheet
    assert tiered(50, TIERS) == 9.0
PY
cat > tests/test_stock.py <<'PY'
import pytest
from inventory.stock import Bin, allocate, reorder_point, quantize_money


@pytest.mark.parametrize("daily,lead,safety", [(d, l, s) for d in (3, 7, 12) for l in (2, 5, 9) for s in (0, 10)])
def test_reorder_point_positive(daily, lead, safety):
    assert reorder_point(daily, lead, safety) >= safety


@pytest.mark.parametrize("qty", range(1, 30))
def test_put_then_take(qty):
    b = Bin("Z-99", 100)
    b.put("SKU-9", qty)
    assert b.take("SKU-9", qty) == qty


def test_allocate_prefers_fullest(bins):
    assert allocate(60, bins) == [("B-07", 45), ("A-01", 15)]


def test_allocate_splits_evenly_when_tied():
    a, b = Bin("C-02", 100), Bin("C-03", 100)
    a.put("SKU-4", 30)
    b.put("SKU-4", 30)
    assert allocate(40, [a, b]) == [("C-02", 20), ("C-03", 20)]


def test_quantize_money():
    assert str(quantize_money(2.675)) == "2.68"


def test_overflow_message():
    b = Bin("D-04", 10)
    with pytest.raises(OverflowError, match="over capacity"):
        b.put("SKU-2", 11)


def test_capacity_from_config(warehouse_config):
    assert warehouse_config["bins"]["A-01"]["capacity"] == 100
PY
cat > pytest.ini <<'INI'
[pytest]
testpaths = tests
INI
cat > scripts/nightly_rebalance.py <<'PY'
"""Nightly rebalance: the batch that got slow."""
import json
import random
import re
from inventory.stock import Bin

SKU_RE = r"^\s*(sku|SKU)[-_ ]?(\d+)\s*$"


def _normalize_sku(raw):
    m = re.match(SKU_RE, raw)
    return f"SKU-{int(m.group(2))}" if m else raw.strip().upper()


def load_moves(n):
    random.seed(5)
    return [{"sku": random.choice(["sku 12", "SKU_7", " sku-3 ", "SKU-44"]), "qty": random.randint(1, 5)} for _ in range(n)]


def find_bin(bins, sku):
    for b in bins:
        if _normalize_sku(sku) in {_normalize_sku(k) for k in b.items}:
            return b
    return bins[0]


def main():
    bins = [Bin(f"R-{i:02d}", 10**9) for i in range(40)]
    for i, b in enumerate(bins):
        b.put(f"SKU-{i}", 1)
    moves = load_moves(6000)
    for m in moves:
        find_bin(bins, m["sku"]).put(_normalize_sku(m["sku"]), m["qty"])
    print(json.dumps({"moves": len(moves), "bins": len(bins)}))


if __name__ == "__main__":
    main()
PY
cd ..

# ---------------------------------------------------------------- rust
mkdir -p ledger-rs/src && cd ledger-rs
cat > Cargo.toml <<'TOML'
[package]
name = "ledger"
version = "0.3.1"
edition = "2021"

[dependencies]
TOML
python3 - <<'PY'
mods = ["accounts", "journal", "fx", "export", "audit", "period"]
with open("src/lib.rs", "w") as f:
    f.write("#![allow(clippy::all)]\nuse std::collections::HashMap;\nuse std::fmt::Write as _;\nuse std::io::Write;\n\n")
    for m in mods:
        f.write(f"pub mod {m};\n")
    f.write("\npub fn version() -> &'static str { \"0.3.1\" }\n")
for i, m in enumerate(mods):
    with open(f"src/{m}.rs", "w") as f:
        f.write("use std::collections::{BTreeMap, HashSet};\nuse std::fs;\n\n")
        for j in range(4):
            f.write(f"pub fn {m}_step_{j}(amount: i64, rate: f64) -> i64 {{\n    let scaled = amount * 100;\n    let unused_rate_{j} = rate * 2.0;\n    amount + 1\n}}\n\n")
        f.write(f"fn {m}_helper(x: i64) -> i64 {{ x * 2 }}\n\n")
        if m == "journal":
            f.write("""pub fn post(entries: &mut Vec<(String, i64)>, path: &str) {
    entries.push((String::from("opening"), 0));
    fs::write(path, format!("{:?}", entries));
}

pub fn balance(kind: u8) -> &'static str {
    match kind {
        0 => "debit",
        1 => "credit",
        0 => "contra",
        _ => "unknown",
    }
}
""")
        if m == "period":
            f.write("""pub fn close(open: bool) -> bool {
    let mut Closed = !open;
    return Closed;
    println!("closed");
}
""")
PY
cd ..

# ---------------------------------------------------------------- git
mkdir -p shop-repo && cd shop-repo
git init -q -b main
git config user.name "Dana Ortiz"; git config user.email dana@example.com
export GIT_AUTHOR_DATE="2024-10-01T09:00:00Z" GIT_COMMITTER_DATE="2024-10-01T09:00:00Z"
n=0
commit() { n=$((n+1)); mkdir -p "$(dirname "${2:-CHANGES}")"; export GIT_AUTHOR_DATE="2024-10-$(printf %02d $((1 + n / 8)))T$(printf %02d $((8 + n % 10))):$(printf %02d $((n * 7 % 60))):00Z"; export GIT_COMMITTER_DATE="$GIT_AUTHOR_DATE"; echo "$1 $n" >> "${2:-CHANGES}"; git add -A; git commit -q -m "$1"; }
mkdir -p src/cart src/checkout src/catalog docs
for i in $(seq 1 24); do commit "catalog: import batch $i of product feed" src/catalog/feed.txt; done
git tag v1.4.0
for b in cart-coupons checkout-3ds catalog-search payment-retries; do
  git checkout -q -b "feature/$b" main
  for i in $(seq 1 14); do commit "$b: step $i" "src/${b%%-*}/$b.txt"; done
  git checkout -q main
  commit "main: hotfix while $b was open" docs/HOTFIXES
done
git merge -q --no-ff -m "Merge branch 'feature/cart-coupons'" feature/cart-coupons
git merge -q --no-ff -m "Merge branch 'feature/catalog-search'" feature/catalog-search
git tag v1.5.0
commit "checkout: drop legacy PayFlow gateway" src/checkout/gateways.txt
git checkout -q feature/checkout-3ds
git merge -q --no-ff -m "Merge branch 'main' into feature/checkout-3ds" main || true
commit "checkout-3ds: handle challenge timeout" src/checkout/3ds.txt
git checkout -q main
git merge -q --no-ff -m "Merge branch 'feature/checkout-3ds'" feature/checkout-3ds
git tag v1.6.0-rc.1
for i in $(seq 1 22); do commit "chore: bump dependency batch $i" package.txt; done
git checkout -q -b release/1.6 main
commit "release: set version 1.6.0" VERSION
git tag v1.6.0
git checkout -q main
# the reflog story: work on payment-retries, a hard reset that loses two commits, a rebase
git checkout -q feature/payment-retries
commit "payment-retries: add retry budget to PaymentClient" src/payment/client.txt
commit "payment-retries: exponential backoff with jitter" src/payment/client.txt
git reset -q --hard HEAD~2
git rebase -q main
commit "payment-retries: log attempts" src/payment/log.txt
git checkout -q main
# a big reformatting commit for show --stat
python3 - <<'PY'
import os
for d in ("src/cart", "src/checkout", "src/catalog"):
    for i in range(40):
        p = f"{d}/mod_{i:02d}.ts"
        with open(p, "w") as f:
            f.write("".join(f"export const v{j} = {j};\n" for j in range(i % 7 + 2)))
with open("src/checkout/tax.ts", "w") as f:
    f.write("".join(f"export const rate_{j} = {j / 100};\n" for j in range(380)))
os.remove("docs/HOTFIXES")
PY
commit "refactor: split checkout and catalog into modules; move tax table to code" src/checkout/NOTES
cd ..

# a clone with many local branches tracking the origin, some gone upstream, some ahead or behind
git clone -q --bare shop-repo shop-origin.git
git clone -q shop-origin.git shop-clone
(
  cd shop-clone
  git config user.name "Dana Ortiz"; git config user.email dana@example.com
  export GIT_AUTHOR_DATE="2024-10-20T09:00:00Z" GIT_COMMITTER_DATE="2024-10-20T09:00:00Z"
  for b in $(seq -w 1 36); do
    git -C ../shop-origin.git branch -q "topic/ticket-$b" main
  done
  git fetch -q origin
  for b in $(seq -w 1 36); do git branch -q --track "topic/ticket-$b" "origin/topic/ticket-$b"; done
  for b in 07 19 31; do git -C ../shop-origin.git branch -q -D "topic/ticket-$b"; done
  git checkout -q topic/ticket-12
  for i in 1 2 3; do echo "wip $i" >> WIP; git add WIP; git commit -q -m "ticket-12: wip $i"; done
  git checkout -q main
  git clone -q ../shop-origin.git ../shop-upstream-work
  git -C ../shop-upstream-work config user.name "Lee Park"; git -C ../shop-upstream-work config user.email lee@example.com
  git -C ../shop-upstream-work checkout -q topic/ticket-25
  for i in 1 2 3 4 5; do echo "upstream $i" >> ../shop-upstream-work/UP; git -C ../shop-upstream-work add UP; git -C ../shop-upstream-work commit -q -m "ticket-25: upstream $i"; done
  git -C ../shop-upstream-work push -q origin topic/ticket-25
  git fetch -q --prune origin
)

# ---------------------------------------------------------------- typescript
mkdir -p ts-pkg/src ts-pkg/tests/fixtures ts-pkg/scripts ts-pkg/node_modules && cd ts-pkg
for p in typescript @typescript @types esbuild @esbuild yaml valibot; do cp -rL "$CAIRN/node_modules/$p" node_modules/; done
mkdir -p node_modules/.bin && ln -s ../typescript/bin/tsc node_modules/.bin/tsc && ln -s ../esbuild/bin/esbuild node_modules/.bin/esbuild
cat > package.json <<'JSON'
{
  "name": "@acme/orders-sdk",
  "version": "2.3.0",
  "type": "module",
  "main": "dist/index.js",
  "scripts": { "build": "tsc -p ." },
  "dependencies": { "yaml": "^2.9.1", "valibot": "^1.5.0" }
}
JSON
cat > tsconfig.json <<'JSON'
{
  "compilerOptions": { "target": "es2022", "module": "nodenext", "strict": true, "outDir": "dist", "types": ["node"] },
  "include": ["**/*"]
}
JSON
cat > src/index.ts <<'TS'
export { parseOrder } from "./parse.js";
export { loadConfig } from "./config.js";
TS
cat > src/parse.ts <<'TS'
import * as v from "valibot";
const Order = v.object({ id: v.string(), total: v.number(), lines: v.array(v.object({ sku: v.string(), qty: v.number() })) });
export function parseOrder(x: unknown) { return v.parse(Order, x); }
TS
cat > src/config.ts <<'TS'
import { parse } from "yaml";
import { readFileSync } from "node:fs";
export function loadConfig(path: string) { return parse(readFileSync(path, "utf8")) as Record<string, unknown>; }
TS
cat > tests/fixtures/legacy-order.ts <<'TS'
// copied from the v1 SDK for a snapshot test
export const legacyOrder: { id: string; total: number } = { id: 42, total: "19.99" };
TS
cat > scripts/seed.ts <<'TS'
import { parseOrder } from "../src/index.js";
console.log(parseOrder({ id: "o1", total: 1, lines: [] }));
TS
cat > .env <<'ENV'
ORDERS_API_TOKEN=dev-token-not-real
ENV
mkdir -p coverage/lcov-report/src
for m in $(seq -w 1 60); do echo "<html>coverage $m</html>" > "coverage/lcov-report/src/module$m.ts.html"; done
echo "TN:" > coverage/lcov.info
for m in $(seq -w 1 40); do echo "export const m$m = $m;" > "src/module$m.ts"; done
cat > src/bundle-entry.ts <<'TS'
import { parse, stringify } from "yaml";
import * as v from "valibot";
export const roundTrip = (s: string) => stringify(parse(s));
export const Id = v.pipe(v.string(), v.uuid());
TS
mkdir -p ../web-widgets/src && ln -s ../ts-pkg/node_modules ../web-widgets/node_modules
for i in $(seq -w 1 30); do
  cat > "../web-widgets/src/widget$i.js" <<JS
export const widget$i = {
  id: "w$i",
  label: "Widget $i",
  size: 10,
  label: "Widget $i (new)",
};
JS
done
{
  for i in $(seq -w 1 30); do echo "import { widget$i } from \"./widget$i.js\";"; done
  echo 'import { money } from "./format/money.js";'
  echo "export const all = [$(seq -s, -f 'widget%02g' 1 30)];"
  echo 'export const fmt = money;'
} > ../web-widgets/src/app.js
cat > scripts/warn.mjs <<'JS'
import { EventEmitter } from "node:events";
const bus = new EventEmitter();
for (let i = 0; i < 12; i++) bus.on("order", () => {});
const legacy = new Buffer(8);
async function syncOrders() {
  await new Promise((r) => setTimeout(r, 10));
  throw new Error("orders sync failed: upstream returned 503 for /v2/orders?page=7");
}
console.log("sync: page 1..6 ok");
syncOrders();
JS
cd ..

# ---------------------------------------------------------------- data
mkdir -p data && cd data
python3 - <<'PY'
import random, sqlite3
random.seed(31)
db = sqlite3.connect("shop.db")
db.execute("create table orders (id integer primary key, customer text, country text, status text, total_cents integer, created_at text)")
rare = {57: "chargeback", 212: "chargeback", 318: "fraud_review"}
for i in range(1, 361):
    st = rare.get(i) or random.choice(["paid"] * 8 + ["shipped"] * 6 + ["refunded"])
    total = random.randint(900, 25000)
    if i == 144: total = 9_870_000
    db.execute("insert into orders values (?,?,?,?,?,?)", (i, f"cust-{random.randint(1000, 9999)}", random.choice(["DE", "FR", "NL", "PL", "SE"]), st, total, f"2024-11-{1 + i % 28:02d}T{i % 24:02d}:{i * 7 % 60:02d}:00Z"))
db.commit()

# two versions of a service config for diff -u
lines = []
for s in range(40):
    lines += [f"[service.worker-{s:02d}]", f"enabled = true", f"replicas = {2 + s % 3}", f"queue = \"jobs-{s % 5}\"", f"timeout_ms = {3000 + 100 * (s % 4)}", f"max_retries = 3", ""]
open("service.old.toml", "w").write("\n".join(lines))
new = list(lines)
new[new.index("[service.worker-07]") + 2] = "replicas = 0"
new[new.index("[service.worker-19]") + 4] = "timeout_ms = 300"
i = new.index("[service.worker-25]"); new[i + 1] = "enabled = false"
new.insert(new.index("[service.worker-28]") + 6, "circuit_breaker = \"off\"")
new[new.index("[service.worker-03]") + 3] = "queue = \"jobs-legacy\""
new[new.index("[service.worker-12]") + 5] = "max_retries = 30"
j = new.index("[service.worker-15]"); del new[j:j + 7]
open("service.new.toml", "w").write("\n".join(new))

# a source tree and a patch whose third file has moved on
import os
os.makedirs("app/src", exist_ok=True)
for name in ("cart", "checkout", "tax", "shipping", "coupons"):
    open(f"app/src/{name}.py", "w").write("".join(f"def {name}_{j}(x):\n    return x + {j}\n\n" for j in range(30)))
PY
cp -r app app.orig
cd app
python3 - <<'PY'
for name in ("cart", "checkout", "tax", "shipping", "coupons"):
    p = f"src/{name}.py"
    s = open(p).read()
    s = s.replace("return x + 3\n", "return x + 3  # fixed rounding\n").replace("return x + 21\n", "return x + 21  # clamp\n")
    open(p, "w").write(s)
PY
cd .. && diff -ru app.orig app > fix-rounding.patch || true
rm -rf app && mv app.orig app
# tax.py has moved on since the patch was made
sed -i 's/    return x + 21$/    return max(0, x + 21)/' app/src/tax.py

cat > .env.example <<'ENV'
# Orders service configuration. Copy to .env and fill in.
# Lines marked REQUIRED have no default and the service refuses to start without them.

## Server
PORT=8080
HOST=0.0.0.0
LOG_LEVEL=info            # debug | info | warn | error
LOG_FORMAT=json
REQUEST_TIMEOUT_MS=15000
SHUTDOWN_GRACE_MS=10000

## Database
DATABASE_URL=             # REQUIRED postgres://user:pass@host:5432/orders
DATABASE_POOL_MIN=2
DATABASE_POOL_MAX=20
DATABASE_STATEMENT_TIMEOUT_MS=5000
DATABASE_SSL=prefer       # disable | prefer | require

## Redis (sessions, rate limits)
REDIS_URL=redis://localhost:6379/0
RATE_LIMIT_PER_MINUTE=600
RATE_LIMIT_BURST=50

## Payments
STRIPE_SECRET_KEY=        # REQUIRED sk_test_... in development
STRIPE_WEBHOOK_SECRET=    # REQUIRED whsec_...; the webhook route rejects every event without it
PAYMENT_CAPTURE_DELAY_S=0
PAYMENT_CURRENCY=EUR
# PAYFLOW_PARTNER_ID=     # DEPRECATED since 2.0: the PayFlow gateway was removed; setting it is an error

## Email
SMTP_HOST=localhost
SMTP_PORT=1025
SMTP_USER=
SMTP_PASSWORD=
MAIL_FROM="Orders <orders@example.com>"
MAIL_BCC_AUDIT=

## Storage
S3_BUCKET=orders-dev
S3_REGION=eu-central-1
S3_ENDPOINT=              # set for MinIO, e.g. http://localhost:9000
S3_FORCE_PATH_STYLE=false
INVOICE_PDF_PREFIX=invoices/

## Search
SEARCH_URL=http://localhost:7700
SEARCH_API_KEY=
SEARCH_INDEX_PREFIX=dev_

## Feature flags
FEATURE_3DS_CHALLENGE=true
FEATURE_SPLIT_SHIPMENTS=false
FEATURE_NEW_TAX_ENGINE=false
FEATURE_COUPON_STACKING=false

## Jobs
JOBS_CONCURRENCY=4
JOBS_POLL_INTERVAL_MS=1000
NIGHTLY_REBALANCE_CRON="0 3 * * *"
EXPORT_RETENTION_DAYS=30

## Auth
JWT_ISSUER=https://auth.example.com/
JWT_AUDIENCE=orders
JWT_PUBLIC_KEY_PATH=      # REQUIRED path to the PEM the auth service signs with
SESSION_COOKIE_SECURE=false
SESSION_TTL_S=86400
CORS_ORIGINS=http://localhost:3000,http://localhost:5173

## Observability
OTEL_EXPORTER_OTLP_ENDPOINT=
OTEL_SERVICE_NAME=orders
SENTRY_DSN=
METRICS_PORT=9464
TRACE_SAMPLE_RATIO=0.1
ENV
mkdir -p config
python3 - <<'PY'
import json, random
random.seed(8)
tenants = []
for i in range(1, 61):
    t = {
        "id": f"tenant-{i:03d}",
        "name": f"Shop {i:03d}",
        "region": random.choice(["eu-central-1", "eu-west-1", "us-east-1"]),
        "plan": random.choice(["starter", "growth", "growth", "enterprise"]),
        "payments": {"provider": "stripe", "capture": "automatic", "currencies": ["EUR", "USD"]},
        "limits": {"rate_per_minute": random.choice([300, 600, 1200]), "max_cart_items": 200},
        "features": {"3ds_challenge": True, "split_shipments": random.random() < 0.3, "coupon_stacking": False},
    }
    if i == 23:
        t["payments"] = {"provider": "payflow", "capture": "manual", "currencies": ["EUR"]}
    if i == 47:
        t["limits"]["rate_per_minute"] = 0
    tenants.append(t)
json.dump({"version": 7, "defaults": {"timezone": "UTC", "locale": "en"}, "tenants": tenants}, open("config/tenants.json", "w"), indent=2)
PY
cd ..
echo fresh ready
