#!/usr/bin/env bash
# The fresh32 set (bench/corpus/fresh32/): what a web engineer with a coding agent runs against a
# database, a cache and a browser when the ticket shop misbehaves, in shapes no earlier set holds:
# a checkout replay's mysql2 errors (duplicate key, foreign key, deadlock, lock wait) and InnoDB's
# monitor after them, a migration's malformed foreign key, MariaDB's ANALYZE of a slow join,
# mariadb-dump of the schema, the slow query log and mariadb-dumpslow, mariadb-check with a broken
# MyISAM table; redis-cli --bigkeys, --memkeys, SLOWLOG GET, CONFIG GET, ioredis workers hitting
# OOM, MISCONF and a refused replica, the Redis log; Playwright runs with failing locators (list,
# line and JSON reporters), a page's console errors through playwright-core, karma with
# ChromeHeadless and failing jasmine specs, lighthouse of a local page.
# The project is a concert ticket shop (boxoffice). Debian's mariadb-server, redis-server and
# chromium; mysql2, ioredis, @playwright/test, karma with karma-jasmine and karma-chrome-launcher
# and lighthouse from the npm registry at install time, offline after.
# Leaves a MariaDB server (pid in $ROOT/srv/mariadbd.pid) and a Redis server (pid in
# $ROOT/srv/redis.pid) on 127.0.0.1; the last session stops them (stop them by those pids if a
# capture fails).
set -euo pipefail
ROOT="$1"
cd "$ROOT"
SRV="$ROOT/srv"
MYPORT=33632
RPORT=16392
WEBPORT=18432
rm -rf boxoffice && mkdir -p boxoffice "$SRV" && cd boxoffice

cat > package.json <<'J'
{
  "name": "boxoffice",
  "version": "2.3.0",
  "private": true,
  "type": "commonjs",
  "dependencies": {
    "mysql2": "3.24.6",
    "ioredis": "6.0.0"
  },
  "devDependencies": {
    "@playwright/test": "1.65.1",
    "karma": "6.4.4",
    "karma-jasmine": "5.1.0",
    "jasmine-core": "4.6.1",
    "karma-chrome-launcher": "3.2.0",
    "lighthouse": "13.5.0"
  }
}
J
echo "update-notifier=false" > .npmrc
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --loglevel=error >/dev/null

# --- MariaDB on loopback, with the slow query log on
if [ ! -f "$SRV/mariadbd.pid" ] || ! kill -0 "$(cat "$SRV/mariadbd.pid")" 2>/dev/null; then
  rm -rf "$SRV/data" && mkdir -p "$SRV/data" && chown mysql:mysql "$SRV/data" "$SRV"
  mariadb-install-db --user=mysql --datadir="$SRV/data" --auth-root-authentication-method=normal >"$SRV/install.log" 2>&1
  mariadbd --user=mysql --datadir="$SRV/data" --socket="$SRV/mysqld.sock" --port=$MYPORT \
    --bind-address=127.0.0.1 --pid-file="$SRV/mariadbd.pid" --log-error="$SRV/mariadbd.err" \
    --innodb-lock-wait-timeout=2 --max-connections=40 --innodb-buffer-pool-size=64M \
    --slow-query-log=1 --slow-query-log-file="$SRV/boxoffice-slow.log" --long-query-time=0.02 \
    --log-slow-verbosity=query_plan,explain --innodb-print-all-deadlocks=1 --myisam-recover-options=OFF >/dev/null 2>&1 &
  for _ in $(seq 120); do [ -S "$SRV/mysqld.sock" ] && break; sleep 0.5; done
