#!/usr/bin/env bash
# A shop database in PostgreSQL (the server the capture starts on loopback; PG* variables
# point psql at it) and an event store in SQLite, with a migration that fails.
set -euo pipefail
cd "$1"
mkdir -p dbshop/migrations dbshop/data && cd dbshop
python3 - <<'PY'
import random
from datetime import datetime, timedelta
random.seed(42)
out = ["SET client_min_messages = warning;",
"DROP TABLE IF EXISTS payments, orders, customers, job_runs CASCADE;",
"CREATE TABLE customers (id serial PRIMARY KEY, email text UNIQUE NOT NULL, country char(2) NOT NULL, created_at timestamptz NOT NULL);",
"CREATE TABLE orders (id bigserial PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), total_cents int NOT NULL, status text NOT NULL, created_at timestamptz NOT NULL);",
"CREATE INDEX orders_customer_idx ON orders(customer_id);",
"CREATE TABLE payments (id text PRIMARY KEY, order_id bigint NOT NULL REFERENCES orders(id), provider text NOT NULL, amount_cents int NOT NULL, status text NOT NULL, decline_code text, created_at timestamptz NOT NULL);",
"CREATE TABLE job_runs (id serial PRIMARY KEY, job text NOT NULL, host text NOT NULL, started_at timestamptz NOT NULL, finished_at timestamptz, status text NOT NULL, rows_processed int, error text);"]
countries = ["DE","FR","NL","ES","IT","PL","SE","AT","BE","IE"]
names = ["anna","ben","carla","dario","eva","finn","greta","hugo","ines","jonas","kai","lena","milo","nora","oskar","pia","quinn","rosa","sami","tara"]
t0 = datetime(2024, 10, 1)
for i in range(1, 601):
    out.append(f"INSERT INTO customers VALUES ({i}, '{random.choice(names)}.{i}@example.com', '{random.choice(countries)}', '{t0 - timedelta(days=random.randint(1,900))}+00');")
for i in range(1, 3001):
    out.append(f"INSERT INTO orders VALUES ({i}, {random.randint(1,600)}, {random.randint(500, 40000)}, '{random.choice(['paid']*18 + ['refunded','cancelled'])}', '{t0 + timedelta(minutes=14*i)}+00');")
fails = {417: "card_declined", 1290: "insufficient_funds", 2048: "expired_card", 2711: "do_not_honor", 1903: "processing_error"}
for i in range(1, 3001):
    pid = "pay_" + "".join(random.choice("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789") for _ in range(14))
    st, dc = ("failed", f"'{fails[i]}'") if i in fails else ("succeeded", "NULL")
    out.append(f"INSERT INTO payments VALUES ('{pid}', {i}, '{random.choice(['stripe','adyen'])}', {random.randint(500,40000)}, '{st}', {dc}, '{t0 + timedelta(minutes=14*i, seconds=20)}+00');")
jobs = ["export_orders", "sync_stock", "send_invoices", "rebuild_search", "expire_carts", "payout_report"]
k = 0
for d in range(3):
    for h in range(0, 24, 2):
        for j in jobs:
            k += 1
            st = datetime(2024, 11, 18 + d, h, random.randint(0, 5), random.randint(0, 59))
            dur = random.randint(20, 400)
            status, err, rows = "succeeded", "NULL", random.randint(100, 90000)
            if (d, h, j) == (1, 14, "sync_stock"):
                status, err, rows = "failed", "'upstream 503 from warehouse API after 5 retries (GET /v2/stock?page=118)'", 11800
            if (d, h, j) == (2, 4, "send_invoices"):
                status, err, rows = "failed", "'SMTP 421 4.7.0 Try again later: too many connections from 10.20.3.7'", 312
            fin = f"'{st + timedelta(seconds=dur)}+00'"
            out.append(f"INSERT INTO job_runs (job, host, started_at, finished_at, status, rows_processed, error) VALUES ('{j}', 'worker-{random.randint(1,4)}', '{st}+00', {fin}, '{status}', {rows}, {err});")
