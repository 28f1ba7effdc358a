#!/usr/bin/env bash
# The fresh20 set (bench/corpus/fresh20/): a twentieth held-out round on web frameworks, document
# builds and other JS runtimes no earlier set holds (Django's manage.py, alembic, latexmk and
# pdflatex, gcov / gcovr / lcov, protoc, graphviz dot, deno, bun, npm audit, ava). Projects of a
# concert box office's web team (Boxoffice): a Django site beside Django's own contrib apps, an
# alembic history over SQLAlchemy, a handbook typeset from npm packages' READMEs, zlib's own
# example programs under coverage, protobuf's well-known types with the team's API protos, an
# npm dependency graph drawn by dot, TypeScript sources from npm checked by deno and tested by bun
# and ava, and an old lockfile under npm audit; each with the breakage someone would be debugging.
# Django and alembic are Debian's (python3-django, python3-alembic), run by /usr/bin/python3
# (a .python-version of `system` for pyenv's shims).
set -euo pipefail
ROOT="$1"
PART="${2:-all}"
want() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }

# --- django: the box office site; a reports app half-written, a data migration that cannot run
if want django; then
rm -rf "$ROOT/django" && mkdir -p "$ROOT/django" && cd "$ROOT/django"
echo system > .python-version
/usr/bin/python3 -m django startproject boxoffice .
for app in events tickets reports; do /usr/bin/python3 manage.py startapp "$app"; done
/usr/bin/python3 - <<'PY'
import re
s = open("boxoffice/settings.py").read()
s = s.replace("'django.contrib.staticfiles',", "'django.contrib.staticfiles',\n    'events',\n    'tickets',")
open("boxoffice/settings.py", "w").write(s)
open("boxoffice/settings_prod.py", "w").write(
    "from .settings import *  # noqa\n\nDEBUG = False\nALLOWED_HOSTS = ['boxoffice.example']\n"
    "INSTALLED_APPS = INSTALLED_APPS + ['reports']\n")

open("events/models.py", "w").write('''from django.db import models


class Venue(models.Model):
    name = models.CharField(max_length=200)
    city = models.CharField(max_length=100)
    capacity = models.PositiveIntegerField()

    def __str__(self):
        return self.name


class Event(models.Model):
    title = models.CharField(max_length=200)
    slug = models.SlugField(unique=True)
    venue = models.ForeignKey(Venue, on_delete=models.PROTECT, related_name="events")
    starts_at = models.DateTimeField()
    base_price = models.DecimalField(max_digits=8, decimal_places=2)
    on_sale = models.BooleanField(default=False)

    def __str__(self):
        return self.title
''')
open("events/pricing.py", "w").write('''from decimal import ROUND_HALF_UP, Decimal

FEES = {"standard": Decimal("0.10"), "premium": Decimal("0.15"), "resale": Decimal("0.20")}


def with_fee(price, tier="standard"):
    return (price * (1 + FEES[tier])).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def group_discount(price, count):
    if count >= 10:
        return (price * Decimal("0.90")).quantize(Decimal("0.01"))
    if count > 5:
        return (price * Decimal("0.95")).quantize(Decimal("0.01"))
    return price


def seats_left(capacity, sold):
    return capacity - sold
''')
open("tickets/models.py", "w").write('''from django.conf import settings
from django.db import models

from events.models import Event


class Order(models.Model):
    buyer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="orders")
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="orders")
    quantity = models.PositiveIntegerField()
    total = models.DecimalField(max_digits=10, decimal_places=2)
    created = models.DateTimeField(auto_now_add=True)
    reference = models.CharField(max_length=12, unique=True)


class Ticket(models.Model):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="tickets")
    seat = models.CharField(max_length=8)
    scanned = models.BooleanField(default=False)

    class Meta:
        unique_together = [("order", "seat")]
''')
# reports: written against a model of the tickets app not yet there
open("reports/models.py", "w").write('''from django.conf import settings
from django.db import models

from events.models import Event


class SalesReport(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="orders")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, related_name="orders")
    title = models.CharField()
    gross = models.DecimalField(decimal_places=2)
    refunds = models.ManyToManyField("tickets.Refund", null=True)
    period = models.CharField(max_length=10, choices=["day", "week", "month"])
    created = models.DateTimeField(auto_now=True, auto_now_add=True)
''')
open("reports/admin.py", "w").write('''from django.contrib import admin

from .models import SalesReport


@admin.register(SalesReport)
class SalesReportAdmin(admin.ModelAdmin):
    list_display = ["title", "event", "net_total", "created"]
    list_filter = ["period", "venue"]
    readonly_fields = ["gross", "margin"]
    ordering = "created"
''')
PY
/usr/bin/python3 manage.py makemigrations events tickets >/dev/null
# the dev database holds the summer shows; a data migration to shorten their slugs collides
/usr/bin/python3 manage.py migrate >/dev/null
mkdir -p events/fixtures
/usr/bin/python3 - <<'PY2'
import json
venues = [("Corn Exchange", "Leeds", 1200), ("Old Fruitmarket", "Glasgow", 1000), ("Roundhouse", "London", 1700),
          ("Albert Hall", "Manchester", 2000)]