fi
printf '[client]\nsocket=%s\nuser=root\n[mysqldump]\nsocket=%s\nuser=root\n' "$SRV/mysqld.sock" "$SRV/mysqld.sock" > "$SRV/my.cnf"
M="mariadb --defaults-file=$SRV/my.cnf"
mkdir -p db
printf '[client]\nhost=127.0.0.1\nport=%s\nuser=boxoffice\npassword=tickets-local\n' $MYPORT > db/local.cnf
$M -e "DROP DATABASE IF EXISTS boxoffice; CREATE DATABASE boxoffice; CREATE USER IF NOT EXISTS 'boxoffice'@'127.0.0.1' IDENTIFIED BY 'tickets-local'; GRANT ALL PRIVILEGES ON *.* TO 'boxoffice'@'127.0.0.1'"
mkdir -p db/migrations
cat > db/migrations/0001_core.sql <<'SQL'
CREATE TABLE venues (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  name VARCHAR(120) NOT NULL,
  city VARCHAR(80) NOT NULL,
  capacity INT UNSIGNED NOT NULL,
  timezone VARCHAR(40) NOT NULL DEFAULT 'Europe/Lisbon'
) ENGINE=InnoDB;
CREATE TABLE events (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  venue_id INT UNSIGNED NOT NULL,
  title VARCHAR(200) NOT NULL,
  starts_at DATETIME NOT NULL,
  on_sale_at DATETIME NOT NULL,
  status ENUM('draft','on_sale','sold_out','cancelled') NOT NULL DEFAULT 'draft',
  CONSTRAINT fk_events_venue FOREIGN KEY (venue_id) REFERENCES venues(id),
  KEY idx_events_starts (starts_at)
) ENGINE=InnoDB;
CREATE TABLE seats (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  venue_id INT UNSIGNED NOT NULL,
  section VARCHAR(12) NOT NULL,
  row_label VARCHAR(4) NOT NULL,
  number SMALLINT UNSIGNED NOT NULL,
  price_band CHAR(1) NOT NULL,
  UNIQUE KEY uq_seat (venue_id, section, row_label, number),
  CONSTRAINT fk_seats_venue FOREIGN KEY (venue_id) REFERENCES venues(id)
) ENGINE=InnoDB;
CREATE TABLE customers (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  email VARCHAR(190) NOT NULL,
  full_name VARCHAR(120) NOT NULL,
  country CHAR(2) NOT NULL,
  created_at DATETIME NOT NULL,
  UNIQUE KEY uq_customers_email (email)
) ENGINE=InnoDB;
CREATE TABLE promo_codes (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  code VARCHAR(24) NOT NULL UNIQUE,
  percent_off TINYINT UNSIGNED NOT NULL,
  expires_at DATETIME NULL
) ENGINE=InnoDB;
CREATE TABLE orders (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  customer_id INT UNSIGNED NOT NULL,
  event_id INT UNSIGNED NOT NULL,
  promo_code_id INT UNSIGNED NULL,
  state ENUM('pending','paid','refunded','expired') NOT NULL DEFAULT 'pending',
  total_cents INT UNSIGNED NOT NULL,
  created_at DATETIME NOT NULL,
  CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES customers(id),
  CONSTRAINT fk_orders_event FOREIGN KEY (event_id) REFERENCES events(id),
  CONSTRAINT fk_orders_promo FOREIGN KEY (promo_code_id) REFERENCES promo_codes(id)
) ENGINE=InnoDB;
CREATE TABLE tickets (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  order_id INT UNSIGNED NOT NULL,
  event_id INT UNSIGNED NOT NULL,
  seat_id INT UNSIGNED NOT NULL,
  price_cents INT UNSIGNED NOT NULL,
  barcode CHAR(16) NOT NULL,
  UNIQUE KEY uq_ticket_seat (event_id, seat_id),
  CONSTRAINT fk_tickets_seat FOREIGN KEY (seat_id) REFERENCES seats(id)
) ENGINE=InnoDB;
CREATE TABLE seat_holds (
  event_id INT UNSIGNED NOT NULL,
  seat_id INT UNSIGNED NOT NULL,
  session_id CHAR(32) NOT NULL,
  expires_at DATETIME NOT NULL,
  PRIMARY KEY (event_id, seat_id)
) ENGINE=InnoDB;
CREATE TABLE payments (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  order_id INT UNSIGNED NOT NULL,
  provider VARCHAR(20) NOT NULL,
  provider_ref VARCHAR(64) NOT NULL,
  amount_cents INT UNSIGNED NOT NULL,
  status VARCHAR(16) NOT NULL,
  created_at DATETIME NOT NULL,
  CONSTRAINT fk_payments_order FOREIGN KEY (order_id) REFERENCES orders(id)
) ENGINE=InnoDB;
CREATE TABLE audit_log (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  actor VARCHAR(60) NOT NULL,
  action VARCHAR(60) NOT NULL,
  entity VARCHAR(40) NOT NULL,
  entity_id INT UNSIGNED NOT NULL,
  at DATETIME NOT NULL,
  detail VARCHAR(255)
) ENGINE=MyISAM;
CREATE TABLE order_events (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  order_id INT UNSIGNED NOT NULL,
  kind VARCHAR(20) NOT NULL,
  at DATETIME NOT NULL
) ENGINE=InnoDB;
CREATE VIEW v_event_sales AS
  SELECT e.id AS event_id, e.title, COUNT(t.id) AS tickets_sold, COALESCE(SUM(t.price_cents),0) AS revenue_cents
  FROM events e LEFT JOIN tickets t ON t.event_id = e.id GROUP BY e.id, e.title;
DELIMITER //
CREATE TRIGGER trg_orders_paid AFTER UPDATE ON orders FOR EACH ROW
BEGIN
  IF NEW.state = 'paid' AND OLD.state <> 'paid' THEN
    INSERT INTO order_events (order_id, kind, at) VALUES (NEW.id, 'paid', NOW());
  END IF;
END//
CREATE PROCEDURE release_expired_holds(IN p_now DATETIME)
BEGIN
  DELETE FROM seat_holds WHERE expires_at < p_now;
  SELECT ROW_COUNT() AS released;
END//
DELIMITER ;
SQL
$M boxoffice < db/migrations/0001_core.sql

# Data: 6 venues, 240 events, 4,000 seats a venue, 30,000 customers, 60,000 orders, 150,000 tickets.
$M boxoffice <<'SQL'
INSERT INTO venues (name, city, capacity) VALUES
 ('Coliseu dos Recreios','Lisboa',4000),('Super Bock Arena','Porto',4000),('Campo Pequeno','Lisboa',4000),
 ('Teatro Tivoli BBVA','Lisboa',4000),('Hard Club','Porto',4000),('Convento São Francisco','Coimbra',4000);
INSERT INTO events (venue_id, title, starts_at, on_sale_at, status)
  SELECT 1 + seq % 6, CONCAT(ELT(1 + seq % 8,'Noites de Fado','Indie Weekender','Jazz no Coliseu','Orquestra Gulbenkian','Metal Fest','Stand-up Live','Rock in Tour','Electronic Sessions'),' #',seq),
         '2026-09-01 21:00:00' + INTERVAL seq DAY, '2026-06-01 10:00:00' + INTERVAL seq DAY,
         ELT(1 + seq % 10,'on_sale','on_sale','on_sale','sold_out','on_sale','draft','on_sale','on_sale','cancelled','on_sale')
  FROM seq_1_to_240;
INSERT INTO seats (venue_id, section, row_label, number, price_band)
  SELECT v.seq, ELT(1 + (s.seq DIV 1000),'PLATEIA','BALCAO1','BALCAO2','CAMAROTE'),
         CHAR(65 + (s.seq MOD 1000) DIV 40), 1 + s.seq MOD 40, ELT(1 + (s.seq DIV 1000),'A','B','C','D')
  FROM seq_1_to_6 v JOIN seq_0_to_3999 s;
INSERT INTO customers (email, full_name, country, created_at)
  SELECT CONCAT('fan', seq, '@', ELT(1 + seq % 5,'gmail.com','sapo.pt','outlook.com','proton.me','iol.pt')),
         CONCAT(ELT(1 + seq % 7,'Ana','João','Marta','Rui','Inês','Pedro','Sofia'),' ',ELT(1 + seq % 6,'Silva','Santos','Ferreira','Costa','Oliveira','Rodrigues')),
         ELT(1 + seq % 4,'PT','ES','FR','GB'), '2024-01-01' + INTERVAL (seq % 700) DAY
  FROM seq_1_to_30000;
