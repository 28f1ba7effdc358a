#!/usr/bin/env bash
# fresh8's other projects: a Ruby minitest suite, a PHP import job, an npm app on an old
# lockfile, a Redis cache (started by the session), an nginx configuration, a socket
# workload for ss, a host's kernel ring buffer and journal, a web server's access log, and a
# git repository with a branch that conflicts on rebase and on cherry-pick.
set -euo pipefail
ROOT="$1"

# --- ruby: a minitest suite of many tests, three failing
mkdir -p "$ROOT/rb/test" "$ROOT/rb/lib" && cd "$ROOT/rb"
cat > lib/tariff.rb <<'RB'
# Shipping tariffs by zone and weight.
module Tariff
  ZONES = { "DE" => 1, "AT" => 1, "FR" => 2, "IT" => 2, "ES" => 2, "SE" => 3, "NO" => 4, "CH" => 4 }.freeze

  def self.zone(country)
    ZONES.fetch(country)
  end

  def self.price(country, grams)
    base = [390, 590, 790, 1290][zone(country) - 1]
    steps = (grams / 500.0).ceil - 1
    base + steps * 120
  end

  def self.label(country, grams)
    format("%s %.1fkg %s", country, grams / 1000.0, price(country, grams) / 100.0)
  end
end
RB
python3 - <<'PY'
import math, random
random.seed(8)
zones = {"DE": 1, "AT": 1, "FR": 2, "IT": 2, "ES": 2, "SE": 3, "NO": 4, "CH": 4}
t = ['require "minitest/autorun"', 'require_relative "../lib/tariff"', '', 'class TariffPriceTest < Minitest::Test']
for i in range(1, 121):
    c = random.choice(list(zones)); g = random.randint(1, 9000)
    exp = [390, 590, 790, 1290][zones[c] - 1] + (math.ceil(g / 500) - 1) * 120
    if i == 77: exp = exp + 120
    t += [f'  def test_price_{c.lower()}_{g}g', f'    assert_equal {exp}, Tariff.price("{c}", {g})', '  end', '']
t += ['  def test_unknown_country_raises', '    assert_raises(ArgumentError) { Tariff.price("PL", 100) }', '  end', '',
      '  def test_label', '    assert_equal "DE 1.2kg 5.1", Tariff.label("DE", 1200)', '  end', '',
      '  def test_zero_grams', '    skip "free samples are not priced yet"', '  end', 'end', '']
open("test/tariff_test.rb", "w").write("\n".join(t))
PY

# --- php: an import job that dies on an uncaught exception after progress lines
mkdir -p "$ROOT/php/src" && cd "$ROOT/php"
cat > src/Importer.php <<'PHP'
<?php
declare(strict_types=1);

namespace Shop\Import;

final class Row
{
    public function __construct(public string $sku, public int $qty, public ?string $price) {}
}

final class PriceParser
{
    public function cents(?string $price): int
    {
        if ($price === null || $price === '') {
            throw new \InvalidArgumentException("empty price");
        }
        return (int) round(((float) str_replace(',', '.', $price)) * 100);
    }
}

final class Importer
{
    private int $done = 0;

    public function __construct(private PriceParser $parser) {}

    public function importRow(Row $row): array
    {
        try {
            $cents = $this->parser->cents($row->price);
        } catch (\InvalidArgumentException $e) {
            throw new \RuntimeException(sprintf("row %d (sku %s) has no usable price", $this->done + 1, $row->sku), 17, $e);
        }
        $this->done++;
        return ['sku' => $row->sku, 'qty' => $row->qty, 'cents' => $cents];
    }

    public function importAll(iterable $rows): int
    {
        foreach ($rows as $row) {
            $out = $this->importRow($row);
            if ($this->done % 25 === 0) {
                printf("[%s] imported %d rows, last %s at %d cents\n", date('H:i:s', 1733220000 + $this->done), $this->done, $out['sku'], $out['cents']);
            }
        }
        return $this->done;
    }
}
PHP
cat > import.php <<'PHP'
<?php
declare(strict_types=1);
require __DIR__ . '/src/Importer.php';

use Shop\Import\{Importer, PriceParser, Row};

