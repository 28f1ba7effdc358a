#!/usr/bin/env bash
# The fresh6 set (bench/corpus/fresh6/): a fifth held-out round of new outputs of the data,
# database, system, log, git and cluster tools the blind part holds. It builds the earlier
# projects it needs again under fx/fresh6/ (their scripts, run as they are) and adds: a bulk
# import API response with nested errors (served on loopback), an API gateway's NDJSON access
# events, a TSV of sensor readings, a host journal in syslog text, a PostgreSQL billing schema
# with a backfill that violates its constraints, an SQLite CRM, an npm tree with a missing, an
# invalid and an extraneous package, a host with a process holding a deleted log open, and
# kubectl replays and loghub logs the earlier rounds did not use.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$1"
for p in web-shop ops sys; do mkdir -p "$p"; bash "$HERE/$p.sh" "$1/$p"; done
if [ -n "${PGHOST:-}" ]; then mkdir -p db-shop; bash "$HERE/db-shop.sh" "$1/db-shop"; fi

# --- data: an API response, NDJSON, a TSV, a journal
mkdir -p "$1/data/api" "$1/data/files" "$1/data/logs" && cd "$1/data"
python3 - <<'PY'
import json, random
from datetime import datetime, timedelta
random.seed(606)
t0 = datetime(2024, 12, 2, 9, 30, 0)
# a bulk product import: page 2 of 4, most rows created or updated, a few rejected with nested errors
results = []
for i in range(101, 221):
    sku = f"SKU-{random.choice('ABCDEFGH')}{random.randint(10000, 99999)}"
    r = {"row": i, "sku": sku, "status": random.choice(["created"] * 3 + ["updated"] * 2), "product_id": f"prod_{random.randint(16**7, 16**8 - 1):x}",
         "warnings": [], "errors": []}
    if i == 118:
        r.update(status="rejected", product_id=None, errors=[{"field": "price.amount", "code": "out_of_range", "message": "price.amount must be > 0, got -12.5"}])
    if i == 153:
        r.update(status="rejected", product_id=None, errors=[{"field": "variants[2].gtin", "code": "invalid_checksum", "message": "GTIN 4006381333932 fails its check digit"},
                                                             {"field": "variants[2].size", "code": "unknown_value", "message": "size 'XXXL-tall' is not in size chart EU-apparel-v3"}])
    if i == 176:
        r.update(status="skipped", product_id=None, warnings=[{"code": "duplicate_in_file", "message": f"sku {sku} also on row 41; kept the first"}])
    if i == 204:
        r.update(status="rejected", product_id=None, errors=[{"field": "category_id", "code": "not_found", "message": "category 'cat_9931' does not exist or is archived"}])
    results.append(r)
doc = {"object": "bulk_import", "id": "imp_01JE3K7W8QZ", "state": "completed_with_errors", "page": 2, "pages": 4, "per_page": 120,
       "counts": {"rows": 480, "created": 281, "updated": 187, "rejected": 9, "skipped": 3},
       "results": results, "next_cursor": "eyJyb3ciOjIyMH0", "request_id": "req_7f3a9c21b0"}
open("api/imports-imp_01JE3K7W8QZ.json", "w").write(json.dumps(doc, indent=2) + "\n")

# an API gateway's access events, one JSON object a line, nested request/response
paths = ["/v1/orders", "/v1/orders/{id}", "/v1/carts/{id}/items", "/v1/products", "/v1/search", "/v1/customers/{id}"]
with open("files/gateway-access.ndjson", "w") as f:
    for i in range(1, 701):
        ts = (t0 + timedelta(milliseconds=613 * i)).isoformat(timespec="milliseconds") + "Z"
        p = random.choice(paths).replace("{id}", str(random.randint(1000, 9999)))
        e = {"ts": ts, "gw": "edge-eu-2", "rid": f"r-{random.randint(16**9, 16**10 - 1):x}", "req": {"m": random.choice(["GET"] * 4 + ["POST"]), "path": p, "ua": "shop-web/4.2"},
             "res": {"status": random.choice([200] * 12 + [201, 204, 304]), "bytes": random.randint(200, 9000)}, "upstream": random.choice(["orders-svc", "catalog-svc", "search-svc"]),
             "latency_ms": random.randint(3, 140)}
        if i in (212, 213):
            e["res"] = {"status": 502, "bytes": 0}; e["err"] = "upstream connect error: orders-svc 10.4.7.19:8080 connection refused"; e["upstream"] = "orders-svc"
        if i == 388:
            e["latency_ms"] = 29874; e["res"]["status"] = 504; e["err"] = "upstream timeout after 30000ms"; e["upstream"] = "search-svc"
        if i == 455:
            e["res"] = {"status": 429, "bytes": 61}; e["limit"] = {"key": "client:acme-bulk", "window_s": 60, "max": 1200}
        if i == 604:
            e["res"] = {"status": 500, "bytes": 143}; e["err"] = "panic: runtime error: index out of range [3] with length 3 (catalog-svc/handlers/variants.go:212)"; e["upstream"] = "catalog-svc"
        f.write(json.dumps(e, separators=(",", ":")) + "\n")

