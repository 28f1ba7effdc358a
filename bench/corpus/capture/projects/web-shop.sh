#!/usr/bin/env bash
# A JavaScript shop front with the npm tools people run on one: eslint (flat config),
# prettier --check, biome, mocha, jest with coverage, node:test (spec reporter), and
# pyright for its Python helper scripts. Packages come from the npm registry.
set -euo pipefail
cd "$1"
mkdir -p shop && cd shop
cat > package.json <<'J'
{
  "name": "shop-front",
  "version": "2.7.1",
  "private": true,
  "type": "commonjs",
  "devDependencies": {
    "eslint": "9.17.0",
    "@eslint/js": "9.17.0",
    "globals": "15.14.0",
    "prettier": "3.4.2",
    "@biomejs/biome": "1.9.4",
    "mocha": "11.0.1",
    "jest": "29.7.0",
    "pyright": "1.1.391",
    "stylelint": "16.12.0",
    "stylelint-config-standard": "36.0.1"
  }
}
J
npm install --no-audit --no-fund --loglevel=error >/dev/null
cat > eslint.config.js <<'J'
const js = require("@eslint/js");
const globals = require("globals");
module.exports = [
  js.configs.recommended,
  {
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node, ...globals.browser, ...globals.jest, ...globals.mocha } },
    rules: { "no-unused-vars": "warn", eqeqeq: "warn", "no-var": "warn", "prefer-const": "warn", curly: "warn" },
  },
];
J
mkdir -p src/components src/lib src/pages test spec py styles
python3 - <<'PY'
import random
random.seed(5)
comps = ["Cart", "CartLine", "Checkout", "Coupon", "Header", "Footer", "ProductCard", "ProductGrid", "Search", "Filters",
         "Pagination", "Price", "Rating", "Reviews", "Wishlist", "Account", "Orders", "OrderLine", "Address", "Payment",
         "Shipping", "Toast", "Modal", "Menu", "Breadcrumbs", "Banner", "Newsletter", "Compare", "StockBadge", "Gallery"]
for c in comps:
    lines = [f"var React = require('react');", f"const {{ formatPrice }} = require('../lib/format');", "",
             f"function {c}(props) {{",
             f"  var items = props.items || [];",
             f"  let count = items.length;",
             f"  const unusedTheme = props.theme;",
             f"  if (count == 0) return null;",
             f"  for (var i = 0; i < items.length; i++) if (items[i].hidden) count--;",
             f"  return {{ type: '{c.lower()}', count: count, total: formatPrice(items.reduce((s, x) => s + x.price, 0)) }};",
             "}", "", f"module.exports = {{ {c} }};", ""]
    open(f"src/components/{c}.js", "w").write("\n".join(lines))