INSERT INTO promo_codes (code, percent_off, expires_at) VALUES ('FADO10',10,'2026-12-31'),('EARLYBIRD',15,'2026-07-01'),('STAFF50',50,NULL);
INSERT INTO orders (customer_id, event_id, promo_code_id, state, total_cents, created_at)
  SELECT 1 + (seq * 7919) % 30000, 1 + seq % 240, IF(seq % 17 = 0, 1 + seq % 3, NULL),
         ELT(1 + seq % 12,'paid','paid','paid','paid','paid','paid','paid','paid','pending','expired','refunded','paid'),
         0, '2026-06-01' + INTERVAL (seq % 150) DAY + INTERVAL (seq % 86400) SECOND
  FROM seq_1_to_60000;
INSERT INTO tickets (order_id, event_id, seat_id, price_cents, barcode)
  SELECT o.id, o.event_id, (o.event_id % 6) * 4000 + 1 + ((o.id DIV 240) * 3 + k.seq) % 4000, 2500 + 1000 * k.seq, UPPER(LEFT(MD5(CONCAT(o.id,'-',k.seq)),16))
  FROM orders o JOIN seq_0_to_2 k WHERE o.id % 5 <> 0 OR k.seq < 2;
UPDATE orders o JOIN (SELECT order_id, SUM(price_cents) s FROM tickets GROUP BY order_id) t ON t.order_id = o.id SET o.total_cents = t.s;
INSERT INTO payments (order_id, provider, provider_ref, amount_cents, status, created_at)
  SELECT id, ELT(1 + id % 3,'stripe','mbway','paypal'), CONCAT('pi_', LEFT(MD5(id),24)), total_cents, IF(state='refunded','refunded','captured'), created_at + INTERVAL 40 SECOND
  FROM orders WHERE state IN ('paid','refunded');
INSERT INTO audit_log (actor, action, entity, entity_id, at, detail)
  SELECT 'checkout', 'order.paid', 'orders', id, created_at, CONCAT('total=', total_cents) FROM orders WHERE state = 'paid' LIMIT 20000;
INSERT INTO seat_holds (event_id, seat_id, session_id, expires_at)
  SELECT 7, seq, LEFT(MD5(seq),32), '2026-11-30 20:15:00' FROM seq_1_to_40;
ANALYZE TABLE orders, tickets, customers, events, seats;
SQL

# The refunds migration: its foreign key names a column of another type (errno 150).
cat > db/migrations/0009_refunds.sql <<'SQL'
-- 0009: refunds are recorded per ticket, with the payment they return money from
CREATE TABLE refund_reasons (
  code VARCHAR(24) PRIMARY KEY,
  label VARCHAR(120) NOT NULL
) ENGINE=InnoDB;
INSERT INTO refund_reasons VALUES ('EVENT_CANCELLED','Event cancelled by promoter'),('DUPLICATE','Duplicate purchase'),('GOODWILL','Goodwill gesture');
CREATE TABLE refunds (
  id INT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
  ticket_id INT UNSIGNED NOT NULL,
  payment_id BIGINT NOT NULL,
  reason_code VARCHAR(24) NOT NULL,
  amount_cents INT UNSIGNED NOT NULL,
  created_at DATETIME NOT NULL,
  CONSTRAINT fk_refunds_ticket FOREIGN KEY (ticket_id) REFERENCES tickets(id),
  CONSTRAINT fk_refunds_payment FOREIGN KEY (payment_id) REFERENCES payments(id),
  CONSTRAINT fk_refunds_reason FOREIGN KEY (reason_code) REFERENCES refund_reasons(code)
) ENGINE=InnoDB;
ALTER TABLE tickets ADD COLUMN refunded_at DATETIME NULL;
SQL

mkdir -p scripts
cat > scripts/db.js <<'JS'
const mysql = require("mysql2/promise");
exports.pool = () =>
  mysql.createPool({ host: "127.0.0.1", port: 33632, user: "boxoffice", password: "tickets-local",
    database: "boxoffice", connectionLimit: 8, dateStrings: true });
JS
# Replays yesterday evening's checkout requests (from the access log) against the local database.
cat > scripts/checkout-replay.js <<'JS'
const { pool } = require("./db");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function requests() {
  const out = [];
  for (let i = 1; i <= 180; i++) {
    const event = 1 + ((i * 37) % 240);
    const venue = 1 + (event % 6);
    const base = (venue - 1) * 4000 + 3200 + ((i * 13) % 700);
    const seats = [base, base + 1, base + 2].slice(0, 1 + (i % 3));
    out.push({ id: `req-${String(i).padStart(4, "0")}`, customer: 1 + ((i * 4099) % 30000), event, seats,
      promo: i % 23 === 0 ? 2 : null });
  }
  // Seats sold in June (tickets hold them), a promo code deleted last week, and a long email.
  out[41].event = 7; out[41].seats = [(1 + (7 % 6) - 1) * 4000 + 1 + ((7 / 240 | 0) * 3) % 4000 + 0];
  out[88].promo = 9;
  out[133].newCustomer = `${"verylongname.".repeat(16)}@example.com`;
  out[160].event = 247 % 240; out[160].seats = [((247 % 240) % 6) * 4000 + 1 + 3, ((247 % 240) % 6) * 4000 + 1 + 4];
  return out;
}