rows = [{"model": "events.venue", "pk": i, "fields": {"name": n, "city": c, "capacity": cap}}
        for i, (n, c, cap) in enumerate(venues, 1)]
shows = [("Autumn Tour: Leeds", 1, "2026-10-02"), ("Autumn Tour: Glasgow", 2, "2026-10-04"),
         ("Winter Strings", 3, "2026-12-12"), ("Autumn Tour: London", 3, "2026-10-09"), ("Brass Night", 4, "2026-11-20")]
for i, (title, venue, day) in enumerate(shows, 1):
    slug = title.lower().replace(": ", "-").replace(" ", "-")
    rows.append({"model": "events.event", "pk": i, "fields": {"title": title, "slug": slug, "venue": venue,
                 "starts_at": day + "T19:30:00Z", "base_price": "32.50", "on_sale": True}})
json.dump(rows, open("events/fixtures/shows.json", "w"), indent=1)
PY2
/usr/bin/python3 manage.py loaddata shows >/dev/null
cat > events/migrations/0002_short_slugs.py <<'PY2'
from django.db import migrations
from django.utils.text import slugify


def shorten(apps, schema_editor):
    """A show's slug is its title before the colon: "Autumn Tour: Leeds" is autumn-tour."""
    Event = apps.get_model("events", "Event")
    for event in Event.objects.all():
        event.slug = slugify(event.title.split(":")[0])
        event.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [("events", "0001_initial")]
    operations = [migrations.RunPython(shorten, migrations.RunPython.noop)]
PY2
# later edits nobody made migrations for
/usr/bin/python3 - <<'PY'
s = open("tickets/models.py").read()
s = s.replace('    reference = models.CharField(max_length=12, unique=True)\n',
    '    reference = models.CharField(max_length=16, unique=True)\n    email = models.EmailField(default="")\n'
    '    status = models.CharField(max_length=10, choices=[("new", "New"), ("paid", "Paid"), ("refunded", "Refunded")], default="new")\n')
s += '''

class Refund(models.Model):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="refunds")
    amount = models.DecimalField(max_digits=10, decimal_places=2)
    reason = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
'''
open("tickets/models.py", "w").write(s)
s = open("events/models.py").read()
s = s.replace('    on_sale = models.BooleanField(default=False)\n',
    '    on_sale = models.BooleanField(default=False)\n    ends_at = models.DateTimeField(null=True, blank=True)\n')
s = s.replace('    capacity = models.PositiveIntegerField()\n', '    capacity = models.PositiveIntegerField()\n    postcode = models.CharField(max_length=10, blank=True)\n')
open("events/models.py", "w").write(s)
PY
# tests: the fee table and discounts as the business wrote them down, some now out of date
mkdir -p events/tests && rm -f events/tests.py tickets/tests.py && touch events/tests/__init__.py
/usr/bin/python3 - <<'PY'
from decimal import Decimal
lines = ["from decimal import Decimal", "", "from django.test import SimpleTestCase", "",
         "from events.pricing import group_discount, seats_left, with_fee", "", "",
         "class FeeTests(SimpleTestCase):"]
prices = ["10.00", "12.50", "14.25", "18.00", "19.99", "22.75", "25.00", "27.50", "32.50", "35.00", "38.75", "40.00",
          "45.50", "48.00", "55.00", "60.00", "64.95", "72.25", "78.00", "85.00", "90.50", "99.00", "110.00", "125.00"]