open("src/lib/format.js", "w").write("""function formatPrice(cents, currency) {
  if (currency === undefined) currency = 'EUR';
  return (cents / 100).toFixed(2) + ' ' + currency;
}

function slugify(s) {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function parseQuantity(raw) {
  const n = parseInt(raw);
  if (isNaN(n) || n < 1) return 1;
  return Math.min(n, 99);
}

module.exports = { formatPrice, slugify, parseQuantity };
""")
open("src/lib/cart.js", "w").write("""const { parseQuantity } = require('./format');

function addItem(cart, sku, qty) {
  const existing = cart.lines.find((l) => l.sku === sku);
  if (existing) existing.qty += parseQuantity(qty);
  else cart.lines.push({ sku: sku, qty: parseQuantity(qty) });
  return cart;
}

function total(cart, prices) {
  return cart.lines.reduce((s, l) => s + prices[l.sku] * l.qty, 0);
}

function applyCoupon(cart, coupon) {
  switch (coupon.kind) {
    case 'percent':
      cart.discount = Math.round(total(cart, cart.prices) * coupon.value / 100);
    case 'fixed':
      cart.discount = coupon.value;
      break;
  }
  return cart;
}

module.exports = { addItem, total, applyCoupon };
""")
open("src/lib/search.js", "w").write("""function rank(products, query) {
  const q = query.toLowerCase();
  return products
    .map((p) => ({ p, score: p.name.toLowerCase().indexOf(q) }))
    .filter((x) => x.score >= 0)
    .sort((a, b) => a.score - b.score)
    .map((x) => x.p);
}

function debounce(fn, ms) {
  let t;
  return function () {
    clearTimeout(t);
    t = setTimeout(() => fn.apply(this, arguments), ms);
  };
}

function highlight(text, query) {
  return text.replace(new RegExp(query, 'gi'), (m) => '<mark>' + m + '</mark>');
}

module.exports = { rank, debounce, highlight };
""")
open("src/lib/legacy.js", "w").write("""// kept for the old checkout page
function legacyTotal(lines) {
  return lines.reduce(function (s, l) { return s + l.price * l.qty; }, 0) + shippingFee;
}
module.exports = { legacyTotal, undefinedHelper };
""")
pages = ["home", "category", "product", "cart", "checkout", "account", "orders", "search", "wishlist", "help"]
for p in pages:
    open(f"src/pages/{p}.js", "w").write(f"""const api = require('../lib/cart');
async function load{p.capitalize()}(req) {{
    const data = await fetch('/api/{p}?id=' + req.query.id)
    const json = await data.json()
    if (json.error != null) {{ throw new Error('failed to load {p}: ' + json.error) }}
    return {{ page: '{p}', data: json, cartSize: api.total ? 1 : 0 }}
}}
module.exports = {{ load{p.capitalize()} }}
""")
# mocha specs
specs = {"format": 22, "cart": 26, "search": 18, "checkout": 24, "shipping": 20, "coupon": 16, "tax": 20}
for name, n in specs.items():
    body = ["const assert = require('node:assert/strict');", "const { formatPrice, slugify, parseQuantity } = require('../src/lib/format');",
            "const { addItem, total, applyCoupon } = require('../src/lib/cart');", "", f"describe('{name}', function () {{"]
    for i in range(n):
        body.append(f"  it('formats price case {i}', function () {{ assert.equal(formatPrice({i * 137}), '{(i*137/100):.2f} EUR'); }});")
    if name == "cart":
        body.append("  it('applies a percent coupon once', function () {\n    const cart = { lines: [{ sku: 'TEE-RED-M', qty: 2 }], prices: { 'TEE-RED-M': 2500 } };\n    applyCoupon(cart, { kind: 'percent', value: 10 });\n    assert.equal(cart.discount, 500);\n  });")
        body.append("  it('caps quantity at 99', function () {\n    const cart = addItem({ lines: [] }, 'MUG-01', '250');\n    assert.deepEqual(cart.lines, [{ sku: 'MUG-01', qty: 100 }]);\n  });")
    if name == "format":
        body.append("  it('slugifies accented names', function () { assert.equal(slugify('Crème Brûlée Set'), 'creme-brulee-set'); });")
    if name == "checkout":
        body.append("  it('rejects an empty address', async function () {\n    const { validate } = require('../src/lib/address');\n    assert.throws(() => validate({}), /street is required/);\n  });")
    body.append("});")
    open(f"spec/{name}.spec.js", "w").write("\n".join(body) + "\n")
# jest tests with coverage
for name in ["format", "cart", "search"]:
    body = [f"const lib = require('../src/lib/{name}');", "", f"describe('{name}', () => {{"]
    for i in range(12):
        body.append(f"  test('exports are functions {i}', () => {{ expect(typeof Object.values(lib)[0]).toBe('function'); }});")
    if name == "search":
        body.append("  test('ranks prefix matches first', () => {\n    const ps = [{ name: 'Blue Mug' }, { name: 'Mugshot Print' }, { name: 'Travel mug lid' }];\n    expect(lib.rank(ps, 'mug').map((p) => p.name)).toEqual(['Mugshot Print', 'Blue Mug', 'Travel mug lid']);\n  });")
        body.append("  test('highlight escapes regex characters', () => {\n    expect(lib.highlight('C++ (2nd ed.)', 'C++')).toBe('<mark>C++</mark> (2nd ed.)');\n  });")
    if name == "cart":
        body.append("  test('percent coupon takes 10% off', () => {\n    const cart = { lines: [{ sku: 'TEE-RED-M', qty: 2 }], prices: { 'TEE-RED-M': 2500 } };\n    lib.applyCoupon(cart, { kind: 'percent', value: 10 });\n    expect(cart.discount).toBe(500);\n  });")
    body.append("});")
    open(f"test/{name}.test.js", "w").write("\n".join(body) + "\n")