function rows(): \Generator {
    for ($i = 1; $i <= 900; $i++) {
        $price = $i === 613 ? '' : sprintf('%d,%02d', 3 + $i % 40, ($i * 7) % 100);
        yield new Row(sprintf('SKU-%05d', 10000 + $i * 3), 1 + $i % 12, $price);
    }
}

echo "import started\n";
$importer = new Importer(new PriceParser());
$n = $importer->importAll(rows());
echo "imported $n rows\n";
PHP

# --- npm: an app pinned to old releases (lockfile only, nothing installed)
mkdir -p "$ROOT/web/portal" && cd "$ROOT/web/portal"
cat > package.json <<'JSON'
{
  "name": "partner-portal",
  "version": "2.3.0",
  "private": true,
  "dependencies": {
    "axios": "0.21.1",
    "express": "4.17.1",
    "jsonwebtoken": "8.5.1",
    "lodash": "4.17.15",
    "minimist": "1.2.5",
    "moment": "2.29.1",
    "node-fetch": "2.6.1",
    "qs": "6.7.0",
    "semver": "7.3.5",
    "uuid": "8.3.2"
  },
  "devDependencies": {
    "mocha": "9.1.3",
    "nodemon": "2.0.15"
  }
}
JSON
npm install --ignore-scripts --no-audit --no-fund --silent

# --- redis: a cache the session starts on a port of its own
mkdir -p "$ROOT/redis" && cd "$ROOT/redis"
cat > start.sh <<'SH'
#!/usr/bin/env bash
# Starts the cache on 127.0.0.1:6391, loads sessions, carts and rate limits.
set -e
cd "$(dirname "$0")"
redis-server --port 6391 --bind 127.0.0.1 --daemonize yes --dir "$PWD" --logfile "$PWD/redis.log" --maxmemory 64mb --maxmemory-policy allkeys-lru --save ""
for i in $(seq 1 50); do redis-cli -p 6391 ping >/dev/null 2>&1 && break; sleep 0.1; done
python3 - <<'PY' | redis-cli -p 6391 --pipe >/dev/null
import random
random.seed(6391)
def cmd(*a):
    out = "*%d\r\n" % len(a)
    for x in a:
        x = str(x); out += "$%d\r\n%s\r\n" % (len(x.encode()), x)
    return out
s = []
for i in range(4000):
    s.append(cmd("SET", "session:%08x" % random.getrandbits(32), "u%d" % random.randint(1, 900), "EX", 3600))
for i in range(600):
    s.append(cmd("HSET", "cart:%d" % i, "sku", "SKU-%05d" % random.randint(1, 99999), "qty", random.randint(1, 5)))
for i in range(200):
    s.append(cmd("INCRBY", "ratelimit:api:%d" % i, random.randint(1, 40)))
s.append(cmd("RPUSH", "queue:emails", *["mail-%d" % i for i in range(300)]))
print("".join(s), end="")
PY
redis-cli -p 6391 CONFIG SET slowlog-log-slower-than 0 >/dev/null
SH
chmod +x start.sh
cat > traffic.sh <<'SH'
#!/usr/bin/env bash
# A burst of the app's traffic: session reads, cart updates, one client flushing a key pattern.
p=6391
for i in $(seq 1 40); do
  redis-cli -p $p GET session:0badf00d >/dev/null
  redis-cli -p $p HINCRBY cart:$((i % 7)) qty 1 >/dev/null
  redis-cli -p $p INCR ratelimit:api:$((i % 5)) >/dev/null
  [ "$i" = 23 ] && redis-cli -p $p KEYS 'session:*' >/dev/null
  [ "$i" = 31 ] && redis-cli -p $p DEL queue:emails >/dev/null
  redis-cli -p $p LRANGE queue:emails 0 9 >/dev/null
done
SH
chmod +x traffic.sh