async function checkout(db, r) {
  const conn = await db.getConnection();
  try {
    await conn.beginTransaction();
    let customer = r.customer;
    if (r.newCustomer) {
      const [c] = await conn.execute(
        "INSERT INTO customers (email, full_name, country, created_at) VALUES (?, ?, 'PT', NOW())",
        [r.newCustomer, "Guest Checkout"]);
      customer = c.insertId;
    }
    const [o] = await conn.execute(
      "INSERT INTO orders (customer_id, event_id, promo_code_id, state, total_cents, created_at) VALUES (?, ?, ?, 'pending', ?, NOW())",
      [customer, r.event, r.promo, 3500 * r.seats.length]);
    for (const seat of r.seats)
      await conn.execute(
        "INSERT INTO tickets (order_id, event_id, seat_id, price_cents, barcode) VALUES (?, ?, ?, 3500, UPPER(LEFT(MD5(RAND()),16)))",
        [o.insertId, r.event, seat]);
    await conn.execute("UPDATE orders SET state = 'paid' WHERE id = ?", [o.insertId]);
    await conn.commit();
    console.log(`${r.id} customer=${customer} event=${r.event} seats=${r.seats.join(",")} -> order ${o.insertId} paid ${(3500 * r.seats.length / 100).toFixed(2)} EUR`);
  } catch (err) {
    await conn.rollback();
    console.error(`${r.id} checkout failed (event ${r.event}, seats ${r.seats.join(",")}):`, err);
  } finally {
    conn.release();
  }
}

// Two shoppers on event 7 take the same two held seats in opposite order.
async function holdSwap(db) {
  const a = await db.getConnection();
  const b = await db.getConnection();
  await a.beginTransaction();
  await b.beginTransaction();
  await a.execute("UPDATE seat_holds SET session_id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90', expires_at = NOW() + INTERVAL 10 MINUTE WHERE event_id = 7 AND seat_id = 11");
  await b.execute("UPDATE seat_holds SET session_id = 'ffeeddccbbaa99887766554433221100', expires_at = NOW() + INTERVAL 10 MINUTE WHERE event_id = 7 AND seat_id = 12");
  const results = await Promise.allSettled([
    (async () => { await sleep(50); await a.execute("UPDATE seat_holds SET session_id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90' WHERE event_id = 7 AND seat_id = 12"); await a.commit(); return "hold-swap A committed"; })(),
    (async () => { await sleep(150); await b.execute("UPDATE seat_holds SET session_id = 'ffeeddccbbaa99887766554433221100' WHERE event_id = 7 AND seat_id = 11"); await b.commit(); return "hold-swap B committed"; })(),
  ]);
  for (const [i, r] of results.entries()) {
    if (r.status === "fulfilled") console.log(r.value);
    else { console.error(`hold-swap ${i ? "B" : "A"} failed:`, r.reason); await (i ? b : a).rollback(); }
  }
  a.release(); b.release();
}

// The hold sweeper runs while a checkout keeps a hold row locked.
async function sweeperWait(db) {
  const a = await db.getConnection();
  await a.beginTransaction();
  await a.execute("SELECT * FROM seat_holds WHERE event_id = 7 AND seat_id = 20 FOR UPDATE");
  try {
    const [rows] = await db.query("CALL release_expired_holds('2026-12-01 00:00:00')");
    console.log("sweeper released", rows[0][0].released);
  } catch (err) {
    console.error("hold sweeper failed:", err);
  }
  await a.rollback();
  a.release();
}

(async () => {
  const db = pool();
  const reqs = requests();
  console.log(`replaying ${reqs.length} checkout requests from access-2026-11-30.log against boxoffice@127.0.0.1:33632`);
  for (const r of reqs.slice(0, 100)) await checkout(db, r);
  await holdSwap(db);
  for (const r of reqs.slice(100)) await checkout(db, r);
  await sweeperWait(db);
  await db.end();
  console.log("replay done");
})();
JS

# The evening sales report: joins without the indexes they need (orders has no index on created_at,
# tickets none on order_id), run as the dashboard runs it, so the slow log fills.
cat > scripts/sales-report.sql <<'SQL'
SELECT e.title, v.name AS venue, COUNT(t.id) AS tickets, SUM(t.price_cents)/100 AS revenue_eur
FROM orders o JOIN tickets t ON t.order_id = o.id JOIN events e ON e.id = o.event_id JOIN venues v ON v.id = e.venue_id
WHERE o.state = 'paid' AND o.created_at >= '2026-10-01' GROUP BY e.id ORDER BY revenue_eur DESC LIMIT 20;
SQL
for i in 1 2 3; do $M boxoffice < scripts/sales-report.sql >/dev/null; done
for i in $(seq 1 6); do
  $M boxoffice -e "SELECT c.email, COUNT(*) n FROM customers c JOIN orders o ON o.customer_id = c.id WHERE c.email LIKE '%sapo.pt' AND o.state = 'refunded' GROUP BY c.email HAVING n > 1 ORDER BY n DESC LIMIT 50" >/dev/null
  $M boxoffice -e "SELECT * FROM v_event_sales WHERE tickets_sold > $((i * 100)) ORDER BY revenue_cents DESC LIMIT 10" >/dev/null
  $M boxoffice -e "SELECT p.provider, DATE(p.created_at) d, SUM(p.amount_cents) FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.event_id IN (SELECT id FROM events WHERE venue_id = $((1 + i % 6))) GROUP BY p.provider, d ORDER BY d DESC LIMIT 30" >/dev/null
  $M boxoffice -e "SELECT t.barcode FROM tickets t WHERE t.order_id IN (SELECT id FROM orders WHERE customer_id = $((i * 811))) " >/dev/null
  $M boxoffice -e "UPDATE orders SET state = 'expired' WHERE state = 'pending' AND created_at < '2026-06-0$i' + INTERVAL 1 DAY" >/dev/null
done

# The legacy audit log is MyISAM; a copy of its data file was cut short by a full disk.
$M boxoffice -e "FLUSH TABLES audit_log"
truncate -s -3000 "$SRV/data/boxoffice/audit_log.MYD"

