#!/usr/bin/env bash
# The fresh5 set (bench/corpus/fresh5/): a fourth held-out round of new outputs of the data,
# database, system, log, git and cluster tools the blind part holds. It builds the earlier
# projects it needs again under fx/fresh5/ (their scripts, run as they are) and adds: a
# reconciliation API response (pretty JSON, served on loopback), a shipments CSV, a worker's
# NDJSON events, manifests from other holmesgpt fixtures, a PostgreSQL migration that fails
# halfway, two npm packages broken on disk (one invalid, one extraneous), and kubectl replays
# and loghub logs the earlier rounds did not use.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$1"
for p in web-shop ops sys; do mkdir -p "$p"; bash "$HERE/$p.sh" "$1/$p"; done
if [ -n "${PGHOST:-}" ]; then mkdir -p db-shop; bash "$HERE/db-shop.sh" "$1/db-shop"; fi

# --- data: an API response, a CSV, NDJSON events, manifests
mkdir -p "$1/data/api" "$1/data/files" "$1/data/k8s" && cd "$1/data"
python3 - <<'PY'
import json, random
from datetime import datetime, timedelta
random.seed(505)
t0 = datetime(2024, 11, 25, 2, 0, 0)
# a settlement reconciliation page: most lines match, a few do not
lines = []
for i in range(1, 71):
    ref = f"stl_{random.randint(16**9, 16**10 - 1):x}"
    amt = random.randint(1500, 250000)
    ln = {"line": i, "settlement_ref": ref, "order_id": 880000 + random.randint(1, 9999), "provider": random.choice(["stripe", "adyen", "paypal"]),
          "currency": random.choice(["EUR"] * 5 + ["SEK", "PLN"]), "ledger_amount_cents": amt, "provider_amount_cents": amt,
          "fee_cents": amt * 14 // 1000, "status": "matched", "issues": [], "booked_at": (t0 + timedelta(seconds=41 * i)).isoformat() + "Z"}
    if i == 23:
        ln.update(provider_amount_cents=amt - 1200, status="amount_mismatch",
                  issues=[{"code": "AMOUNT_DIFF", "detail": f"provider paid {amt - 1200} cents, ledger expects {amt} (diff -1200)"}])
    if i == 47:
        ln.update(status="missing_in_ledger", ledger_amount_cents=None,
                  issues=[{"code": "NO_LEDGER_ENTRY", "detail": f"settlement {ref} has no ledger entry for order {ln['order_id']}"}])
    if i == 61:
        ln.update(status="duplicate", issues=[{"code": "DUPLICATE_PAYOUT", "detail": f"order {ln['order_id']} paid out twice (also in stl_batch_2024_11_24 line 12)"}])
    lines.append(ln)
doc = {"object": "reconciliation_page", "batch": "recon_2024_11_25_nightly", "page": 3, "pages": 5, "summary": {"lines": 70, "matched": 67, "amount_mismatch": 1, "missing_in_ledger": 1, "duplicate": 1},
       "lines": lines, "warnings": ["rate limit: 4 of 600 requests left in this window, resets at 2024-11-25T03:00:00Z"], "next": "/reconcile-2024-11-25.json?page=4"}
open("api/reconcile-2024-11-25.json", "w").write(json.dumps(doc, indent=2) + "\n")
# shipments CSV: a carrier export with a few bad rows
rows = ["shipment_id,order_id,carrier,service,origin,destination,weight_kg,declared_value_eur,shipped_at,delivered_at,status,note"]
cities = ["Hamburg", "Berlin", "Munich", "Cologne", "Vienna", "Zurich", "Lyon", "Milan", "Madrid", "Warsaw", "Prague", "Copenhagen"]
for i in range(1, 421):
    sid = f"SHP-{24110000 + i}"
    sh = t0 - timedelta(days=6) + timedelta(minutes=17 * i)
    w = round(random.uniform(0.2, 31.5), 2)
    st, note, dl = "delivered", "", (sh + timedelta(hours=random.randint(20, 70))).strftime("%Y-%m-%d %H:%M")
    if i == 133: st, note, dl = "lost", '"carrier claim CLM-77120 opened, parcel last scanned in Leipzig hub"', ""
    if i == 287: w, st, note = -4.1, "rejected", "weight must be positive"
    if i == 359: st, note, dl = "returned", '"address unknown, returned to sender"', ""
    if i == 402: st, note, dl = "in_transit", "customs hold: missing EORI", ""
    rows.append(f"{sid},{700000 + i * 7},{random.choice(['DHL', 'DPD', 'GLS', 'UPS'])},{random.choice(['standard', 'express'])},{random.choice(cities)},{random.choice(cities)},{w},{random.randint(10, 900)}.00,{sh:%Y-%m-%d %H:%M},{dl},{st},{note}")
open("files/shipments-2024-11.csv", "w").write("\n".join(rows) + "\n")
# NDJSON: a worker's structured events, ending with a crash
with open("files/worker-events.ndjson", "w") as f:
    for i in range(900):
        ts = (t0 + timedelta(milliseconds=731 * i)).isoformat(timespec="milliseconds") + "Z"
        e = {"ts": ts, "level": "info", "svc": "invoice-worker", "pid": 4112, "job": f"job_{50000 + i // 3}", "msg": random.choice(["job started", "pdf rendered", "email queued", "job done"]),
             "ms": random.randint(4, 900)}
        if i == 700: e.update(level="warn", msg="smtp pool exhausted, waiting", pool="smtp-eu-1", waiting=37)
        if i == 781: e.update(level="error", msg="render failed", err="TemplateError: unknown variable 'vat_id' in invoice.hbs:88", job="job_50260")
        if i == 860: e.update(level="warn", msg="heap high", heap_used_mb=1870, heap_limit_mb=2048)
        if i == 899: e.update(level="fatal", msg="FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", job="job_50299")
        f.write(json.dumps(e) + "\n")
PY
F=tests/llm/fixtures
for f in $F/test_ask_holmes/122_new_relic_checkout_latency_tracing_rebuild/payment-service.yaml $F/test_ask_holmes/123_new_relic_checkout_errors_tracing/billing-service.yaml \
         $F/test_ask_holmes/156_kafka_opensearch_latency/app/stage1-base.yaml $F/test_ask_holmes/117_new_relic_tracing/manifest.yaml \
         $F/test_ask_holmes/94_runbook_transparency/manifest.yaml $F/test_ask_holmes/108_logs_nearby_lines/manifest.yaml \
         $F/test_ask_holmes/104c_postgres_minimal_missing_index/manifest.yaml $F/test_ask_holmes/107_log_filter_http_status_code/manifest.yaml; do
  d="$(dirname "$f")"; [ "$(basename "$d")" = app ] && d="$(dirname "$d")"
  git --git-dir="$HOLMES_REPO" show "HEAD:$f" > "k8s/$(basename "$d" | sed 's/^[0-9a-z]*_//')-$(basename "$f")"
done
git --git-dir="$HOLMES_REPO" show "HEAD:$F/test_ask_holmes/120_new_relic_traces2/deployment.yaml" > k8s-traces-deployment.yaml

# --- db: a migration that fails halfway
if [ -n "${PGHOST:-}" ]; then
cd "$1/db-shop/dbshop"
cat > migrations/0043_refunds.sql <<'SQL'
-- 0043: refunds as rows of their own
BEGIN;

CREATE TABLE refunds (
    id bigserial PRIMARY KEY,
    payment_id text NOT NULL REFERENCES payments(id),
    amount_cents int NOT NULL CHECK (amount_cents > 0),
    reason text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_payment_idx ON refunds(payment_id);

INSERT INTO refunds (payment_id, amount_cents, reason, created_at)
    SELECT p.id, o.total_cents, 'order refunded', o.created_at + interval '2 days'
    FROM orders o JOIN payments p ON p.order_id = o.id
    WHERE o.status = 'refunded';

ALTER TABLE orders ADD COLUMN refunded_cents int NOT NULL DEFAULT 0;
UPDATE orders o SET refunded_cents = r.amount_cents
    FROM refunds r JOIN payments p ON p.id = r.payment_id
    WHERE p.order_id = o.id;

CREATE UNIQUE INDEX refunds_one_per_payment ON refunds(payment_id, reason);
ALTER TABLE refunds ADD CONSTRAINT refunds_not_over CHECK (amount_cents <= order_total_cents);
UPDATE orders SET status = 'partially_refunded' WHERE refunded_cents > 0 AND refunded_cents < total_cents;

COMMIT;
SQL
fi

# --- web: a package edited on disk and one nobody declared
cd "$1/web-shop/shop"
node -e 'const f="node_modules/prettier/package.json";const p=require("./"+f);p.version="3.0.0";require("fs").writeFileSync(f,JSON.stringify(p,null,2))'
node -e 'const f="node_modules/minimatch/package.json";const p=require("./"+f);p.version="2.0.10";require("fs").writeFileSync(f,JSON.stringify(p,null,2))'
mkdir -p node_modules/left-pad && printf '{"name":"left-pad","version":"1.3.0","main":"index.js"}\n' > node_modules/left-pad/package.json

# --- ops: replays of other holmesgpt fixtures, other loghub logs
cd "$1/ops/ops"
body() { git --git-dir="$HOLMES_REPO" show "HEAD:$1" | tail -n +3 | sed '1{/^stdout:$/d}'; }
body $F/test_investigate/07_job_syntax_error/kubectl_get_by_kind_in_namespace_pod.txt > "replay/get pods -n default -o wide --show-labels"
body $F/test_investigate/14_tempo/kubectl_top_pods.txt > "replay/top pods -A"
body $F/test_investigate/02_crashloop_backoff/kubectl_describe.txt > "replay/describe pod logging-agent -n default"
body $F/test_ask_holmes/35_tempo/kubectl_logs_backend.txt > "replay/logs backend-service-66468d89c8-sxrjj -n minishop"

for l in HPC Mac Proxifier Windows; do
  git --git-dir="$LOGHUB_REPO" show "HEAD:$l/${l}_2k.log" > "logs/${l,,}.log"
done
