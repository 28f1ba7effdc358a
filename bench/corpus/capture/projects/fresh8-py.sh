#!/usr/bin/env bash
# fresh8's Python package for mypy, pylint and flake8: a payroll package of many small
# modules, loosely typed and long-lined (the noise), with a few real errors among them.
set -euo pipefail
ROOT="$1"
mkdir -p "$ROOT/payroll" && cd "$ROOT"
python3 - <<'PY'
import random
random.seed(88)
names = ["accruals", "allowances", "bonuses", "calendar", "contracts", "deductions", "employees", "exports", "grades", "holidays",
         "leave", "loans", "overtime", "pensions", "periods", "payslips", "rates", "reports", "shifts", "taxes", "timesheets", "travel", "unions", "validation"]
open("payroll/__init__.py", "w").write('"""Payroll."""\n')
for k, n in enumerate(names):
    lines = ['"""Payroll %s."""' % n, "import os", "import json", "from dataclasses import dataclass", "from typing import Optional", "", ""]
    lines += ["@dataclass", f"class {n.capitalize()}Entry:", "    employee_id: int", "    amount: float", "    note: Optional[str] = None", "", ""]
    for j in range(1, 7):
        long = random.random() < 0.5
        lines += [f"def {n}_rule_{j}(entries, factor=1.0):",
                  f"    total = sum(e.amount * factor for e in entries if e.employee_id > {j})",
                  (f"    message = 'rule {j} of {n} applied to ' + str(len(entries)) + ' entries with factor ' + str(factor) + ' giving a total of ' + str(total)" if long else f"    message = 'rule {j}: ' + str(total)"),
                  "    return total, message", "", ""]
    if n == "deductions":
        lines += ["def net_pay(gross: float, entry: Optional[DeductionsEntry]) -> float:", "    return gross - entry.amount", "", "",
                  "def cap(values: list[float]) -> int:", "    return max(values)", "", ""]
    if n == "payslips":
        lines += ["def render(slip: dict[str, float]) -> str:", "    return 'net: ' + slip['net']", "", "",
                  "def payslip_total(entries: list[PayslipsEntry]) -> float:", "    return sum(e.amount for e in entries) + overtime_total", "", ""]
    if n == "taxes":
        lines += ["def bracket(income: float, table={}):", "    table[income] = income * 0.2", "    return table", "", "",
                  "class TaxTable:", "    def __init__(self, rows: list[tuple[float, float]]) -> None:", "        self.rows = rows", "", "    def rate_for(self, income: float) -> float:",
                  "        for limit, rate in self.rows:", "            if income <= limit:", "                return rate", "        return self.rows[-1].rate", "", ""]
    if n == "exports":
        lines += ["def write(path: str, rows: list[dict[str, object]]) -> None:", "    with open(path, 'w') as f:", "        json.dump(rows, f)", "    return len(rows)", "", ""]
    if n == "rates":
        lines += ["HOURLY: dict[str, float] = {'junior': 18.5, 'senior': 31.0}", "", "", "def hourly(grade: str) -> float:", "    return HOURLY.get(grade)", "", ""]
    open(f"payroll/{n}.py", "w").write("\n".join(lines).rstrip() + "\n")
PY
printf '[mypy]\npython_version = 3.11\n' > mypy.ini
