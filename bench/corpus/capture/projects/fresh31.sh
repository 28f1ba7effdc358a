#!/usr/bin/env bash
# The fresh31 set (bench/corpus/fresh31/): what an engineer doing data work in Python runs with a
# coding agent when the numbers are wrong, in shapes no earlier set holds: pandas scripts failing
# (KeyError after a FutureWarning flood, MergeError, SettingWithCopyWarning, ParserError and
# on_bad_lines="warn"), wide DataFrames printed (repr, info, describe, value_counts, to_string,
# compare, a pivot wrapped in column blocks), pandas.testing and numpy.testing failures and a
# hypothesis falsifying example in pytest, numpy RuntimeWarnings and FloatingPointError, scipy
# curve_fit, matplotlib warnings, jupyter nbconvert --execute of a notebook whose 7th cell raises,
# SQLAlchemy IntegrityErrors with echo on, sqlite3 .expert and EXPLAIN, read_excel, show_versions.
# The project is a grocery co-op's sales analytics (tillroll). Everything is Debian's
# (python3-pandas 1.5, numpy 1.24, scipy 1.10, matplotlib 3.6, nbconvert 6.5, hypothesis 6.67,
# SQLAlchemy 1.4, openpyxl 3.0, pytest 7.2, sqlite3 3.40) in a venv with the system's packages.
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf tillroll && mkdir -p tillroll && cd tillroll
/usr/bin/python3 -m venv --system-site-packages .venv
mkdir -p data/raw etl scripts tests notebooks out
export MPLBACKEND=Agg

cat > data/gen.py <<'PY'
"""Makes the co-op's raw extracts (deterministic: the same files on every run)."""
import csv
import random
from datetime import datetime, timedelta

from openpyxl import Workbook

r = random.Random(31)
REGIONS = ["North", "Coast", "Valley", "East", "West"]
NAMES = ["Harbour Rd", "Millbrook", "Kestrel Sq", "Old Mill", "Station St", "Brae Park", "Ferry Lane",
         "Gorse Hill", "Quarry Bank", "Larch Way", "Tanners Yard", "Rook End", "Salt Quay", "Fennel Cross",
         "Wren Court", "Otter Bridge", "Millbrook", "Copse Green", "Pike Row", "Heron Walk", "Ash Grove",
         "Lantern Hill", "Drover's Cross", "Barley Mow"]
stores = []
for i, name in enumerate(NAMES, 1):
    stores.append({"store_id": f"S{i:03d}", "store_name": name, "region": REGIONS[i % 5],
                   "opened": f"20{10 + i % 12:02d}-0{1 + i % 9}-1{i % 9}", "sq_ft": 4000 + (i * 733) % 9000})
# Millbrook moved across town in October; the old row was never removed.
stores.insert(16, {"store_id": "S017", "store_name": "Millbrook (old site)", "region": "Valley",
                   "opened": "2011-03-14", "sq_ft": 3900})