# sensor readings, tab separated: one sensor faults, one reports nothing, one reads impossible
sensors = [f"tmp-{k:02d}" for k in range(1, 13)]
with open("files/sensor-readings.tsv", "w") as f:
    f.write("reading_id\tsensor\tsite\tts\ttemp_c\thumidity_pct\tbattery_v\tstatus\n")
    for i in range(1, 841):
        s = sensors[i % 12]
        ts = (t0 - timedelta(hours=14) + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S")
        temp, hum, bat, st = round(random.uniform(3.5, 6.5), 1), random.randint(40, 70), round(random.uniform(3.4, 3.7), 2), "ok"
        if i == 301: temp, st = 48.9, "FAULT"
        if i == 517: temp, hum, st = "", "", "no_data"
        if i == 702: bat, st = 2.91, "low_battery"
        f.write(f"R{90000 + i}\t{s}\t{'cold-room-' + ('a' if i % 3 else 'b')}\t{ts}\t{temp}\t{hum}\t{bat}\t{st}\n")

# a host journal as syslog text: routine units, then a disk filling and an OOM kill
units = [("sshd[{p}]", "Accepted publickey for deploy from 10.0.4.{x} port {port} ssh2: ED25519 SHA256:u3Qk9fJd0pLm"),
         ("CRON[{p}]", "(root) CMD (/usr/local/bin/rotate-metrics >/dev/null 2>&1)"),
         ("systemd[1]", "Started session-{s}.scope - Session {s} of User deploy."),
         ("nginx[{p}]", "2024/12/02 09:{mm}:{ss} [notice] 1128#1128: signal process started"),
         ("dockerd[812]", "level=info msg=\"ignoring event\" container={c} module=libcontainerd namespace=moby topic=/tasks/delete type=\"*events.TaskDelete\""),
         ("kernel", "audit: type=1400 audit({a}.812:{p}): apparmor=\"ALLOWED\" operation=\"open\" profile=\"nginx\" name=\"/var/www/shop/\" pid={p} comm=\"nginx\"")]
lines = []
for i in range(1400):
    t = t0 - timedelta(hours=3) + timedelta(seconds=7 * i)
    u, m = random.choice(units)
    v = dict(p=random.randint(2000, 60000), x=random.randint(2, 250), port=random.randint(30000, 65000), s=random.randint(100, 999),
             mm=f"{t.minute:02d}", ss=f"{t.second:02d}", c=f"{random.randint(16**11, 16**12 - 1):x}", a=int(t.timestamp()))
    lines.append((t, f"shop-app-03 {u.format(**v)}: {m.format(**v)}"))
ev = {
    610: "shop-app-03 systemd[1]: logrotate.service: Main process exited, code=exited, status=1/FAILURE",
    611: "shop-app-03 systemd[1]: logrotate.service: Failed with result 'exit-code'.",
    612: "shop-app-03 logrotate[30911]: error: error renaming /var/log/shop/app.log.1 to /var/log/shop/app.log.2: No space left on device",
    940: "shop-app-03 kernel: EXT4-fs warning (device nvme0n1p1): ext4_dx_add_entry:2516: Directory (ino: 1179650) index full, reached max htree level :2",
    1201: "shop-app-03 kernel: shop-api invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
    1202: "shop-app-03 kernel: Out of memory: Killed process 48213 (shop-api) total-vm:3841216kB, anon-rss:1987424kB, file-rss:0kB, shmem-rss:0kB, UID:1001 pgtables:4312kB oom_score_adj:0",
    1203: "shop-app-03 systemd[1]: shop-api.service: A process of this unit has been killed by the OOM killer.",
    1204: "shop-app-03 systemd[1]: shop-api.service: Failed with result 'oom-kill'.",
    1205: "shop-app-03 systemd[1]: shop-api.service: Consumed 41min 12.480s CPU time.",
    1260: "shop-app-03 systemd[1]: shop-api.service: Scheduled restart job, restart counter is at 3.",
}
out = []
for i, (t, l) in enumerate(lines):
    out.append(f"{t:%b %d %H:%M:%S} {ev.get(i, l)}")
open("logs/journal-shop-app-03.log", "w").write("\n".join(out) + "\n")
PY

# --- db: a billing schema in PostgreSQL with a backfill that breaks its constraints; an SQLite CRM
if [ -n "${PGHOST:-}" ]; then
cd "$1/db-shop/dbshop"
python3 - <<'PY'
import random
from datetime import datetime, timedelta
random.seed(6060)
out = ["SET client_min_messages = warning;",
"DROP TABLE IF EXISTS invoices, plans, accounts_billing, audit_log CASCADE;",
"CREATE TABLE plans (code text PRIMARY KEY, monthly_cents int NOT NULL CHECK (monthly_cents >= 0));",
"INSERT INTO plans VALUES ('starter', 900), ('team', 4900), ('business', 19900), ('enterprise', 99900);",
"CREATE TABLE accounts_billing (id int PRIMARY KEY, email text NOT NULL UNIQUE, plan text NOT NULL REFERENCES plans(code), vat_id text, country char(2) NOT NULL);",
"CREATE TABLE invoices (id text PRIMARY KEY, account_id int NOT NULL REFERENCES accounts_billing(id), period date NOT NULL, amount_cents int NOT NULL CHECK (amount_cents >= 0), status text NOT NULL CHECK (status IN ('draft','open','paid','void','uncollectible')), due_at date NOT NULL, note text, UNIQUE (account_id, period));",
"CREATE TABLE audit_log (id bigserial PRIMARY KEY, at timestamptz NOT NULL, actor text NOT NULL, action text NOT NULL, target text NOT NULL, ip inet, detail text);"]
cc = ["DE", "FR", "NL", "SE", "PL", "AT", "IE"]
for i in range(1, 241):
    out.append(f"INSERT INTO accounts_billing VALUES ({i}, 'billing+{i}@tenant{i:03d}.example', '{random.choice(['starter'] * 4 + ['team'] * 3 + ['business', 'enterprise'])}', NULL, '{random.choice(cc)}');")
t0 = datetime(2024, 11, 1)
for i in range(1, 241):
    st = random.choice(["paid"] * 9 + ["open"])
    note = "NULL"
    if i == 57: st, note = "uncollectible", "'card expired 2024-08; 3 dunning emails bounced'"
    if i == 131: st, note = "void", "'duplicate of inv_2024_11_0130, voided by ops'"
    if i == 199: st, note = "open", "'disputed: customer says seats were removed on 2024-10-14'"
    out.append(f"INSERT INTO invoices VALUES ('inv_2024_11_{i:04d}', {i}, '2024-11-01', {random.randint(900, 99900)}, '{st}', '2024-11-{random.randint(10, 28)}', {note});")
actors = ["system", "ops:marta", "ops:jonas", "api:billing-sync", "api:crm-bridge"]
actions = ["invoice.finalize"] * 6 + ["invoice.pay"] * 6 + ["account.update"] * 3 + ["plan.change"]
for i in range(1, 721):
    at = t0 + timedelta(minutes=19 * i)
    a, act, tgt, det = random.choice(actors), random.choice(actions), f"inv_2024_11_{random.randint(1, 240):04d}", "NULL"
    ip = f"'10.8.{random.randint(0, 3)}.{random.randint(2, 250)}'"
    if i == 233: a, act, tgt, det, ip = "ops:jonas", "invoice.delete", "inv_2024_11_0088", "'hard delete requested outside change window'", "'203.0.113.77'"
    if i == 517: a, act, tgt, det = "api:crm-bridge", "account.export", "accounts_billing", "'exported 240 rows incl. vat_id to s3://crm-bridge-tmp/'"
    if i == 690: a, act, tgt, det = "system", "key.rotate.failed", "kms/billing-signing", "'KMS AccessDeniedException: not authorized to perform kms:CreateKey'"
    out.append(f"INSERT INTO audit_log (at, actor, action, target, ip, detail) VALUES ('{at}+00', '{a}', '{act}', '{tgt}', {ip}, {det});")
out.append("ANALYZE;")
open("data/billing-seed.sql", "w").write("\n".join(out) + "\n")
# a backfill written against last month's schema: most rows go in, some break constraints
b = ["-- backfill December drafts from the CRM export"]
for i in range(1, 181):
    acct, amt, st, per = i, random.randint(900, 99900), "draft", "2024-12-01"
    if i == 37: acct = 412
    if i == 88: amt = -4900
    if i == 120: st = "pending"
    if i == 151: per = "2024-11-01"
    b.append(f"INSERT INTO invoices VALUES ('inv_2024_12_{i:04d}', {acct}, '{per}', {amt}, '{st}', '2024-12-20', NULL);")
b.append("INSERT INTO accounts_billing VALUES (241, 'billing+17@tenant017.example', 'team', NULL, 'DE');")
b.append("UPDATE accounts_billing SET plan = 'scale' WHERE id = 12;")
b.append("SELECT count(*) AS december_drafts FROM invoices WHERE period = '2024-12-01';")
open("migrations/backfill-2024-12.sql", "w").write("\n".join(b) + "\n")
PY
psql -X -q -v ON_ERROR_STOP=1 -f data/billing-seed.sql >/dev/null
fi
mkdir -p "$1/db-shop/dbshop/data" && cd "$1/db-shop/dbshop"
python3 - <<'PY'
import random, sqlite3
random.seed(66)
db = sqlite3.connect("data/crm.db")
db.executescript("""
CREATE TABLE companies (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, industry TEXT, country TEXT NOT NULL, created_at TEXT NOT NULL);
CREATE TABLE contacts (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE, email TEXT NOT NULL,
                       full_name TEXT, title TEXT, opted_out INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX contacts_email ON contacts(email);
CREATE TABLE deals (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL REFERENCES companies(id), owner TEXT NOT NULL, stage TEXT NOT NULL
                    CHECK (stage IN ('lead','qualified','proposal','won','lost')), amount_eur INTEGER NOT NULL, closed_at TEXT, lost_reason TEXT);
CREATE TABLE activities (id INTEGER PRIMARY KEY, deal_id INTEGER NOT NULL, kind TEXT NOT NULL, at TEXT NOT NULL, note TEXT);
CREATE INDEX activities_at ON activities(at);
CREATE VIEW open_pipeline AS SELECT d.id, c.name, d.stage, d.amount_eur FROM deals d JOIN companies c ON c.id = d.company_id WHERE d.stage NOT IN ('won','lost');
CREATE TRIGGER deals_closed AFTER UPDATE OF stage ON deals WHEN NEW.stage IN ('won','lost') BEGIN
  UPDATE deals SET closed_at = datetime('now') WHERE id = NEW.id;
END;
CREATE TABLE IF NOT EXISTS sync_state (source TEXT PRIMARY KEY, cursor TEXT, synced_at TEXT, error TEXT);
""")
ind = ["software", "retail", "logistics", "health", "finance", "manufacturing"]
for i in range(1, 161):
    db.execute("INSERT INTO companies VALUES (?,?,?,?,?)", (i, f"{random.choice(['Nord', 'Sud', 'Alp', 'Bay', 'Elb', 'Rhein', 'Oder'])}{random.choice(['tec', 'log', 'med', 'fin', 'werk', 'haus'])} {i:03d} GmbH",
               random.choice(ind), random.choice(["DE", "AT", "CH"]), f"2023-{random.randint(1, 12):02d}-{random.randint(1, 28):02d}"))
owners = ["lea", "tim", "mara", "olaf"]
for i in range(1, 401):
    st = random.choice(["lead"] * 4 + ["qualified"] * 3 + ["proposal"] * 2 + ["won"] * 2 + ["lost"])
    amt = random.randint(2, 90) * 500
    lr = random.choice(["price", "timing", "competitor", "no budget"]) if st == "lost" else None
    closed = f"2024-{random.randint(1, 11):02d}-{random.randint(1, 28):02d}" if st in ("won", "lost") else None
    if i == 222: amt, st, closed, lr = 1_250_000, "proposal", None, None
    if i == 307: amt, st, closed, lr = 0, "won", "2024-11-30", None
    db.execute("INSERT INTO deals VALUES (?,?,?,?,?,?,?)", (i, random.randint(1, 160), random.choice(owners), st, amt, closed, lr))
for i in range(1, 1201):
    db.execute("INSERT INTO activities VALUES (?,?,?,?,?)", (i, random.randint(1, 400), random.choice(["call", "email", "meeting"]), f"2024-11-{random.randint(1, 30):02d}", None))
for i in range(1, 501):
    db.execute("INSERT INTO contacts VALUES (?,?,?,?,?,?)", (i, random.randint(1, 160), f"contact{i}@c{random.randint(1, 160)}.example", None, random.choice(["CTO", "Buyer", "CFO", "Ops lead"]), 1 if i in (45, 310) else 0))
db.execute("INSERT INTO sync_state VALUES ('hubspot', 'c_88213', '2024-12-01 23:00:04', NULL), ('mailchimp', NULL, '2024-11-28 02:10:44', 'HTTP 401: API key revoked')")
db.commit()
PY

# --- web: one package removed, one edited, one nobody declared
cd "$1/web-shop/shop"
rm -rf node_modules/globals
node -e 'const f="node_modules/@eslint/js/package.json";const p=require("./"+f);p.version="8.57.0";require("fs").writeFileSync(f,JSON.stringify(p,null,2))'
mkdir -p node_modules/is-even && printf '{"name":"is-even","version":"1.0.0","main":"index.js"}\n' > node_modules/is-even/package.json

# --- ops: replays of other holmesgpt fixtures, other loghub logs, a deleted log held open
cd "$1/ops/ops"
F=tests/llm/fixtures
body() { git --git-dir="$HOLMES_REPO" show "HEAD:$1" | tail -n +3 | sed '1{/^stdout:$/d}'; }
body $F/test_investigate/03_cpu_throttling/kubectl_get_by_kind_in_namespace.txt > "replay/get pods -n default -o wide --show-labels"
body $F/test_ask_holmes/05_image_version/kubectl_get_yaml.txt > "replay/get pod robusta-runner-6958c5bdd8-69gtn -n default -o yaml"
body $F/test_investigate/14_tempo/kubectl_logs_all_containers_fraud.txt > "replay/logs fraud-service-5f8b576878-slnpb -n minishop --all-containers"
body $F/test_investigate/05_crashpod/kubectl_previous_logs.txt > "replay/logs db-certs-authenticator-757f89d977-795x7 -n default --previous"
for l in Spark Apache HealthApp; do
  git --git-dir="$LOGHUB_REPO" show "HEAD:$l/${l}_2k.log" > "logs/${l,,}.log"
done

# --- sys: a service that holds its deleted log open, a deeper var tree
cd "$1/sys/host"
cat > svc/start-logger.sh <<'SH'
#!/bin/bash
# a log writer whose file was deleted while it still holds it open, and a listener
cd "$(dirname "$0")/.."
mkdir -p var/log/shop
head -c 48000000 /dev/zero > var/log/shop/api-debug.log
setsid python3 -c "
import sys, time
f = open('var/log/shop/api-debug.log', 'a')
time.sleep(3600)" --service=shop-api-logger >/dev/null 2>&1 &
sleep 1
rm var/log/shop/api-debug.log
setsid python3 -c "
import socket, time
s = socket.socket(); s.bind(('127.0.0.1', 8087)); s.listen(); time.sleep(3600)" --service=metrics-exporter >/dev/null 2>&1 &
sleep 1
echo started
SH
chmod +x svc/start-logger.sh
python3 - <<'PY'
import os, random
random.seed(61)
for app in ["shop-api", "worker", "nginx"]:
    for d in range(1, 15):
        p = f"var/log/{app}/2024-11-{d:02d}"
        os.makedirs(p, exist_ok=True)
        for h in range(random.randint(1, 3)):
            open(f"{p}/part-{h}.log.gz", "wb").write(b"\0" * random.randint(3000, 40000))
os.makedirs("var/lib/postgres-backup/base", exist_ok=True)
open("var/lib/postgres-backup/base/full-2024-11-30.tar", "wb").write(b"\0" * 26_000_000)
open("var/lib/postgres-backup/base/full-2024-11-23.tar", "wb").write(b"\0" * 25_500_000)
os.makedirs("var/tmp/upload-staging", exist_ok=True)
for k in range(30):
    open(f"var/tmp/upload-staging/chunk-{k:03d}.part", "wb").write(b"\0" * 1000)
open("var/tmp/upload-staging/.incomplete-9f2c", "wb").write(b"\0" * 14_000_000)
PY