for tier, rate in [("standard", "1.10"), ("premium", "1.15"), ("resale", "1.20")]:
    for p in prices:
        want = (Decimal(p) * Decimal(rate)).quantize(Decimal("0.01"))
        if tier == "resale" and p == "45.50":
            want = (Decimal(p) * Decimal("1.25")).quantize(Decimal("0.01"))  # the old resale fee
        lines += [f"    def test_{tier}_fee_{p.replace('.', '_')}(self):",
                  f"        self.assertEqual(with_fee(Decimal(\"{p}\"), \"{tier}\"), Decimal(\"{want}\"))", ""]
lines += ["    def test_vip_fee(self):", "        self.assertEqual(with_fee(Decimal(\"100.00\"), \"vip\"), Decimal(\"125.00\"))", "", "",
          "class DiscountTests(SimpleTestCase):"]
for count in range(1, 16):
    for p in ["20.00", "32.50", "40.00", "57.25"]:
        rate = "0.90" if count >= 10 else "0.95" if count >= 6 else "1"
        if count == 5:
            rate = "0.95"  # the policy says five or more
        want = (Decimal(p) * Decimal(rate)).quantize(Decimal("0.01"))
        lines += [f"    def test_group_of_{count}_at_{p.replace('.', '_')}(self):",
                  f"        self.assertEqual(group_discount(Decimal(\"{p}\"), {count}), Decimal(\"{want}\"))", ""]
lines += ["", "class SeatTests(SimpleTestCase):"]
for cap, sold in [(100, 20), (1200, 1199), (500, 0), (80, 80)]:
    lines += [f"    def test_seats_left_{cap}_{sold}(self):",
              f"        self.assertEqual(seats_left({cap}, {sold}), {cap - sold})", ""]
lines += ["    def test_oversold_is_zero(self):", "        self.assertEqual(seats_left(100, 104), 0)", ""]
open("events/tests/test_pricing.py", "w").write("\n".join(lines))
PY
cat > events/tests/test_models.py <<'PY'
from datetime import datetime, timezone
from decimal import Decimal

from django.db import IntegrityError
from django.test import TestCase

from events.models import Event, Venue


class EventModelTests(TestCase):
    @classmethod
    def setUpTestData(cls):
        cls.venue = Venue.objects.create(name="Corn Exchange", city="Leeds", capacity=1200)

    def make(self, slug, **kw):
        return Event.objects.create(title=slug.title(), slug=slug, venue=self.venue,
                                    starts_at=datetime(2026, 10, 2, 19, 30, tzinfo=timezone.utc),
                                    base_price=Decimal("32.50"), **kw)

    def test_str(self):
        self.assertEqual(str(self.make("autumn")), "Autumn")

    def test_slug_unique(self):
        self.make("autumn")
        with self.assertRaises(IntegrityError):
            self.make("autumn")

    def test_venue_events(self):
        self.make("autumn")
        self.make("winter")
        self.assertEqual(self.venue.events.count(), 2)

    def test_default_not_on_sale(self):
        self.assertFalse(self.make("spring").on_sale)

    def test_price_rounding(self):
        e = self.make("summer", )
        e.base_price = Decimal("32.555")
        e.save()
        e.refresh_from_db()
        self.assertEqual(e.base_price, Decimal("32.56"))
PY
fi