out.append("ANALYZE;")
open("data/seed.sql", "w").write("\n".join(out) + "\n")
PY
psql -X -q -v ON_ERROR_STOP=1 -f data/seed.sql >/dev/null
cat > migrations/0042_order_currency.sql <<'SQL'
-- 0042: multi-currency orders
BEGIN;

CREATE INDEX IF NOT EXISTS orders_customer_idx ON orders(customer_id);
CREATE INDEX IF NOT EXISTS payments_order_idx ON payments(order_id);

ALTER TABLE customers ADD COLUMN IF NOT EXISTS preferred_currency char(3) DEFAULT 'EUR';
UPDATE customers SET preferred_currency = 'SEK' WHERE country = 'SE';
UPDATE customers SET preferred_currency = 'PLN' WHERE country = 'PL';

CREATE TABLE IF NOT EXISTS fx_rates (
    currency char(3) PRIMARY KEY,
    eur_rate numeric(12, 6) NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO fx_rates (currency, eur_rate) VALUES ('EUR', 1), ('SEK', 0.0868), ('PLN', 0.2311)
    ON CONFLICT (currency) DO NOTHING;

ALTER TABLE orders ADD COLUMN currency char(3) NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_currency_fk FOREIGN KEY (currency) REFERENCES fx_rates(currency);

CREATE VIEW order_totals_eur AS
    SELECT o.id, o.total_cents * r.eur_rate AS total_eur_cents
    FROM orders o JOIN fx_rates r ON r.currency = o.currency;

COMMIT;
SQL
# SQLite: an event store with a migration script that stops on an error
python3 - <<'PY'
import random, sqlite3
random.seed(9)
db = sqlite3.connect("data/events.db")
db.executescript("""
CREATE TABLE accounts (id INTEGER PRIMARY KEY, handle TEXT NOT NULL, plan TEXT NOT NULL);
CREATE TABLE events (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id), kind TEXT NOT NULL,
                     payload TEXT, created_at TEXT NOT NULL);
CREATE INDEX events_account ON events(account_id);
CREATE TABLE webhooks (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, url TEXT NOT NULL, last_status INTEGER,
                       failures INTEGER NOT NULL DEFAULT 0, disabled_at TEXT);
""")
plans = ["free"] * 6 + ["team", "business"]
for i in range(1, 301):
    db.execute("INSERT INTO accounts VALUES (?,?,?)", (i, f"acct{i:04d}", random.choice(plans)))
for i in range(1, 301):
    st, fl, dis = 200, 0, None
    if i in (37, 142, 266):
        st, fl, dis = random.choice([500, 502, 410]), random.randint(25, 60), f"2024-11-{10 + i % 9:02d} 0{i % 9}:14:03"
    db.execute("INSERT INTO webhooks VALUES (?,?,?,?,?,?)", (i, i, f"https://hooks.acct{i:04d}.example/events", st, fl, dis))
kinds = ["page_view"] * 30 + ["signup", "checkout", "invite_sent"]
for i in range(1, 8001):
    db.execute("INSERT INTO events VALUES (?,?,?,?,?)", (i, random.randint(1, 300), random.choice(kinds), None, f"2024-11-20 {i * 9 // 3600 % 24:02d}:{i * 9 // 60 % 60:02d}:{i * 9 % 60:02d}"))
db.commit()
PY
cat > migrate-events.sql <<'SQL'
.bail on
ALTER TABLE events ADD COLUMN session_id TEXT;
CREATE INDEX IF NOT EXISTS events_kind ON events(kind);
UPDATE events SET session_id = 's-' || account_id || '-' || substr(created_at, 1, 10);
CREATE TABLE sessions AS SELECT DISTINCT session_id, account_id FROM events;
CREATE INDEX sessions_account ON sessions(user_id);
DROP TABLE IF EXISTS legacy_events;
SQL
