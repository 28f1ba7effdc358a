#!/usr/bin/env bash
# A host with a few services and runaway workers (started by the first scripted command,
# inside the session's own PID namespace so ps shows only them), for ps, du, find, tree.
set -euo pipefail
cd "$1"
mkdir -p host/svc host/var/cache host/var/spool && cd host
cat > svc/start.sh <<'SH'
#!/bin/bash
# starts the services the ps case looks at, detached
cd "$(dirname "$0")"
for i in 1 2 3 4; do
  setsid python3 -c "import time,sys; sys.argv[0]='queue-worker'; time.sleep(3600)" --queue=emails --worker=$i >/dev/null 2>&1 &
done
for i in 1 2 3 4 5 6; do setsid sleep 3600 >/dev/null 2>&1 & done
setsid python3 -m http.server 0 --bind 127.0.0.1 >/dev/null 2>&1 &
setsid python3 -c "
x = bytearray(420 * 1024 * 1024)
import time
time.sleep(3600)" --job=reindex-catalog >/dev/null 2>&1 &
setsid bash -c 'while :; do :; done' spin-report >/dev/null 2>&1 &
# a zombie: a parent that never waits for its child
setsid python3 -c "
import os, time
if os.fork() == 0:
    os._exit(3)
time.sleep(3600)" --job=export-parent >/dev/null 2>&1 &
sleep 2
echo started
SH
chmod +x svc/start.sh
python3 - <<'PY'
import os, random
random.seed(12)
# a cache tree whose size is mostly one directory
for d in range(24):
    p = f"var/cache/app/shard-{d:02d}"
    os.makedirs(p, exist_ok=True)
    for f in range(random.randint(3, 9)):
        open(f"{p}/blob-{f:03d}.bin", "wb").write(b"\0" * random.randint(2000, 60000))
os.makedirs("var/cache/app/thumbnails/2024-11", exist_ok=True)
for f in range(40):
    open(f"var/cache/app/thumbnails/2024-11/t{f:04d}.jpg", "wb").write(b"\0" * 4096)
os.makedirs("var/spool/mail-queue/deferred", exist_ok=True)
for f in range(3):
    open(f"var/spool/mail-queue/deferred/msg-{f}.eml", "wb").write(b"x" * 9_000_000)
PY