# --- alembic: the ticketing database's schema history; two people branched off the same revision
if want alembic; then
rm -rf "$ROOT/alembic" && mkdir -p "$ROOT/alembic" && cd "$ROOT/alembic"
echo system > .python-version
/usr/bin/alembic init migrations >/dev/null
sed -i 's|^sqlalchemy.url = .*|sqlalchemy.url = sqlite:///boxoffice.db|' alembic.ini
/usr/bin/python3 - <<'PY'
revs = [
    ("a1c0ffee0001", None, "create venues", "op.create_table('venues', sa.Column('id', sa.Integer, primary_key=True), sa.Column('name', sa.String(200), nullable=False), sa.Column('city', sa.String(100)))", "op.drop_table('venues')"),
    ("b2c0ffee0002", "a1c0ffee0001", "create events", "op.create_table('events', sa.Column('id', sa.Integer, primary_key=True), sa.Column('venue_id', sa.Integer, sa.ForeignKey('venues.id')), sa.Column('title', sa.String(200)), sa.Column('starts_at', sa.DateTime))", "op.drop_table('events')"),
    ("c3c0ffee0003", "b2c0ffee0002", "create orders", "op.create_table('orders', sa.Column('id', sa.Integer, primary_key=True), sa.Column('event_id', sa.Integer, sa.ForeignKey('events.id')), sa.Column('email', sa.String(254)), sa.Column('total', sa.Numeric(10, 2)))", "op.drop_table('orders')"),
    ("d4c0ffee0004", "c3c0ffee0003", "add order reference", "op.add_column('orders', sa.Column('reference', sa.String(16)))", "op.drop_column('orders', 'reference')"),
    ("e5c0ffee0005", "d4c0ffee0004", "index events by start", "op.create_index('ix_events_starts_at', 'events', ['starts_at'])", "op.drop_index('ix_events_starts_at', 'events')"),
    ("f6c0ffee0006", "e5c0ffee0005", "unique order reference", "op.create_unique_constraint('uq_orders_reference', 'orders', ['reference'])", "op.drop_constraint('uq_orders_reference', 'orders')"),
    ("a7c0ffee0007", "e5c0ffee0005", "add refunds", "op.create_table('refunds', sa.Column('id', sa.Integer, primary_key=True), sa.Column('order_id', sa.Integer, sa.ForeignKey('orders.id')), sa.Column('amount', sa.Numeric(10, 2)))", "op.drop_table('refunds')"),
    ("b8c0ffee0008", "a7c0ffee0007", "refund reasons", "op.add_column('refunds', sa.Column('reason', sa.Text))", "op.drop_column('refunds', 'reason')"),
]
for rev, down, msg, up, dn in revs:
    name = f"migrations/versions/{rev}_{msg.replace(' ', '_')}.py"
    open(name, "w").write(f'''"""{msg}

Revision ID: {rev}
Revises: {down or ''}
Create Date: 2026-11-0{revs.index((rev, down, msg, up, dn)) + 1} 10:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = "{rev}"
down_revision = {repr(down)}
branch_labels = None
depends_on = None


def upgrade():
    {up}


def downgrade():
    {dn}
''')
PY
/usr/bin/alembic upgrade e5c0ffee0005 >/dev/null 2>&1
fi

# --- js: zod's own TypeScript sources vendored for the checkout form (with a half-finished edit),
# checked by deno and tested by bun; the order schemas tested by ava against zod from npm
if want js; then
rm -rf "$ROOT/js" && mkdir -p "$ROOT/js" && cd "$ROOT/js"
cat > package.json <<'JSON'
{ "name": "boxoffice-checkout", "version": "0.9.0", "private": true, "type": "module",
  "scripts": { "test": "ava" } }
JSON
npm install --no-audit --no-fund --loglevel=error deno@2.9.6 bun@1.4.5 ava@7.0.0 zod@4.6.7 >/dev/null
cp -r node_modules/zod/src vendor-zod
# the team keeps the zod tests that run under bun; someone "simplified" the Luhn check and the
# card pattern since
cd vendor-zod/v4/classic/tests
for f in *.test.ts; do
  case " object from-json-schema to-json-schema-methods deep-partial validate async-parsing function credit-card registries iban optional pickomit datetime validations lazy properties promise in-out stringbool readonly brand coerce bigint date instanceof nullable " in
    *" ${f%.test.ts} "*) ;;
    *) rm "$f" ;;
  esac
done
cd "$ROOT/js"
sed -i 's/^  let bit = 1;$/  let bit = 0;/' vendor-zod/v4/core/schemas.ts
sed -i 's|^export const creditCard: RegExp = /^\\d(?:\[ -\]?\\d){11,18}\$/;|export const creditCard: RegExp = /^\\d(?:[ -]?\\d){11,15}$/;|' vendor-zod/v4/core/regexes.ts
cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022", "module": "ESNext", "moduleResolution": "bundler", "strict": true, "skipLibCheck": true,
    "paths": {
      "zod": ["./vendor-zod/index.ts"], "zod/v4": ["./vendor-zod/v4/index.ts"],
      "zod/v4/core": ["./vendor-zod/v4/core/index.ts"], "zod/v4/*": ["./vendor-zod/v4/*"]
    }
  }
}
JSON
cat > deno.json <<'JSON'
{
  "unstable": ["sloppy-imports"],
  "lint": {
    "exclude": ["vendor-zod/**/tests/", "vendor-zod/v3/"],
    "rules": { "exclude": ["no-explicit-any", "no-sloppy-imports"] }
  }
}
JSON
mkdir -p src test
cat > src/checkout.ts <<'TS'
import * as z from "../vendor-zod/v4/index.ts";