# --- nginx: a site configuration with several virtual hosts
mkdir -p "$ROOT/nginx/conf/sites" "$ROOT/nginx/logs" && cd "$ROOT/nginx"
cp /etc/nginx/mime.types conf/mime.types
cat > conf/nginx.conf <<'NG'
worker_processes 2;
pid logs/nginx.pid;
error_log logs/error.log warn;
events { worker_connections 512; }
http {
    include mime.types;
    default_type application/octet-stream;
    sendfile on;
    keepalive_timeout 65;
    gzip on;
    gzip_types text/css application/javascript application/json;
    access_log logs/access.log;
    upstream api_pool {
        server 127.0.0.1:8081 max_fails=3;
        server 127.0.0.1:8082 max_fails=3;
        keepalive 16;
    }
    include sites/*.conf;
}
NG
for s in shop admin static partners; do
cat > conf/sites/$s.conf <<NG
server {
    listen 8443;
    server_name $s.example.test;
    root /srv/$s;
    location / { try_files \$uri \$uri/ /index.html; }
    location /api/ {
        proxy_pass http://api_pool;
        proxy_set_header Host \$host;
        proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
        proxy_read_timeout 30s;
    }
    location ~* \.(css|js|png|svg)\$ { expires 7d; add_header Cache-Control "public"; }
}
NG
done
cat > conf/sites/legacy.conf <<'NG'
server {
    listen 8443;
    server_name shop.example.test www.shop.example.test;
    root /srv/legacy;
    location / { return 301 https://shop.example.test$request_uri; }
}
NG

# --- sockets: a small server and clients, one of which never reads its replies
mkdir -p "$ROOT/net" && cd "$ROOT/net"
cat > sockets.py <<'PY'
"""Opens a listener on 7301 and 7302, forty clients to 7301, and one client to 7302 whose peer never reads."""
import os, socket, sys, time
if os.fork():
    time.sleep(1.5)
    sys.exit(0)
os.setsid()
open("sockets.pid", "w").write(str(os.getpid()))
ls = []
for port in (7301, 7302, 7303):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("127.0.0.1", port)); s.listen(64); ls.append(s)
clients, accepted = [], []
for i in range(40):
    c = socket.create_connection(("127.0.0.1", 7301)); clients.append(c); accepted.append(ls[0].accept()[0])
slow = socket.create_connection(("127.0.0.1", 7302)); peer = ls[1].accept()[0]
slow.sendall(b"x" * 180000)
for i in range(6):
    c = socket.create_connection(("127.0.0.1", 7301)); c.close()
time.sleep(600)
PY

# --- host logs: a kernel ring buffer and a journal, mostly routine
mkdir -p "$ROOT/host/logs" && cd "$ROOT/host"
python3 - <<'PY'
import random
random.seed(1208)
k = []
t = 0.0
boot = ["Linux version 6.1.0-28-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)",
        "Command line: BOOT_IMAGE=/boot/vmlinuz-6.1.0-28-amd64 root=UUID=3f1c2a9e-8d1b-4b55-9a10-2c7e0d5b6f11 ro quiet",
        "BIOS-provided physical RAM map:"]
for b in boot:
    k.append((t, b)); t += 0.000001
for i in range(14):
    k.append((t, f"BIOS-e820: [mem 0x{i * 0x10000000:016x}-0x{i * 0x10000000 + 0x0fffffff:016x}] {'usable' if i % 3 else 'reserved'}")); t += 0.000001
for cpu in range(1, 16):
    t += 0.0021; k.append((t, f"smpboot: Booting Node 0 Processor {cpu} APIC 0x{cpu * 2:x}"))
for i in range(40):
    t += random.random() * 0.05
    k.append((t, random.choice(["pci 0000:00:%02x.0: [8086:%04x] type 00 class 0x060400" % (i % 32, random.randint(0x1000, 0xffff)),
                                "ACPI: \\_SB_.PCI0.S%02X: Enabled at IRQ %d" % (i, 16 + i % 8), "usb 1-%d: new high-speed USB device number %d using xhci_hcd" % (i % 6 + 1, i + 2),
                                "input: Power Button as /devices/LNXSYSTM:00/LNXPWRBN:00/input/input%d" % i])))
t = 5.2
for d in ["nvme0n1", "nvme1n1"]:
    t += 0.01; k.append((t, f"nvme nvme{d[4]}: 8/0/0 default/read/poll queues")); k.append((t, f" {d}: p1 p2 p3"))
k.append((t + 0.3, "EXT4-fs (nvme0n1p2): mounted filesystem with ordered data mode. Quota mode: none."))
t = 12.0
for i in range(260):
    t += random.random() * 40
    r = random.random()
    if r < 0.4:
        k.append((t, f"IPv6: ADDRCONF(NETDEV_CHANGE): veth{random.getrandbits(28):07x}: link becomes ready"))
    elif r < 0.7:
        k.append((t, f"br-{random.getrandbits(40):010x}: port {random.randint(1, 9)}(veth{random.getrandbits(28):07x}) entered {'forwarding' if random.random() < 0.5 else 'blocking'} state"))
    else:
        k.append((t, f"audit: type=1400 audit({1733200000 + int(t)}.{random.randint(100, 999)}:{random.randint(100, 999)}): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"docker-default\" pid={random.randint(2000, 60000)} comm=\"apparmor_parser\""))
    if i == 120:
        t += 1
        k += [(t, "nvme1n1: I/O error, dev nvme1n1, sector 1953525160 op 0x0:(READ) flags 0x80700 phys_seg 1 prio class 2"),
              (t, "Buffer I/O error on dev nvme1n1p1, logical block 244190389, async page read"),
              (t + 0.002, "nvme nvme1: I/O 417 QID 3 timeout, aborting")]
    if i == 201:
        t += 2
        k += [(t, "java invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
              (t, "CPU: 6 PID: 48211 Comm: java Not tainted 6.1.0-28-amd64 #1  Debian 6.1.119-1"),
              (t, "Mem-Info:"),
              (t, "active_anon:3971022 inactive_anon:21504 isolated_anon:0"),
              (t, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=docker-9c1e.scope,mems_allowed=0,oom_memcg=/system.slice/docker-9c1e.scope,task_memcg=/system.slice/docker-9c1e.scope,task=java,pid=48211,uid=1001"),
              (t + 0.01, "Memory cgroup out of memory: Killed process 48211 (java) total-vm:19871244kB, anon-rss:15873212kB, file-rss:0kB, shmem-rss:0kB, UID:1001 pgtables:31460kB oom_score_adj:0")]
open("logs/dmesg.txt", "w").write("".join(f"[{ts:12.6f}] {m}\n" for ts, m in k))

j = []
base = 1733184000
units = [("cron", "CRON"), ("sshd", "sshd"), ("systemd", "systemd"), ("dockerd", "dockerd"), ("nginx", "nginx"), ("postfix/smtpd", "postfix/smtpd")]
import time as _t
for i in range(1400):
    ts = base + i * 23 + random.randint(0, 20)
    stamp = _t.strftime("%Y-%m-%dT%H:%M:%S", _t.gmtime(ts)) + "+0000"
    u, tag = random.choice(units)
    pid = random.randint(300, 90000)
    msg = {"cron": f"pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)",
           "sshd": f"Accepted publickey for deploy from 10.20.{random.randint(0, 9)}.{random.randint(2, 250)} port {random.randint(30000, 65000)} ssh2: ED25519 SHA256:Qm9v{random.getrandbits(40):x}",
           "systemd": random.choice(["Started session-%d.scope - Session %d of User deploy." % (i, i), "logrotate.service: Deactivated successfully.", "Finished logrotate.service - Rotate log files."]),
           "dockerd": f"time=\"{stamp}\" level=info msg=\"ignoring event\" container={random.getrandbits(64):016x} module=libcontainerd namespace=moby topic=/tasks/delete type=\"*events.TaskDelete\"",
           "nginx": f"2024/12/03 {_t.strftime('%H:%M:%S', _t.gmtime(ts))} [notice] {pid}#{pid}: signal process started",
           "postfix/smtpd": f"connect from mail-{random.randint(1, 99)}.example.net[203.0.113.{random.randint(1, 250)}]"}[u]
    if i == 612:
        u, tag, msg = "systemd", "systemd", "postgresql@15-main.service: Main process exited, code=killed, status=9/KILL"
    if i == 613:
        u, tag, msg = "systemd", "systemd", "postgresql@15-main.service: Failed with result 'signal'."
    if i == 1022:
        u, tag, msg = "kernel", "kernel", "EXT4-fs error (device nvme1n1p1): ext4_find_entry:1582: inode #2: comm ls: reading directory lblock 0"
    if i == 1023:
        u, tag, msg = "kernel", "kernel", "EXT4-fs (nvme1n1p1): Remounting filesystem read-only"
    j.append(f"{stamp} db-01 {tag}[{pid}]: {msg}" if u != "kernel" else f"{stamp} db-01 kernel: {msg}")
open("logs/journal.txt", "w").write("\n".join(j) + "\n")

a = []
paths = ["/", "/products", "/products/%d", "/cart", "/api/v2/cart/items", "/static/app.%s.js", "/static/site.css", "/api/v2/search?q=%s", "/checkout", "/favicon.ico"]
agents = ['"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"',
          '"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"',
          '"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"']
for i in range(2400):
    ts = base + 36000 + i * 3
    stamp = _t.strftime("%d/%b/%Y:%H:%M:%S +0000", _t.gmtime(ts))
    p = random.choice(paths)
    if "%d" in p: p = p % random.randint(1000, 9999)
    if "%s" in p: p = p % random.choice(["a81f2c", "boots", "red+jacket", "9d03e1"])
    st = 200 if random.random() < 0.93 else random.choice([301, 304, 404])
    size = random.randint(300, 90000) if st == 200 else random.choice([0, 162, 555])
    ip = f"198.51.100.{random.randint(1, 254)}"
    method = "POST" if p.startswith("/api/v2/cart") else "GET"
    if 2110 <= i <= 2116 and p == "/checkout":
        st, size = 502, 157
    if i in (2112, 2114, 2115):
        p, method, st, size = "/checkout", "POST", 502, 157
    a.append(f'{ip} - - [{stamp}] "{method} {p} HTTP/1.1" {st} {size} "https://shop.example.test/" {random.choice(agents)}')
open("logs/access.log", "w").write("\n".join(a) + "\n")
PY

# --- git: a billing repo whose feature branch conflicts with main
mkdir -p "$ROOT/git" && cd "$ROOT/git"
git init -q -b main billing && cd billing
git config user.name "Dana Ruiz"; git config user.email dana@example.test
python3 - <<'PY'
for f in range(1, 9):
    open(f"rates_{f}.py", "w").write("".join(f"RATE_{f}_{i} = {i * 0.01:.2f}\n" for i in range(1, 41)))
open("invoice.py", "w").write("".join(f"def line_{i}(qty, price):\n    return qty * price\n\n\n" for i in range(1, 30)) + "def total(lines):\n    return sum(lines)\n")
open("README.md", "w").write("# billing\n\nInvoices and rates.\n")
PY
git add -A && git commit -qm "billing: rates and invoice lines"
git checkout -qb feature/vat
sed -i 's/^def total(lines):$/def total(lines, vat=0.2):/; s/^    return sum(lines)$/    return round(sum(lines) * (1 + vat), 2)/' invoice.py
sed -i 's/^RATE_3_7 = 0.07$/RATE_3_7 = 0.075/; s/^RATE_5_20 = 0.20$/RATE_5_20 = 0.21/' rates_3.py rates_5.py
git commit -qam "invoice: total with VAT"
for n in 1 2 3; do echo "RATE_NEW_$n = 0.0$n" >> rates_8.py; git commit -qam "rates: add RATE_NEW_$n"; done
sed -i 's/^RATE_5_20 = .*/RATE_5_20 = 0.22/' rates_5.py; git commit -qam "rates: RATE_5_20 to 0.22"
git checkout -q main
sed -i 's/^def total(lines):$/def total(lines, discount=0):/; s/^    return sum(lines)$/    return sum(lines) - discount/' invoice.py
sed -i 's/^RATE_5_20 = 0.20$/RATE_5_20 = 0.19/' rates_5.py
echo "RATE_NEW_1 = 0.015" >> rates_8.py
git commit -qam "invoice: total with discount; rates: RATE_5_20 down, RATE_NEW_1"