with open("data/raw/stores.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(stores[0]))
    w.writeheader()
    w.writerows(stores)

CATS = ["produce", "dairy", "bakery", "pantry", "frozen", "household", "deli"]
WORDS = ["oat", "rye", "apple", "leek", "cheddar", "yoghurt", "basmati", "lentil", "sourdough", "kale",
         "honey", "butter", "pesto", "olive", "tofu", "salmon", "muesli", "ginger", "pear", "walnut"]
products = []
for i in range(180):
    cat = CATS[i % 7]
    products.append({"sku": f"SKU-{10001 + i}", "name": f"{WORDS[i % 20]} {WORDS[(i * 7 + 3) % 20]} {cat}",
                     "category": cat, "unit_cost": round(0.4 + (i * 37 % 900) / 100, 2)})
with open("data/raw/products.csv", "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(products[0]))
    w.writeheader()
    w.writerows(products)

HEADER = ["txn_id", "store_id", "sku", "sold_at", "qty", "unit_price", "discount", "amount", "tender"]
TENDERS = ["card"] * 12 + ["cash"] * 4 + ["app"] * 3 + ["voucher"]


def month(prefix, start, n, seed):
    rr = random.Random(seed)
    rows = []
    for i in range(1, n + 1):
        store = f"S{rr.randint(1, 24):03d}"
        day = start + timedelta(days=rr.randint(0, 29), minutes=rr.randint(7 * 60, 21 * 60))
        if store == "S009" and start.month == 11 and 10 <= day.day <= 13:
            day += timedelta(days=5)  # closed for the refit
        p = products[rr.randrange(180)]
        qty = rr.choice([1, 1, 1, 2, 2, 3, 4, 6])
        price = round(p["unit_cost"] * rr.choice([1.25, 1.3, 1.4, 1.6]), 2)
        disc = rr.choice([0, 0, 0, 0, 0.1, 0.15, 0.25])
        amount = round(qty * price * (1 - disc), 2)
        rows.append([f"T{prefix}-{i:06d}", store, p["sku"], day.strftime("%Y-%m-%d %H:%M:%S"), qty, price, disc,
                     amount, rr.choice(TENDERS)])
    return rows


nov = month("2411", datetime(2024, 11, 1), 6000, 2411)
# What finance later flagged: refunds keyed as negative sales, voucher sales with no amount, and a
# till that sent one transaction twice.
for i in (812, 1530, 2291, 3377, 4102, 4718, 5560):
    nov[i][4] = -nov[i][4]
    nov[i][7] = -nov[i][7]
for i in (640, 2904, 3950, 5127):
    nov[i][7] = ""
    nov[i][8] = "voucher"
nov[3318] = list(nov[3317])
nov[3318][3] = nov[3317][3][:-2] + "41"
# The Kestrel Sq till appends a free-text note after the tender when a price is overridden.
for i in (2206, 4391, 5902):
    nov[i] = nov[i] + ["price override, manager 0412"]
with open("data/raw/sales_2024_11.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(HEADER)
    for row in nov:
        f.write(",".join(str(x) for x in row) + "\n")

# Finance's re-export of November: a late discount fix and corrected voucher amounts.
v2 = [list(x[:9]) for x in nov]
rr = random.Random(7)
for i in sorted(rr.sample(range(6000), 38)):
    if v2[i][6] == 0.1:
        v2[i][6] = 0.15
    else:
        v2[i][6] = 0.1
    v2[i][7] = round(float(v2[i][4]) * float(v2[i][5]) * (1 - v2[i][6]), 2)
for i in (640, 2904, 3950, 5127):
    v2[i][7] = round(float(v2[i][4]) * float(v2[i][5]), 2)
with open("data/raw/sales_2024_11_v2.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(HEADER)
    w.writerows(v2)

octo = month("2410", datetime(2024, 10, 1), 9000, 2410)
bad = sorted(random.Random(10).sample(range(200, 9000), 41))
for i in bad:
    octo[i] = octo[i][:8] + ["card", "price override, manager 0412"]
for i in range(7400, 9000, 97):
    octo[i][4] = f"{octo[i][4]} kg"
with open("data/raw/sales_2024_10.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(HEADER)
    for row in octo:
        f.write(",".join(str(x) for x in row) + "\n")

wb = Workbook()
ws = wb.active
ws.title = "Q4-2024"
ws.append(["store_id", "month", "budget_net"])
for s in stores[:24]:
    for m in ("2024-10", "2024-11", "2024-12"):
        ws.append([s["store_id"], m, 90000 + (int(s["store_id"][1:]) * 1777) % 40000])
notes = wb.create_sheet("notes")
notes.append(["Budget approved 2024-09-20; S009 refit budgeted at 60%"])
wb.save("data/raw/budget_2024.xlsx")
PY
.venv/bin/python data/gen.py

cat > etl/__init__.py <<'PY'
PY
cat > etl/transforms.py <<'PY'
"""The transforms the weekly report and the warehouse load share."""
import numpy as np
import pandas as pd


def daily_net(sales: pd.DataFrame) -> pd.DataFrame:
    """Net sales, baskets and mean basket per store and day."""
    day = sales["sold_at"].dt.normalize()
    out = (
        sales.assign(day=day)
        .groupby(["store_id", "day"], as_index=False)
        .agg(net_sales=("amount", "sum"), baskets=("txn_id", "nunique"))
    )
    out["basket"] = (out["net_sales"] / out["baskets"]).round(2)
    return out


def refunds(sales: pd.DataFrame) -> pd.DataFrame:
    """Refund lines (negative amounts) with the amount made positive."""
    r = sales[sales["amount"] < 0].copy()
    r["amount"] = r["amount"].abs()
    return r.reset_index(drop=True)


def normalise_tenders(sales: pd.DataFrame) -> pd.DataFrame:
    mapping = {"card": "card", "cash": "cash", "app": "card", "voucher": "voucher"}
    return sales.assign(tender=sales["tender"].map(mapping))


def split_tender(amount: float, parts: int) -> list:
    """Split an amount into parts that sum back to it, in pennies."""
    share = round(amount / parts, 2)
    return [share] * parts


def parse_qty(raw: str) -> float:
    raw = str(raw).strip()
    if raw.endswith("kg"):
        return float(raw[:-2])
    return float(int(raw))


def moving_forecast(series: np.ndarray, window: int = 7) -> np.ndarray:
    kernel = np.ones(window) / window
    return np.convolve(series, kernel, mode="same")
PY

cat > etl/build_report.py <<'PY'
"""November store report: net sales, baskets and margin by store."""
import pandas as pd

sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
stores = pd.read_csv("data/raw/stores.csv").drop_duplicates("store_id", keep="last")
products = pd.read_csv("data/raw/products.csv")

sales = sales.merge(products[["sku", "unit_cost"]], on="sku", how="left")
sales["cost"] = sales["qty"] * sales["unit_cost"]

daily = pd.DataFrame()
for store_id, g in sales.groupby("store_id"):
    day = g.groupby(g["sold_at"].dt.date).agg(
        net_sales=("amount", "sum"), cost=("cost", "sum"), baskets=("txn_id", "nunique")
    )
    day["store_id"] = store_id
    day["week"] = pd.to_datetime(day.index).strftime("W%V")
    daily = daily.append(day)
    spread = day["net_sales"].mad()
    weeks = g["sold_at"].dt.weekofyear.nunique()
    means = g.mean()
    for col, vals in day.iteritems():
        pass
    print(f"{store_id}: {len(day)} trading days in {weeks} weeks, net {day['net_sales'].sum():,.2f}, spread {spread:,.2f}")

summary = daily.groupby("store_id").mean()
report = summary.merge(stores, left_index=True, right_on="store_id")
report["margin"] = report["net_sales"] - report["cost"]
report["margin_pct"] = report["gross_margin"] / report["net_sales"]
report.to_csv("out/store_report_2024_11.csv", index=False)
PY

cat > etl/join_stores.py <<'PY'
"""Attach each sale's store (name, region, size) for the regional cut."""
import pandas as pd

sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
stores = pd.read_csv("data/raw/stores.csv")
print(f"sales rows: {len(sales):,}  stores: {len(stores)}")
enriched = sales.merge(stores, on="store_id", how="left", validate="many_to_one")
enriched.to_parquet("out/sales_enriched.parquet")
PY

cat > etl/clean_refunds.py <<'PY'
"""Pull refunds (negative amounts) out of the November sales, per store, for finance."""
import pandas as pd

sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
out = []
for store_id, g in sales.groupby("store_id"):
    refunds = g[g["amount"] < 0]
    refunds["amount"] = refunds["amount"].abs()
    refunds["reason"] = "refund"
    out.append(refunds)
refunds = pd.concat(out)
print(refunds[["txn_id", "store_id", "sku", "qty", "amount", "tender"]].to_string(index=False))
print(refunds.groupby("store_id")["amount"].agg(["count", "sum"]))
print(f"total refunded: {refunds['amount'].sum():.2f} over {len(refunds)} lines")
PY

cat > scripts/peek.py <<'PY'
"""Look at the November extract the way the report reads it."""
import sys

import pandas as pd

pd.set_option("display.width", 250)
pd.set_option("display.max_columns", None)
pd.set_option("display.min_rows", 40)
sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
if "--store" in sys.argv:
    store = sys.argv[sys.argv.index("--store") + 1]
    products = pd.read_csv("data/raw/products.csv")
    rows = sales[sales["store_id"] == store].merge(products, on="sku", how="left").sort_values("sold_at")
    print(rows.to_string())
else:
    print(sales)
    print()
    sales.info()
    print()
    print(sales.describe(include="all", datetime_is_numeric=True))
    print()
    print(sales["tender"].value_counts(dropna=False))
    print()
    print(sales["store_id"].value_counts().sort_index())
    print()
    pd.set_option("display.max_rows", 500)
    print(sales["sku"].value_counts())
PY

cat > scripts/diff_extracts.py <<'PY'
"""What changed between the November extract and finance's re-export."""
import pandas as pd

pd.set_option("display.width", 200)
pd.set_option("display.max_rows", 200)
a = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip").drop_duplicates("txn_id").set_index("txn_id")
b = pd.read_csv("data/raw/sales_2024_11_v2.csv").drop_duplicates("txn_id").set_index("txn_id")
b = b.loc[a.index]
diff = a.compare(b, keep_shape=False)
print(diff)
print()
for col in ["discount", "amount"]:
    changed = (a[col].fillna(-1) != b[col].fillna(-1)).sum()
    print(f"{col}: {changed} rows differ")
print(f"net change in amount: {b['amount'].sum() - a['amount'].sum():+.2f}")
PY

cat > scripts/pivot.py <<'PY'
"""Net sales by store and day for November, for the trading meeting."""
import pandas as pd

pd.set_option("display.width", 160)
pd.set_option("display.max_columns", None)
pd.set_option("display.precision", 0)
sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
sales["day"] = sales["sold_at"].dt.strftime("%m-%d")
table = sales.pivot_table(index="store_id", columns="day", values="amount", aggfunc="sum")
print(table)
print()
print("baskets:")
print(sales.pivot_table(index="store_id", columns="day", values="txn_id", aggfunc="nunique"))
print()
print("days with no sales:")
print(table.isna().sum()[table.isna().sum() > 0])
PY

cat > scripts/unit_economics.py <<'PY'
"""Per-store unit economics for November: margin per square foot, refund rate, growth."""
import sys

import numpy as np
import pandas as pd

if "--strict" in sys.argv:
    np.seterr(all="raise")
sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
stores = pd.read_csv("data/raw/stores.csv").drop_duplicates("store_id", keep="last").set_index("store_id")
g = sales.groupby("store_id")
net = g["amount"].sum().reindex(stores.index).to_numpy()
refunded = g["amount"].apply(lambda s: -s[s < 0].sum()).reindex(stores.index).to_numpy()
refund_lines = g["amount"].apply(lambda s: (s < 0).sum()).reindex(stores.index).to_numpy()
sq_ft = stores["sq_ft"].to_numpy().astype(float)
sq_ft[8] = 0.0  # S009 is mid-refit: no trading floor on record
per_sqft = net / sq_ft
refund_rate = refunded / refund_lines
growth = np.exp(net / 250.0)
log_refunds = np.log(refunded)
table = pd.DataFrame({"net": net, "per_sqft": per_sqft, "refund_rate": refund_rate,
                      "log_refunds": log_refunds, "growth_idx": growth}, index=stores.index)
pd.set_option("display.width", 200)
print(table.round(3))
PY

cat > scripts/fit_elasticity.py <<'PY'
"""Fit a price elasticity curve per SKU from October's promotions."""
import warnings

import numpy as np
import pandas as pd
from scipy.optimize import OptimizeWarning, curve_fit

warnings.simplefilter("always", OptimizeWarning)
sales = pd.read_csv("data/raw/sales_2024_10.csv", on_bad_lines="skip", dtype={"qty": str})
sales["qty"] = pd.to_numeric(sales["qty"].str.replace(" kg", ""), errors="coerce")
sales["price"] = sales["unit_price"] * (1 - sales["discount"])


def demand(p, a, e, c):
    return a * np.power(p, e) + c


fitted, failed = 0, []
for sku, g in list(sales.groupby("sku"))[:40]:
    pts = g.groupby("price")["qty"].sum()
    try:
        params, cov = curve_fit(demand, pts.index.to_numpy(), pts.to_numpy(), p0=(10.0, -1.5, 0.0), maxfev=800)
        fitted += 1
        print(f"{sku}: a={params[0]:.3f} e={params[1]:.3f} c={params[2]:.3f} over {len(pts)} price points")
    except (RuntimeError, TypeError, ValueError) as exc:
        failed.append(sku)
        print(f"{sku}: fit failed: {exc}")
print(f"fitted {fitted} of {fitted + len(failed)} SKUs; failed: {', '.join(failed)}")
PY

cat > scripts/plots.py <<'PY'
"""Daily net sales charts for each store, and the co-op's basket mix."""
import matplotlib
import matplotlib.pyplot as plt
import pandas as pd

matplotlib.use("Agg")
sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
for store_id, g in sales.groupby("store_id"):
    daily = g.set_index("sold_at")["amount"].resample("D").sum()
    fig, ax = plt.subplots(figsize=(8, 3))
    ax.plot(daily.index, daily.values)
    ax.set_title(f"{store_id} net sales \N{SHOPPING TROLLEY} Nov 2024")
    ax.legend()
    fig.savefig(f"out/daily_{store_id}.png")
fig, ax = plt.subplots()
mix = sales["tender"].value_counts()
ax.bar([str(x) for x in ["1.0", "2.5", "10", "40"]], mix.values)
ax.set_yscale("log")
ax.set_ylim(0, 5000)
fig.tight_layout(rect=(0, 0, 0.01, 0.01))
fig.savefig("out/tender_mix.png")
print("wrote", len(plt.get_fignums()), "figures to out/")
PY

cat > etl/load_warehouse.py <<'PY'
"""Load the November extract into the reporting warehouse (SQLite for now)."""
import pandas as pd
from sqlalchemy import Column, DateTime, Float, ForeignKey, Integer, MetaData, String, Table, create_engine, insert

engine = create_engine("sqlite:///out/warehouse.db", echo=True)
meta = MetaData()
stores_t = Table("stores", meta, Column("store_id", String(4), primary_key=True), Column("store_name", String(40)),
                 Column("region", String(10), nullable=False), Column("sq_ft", Integer))
sales_t = Table("sales", meta, Column("txn_id", String(12), primary_key=True),
                Column("store_id", String(4), ForeignKey("stores.store_id"), nullable=False),
                Column("sku", String(9), nullable=False), Column("sold_at", DateTime, nullable=False),
                Column("qty", Integer), Column("unit_price", Float), Column("discount", Float),
                Column("amount", Float), Column("tender", String(8)))
meta.drop_all(engine)
meta.create_all(engine)
sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
stores = pd.read_csv("data/raw/stores.csv").drop_duplicates("store_id", keep="last")
sales = sales.astype(object).where(sales.notna(), None)
sales["sold_at"] = pd.to_datetime(sales["sold_at"]).dt.to_pydatetime()
with engine.begin() as conn:
    conn.execute(insert(stores_t), stores[["store_id", "store_name", "region", "sq_ft"]].to_dict("records"))
    records = sales.to_dict("records")
    for start in range(0, len(records), 1000):
        conn.execute(insert(sales_t), records[start : start + 1000])
print("loaded", len(sales), "sales")
PY

cat > etl/add_stores.py <<'PY'
"""Register the stores opening in December from the property team's sheet."""
from sqlalchemy import Column, Integer, String, create_engine
from sqlalchemy.orm import Session, declarative_base

Base = declarative_base()


class Store(Base):
    __tablename__ = "stores"
    store_id = Column(String(4), primary_key=True)
    store_name = Column(String(40))
    region = Column(String(10), nullable=False)
    sq_ft = Column(Integer)


engine = create_engine("sqlite:///out/stores_dim.db", echo=True, future=False)
Base.metadata.drop_all(engine)
Base.metadata.create_all(engine)
NEW = [("S025", "Harbour Rd North", "Coast", 6100), ("S026", "Fenwick Arcade", None, 3800),
       ("S027", "Marram Dunes", "Coast", 5200)]
with Session(engine) as session:
    session.add_all([Store(store_id=a, store_name=b, region=c, sq_ft=d) for a, b, c, d in NEW])
    session.commit()
    print(session.query(Store).get("S025").store_name)
PY

cat > etl/budget_vs_actual.py <<'PY'
"""Budget against actual net sales for Q4 so far."""
import pandas as pd

budget = pd.read_excel("data/raw/budget_2024.xlsx", sheet_name="Q4")
sales = pd.read_csv("data/raw/sales_2024_11.csv", on_bad_lines="skip", parse_dates=["sold_at"])
actual = sales.groupby("store_id")["amount"].sum()
print(budget.merge(actual, left_on="store_id", right_index=True))
PY

cat > tests/__init__.py <<'PY'
PY
cat > tests/conftest.py <<'PY'
import pandas as pd
import pytest


@pytest.fixture
def sales():
    return pd.DataFrame(
        {
            "txn_id": ["T1", "T2", "T3", "T4", "T5", "T6"],
            "store_id": ["S001", "S001", "S002", "S002", "S002", "S003"],
            "sold_at": pd.to_datetime(["2024-11-01 09:10", "2024-11-01 17:45", "2024-11-01 08:00",
                                       "2024-11-02 12:30", "2024-11-02 12:31", "2024-11-02 19:05"]),
            "amount": [12.5, 7.25, -3.0, 40.0, 15.5, 9.99],
            "tender": ["card", "app", "cash", "voucher", "card", "cash"],
        }
    )
PY
cat > tests/test_transforms.py <<'PY'
import pandas as pd
import pandas.testing as pdt

from etl.transforms import daily_net, normalise_tenders, refunds


def test_daily_net_values(sales):
    expected = pd.DataFrame(
        {
            "store_id": ["S001", "S002", "S002", "S003"],
            "day": pd.to_datetime(["2024-11-01", "2024-11-01", "2024-11-02", "2024-11-02"]),
            "net_sales": [19.75, 3.0, 55.5, 9.99],
            "baskets": [2, 1, 2, 1],
            "basket": [9.88, 3.0, 27.75, 9.99],
        }
    )
    pdt.assert_frame_equal(daily_net(sales), expected)


def test_daily_net_columns(sales):
    got = daily_net(sales)
    expected_cols = ["store_id", "day", "net", "baskets", "basket"]
    pdt.assert_index_equal(got.columns, pd.Index(expected_cols))


def test_refunds_positive(sales):
    expected = pd.DataFrame(
        {"txn_id": ["T3"], "store_id": ["S002"], "sold_at": pd.to_datetime(["2024-11-01 08:00"]),
         "amount": [3], "tender": ["cash"]}
    )
    pdt.assert_frame_equal(refunds(sales), expected)


def test_tenders(sales):
    got = normalise_tenders(sales)["tender"]
    expected = pd.Series(["card", "card", "cash", "voucher", "card", "cash"], name="tender")
    pdt.assert_series_equal(got, expected)


def test_tender_counts(sales):
    got = normalise_tenders(sales).groupby("tender").size()
    expected = pd.Series({"card": 3, "cash": 2, "voucher": 1}, name="tender")
    pdt.assert_series_equal(got, expected, check_names=True)


def test_refunds_keep_index(sales):
    got = refunds(sales)
    pdt.assert_frame_equal(got, sales[sales["amount"] < 0].assign(amount=3.0))
PY
cat > tests/test_properties.py <<'PY'
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.pandas import column, data_frames, range_indexes

from etl.transforms import daily_net, parse_qty, split_tender

till_frames = data_frames(
    columns=[
        column("txn_id", elements=st.text("T0123456789", min_size=2, max_size=6)),
        column("store_id", elements=st.sampled_from(["S001", "S002", "S009"])),
        column("sold_at", elements=st.datetimes(min_value=datetime(2024, 11, 1), max_value=datetime(2024, 11, 30))),
        column("amount", elements=st.floats(allow_nan=False, allow_infinity=False)),
    ],
    index=range_indexes(min_size=1, max_size=30),
)


@given(till_frames)
def test_daily_net_keeps_total(df):
    out = daily_net(df)
    assert out["net_sales"].sum() == pytest.approx(df["amount"].sum())
    assert (out["baskets"] > 0).all()


@given(till_frames)
def test_daily_net_basket_is_mean(df):
    out = daily_net(df)
    assert (out["basket"] <= out["net_sales"].abs() + 0.01).all()


@given(amount=st.decimals(min_value="0.01", max_value="500", places=2).map(float), parts=st.integers(1, 6))
def test_split_tender_sums_back(amount, parts):
    shares = split_tender(amount, parts)
    assert len(shares) == parts
    assert round(sum(shares), 2) == amount


@given(amount=st.decimals(min_value="0.01", max_value="500", places=2).map(float), parts=st.integers(1, 6))
def test_split_tender_no_negative_share(amount, parts):
    assert all(s >= 0 for s in split_tender(amount, parts))


@settings(max_examples=300)
@given(q=st.one_of(st.integers(0, 50).map(str), st.floats(0, 50, allow_nan=False).map(lambda x: f"{x:.3f} kg")))
def test_parse_qty_reads_till_formats(q):
    assert parse_qty(q) >= 0


@given(q=st.integers(1, 50))
def test_parse_qty_plain(q):
    assert parse_qty(f" {q} ") == q
PY
cat > tests/test_forecast.py <<'PY'
import numpy as np
import numpy.testing as npt

from etl.transforms import moving_forecast

rng = np.random.default_rng(31)
DAILY = 800 + 120 * np.sin(np.arange(720) / 7 * 2 * np.pi) + rng.normal(0, 25, 720)


def reference(series, window=7):
    out = np.empty_like(series)
    for i in range(len(series)):
        lo, hi = max(0, i - window + 1), i + 1
        out[i] = series[lo:hi].mean()
    return out


def test_forecast_matches_trailing_mean():
    npt.assert_allclose(moving_forecast(DAILY), reference(DAILY), rtol=1e-6)


def test_forecast_shape():
    assert moving_forecast(DAILY).shape == DAILY.shape


def test_forecast_empty_window():
    got = moving_forecast(DAILY[:0])
    npt.assert_array_equal(got, np.array([]))
    assert np.isnan(DAILY[:0].mean())


def test_forecast_steady():
    flat = np.full(30, 500.0)
    npt.assert_array_almost_equal(moving_forecast(flat), flat, decimal=3)
PY

cat > pytest.ini <<'INI'
[pytest]
testpaths = tests
INI

cat > notebooks/build.py <<'PY'
import nbformat as nbf

nb = nbf.v4.new_notebook()
nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
cells = [
    nbf.v4.new_markdown_cell("# Weekly trading review\n\nNovember 2024, all stores. Rerun every Monday."),
    nbf.v4.new_code_cell("import pandas as pd\nimport numpy as np\npd.set_option('display.max_rows', 200)\npd.set_option('display.max_columns', None)"),
    nbf.v4.new_code_cell("sales = pd.read_csv('../data/raw/sales_2024_11.csv', on_bad_lines='skip')\nstores = pd.read_csv('../data/raw/stores.csv').drop_duplicates('store_id', keep='last')\nlen(sales), len(stores)"),
    nbf.v4.new_code_cell("sales.head(120)"),
    nbf.v4.new_code_cell("sales.describe()"),
    nbf.v4.new_markdown_cell("## Week by week\n\nISO weeks; the refit closed S009 from the 10th to the 13th."),
    nbf.v4.new_code_cell("sales['week'] = sales['sold_at'].dt.isocalendar().week\nweekly = sales.pivot_table(index='store_id', columns='week', values='amount', aggfunc='sum')\nweekly"),
    nbf.v4.new_code_cell("weekly.pct_change(axis=1).round(3)"),
    nbf.v4.new_code_cell("weekly.plot(kind='bar', stacked=True, figsize=(12, 4))"),
]
nb.cells = cells
nbf.write(nb, "notebooks/weekly_review.ipynb")
PY
.venv/bin/python notebooks/build.py

# The October extract in SQLite, for the query the dashboard runs.
.venv/bin/python - <<'PY'
import sqlite3

import pandas as pd

sales = pd.read_csv("data/raw/sales_2024_10.csv", on_bad_lines="skip", dtype={"qty": str})
products = pd.read_csv("data/raw/products.csv")
stores = pd.read_csv("data/raw/stores.csv").drop_duplicates("store_id", keep="last")
con = sqlite3.connect("data/dashboard.db")
sales.to_sql("sales", con, index=False, if_exists="replace")
products.to_sql("products", con, index=False, if_exists="replace")
stores.to_sql("stores", con, index=False, if_exists="replace")
con.execute("CREATE INDEX sales_store ON sales(store_id)")
con.commit()
con.close()
PY
rm -rf out && mkdir out