# --- Redis on loopback: sessions, carts, seat maps, queues and rate limits of the shop
mkdir -p "$SRV/redis"
if [ ! -f "$SRV/redis.pid" ] || ! kill -0 "$(cat "$SRV/redis.pid")" 2>/dev/null; then
  redis-server --port $RPORT --bind 127.0.0.1 --daemonize yes --dir "$SRV/redis" --logfile "$SRV/redis/redis.log" \
    --pidfile "$SRV/redis.pid" --save "" --appendonly no --maxmemory-policy noeviction \
    --enable-protected-configs local --slowlog-log-slower-than 2000 --slowlog-max-len 256 --latency-monitor-threshold 20
  for _ in $(seq 50); do redis-cli -p $RPORT ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
R="redis-cli -p $RPORT"
$R FLUSHALL >/dev/null
$R CONFIG SET maxmemory 0 >/dev/null
python3 - <<'PY' | $R --pipe >/dev/null
import hashlib, random
random.seed(32)
def cmd(*a):
    parts = [str(x).encode() for x in a]
    out = b"*%d\r\n" % len(parts)
    for p in parts:
        out += b"$%d\r\n%s\r\n" % (len(p), p)
    return out
import sys
w = sys.stdout.buffer
for i in range(1, 60001):
    h = hashlib.md5(str(i).encode()).hexdigest()
    w.write(cmd("SET", f"session:{h}", '{"uid":%d,"cart":"cart:%d","csrf":"%s","ua":"Mozilla/5.0 (X11; Linux x86_64)"}' % (i % 30000, i % 9000, h[:16]), "EX", 86400))
for c in range(9000):
    args = []
    for k in range(1 + c % 6):
        args += [f"seat:{c % 240 + 1}:{c * 7 + k}", 3500 + 1000 * (k % 3)]
    w.write(cmd("HSET", f"cart:{c}", *args))
for e in range(1, 241):
    n = 4000 if e != 7 else 4000
    args = []
    for s in range(1, n + 1):
        args += [str(s), "sold" if (s * e) % 3 == 0 else "free"]
    for j in range(0, len(args), 2000):
        w.write(cmd("HSET", f"seatmap:{e}", *args[j:j + 2000]))
# The confirmation-mail queue nobody drains since the mailer moved.
for i in range(48000):
    w.write(cmd("RPUSH", "queue:emails:confirmation", '{"order":%d,"to":"fan%d@sapo.pt","template":"order-confirmed","locale":"pt-PT"}' % (60000 + i, i)))
for e in range(1, 241):
    for j in range(0, 1200, 200):
        args = []
        for k in range(j, j + 200):
            args += [random.randint(0, 5000), f"customer:{(k * 31 + e) % 30000}"]
        w.write(cmd("ZADD", f"waitlist:event:{e}", *args))
for j in range(0, 90000, 1000):
    w.write(cmd("SADD", "bots:blocked-ips", *[f"10.{(k >> 16) & 255}.{(k >> 8) & 255}.{k & 255}" for k in range(j, j + 1000)]))
for i in range(3000):
    w.write(cmd("SET", f"ratelimit:api:{i}", i % 50, "EX", 60))
w.write(cmd("SET", "feature:flags", '{"seatmap_v2":true,"queue_it":false,"apple_pay":true}'))
w.write(cmd("SET", "render:home:pt-PT", "<!doctype html>" + "<section class=\"event-card\">Noites de Fado</section>" * 30000))
PY

mkdir -p cache
cat > cache/redis.js <<'JS'
const Redis = require("ioredis");
exports.client = (name, opts = {}) =>
  new Redis({ host: "127.0.0.1", port: Number(process.env.REDIS_PORT || 16392), connectionName: name, ...opts });
JS
# What the web tier and the reporting cron ran this evening, so SLOWLOG holds their commands.
cat > cache/evening-load.js <<'JS'
const { client } = require("./redis");
(async () => {
  const web = client("web-api-1");
  const cron = client("report-cron");
  const admin = client("admin-dashboard");
  for (let i = 0; i < 6; i++) {
    await web.hgetall(`seatmap:${7 + i}`);
    await web.zrange(`waitlist:event:${7 + i}`, 0, -1, "WITHSCORES");
  }
  await admin.keys("session:*");
  await admin.keys("cart:*");
  await cron.smembers("bots:blocked-ips");
  await cron.lrange("queue:emails:confirmation", 0, -1);
  await cron.sort("waitlist:event:7", "BY", "nosort", "LIMIT", 0, 1000);
  await cron.sunionstore("report:tmp:waitlists", "bots:blocked-ips", "bots:blocked-ips");
  await web.get("render:home:pt-PT");
  for (let e = 1; e <= 40; e++) await cron.hvals(`seatmap:${e}`);
  await admin.scan("0", "MATCH", "ratelimit:*", "COUNT", 100000);
  web.disconnect(); cron.disconnect(); admin.disconnect();
})();
JS
node cache/evening-load.js
# The cache's memory cap sits just above what it holds; then the snapshot volume goes away.
USED=$($R INFO memory | sed -n 's/^used_memory:\([0-9]*\).*/\1/p')
$R CONFIG SET maxmemory $((USED + 2 * 1024 * 1024)) >/dev/null
mkdir -p "$SRV/redis-snapshots"
$R CONFIG SET dir "$SRV/redis-snapshots"
$R CONFIG SET save "900 1 300 100 60 10000" >/dev/null
rm -rf "$SRV/redis-snapshots"
$R BGSAVE >/dev/null || true
sleep 1