export const Seat = z.object({
  row: z.string().regex(/^[A-Z]{1,2}$/),
  number: z.number().int().positive(),
  section: z.enum(["stalls", "circle", "balcony"]),
});

export const Buyer = z.object({
  name: z.string().min(1),
  email: z.email(),
  phone: z.string().optional(),
  card: z.string().check(z.creditCard()),
});

export const Checkout = z.object({
  eventId: z.number().int(),
  seats: z.array(Seat).min(1).max(10),
  buyer: Buyer,
  promo: z.string().max(12).nullable(),
});

export type Checkout = z.infer<typeof Checkout>;

export function seatLabel(seat: z.infer<typeof Seat>): string {
  return `${seat.section} ${seat.row}${seat.number}`;
}

export function total(order: Checkout, price: number): number {
  const discount = order.promo?.startsWith("FRIENDS") ? 0.9 : 1;
  return Math.round(order.seats.length * price * discount * 100) / 100;
}

export function summary(order: Checkout): string {
  const seats = order.seats.map(seatLabel).join(", ");
  return `${order.buyer.name} <${order.buyer.email}>: ${seats} (event ${order.eventId.toFixed()})`;
}

export function parseCheckout(input: unknown): Checkout | string {
  const r = Checkout.safeParse(input);
  if (r.success) return r.data;
  return r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}

// the seat map endpoint returns rows as numbers now
export function fromSeatMap(row: number, number: number, section: string) {
  return Seat.parse({ row: row, number, section: section.toUpperCase() satisfies "stalls" });
}

export function reissue(order: Checkout, seat: z.infer<typeof Seat>): Checkout {
  return { ...order, seats: [...order.seats, seat], buyer: { ...order.buyer, email: undefined } };
}

export function promoCode(order: Checkout): string {
  return order.promo.toUpperCase();
}

export function contactLine(order: Checkout): string {
  return `${order.buyer.name}, ${order.buyer.phone.replace(/\s+/g, "")}`;
}
TS
cat > test/checkout_test.ts <<'TS'
import assert from "node:assert/strict";
import { parseCheckout, seatLabel, summary, total } from "../src/checkout.ts";

const order = {
  eventId: 7,
  seats: [{ row: "C", number: 12, section: "stalls" }, { row: "C", number: 13, section: "stalls" }],
  buyer: { name: "Ana Lima", email: "ana@example.org", card: "4539 1488 0343 6467" },
  promo: null,
};

Deno.test("a valid checkout parses", () => {
  const r = parseCheckout(order);
  assert.equal(typeof r, "object");
});

Deno.test("seat labels", () => {
  assert.equal(seatLabel(order.seats[0] as never), "stalls C12");
});

Deno.test("total without promo", () => {
  assert.equal(total(order as never, 32.5), 65);
});

Deno.test("friends promo takes ten percent", () => {
  assert.equal(total({ ...order, promo: "FRIENDS24" } as never, 32.5), 58.5);
});

Deno.test("a 19-digit card parses", () => {
  const r = parseCheckout({ ...order, buyer: { ...order.buyer, card: "6011 0009 9013 9424 123" } });
  assert.equal(typeof r, "object", String(r));
});

Deno.test("an Amex card parses", () => {
  const r = parseCheckout({ ...order, buyer: { ...order.buyer, card: "3714 496353 98431" } });
  assert.equal(typeof r, "object", String(r));
});

Deno.test("too many seats are refused", () => {
  const seats = Array.from({ length: 11 }, (_, i) => ({ row: "D", number: i + 1, section: "circle" }));
  assert.match(String(parseCheckout({ ...order, seats })), /seats: Too big/);
});

Deno.test("bad email is named", () => {
  assert.deepEqual(parseCheckout({ ...order, buyer: { ...order.buyer, email: "ana@" } }), "buyer.email: Invalid email");
});

Deno.test("summary names the buyer and seats", () => {
  assert.equal(summary(order as never), "Ana Lima <ana@example.org>: stalls C12, stalls C13 (event 7)");
});

Deno.test("lowercase rows are refused", () => {
  const r = parseCheckout({ ...order, seats: [{ row: "c", number: 12, section: "stalls" }] });
  assert.equal(r, "seats.0.row: Invalid string: must match pattern /^[A-Z]{1,2}$/");
});
TS
# the order schemas against zod from npm, under ava
cat > test/orders.test.js <<'JS'
import test from "ava";
import * as z from "zod";