# node:test
open("test-node/placeholder", "w") if False else None
PY
mkdir -p nodetest
python3 - <<'PY'
suites = {"inventory": 30, "pricing": 28, "returns": 24}
for s, n in suites.items():
    b = ["const { describe, it } = require('node:test');", "const assert = require('node:assert/strict');", "", f"describe('{s}', () => {{"]
    for i in range(n):
        b.append(f"  it('keeps invariant {i}', () => {{ assert.equal({i} % 7 < 7, true); }});")
    if s == "pricing":
        b.append("  it('rounds half-cent prices up', () => {\n    assert.equal(Math.round(1.005 * 100) / 100, 1.01);\n  });")
        b.append("  it('applies bulk tiers in order', () => {\n    const tiers = [[10, 0.05], [50, 0.1], [100, 0.15]];\n    const pick = (q) => tiers.filter(([min]) => q >= min).pop()?.[1] ?? 0;\n    assert.deepEqual([1, 10, 49, 50, 120].map(pick), [0, 0.05, 0.05, 0.1, 0.1]);\n  });")
    if s == "returns":
        b.append("  it('refund window is 30 days', { timeout: 50 }, async () => {\n    await new Promise((r) => setTimeout(r, 200));\n  });")
    b.append("});")
    open(f"nodetest/{s}.test.js", "w").write("\n".join(b) + "\n")
PY
printf 'node_modules/\ncoverage/\n' > .gitignore
cat > py/export_feed.py <<'PY'
import csv
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Optional


@dataclass
class Item:
    sku: str
    price_cents: int
    title: str
    stock: Optional[int] = None


def load(path: Path) -> list[Item]:
    rows = json.loads(path.read_text())
    return [Item(**r) for r in rows]


def price(item: Item) -> str:
    return item.price_cents / 100


def in_stock(items: list[Item]) -> list[Item]:
    return [i for i in items if i.stock > 0]


def write_feed(items: list[Item], out: Path) -> None:
    with out.open("w") as f:
        w = csv.writer(f)
        for i in items:
            w.writerow([i.sku, price(i), i.title.upper(), i.stok])


def cheapest(items: list[Item]) -> Item:
    return min(items, key=lambda i: i.price_cents, default=None)
PY
for m in catalog pricing stock images sitemap merchant; do sed "s/def load(/def load_$m(/" py/export_feed.py > py/feed_$m.py; done
for n in base layout grid buttons forms cart checkout product header footer; do
  python3 - "$n" <<'PY'
import sys
n = sys.argv[1]
rules = []
for i in range(12):
    rules.append(f".{n}-{i} {{\n  color: #FFF;\n  margin: 0px 0px 0px 0px;\n  padding: 4px;\n}}\n")
if n == "checkout":
    rules.append(".checkout-total {\n  colr: red;\n  font-weight: bolder;\n}\n")
if n == "product":
    rules.append(".product-card {\n  display: flex;\n  display: grid;\n}\n")
open(f"styles/{n}.css", "w").write("\n".join(rules))
PY
done
printf '{ "extends": "stylelint-config-standard" }\n' > .stylelintrc.json
cat > biome.json <<'J'
{ "linter": { "enabled": true, "rules": { "recommended": true } }, "formatter": { "enabled": true } }
J
cat > jest.config.js <<'J'
module.exports = { testMatch: ["**/test/**/*.test.js"], collectCoverage: true, collectCoverageFrom: ["src/**/*.js"] };
J
cat > .mocharc.json <<'J'
{ "spec": "spec/**/*.spec.js", "reporter": "spec" }
J