cat > cache/hold-seats.js <<'JS'
// Holds the seats a shopper picked for ten minutes (the seat map's hold keys).
const { client } = require("./redis");
(async () => {
  const r = client("web-api-1", { maxRetriesPerRequest: 1 });
  let held = 0;
  for (let i = 0; i < 120; i++) {
    const session = `s${String(i).padStart(4, "0")}`;
    try {
      await r.set(`hold:event:7:seat:${100 + i}`, JSON.stringify({ session, at: Date.now(), note: "x".repeat(20000) }), "EX", 600, "NX");
      held++;
      console.log(`held seat ${100 + i} for ${session}`);
    } catch (err) {
      console.error(`hold seat ${100 + i} for ${session} failed:`, err);
      if (i > 60) break;
    }
  }
  console.log(`held ${held} seats`);
  r.disconnect();
})();
JS
cat > cache/session-sweeper.js <<'JS'
// Refreshes the TTL of active sessions and drops the logged-out ones.
const { client } = require("./redis");
(async () => {
  const r = client("session-sweeper", { maxRetriesPerRequest: 1 });
  const [, keys] = await r.scan("0", "MATCH", "session:*", "COUNT", 300);
  console.log(`sweeping ${keys.length} sessions`);
  let ok = 0, failed = 0;
  for (const [i, k] of keys.entries()) {
    try {
      if (i % 4 === 0) await r.del(k);
      else await r.expire(k, 86400);
      ok++;
    } catch (err) {
      failed++;
      if (failed <= 3 || failed % 50 === 0) console.error(`sweep ${k} failed (${failed}):`, err);
    }
  }
  console.log(`swept ${ok}, failed ${failed}`);
  r.disconnect();
})();
JS
cat > cache/queue-worker.js <<'JS'
// The confirmation-mail worker reads from the replica the ops runbook says runs on 16393.
const Redis = require("ioredis");
const r = new Redis({ host: "127.0.0.1", port: 16393, connectionName: "mail-worker", retryStrategy: (n) => Math.min(n * 200, 1000) });
console.log("mail-worker 1.4.2 starting, queue queue:emails:confirmation");
r.on("connect", () => console.log("connected"));
r.on("reconnecting", (ms) => console.log(`reconnecting in ${ms}ms`));
(async () => {
  for (;;) {
    const job = await r.blpop("queue:emails:confirmation", 5);
    if (job) console.log("send", job[1]);
  }
})().catch((e) => console.error("worker stopped:", e));
JS

# --- The shop's web front: a small server with the pages the browser tests open
mkdir -p web/public/js web/public/css
cat > web/server.js <<'JS'
const http = require("node:http");
const fs = require("node:fs");
const path = require("node:path");
const port = Number(process.argv[2] || 18432);
const pub = path.join(__dirname, "public");
const events = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: ["Noites de Fado", "Indie Weekender", "Jazz no Coliseu", "Orquestra Gulbenkian"][i % 4] + " #" + (i + 1),
  venue: ["Coliseu dos Recreios", "Super Bock Arena", "Campo Pequeno"][i % 3], date: `2026-12-${String(3 + i).padStart(2, "0")}`, from: 25 + 5 * (i % 4), soldOut: i === 3 }));