const Order = z.object({
  reference: z.string().length(12),
  email: z.email(),
  quantity: z.number().int().min(1).max(10),
  total: z.number().multipleOf(0.01),
  status: z.enum(["new", "paid", "refunded"]),
  seats: z.array(z.string().regex(/^[A-Z]{1,2}\d{1,3}$/)).nonempty(),
});

const good = { reference: "BX7Q2M9KLP01", email: "ana@example.org", quantity: 2, total: 65, status: "paid", seats: ["C12", "C13"] };
const issues = (v) => Order.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}: ${i.code}`) ?? [];

for (const [name, patch, want] of [
  ["a good order", {}, []],
  ["a short reference", { reference: "BX7Q" }, ["reference: too_small"]],
  ["a bad email", { email: "ana@" }, ["email: invalid_format"]],
  ["no seats", { seats: [] }, ["seats: too_small"]],
  ["eleven tickets", { quantity: 11 }, ["quantity: too_big"]],
  ["half a ticket", { quantity: 1.5 }, ["quantity: invalid_type"]],
  ["a lower-case seat", { seats: ["c12"] }, ["seats.0: invalid_format"]],
  ["an unknown status", { status: "held" }, ["status: invalid_value"]],
  ["a total in tenths of a penny", { total: 65.005 }, ["total: not_multiple_of"]],
  ["a refunded order", { status: "refunded" }, []],
  ["a seat in row AA", { seats: ["AA101"] }, []],
  ["a seat without a number", { seats: ["C"] }, ["seats.0: invalid_format"]],
  ["a float total", { total: 19.99 }, []],
  ["a reference of 13", { reference: "BX7Q2M9KLP012" }, ["reference: too_big"]],
  ["zero tickets", { quantity: 0 }, ["quantity: too_small"]],
  ["a missing email", { email: undefined }, ["email: invalid_type"]],
  ["seats as a string", { seats: "C12" }, ["seats: invalid_type"]],
  ["a status in capitals", { status: "PAID" }, ["status: invalid_value"]],
  ["a negative total", { total: -5 }, ["total: too_small"]],
  ["an email with a plus", { email: "ana+tickets@example.org" }, []],
]) {
  test(name, (t) => {
    t.deepEqual(issues({ ...good, ...patch }), want);
  });
}

test("the error message names the field", (t) => {
  const r = Order.safeParse({ ...good, email: "nope" });
  t.is(r.error.issues[0].message, "Invalid email address");
});

test("a parsed order keeps its seats in order", (t) => {
  t.deepEqual(Order.parse({ ...good, seats: ["C13", "C12"] }).seats, ["C12", "C13"]);
});

test("prettified errors list every field", (t) => {
  const r = Order.safeParse({ ...good, email: "x", quantity: 0 });
  t.snapshot(z.prettifyError(r.error));
  t.is(z.prettifyError(r.error).split("\n").length, 2);
});
JS
fi

# --- cov: the door scanners' log writer on zlib's own gzlog.c and zran.c, with a test driver that
# misses the recovery paths; minigzip and zpipe built beside it for the archive job; all --coverage
if want cov; then
rm -rf "$ROOT/cov" && mkdir -p "$ROOT/cov/src" "$ROOT/cov/tests" && cd "$ROOT/cov"
EX=/usr/share/doc/zlib1g-dev/examples
cp $EX/gzlog.c $EX/gzlog.h $EX/zran.c $EX/zran.h $EX/minigzip.c $EX/zpipe.c src/
cat > tests/scanlog_test.c <<'C'
/* Writes a night of door scans through gzlog, then reads one back through a zran index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../src/gzlog.h"
#include "../src/zran.h"

int main(void) {
    char line[96];
    gzlog *log = gzlog_open("scans");
    if (log == NULL) { fprintf(stderr, "cannot open scans log\n"); return 1; }
    for (int i = 0; i < 4000; i++) {
        int n = snprintf(line, sizeof line, "door=%d ticket=BX%08d ok=%d\n", i % 6, 7340000 + i, i % 97 != 0);
        if (gzlog_write(log, line, n)) { fprintf(stderr, "write failed at %d\n", i); return 1; }
    }
    if (gzlog_compress(log) || gzlog_close(log)) { fprintf(stderr, "compress failed\n"); return 1; }
    FILE *in = fopen("scans.gz", "rb");
    struct deflate_index *index = NULL;
    int len = deflate_index_build(in, 16384, &index);
    if (len < 0) { fprintf(stderr, "zran: index build failed (%d)\n", len); return 1; }
    unsigned char buf[64];
    ptrdiff_t got = deflate_index_extract(in, index, 40000, buf, sizeof buf - 1);
    if (got < 0) { fprintf(stderr, "zran: extract failed (%td)\n", got); return 1; }
    buf[got] = 0;
    printf("index of %d points; at 40000: %.40s\n", len, (char *)buf);
    deflate_index_free(index);
    fclose(in);
    return 0;
}
C
CF="-O0 -g --coverage -Wall"
gcc $CF -c src/gzlog.c -o gzlog.o
gcc $CF -c src/zran.c -o zran.o
gcc $CF -c tests/scanlog_test.c -o scanlog_test.o
gcc --coverage -o scanlog_test scanlog_test.o gzlog.o zran.o -lz
gcc $CF -o minigzip src/minigzip.c -lz
gcc $CF -o zpipe src/zpipe.c -lz
./scanlog_test >/dev/null
head -c 300000 /usr/share/common-licenses/GPL-3 > night.txt
./minigzip -9 < night.txt > night.gz && ./minigzip -d < night.gz > /dev/null
./zpipe < night.txt > night.z && ./zpipe -d < night.z > /dev/null
./zpipe -x < night.txt > /dev/null 2>&1 || true
fi

# --- proto: the ticketing API's protos beside protobuf's own well-known types; an edit half-done
if want proto; then
rm -rf "$ROOT/proto" && mkdir -p "$ROOT/proto/boxoffice/v1" "$ROOT/proto/gen" && cd "$ROOT/proto"
cat > boxoffice/v1/events.proto <<'P'
syntax = "proto3";

package boxoffice.v1;

import "google/protobuf/timestamp.proto";

message Venue {
  int64 id = 1;
  string name = 2;
  string city = 3;
  uint32 capacity = 4;
}

message Event {
  int64 id = 1;
  string title = 2;
  string slug = 3;
  Venue venue = 4;
  google.protobuf.Timestamp starts_at = 5;
  int64 base_price_pence = 6;
  bool on_sale = 7;
}
P
cat > boxoffice/v1/orders.proto <<'P'
syntax = "proto3";

package boxoffice.v1;

import "boxoffice/v1/events.proto";
import "google/protobuf/field_mask.proto";

enum OrderStatus {
  ORDER_STATUS_NEW = 1;
  ORDER_STATUS_PAID = 2;
  ORDER_STATUS_REFUNDED = 3;
}

message Seat {
  string row = 1;
  uint32 number = 2;
  string section = 3;
}

message Order {
  reserved 6, 9 to 11;
  reserved "discount";

  int64 id = 1;
  string reference = 2;
  Event event = 3;
  repeated Seat seats = 4;
  int64 total_pence = 5;
  OrderStatus status = 4;
  string email = 7;
  google.protobuf.Timestamp created = 8;
  int64 discount = 10;
  required string buyer_name = 12;
}

message Refund {
  int64 order_id = 1;
  int64 amount_pence = 2;
  string reason = 3;
  google.protobuf.Duration processing = 4;
}

message UpdateOrderRequest {
  Order order = 1;
  google.protobuf.FieldMask update_mask = 2;
}
P
cat > boxoffice/v1/service.proto <<'P'
syntax = "proto3";

package boxoffice.v1;

import "boxoffice/v1/orders.proto";
import "google/protobuf/empty.proto";

service BoxOffice {
  rpc GetOrder(GetOrderRequest) returns (Order);
  rpc UpdateOrder(UpdateOrderRequest) returns (Order);
  rpc RefundOrder(Refund) returns (RefundReceipt);
  rpc ListEvents(google.protobuf.Empty) returns (stream Event);
}

message GetOrderRequest {
  string reference = 1;
}
P
fi

# --- latex: the operations handbook, chapters typeset by pandoc from the READMEs of the npm
# libraries the site ships (semver, minimatch, glob, debug), with the team's own chapters around them
if want latex; then
rm -rf "$ROOT/latex" && mkdir -p "$ROOT/latex/chapters" && cd "$ROOT/latex"
NM="$ROOT/js/node_modules"
[ -d "$NM/semver" ] || { mkdir -p "$ROOT/npm-docs" && cd "$ROOT/npm-docs" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error semver@7 minimatch@9 glob@10 debug@4 >/dev/null && NM="$ROOT/npm-docs/node_modules" && cd "$ROOT/latex"; }
for lib in semver minimatch glob debug; do
  # badges and pictures are web images; the handbook is print only
  grep -v '^\s*\[\?!\[' "$NM/$lib/README.md" | grep -v '<img' > "chapters/$lib.md"
  pandoc -f gfm -t latex --no-highlight --top-level-division=chapter -o "chapters/$lib.tex" "chapters/$lib.md"
done
cat > chapters/ops.tex <<'TEX'
\chapter{Operating the box office}\label{ch:ops}

The site's dependencies are pinned as described in Chapter~\ref{ch:semver}; version ranges follow
the rules of Section~\ref{sec:ranges}. Door scanners log through gzlog (see Appendix~\ref{app:scanlog}).
The release process of \cite{boxoffice-release} applies to every deploy, and the incident checklist in
Table~\ref{tab:incident} is read aloud at the start of an incident call.

\section{Deploying}\label{sec:deploy}
A deploy runs \texttt{npm ci --omit=dev \&\& python3 manage.py migrate --noinput \&\& python3 manage.py collectstatic --noinput --clear --verbosity 0} on each of the web nodes in turn, then \url{https://boxoffice.example/healthz/?verbose=1&checks=db,cache,queue,payments} is polled until every check reports ok.

\begin{tabular}{lll}
Step & Owner & Time\\
Freeze sales & Duty manager & T-10\\
Drain node & \texttt{ops-oncall-primary-rotation@boxoffice.example} & T-5\\
\end{tabular}

\section{Scanning tickets at the door}
Scanners post to \texttt{/api/v1/scan/\{venue\_id\}/\{door\}/\{ticket\_reference\}/confirm?offline\_batch=true}.
TEX
cat > handbook.tex <<'TEX'
\documentclass[11pt,a4paper]{report}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{longtable,booktabs,array}
\usepackage{calc}
\usepackage{hyperref}
\providecommand{\tightlist}{\setlength{\itemsep}{0pt}\setlength{\parskip}{0pt}}
\title{Boxoffice Operations Handbook}
\author{Web team}
\begin{document}
\maketitle
\tableofcontents
\input{chapters/ops}
\input{chapters/semver}
\input{chapters/minimatch}
\input{chapters/glob}
\input{chapters/debug}
\end{document}
TEX
# the print edition was to use minted for code, never installed here
sed -e 's/\\usepackage{calc}/\\usepackage{calc}\n\\usepackage{minted}/' handbook.tex > handbook-print.tex
fi

# --- dot: the checkout's npm dependency graph, drawn from its lockfile; the generator's styling
# for dev tools and licences was written against a newer graphviz
if want dot; then
rm -rf "$ROOT/dot" && mkdir -p "$ROOT/dot" && cd "$ROOT/dot"
python3 - "$ROOT/js/package-lock.json" <<'PY'
import json, sys
lock = json.load(open(sys.argv[1]))["packages"]
out = ["digraph deps {", '  graph [rankdir=LR, fontname="Helvetica", ranksep=1.2, splines=ortho, concentrate=true];',
       '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", fontname="Helvetica"];']
name = lambda p: p.rsplit("node_modules/", 1)[-1]
seen = set()
for path, meta in sorted(lock.items()):
    if not path:
        continue
    n = name(path)
    if n in seen:
        continue
    seen.add(n)
    attrs = [f'label="{n}\\n{meta.get("version", "?")}"']
    if meta.get("license", "").startswith(("GPL", "LGPL")):
        attrs.append('fillcolor="#fbe4e4"')
    if meta.get("optional"):
        attrs.append('shape=pill, fillcolor="gray97"')
    if meta.get("hasInstallScript"):
        attrs.append('color="bluegreen", penwidth=2')
    out.append(f'  "{n}" [{", ".join(attrs)}];')
    for dep in list(meta.get("dependencies", {})) + list(meta.get("optionalDependencies", {})):
        out.append(f'  "{n}" -> "{dep}";')
root = lock[""]
for dep in root.get("dependencies", {}):
    out.append(f'  "boxoffice-checkout" -> "{dep}" [penwidth=2];')
out.append("}")
open("deps.dot", "w").write("\n".join(out) + "\n")
PY
fi
