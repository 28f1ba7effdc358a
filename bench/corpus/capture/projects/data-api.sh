#!/usr/bin/env bash
# Data files people open: a sensor CSV with a few bad readings, a JSON API response with a
# few failed records (served on loopback by the capture), NDJSON audit events, a
# Kubernetes manifest bundle (YAML) and a surefire XML report.
set -euo pipefail
cd "$1"
mkdir -p datasets/data datasets/api datasets/k8s && cd datasets
python3 - <<'PY'
import json, random
from datetime import datetime, timedelta
random.seed(77)
# sensor CSV
rows = ["sensor_id,ts,temperature_c,humidity_pct,battery_v,status"]
t0 = datetime(2024, 11, 20)
sensors = [f"th-{n:03d}" for n in range(1, 41)]
for i in range(900):
    s = sensors[i % 40]
    ts = (t0 + timedelta(minutes=5 * (i // 40))).isoformat() + "Z"
    temp, hum, bat, st = round(random.gauss(21.5, 0.8), 2), round(random.gauss(45, 3), 1), round(3.0 - i * 0.0002, 3), "ok"
    if (s, i // 40) == ("th-017", 9): temp, st = 85.0, "sensor_fault"
    if (s, i // 40) == ("th-031", 14): bat, st = 2.41, "low_battery"
    if (s, i // 40) == ("th-008", 20): hum, st = "", "read_timeout"
    rows.append(f"{s},{ts},{temp},{hum},{bat},{st}")
open("data/readings-2024-11-20.csv", "w").write("\n".join(rows) + "\n")
# JSON API: batch import results
res = []
for i in range(1, 61):
    rid = f"imp_{random.randint(10**9, 10**10 - 1):x}"
    r = {"id": rid, "row": i, "sku": f"SKU-{random.randint(10000, 99999)}", "status": "created",
         "warnings": [], "errors": [], "attributes": {"title": f"Item {i}", "price": {"amount": random.randint(100, 90000), "currency": "EUR"},
         "stock": random.randint(0, 500), "tags": random.sample(["new", "sale", "eco", "bundle", "gift", "outlet"], 2)},
         "processed_at": (t0 + timedelta(seconds=3 * i)).isoformat() + "Z"}
    if i in (14, 39):
        r["status"] = "failed"
        r["errors"] = [{"code": "price_invalid", "field": "attributes.price.amount", "message": "amount must be a positive integer"}] if i == 14 else \
                      [{"code": "duplicate_sku", "field": "sku", "message": f"SKU {r['sku']} already exists (product prod_8812)"}]
    if i == 51:
        r["status"] = "created"
        r["warnings"] = [{"code": "image_unreachable", "message": "image URL returned 404; product created without images"}]
    res.append(r)
doc = {"batch_id": "batch_2024_11_20_0007", "submitted": 60, "created": 58, "failed": 2, "results": res,
       "next_page": None, "took_ms": 4213}
open("api/import-batch-0007.json", "w").write(json.dumps(doc))
# NDJSON audit log
with open("data/audit.ndjson", "w") as f:
    actors = [f"user_{n}" for n in range(1, 30)]
    for i in range(700):
        e = {"ts": (t0 + timedelta(seconds=11 * i)).isoformat() + "Z", "actor": random.choice(actors), "action": random.choice(["login", "view_invoice", "download_report", "update_profile"]),
             "ip": f"10.1.{random.randint(0, 9)}.{random.randint(2, 250)}", "ok": True}
        if i == 388: e.update(action="role_change", target="user_7", role="owner", actor="user_23")
        if i == 612: e.update(action="api_key_created", key_id="key_5f1c0e", actor="user_23")
        if i in (205, 206, 207, 208, 209): e.update(action="login", ok=False, reason="bad_password", actor="user_12")
        f.write(json.dumps(e) + "\n")
PY