const page = (title, body) => `<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>${title}</title>
<link rel="stylesheet" href="/css/site.css"><script src="/js/vendor/analytics.min.js" defer></script><script src="/js/app.js" defer></script></head>
<body><header><a href="/" class="logo">Boxoffice</a><nav><a href="/">Eventos</a><a href="/account">Conta</a></nav></header><main>${body}</main></body></html>`;
http.createServer((req, res) => {
  const u = new URL(req.url, "http://x");
  const send = (code, type, body) => { res.writeHead(code, { "content-type": type }); res.end(body); };
  if (u.pathname === "/") return send(200, "text/html", page("Boxoffice — Eventos", `<h1>Próximos eventos</h1><ul class="events">${events.map((e) =>
    `<li class="event-card" data-id="${e.id}"><img src="/img/event-${e.id}.jpg"><h2>${e.title}</h2><p>${e.venue} · ${e.date}</p><p class="from">desde ${e.from},00 €</p>${e.soldOut ? "<span class=badge>Esgotado</span>" : `<a class="buy" href="/event/${e.id}">Comprar bilhetes</a>`}</li>`).join("")}</ul>`));
  const m = u.pathname.match(/^\/event\/(\d+)$/);
  if (m) { const e = events[Number(m[1]) - 1]; if (!e) return send(404, "text/html", page("Não encontrado", "<h1>Evento não encontrado</h1>"));
    return send(200, "text/html", page(e.title, `<h1>${e.title}</h1><p class="venue">${e.venue}</p><div id="seatmap" data-event="${e.id}"></div>
<aside class="summary"><h2>Resumo</h2><p class="count">0 lugares</p><p class="total">Total: 0,00 €</p><button class="checkout">Comprar bilhetes</button></aside>
<button class="checkout sticky">Comprar bilhetes</button>`)); }
  if (u.pathname === "/checkout") return send(200, "text/html", page("Pagamento", `<h1>Pagamento</h1><form id="pay"><label>Email <input name="email" type="email"></label><label>Cartão <input name="card"></label><button type="submit">Pagar</button></form><p class="timer">A reserva expira em 10:00</p>`));
  const s = u.pathname.match(/^\/api\/events\/(\d+)\/seats$/);
  if (s) return send(200, "application/json", JSON.stringify({ event: Number(s[1]), sections: [{ name: "PLATEIA", rows: 10, perRow: 12, price: 3500 }, { name: "BALCAO1", rows: 6, perRow: 10, price: 2500 }] }));
  if (u.pathname === "/api/holds") return send(500, "application/json", JSON.stringify({ error: "hold failed", detail: "OOM command not allowed when used memory > 'maxmemory'." }));
  if (u.pathname === "/api/recommendations") return send(503, "application/json", "{}");
  const f = path.join(pub, path.normalize(u.pathname));
  if (f.startsWith(pub) && fs.existsSync(f) && fs.statSync(f).isFile())
    return send(200, f.endsWith(".js") ? "application/javascript" : f.endsWith(".css") ? "text/css" : "application/octet-stream", fs.readFileSync(f));
  send(404, "text/plain", "not found");
}).listen(port, "127.0.0.1", () => console.log(`boxoffice web on http://127.0.0.1:${port}`));
JS
cat > web/public/css/site.css <<'CSS'
body{font-family:system-ui,sans-serif;margin:0;color:#777;background:#fff}
header{display:flex;gap:1rem;padding:1rem;background:#111}header a{color:#333}
.events{display:grid;grid-template-columns:repeat(3,1fr);gap:1rem;list-style:none}
.event-card img{width:100%;height:180px}.badge{background:#eee;color:#ddd}
.seat{width:18px;height:18px;display:inline-block;margin:1px;background:#3a3}.seat.sold{background:#aaa}
.sticky{position:fixed;bottom:0;left:0;right:0}
CSS
cat > web/public/js/app.js <<'JS'
// Seat map: loads the sections, lets the shopper pick seats, holds them through /api/holds.
(function () {
  const map = document.getElementById("seatmap");
  fetch("/api/recommendations").then((r) => r.json()).then((recs) => {
    document.querySelector(".recs").textContent = recs.items.length + " sugestões";
  });
  if (!map) return;
  const picked = new Set();
  fetch(`/api/events/${map.dataset.event}/seats`).then((r) => r.json()).then((data) => {
    for (const sec of data.section) {
      const h = document.createElement("h3"); h.textContent = sec.name; map.appendChild(h);
    }
  }).catch((e) => console.error("seat map failed to load", e));
  document.querySelectorAll(".checkout").forEach((b) => b.addEventListener("click", () => {
    fetch("/api/holds", { method: "POST", body: JSON.stringify([...picked]) }).then((r) => {
      if (!r.ok) console.error(`hold request failed: ${r.status}`);
    });
  }));
  window.boxoffice = { picked, total: () => [...picked].length * 35 };
})();
JS

# Playwright's end-to-end tests, on Debian's chromium, desktop and a phone's viewport.
mkdir -p e2e/tests
cat > e2e/playwright.config.js <<'JS'
const { defineConfig, devices } = require("@playwright/test");
module.exports = defineConfig({
  testDir: "./tests",
  timeout: 8000,
  expect: { timeout: 2000 },
  workers: 2,
  retries: 0,
  use: { baseURL: "http://127.0.0.1:18432", launchOptions: { executablePath: "/usr/bin/chromium" }, trace: "off" },
  webServer: { command: "node ../web/server.js 18432", url: "http://127.0.0.1:18432/", reuseExistingServer: true },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined } },
  ],
});
JS
cat > e2e/tests/home.spec.js <<'JS'
const { test, expect } = require("@playwright/test");
test.describe("home page", () => {
  test("lists the upcoming events", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Próximos eventos");
    await expect(page.locator(".event-card")).toHaveCount(12);
  });
  test("shows sold out events with a badge", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".event-card").nth(3).locator(".badge")).toHaveText("Esgotado");
  });
  test("links each event to its seat map", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Comprar bilhetes" }).click();
    await expect(page).toHaveURL(/\/event\/1$/);
  });
  test("prices start from the cheapest band", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".event-card").first().locator(".from")).toHaveText("desde 20,00 €");
  });
  test("has no console errors", async ({ page }) => {
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});
JS
cat > e2e/tests/seatmap.spec.js <<'JS'
const { test, expect } = require("@playwright/test");
test.describe("seat map", () => {
  test("renders the sections", async ({ page }) => {
    await page.goto("/event/1");
    await expect(page.getByRole("heading", { name: "PLATEIA" })).toBeVisible();
  });
  test("picks two seats and shows the total", async ({ page }) => {
    await page.goto("/event/1");
    await page.locator(".seat:not(.sold)").first().click();
    await page.locator(".seat:not(.sold)").nth(1).click();
    await expect(page.locator(".summary .total")).toHaveText("Total: 70,00 €");
  });
  test("shows the venue", async ({ page }) => {
    await page.goto("/event/2");
    await expect(page.locator(".venue")).toHaveText("Super Bock Arena");
  });
  test("unknown event is a 404 page", async ({ page }) => {
    const res = await page.goto("/event/99");
    expect(res.status()).toBe(404);
    await expect(page.getByRole("heading")).toHaveText("Evento não encontrado");
  });
});
JS
cat > e2e/tests/checkout.spec.js <<'JS'
const { test, expect } = require("@playwright/test");
test.describe("checkout", () => {
  test("goes to payment from the summary", async ({ page }) => {
    await page.goto("/event/1");
    await page.getByRole("button", { name: "Comprar bilhetes" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });
  test("holds the seats before paying", async ({ page }) => {
    await page.goto("/event/1");
    const hold = page.waitForResponse("**/api/holds");
    await page.locator("aside .checkout").click();
    expect((await hold).status()).toBe(201);
  });
  test("payment form asks for email and card", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Cartão")).toBeVisible();
    await expect(page.getByLabel("Validade")).toBeVisible();
  });
  test("hold timer counts down", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.locator(".timer")).toHaveText(/A reserva expira em 9:5\d/);
  });
  test("pays with a test card", async ({ page }) => {
    await page.goto("/checkout");
    await page.getByLabel("Email").fill("fan1@sapo.pt");
    await page.getByLabel("Cartão").fill("4242424242424242");
    await page.getByRole("button", { name: "Pagar" }).click();
    await expect(page.getByText("Pagamento confirmado")).toBeVisible();
  });
});
JS
ln -sfn ../node_modules e2e/node_modules

# A page's console, errors and failed requests, as an engineer prints them with playwright-core.
cat > scripts/console-trace.js <<'JS'
const { chromium } = require("playwright-core");
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const page = await browser.newPage();
  const t0 = Date.now();
  const at = () => `+${String(Date.now() - t0).padStart(5)}ms`;
  page.on("console", (m) => console.log(`${at()} console.${m.type()}: ${m.text()}  (${m.location().url}:${m.location().lineNumber})`));
  page.on("pageerror", (e) => console.log(`${at()} pageerror: ${e.stack}`));
  page.on("requestfailed", (r) => console.log(`${at()} requestfailed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => r.status() >= 400 && console.log(`${at()} response ${r.status()} ${r.request().method()} ${r.url()}`));
  for (const p of ["/", "/event/1", "/event/4", "/checkout"]) {
    console.log(`--- ${p}`);
    await page.goto(`http://127.0.0.1:18432${p}`, { waitUntil: "networkidle" });
    if (p === "/event/1") await page.locator("aside .checkout").click().then(() => page.waitForTimeout(300));
  }
  await browser.close();
})();
JS

# Karma with ChromeHeadless: the cart's pricing module and its jasmine specs.
mkdir -p karma/src karma/spec
cat > karma/src/pricing.js <<'JS'
window.Pricing = {
  BANDS: { A: 3500, B: 2500, C: 1800, D: 6000 },
  seatPrice(band) { return this.BANDS[band]; },
  fee(cents) { return Math.round(cents * 0.1); },
  applyPromo(cents, promo) {
    if (!promo) return cents;
    if (promo.expiresAt && new Date(promo.expiresAt) < new Date("2026-11-30")) throw new Error(`promo ${promo.code} expired`);
    return cents - Math.floor(cents * promo.percentOff / 100);
  },
  total(seats, promo) {
    const sub = seats.reduce((s, x) => s + this.seatPrice(x.band), 0);
    return this.applyPromo(sub, promo) + this.fee(sub);
  },
  format(cents) { return (cents / 100).toFixed(2).replace(".", ",") + " €"; },
};
window.Cart = class {
  constructor(limit = 6) { this.limit = limit; this.seats = []; }
  add(seat) {
    if (this.seats.length > this.limit) throw new Error("limit reached");
    if (this.seats.some((s) => s.id === seat.id)) return false;
    this.seats.push(seat); return true;
  }
  remove(id) { this.seats = this.seats.filter((s) => s.id !== id); }
  summary() { return `${this.seats.length} lugares · ${Pricing.format(Pricing.total(this.seats))}`; }
};
JS
cat > karma/spec/pricing.spec.js <<'JS'
describe("Pricing", () => {
  it("prices band A at 35 euros", () => expect(Pricing.seatPrice("A")).toBe(3500));
  it("prices the balcony bands", () => { expect(Pricing.seatPrice("B")).toBe(2500); expect(Pricing.seatPrice("C")).toBe(1800); });
  it("prices box seats", () => expect(Pricing.seatPrice("D")).toBe(5500));
  it("adds a 10% booking fee", () => expect(Pricing.fee(7000)).toBe(700));
  it("rounds the fee to the cent", () => expect(Pricing.fee(1805)).toBe(181));
  it("applies the fee after the promo", () => expect(Pricing.total([{ band: "A" }, { band: "A" }], { code: "FADO10", percentOff: 10 })).toBe(6930));
  it("ignores an empty promo", () => expect(Pricing.applyPromo(3500, null)).toBe(3500));
  it("rejects an expired promo", () => expect(() => Pricing.applyPromo(3500, { code: "EARLYBIRD", percentOff: 15, expiresAt: "2026-07-01" })).toThrowError("promo EARLYBIRD expired"));
  it("gives staff half price", () => expect(Pricing.applyPromo(3500, { code: "STAFF50", percentOff: 50 })).toBe(1750));
  it("formats euros the Portuguese way", () => expect(Pricing.format(123456)).toBe("1.234,56 €"));
  it("formats whole euros", () => expect(Pricing.format(3500)).toBe("35,00 €"));
  it("prices an unknown band as an error", () => expect(() => Pricing.seatPrice("Z")).toThrow());
});
JS
cat > karma/spec/cart.spec.js <<'JS'
describe("Cart", () => {
  let cart;
  beforeEach(() => { cart = new Cart(4); });
  it("adds a seat", () => { expect(cart.add({ id: 1, band: "A" })).toBe(true); expect(cart.seats.length).toBe(1); });
  it("does not add a seat twice", () => { cart.add({ id: 1, band: "A" }); expect(cart.add({ id: 1, band: "A" })).toBe(false); });
  it("stops at the limit", () => {
    for (let i = 1; i <= 4; i++) cart.add({ id: i, band: "B" });
    expect(() => cart.add({ id: 5, band: "B" })).toThrowError("limit reached");
  });
  it("removes a seat", () => { cart.add({ id: 1, band: "A" }); cart.remove(1); expect(cart.seats).toEqual([]); });
  it("summarises the cart", () => { cart.add({ id: 1, band: "A" }); cart.add({ id: 2, band: "C" }); expect(cart.summary()).toBe("2 lugares · 58,30 €"); });
  it("summarises an empty cart", () => expect(cart.summary()).toBe("0 lugares · 0,00 €"));
  describe("with a promo", () => {
    it("keeps the promo on the cart", () => { cart.promo = { code: "FADO10", percentOff: 10 }; cart.add({ id: 1, band: "A" }); expect(cart.total()).toBe(3500 - 350 + 350); });
  });
});
JS
cat > karma/spec/seatmap.spec.js <<'JS'
describe("SeatMap", () => {
  beforeAll(() => { window.seatmapFixture = document.createElement("div"); document.body.appendChild(window.seatmapFixture); });
  it("renders a row per section row", () => {
    const m = new SeatMap(window.seatmapFixture, { sections: [{ name: "PLATEIA", rows: 2, perRow: 3 }] });
    expect(m.rows().length).toBe(2);
  });
  it("marks sold seats", () => { expect(document.querySelectorAll(".seat.sold").length).toBe(0); });
});
JS
cat > karma/karma.conf.js <<'JS'
process.env.CHROME_BIN = process.env.CHROME_BIN || "/usr/bin/chromium";
module.exports = (config) => config.set({
  frameworks: ["jasmine"],
  files: ["src/*.js", "spec/*.spec.js"],
  browsers: ["ChromeHeadlessLocal"],
  customLaunchers: { ChromeHeadlessLocal: { base: "ChromeHeadless", flags: ["--no-sandbox"] } },
  reporters: ["progress"],
  singleRun: true,
  port: 19876,
  listenAddress: "127.0.0.1",
  hostname: "127.0.0.1",
  logLevel: config.LOG_INFO,
});
JS
ln -sfn ../node_modules karma/node_modules
