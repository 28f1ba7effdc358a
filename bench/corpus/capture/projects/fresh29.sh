#!/usr/bin/env bash
# The fresh29 set (bench/corpus/fresh29/): what an engineer runs with a coding agent when native code,
# media, docs or a system misbehave, in shapes no earlier set holds: gcc's and clang's AddressSanitizer
# (heap-buffer-overflow, heap-use-after-free in C++, LeakSanitizer's summary), UBSan with stacks,
# ThreadSanitizer's data races, lldb --batch backtraces of every thread, scan-build, include-what-you-use,
# ldd with a missing library and ldd -r's undefined symbols; ffprobe and ffmpeg on broken and good media,
# ebur128 loudness, ImageMagick identify; mkdocs build --strict; ab and wrk against a failing local
# server, ss -tan during the load, df and du on a filling disk. Everything from Debian 12's packages.
# Made under the capture root (captured with CORPUS_CAPTURE_ROOT=/home/dev/work-fresh29).
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf native media docs sys && mkdir -p native media docs sys

# --- native: tidepool, a tide-gauge telemetry aggregator in C and C++ ------------------------------
cd native
mkdir -p src include data lib build
cat > include/tidepool.h <<'C'
#ifndef TIDEPOOL_H
#define TIDEPOOL_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>

typedef struct {
  char *station;
  int64_t ts;
  int32_t level_mm;
  uint16_t flags;
} Reading;

typedef struct {
  Reading *items;
  size_t len, cap;
} Ring;

Ring *ring_new(size_t cap);
Reading *ring_push(Ring *r, const Reading *x);
Reading *ring_last(Ring *r);
void ring_free(Ring *r);

char *station_name(const char *field);
int station_parse_line(const char *line, Reading *out);
size_t station_load(const char *path, Ring *r);

int32_t tidy_sum(const int32_t *v, size_t n);
int32_t tidy_scale(int32_t level, int shift);
int32_t tidy_mean(const Reading *v, size_t n);
uint32_t tidy_checksum(const unsigned char *buf, size_t n);
int tidy_bucket(int32_t level);

typedef struct Node { struct Node *left, *right; char *label; int depth; } Node;
Node *tree_build(int depth, const char *prefix);
void tree_report(const Node *n);

int export_csv(const Ring *r, const char *path);
#endif
C
cat > src/ring.c <<'C'
#include "tidepool.h"
#include <assert.h>
#include <errno.h>

Ring *ring_new(size_t cap) {
  Ring *r = malloc(sizeof *r);
  r->items = malloc(cap * sizeof(Reading));
  r->len = 0;
  r->cap = cap;
  return r;
}

Reading *ring_push(Ring *r, const Reading *x) {
  if (r->len == r->cap) {
    r->cap *= 2;
    r->items = realloc(r->items, r->cap * sizeof(Reading));
  }
  r->items[r->len] = *x;
  return &r->items[r->len++];
}

Reading *ring_last(Ring *r) { return r->len ? &r->items[r->len - 1] : NULL; }

void ring_free(Ring *r) {
  for (size_t i = 0; i < r->len; i++) free(r->items[i].station);
  free(r->items);
  free(r);
}
C
cat > src/station.c <<'C'
#include "tidepool.h"
#include <ctype.h>
#include <errno.h>

/* Station names were at most 15 characters when the format was made. */
char *station_name(const char *field) {
  size_t n = strcspn(field, ",");
  char *s = malloc(16);
  memcpy(s, field, n);
  s[n] = '\0';
  return s;
}

int station_parse_line(const char *line, Reading *out) {
  const char *c1 = strchr(line, ',');
  if (!c1) return -1;
  const char *c2 = strchr(c1 + 1, ',');
  if (!c2) return -1;
  out->station = station_name(line);
  out->ts = strtoll(c1 + 1, NULL, 10);
  out->level_mm = (int32_t)strtol(c2 + 1, NULL, 10);
  out->flags = 0;
  return 0;
}

size_t station_load(const char *path, Ring *r) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char line[256];
  size_t n = 0;
  Reading *prev = NULL;
  while (fgets(line, sizeof line, f)) {
    Reading x;
    if (station_parse_line(line, &x) != 0) continue;
    Reading *cur = ring_push(r, &x);
    if (prev && strcmp(prev->station, cur->station) == 0 && cur->ts <= prev->ts) cur->flags |= 1;
    prev = cur;
    n++;
  }
  fclose(f);
  return n;
}
C
cat > src/tidy.c <<'C'
#include "tidepool.h"
#include <limits.h>

int32_t tidy_sum(const int32_t *v, size_t n) {
  int32_t s = 0;
  for (size_t i = 0; i < n; i++) s += v[i];
  return s;
}

int32_t tidy_scale(int32_t level, int shift) { return level << shift; }

int32_t tidy_mean(const Reading *v, size_t n) {
  int32_t s = 0;
  for (size_t i = 0; i < n; i++) s += v[i].level_mm;
  return s / (int32_t)n;
}

uint32_t tidy_checksum(const unsigned char *buf, size_t n) {
  uint32_t c = 0;
  for (size_t i = 0; i + 4 <= n; i += 3) c ^= *(const uint32_t *)(buf + i);
  return c;
}

static const int BUCKET_EDGES[8] = {-2000, -1000, -500, 0, 500, 1000, 2000, 4000};

int tidy_bucket(int32_t level) {
  int b = 0;
  while (level > BUCKET_EDGES[b]) b++;
  return b;
}
C
cat > src/tree.c <<'C'
#include "tidepool.h"

static char *label_for(const char *prefix, int depth) {
  char *s = malloc(strlen(prefix) + 16);
  sprintf(s, "%s/%d", prefix, depth);
  return s;
}

Node *tree_build(int depth, const char *prefix) {
  Node *n = calloc(1, sizeof *n);
  n->depth = depth;
  n->label = label_for(prefix, depth);
  if (depth > 0) {
    n->left = tree_build(depth - 1, n->label);
    if (depth % 3 == 0) n->right = tree_build(depth - 2, n->label);
  }
  return n;
}

void tree_report(const Node *n) {
  if (!n) return;
  if (n->depth == 0) printf("leaf %s\n", n->label);
  tree_report(n->left);
  tree_report(n->right);
}
C
cat > src/export.c <<'C'
#include "tidepool.h"
#include <errno.h>
#include <unistd.h>
#include <sys/stat.h>

int export_csv(const Ring *r, const char *path) {
  FILE *f = fopen(path, "w");
  char *header = strdup("station,ts,level_mm,flags\n");
  if (r->len == 0) return -1;
  fputs(header, f);
  for (size_t i = 0; i < r->len; i++) {
    const Reading *x = &r->items[i];
    fprintf(f, "%s,%lld,%d,%u\n", x->station, (long long)x->ts, x->level_mm, x->flags);
  }
  free(header);
  fclose(f);
  return 0;
}
C
cat > src/gauge_cli.c <<'C'
#include "tidepool.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "load";
  Ring *r = ring_new(4);
  if (strcmp(mode, "load") == 0) {
    size_t total = 0;
    for (int i = 2; i < argc; i++) total += station_load(argv[i], r);
    printf("loaded %zu readings\n", total);
  } else if (strcmp(mode, "stats") == 0) {
    for (int i = 2; i < argc; i++) station_load(argv[i], r);
    int32_t levels[4096];
    size_t n = r->len < 4096 ? r->len : 4096;
    for (size_t i = 0; i < n; i++) levels[i] = abs(r->items[i].level_mm) * 10000;
    printf("sum %d\n", tidy_sum(levels, n));
    printf("scaled %d\n", tidy_scale(r->items[0].level_mm, 33));
    printf("checksum %u\n", tidy_checksum((const unsigned char *)r->items, r->len * sizeof(Reading)));
    int hist[9] = {0};
    for (size_t i = 0; i < r->len; i++) hist[tidy_bucket(r->items[i].level_mm)]++;
    printf("bucket 8 %d\n", hist[8]);
    Reading *none = NULL;
    if (r->len > 100000) none = r->items;
    printf("first flags %u\n", none->flags);
    printf("mean of none %d\n", tidy_mean(r->items, 0));
  } else if (strcmp(mode, "tree") == 0) {
    for (int d = 4; d <= 9; d += 5) {
      Node *t = tree_build(d, "station");
      if (d == 4) tree_report(t);
    }
  }
  /* readings' station names are freed by ring_free, except in tree mode which leaks its trees */
  if (strcmp(mode, "tree") != 0) ring_free(r);
  return 0;
}
C
cat > src/merge.cpp <<'C'
#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace tidepool {

struct Sample {
  std::string station;
  long ts;
  int level_mm;
};

class StationIndex {
 public:
  void add(const Sample &s) {
    auto &v = by_station_[s.station];
    v.push_back(s);
  }
  // Merges late samples in; keeps a reference to the newest sample of each station as it goes.
  int merge_late(const std::vector<Sample> &late) {
    int moved = 0;
    for (const auto &s : late) {
      auto &v = by_station_[s.station];
      const Sample &newest = v.back();
      v.push_back(s);
      if (s.ts < newest.ts) {
        std::sort(v.begin(), v.end(), [](const Sample &a, const Sample &b) { return a.ts < b.ts; });
        moved++;
      }
    }
    return moved;
  }
  size_t size() const { return by_station_.size(); }

 private:
  std::map<std::string, std::vector<Sample>> by_station_;
};

}  // namespace tidepool

int main() {
  tidepool::StationIndex idx;
  const char *names[] = {"ISTANBUL-KARAKOY", "BREST", "NEWLYN", "HALIFAX-NS", "KEY-WEST"};
  for (int i = 0; i < 5; i++)
    for (int k = 0; k < 4; k++) idx.add({names[i], 1000L * k, 100 * i + k});
  std::vector<tidepool::Sample> late = {{"BREST", 500, 7}, {"NEWLYN", 2500, 9}};
  std::printf("moved %d\n", idx.merge_late(late));
  return 0;
}
C
cat > src/pool.cpp <<'C'
#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tidepool {

struct Totals {
  long readings = 0;
  long rejected = 0;
  std::map<std::string, long> per_station;
  std::mutex mu;
};

static bool g_shutdown = false;
static int g_last_worker = -1;

void ingest(Totals &t, int worker, int n) {
  for (int i = 0; i < n; i++) {
    t.readings++;
    if (i % 7 == 0) t.rejected++;
    if (i % 50 == 0) {
      std::lock_guard<std::mutex> lock(t.mu);
      t.per_station["W" + std::to_string(worker)] += 1;
    }
  }
  g_last_worker = worker;
}

void flush_station_counts(Totals &t) {
  for (auto &kv : t.per_station) kv.second = 0;
}

void watchdog(Totals &t) {
  while (!g_shutdown) {
    if (t.readings > 1000000) std::puts("overload");
    std::this_thread::yield();
    break;
  }
}

}  // namespace tidepool

int main() {
  tidepool::Totals totals;
  std::vector<std::thread> workers;
  for (int w = 0; w < 4; w++) workers.emplace_back(tidepool::ingest, std::ref(totals), w, 2000);
  std::thread dog(tidepool::watchdog, std::ref(totals));
  std::thread flusher(tidepool::flush_station_counts, std::ref(totals));
  for (auto &t : workers) t.join();
  tidepool::g_shutdown = true;
  dog.join();
  flusher.join();
  std::printf("readings %ld rejected %ld last worker %d\n", totals.readings, totals.rejected, tidepool::g_last_worker);
  return 0;
}
C
cat > src/mt.c <<'C'
#include "tidepool.h"
#include <pthread.h>
#include <unistd.h>

typedef struct {
  int id;
  const char *path;
  Ring *ring;
  pthread_mutex_t *mu;
} Job;

static pthread_cond_t g_go = PTHREAD_COND_INITIALIZER;
static pthread_mutex_t g_go_mu = PTHREAD_MUTEX_INITIALIZER;
static int g_ready = 0;

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&g_go_mu);
  while (!g_ready) pthread_cond_wait(&g_go, &g_go_mu);
  pthread_mutex_unlock(&g_go_mu);
  return NULL;
}

static int checksum_station(const Reading *x) { return (int)strlen(x->station) + x->level_mm; }

static void *loader(void *arg) {
  Job *j = arg;
  usleep(50000 * j->id);
  Ring *local = ring_new(8);
  station_load(j->path, local);
  int sum = 0;
  for (size_t i = 0; i <= local->len; i++) sum += checksum_station(&local->items[i]);
  printf("loader %d: %zu readings, sum %d\n", j->id, local->len, sum);
  return NULL;
}

int main(int argc, char **argv) {
  pthread_t th[12];
  Job jobs[12];
  pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
  int n = 0;
  for (int i = 0; i < 6; i++) pthread_create(&th[n++], NULL, waiter, NULL);
  for (int i = 1; i < argc && n < 12; i++) {
    jobs[n] = (Job){n, argv[i], NULL, &mu};
    pthread_create(&th[n], NULL, loader, &jobs[n]);
    n++;
  }
  for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
  return 0;
}
C
cat > src/report.cpp <<'C'
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#include <unordered_map>
#include <algorithm>
#include <numeric>

#include "tidepool.h"

namespace tidepool {

std::string render(const std::vector<std::pair<std::string, double>> &rows) {
  std::ostringstream out;
  for (const auto &r : rows) out << r.first << "\t" << r.second << "\n";
  return out.str();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace tidepool

int main(int argc, char **argv) {
  std::map<std::string, std::vector<double>> levels;
  for (int i = 1; i < argc; i++) {
    std::ifstream in(argv[i]);
    std::string line;
    while (std::getline(in, line)) {
      auto c = line.find(',');
      if (c == std::string::npos) continue;
      levels[line.substr(0, c)].push_back(std::atof(line.c_str() + line.rfind(',') + 1));
    }
  }
  std::vector<std::pair<std::string, double>> rows;
  for (auto &kv : levels) rows.emplace_back(kv.first, tidepool::median(kv.second));
  std::cout << tidepool::render(rows);
  return 0;
}
C
cat > src/codec_shim.c <<'C'
#include <stdint.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
/* Built against libtidecodec 2.x: tide_codec_open_v2 and tide_frame_decode_into appeared in 2.0. */
extern void *tide_codec_open_v2(const char *name, int flags);
extern int tide_frame_decode_into(void *codec, const uint8_t *in, size_t n, int16_t *out);
extern void tide_codec_close(void *codec);
extern const char *tide_codec_version(void);
extern int tide_codec_set_gain(void *codec, double gain);

int shim_decode(const char *name, const uint8_t *in, size_t n, int16_t *out) {
  void *c = tide_codec_open_v2(name, 0);
  if (!c) return -1;
  tide_codec_set_gain(c, 1.5);
  int r = tide_frame_decode_into(c, in, n, out);
  tide_codec_close(c);
  return r;
}

const char *shim_version(void) { return tide_codec_version(); }
C
cat > src/tidecodec1.c <<'C'
/* libtidecodec 1.4: the library the stations still ship. */
#include <stdint.h>
#include <stddef.h>
void *tide_codec_open(const char *name) { (void)name; return (void *)1; }
int tide_frame_decode(void *codec, const uint8_t *in, size_t n) { (void)codec; (void)in; return (int)n; }
void tide_codec_close(void *codec) { (void)codec; }
const char *tide_codec_version(void) { return "1.4.0"; }
C
cat > src/exporter.c <<'C'
#include <stdio.h>
extern const char *shim_version(void);
extern int avformat_version(void);
extern int avcodec_version(void);
extern unsigned swscale_version(void);
extern void MagickWandGenesis(void);
int main(void) {
  MagickWandGenesis();
  printf("tide exporter: codec %s, avformat %d, avcodec %d, swscale %u\n", shim_version(), avformat_version(), avcodec_version(), swscale_version());
  return 0;
}
C
cat > Makefile <<'M'
CC ?= cc
CFLAGS ?= -g -O0 -Wall -Iinclude
OBJS = build/ring.o build/station.o build/tidy.o build/tree.o build/export.o build/gauge_cli.o
all: build/gauge
build/%.o: src/%.c include/tidepool.h
	$(CC) $(CFLAGS) -c $< -o $@
build/gauge: $(OBJS)
	$(CC) $(CFLAGS) -o $@ $(OBJS) -lm
clean:
	rm -f build/*.o build/gauge
.PHONY: all clean
M
# data: four stations' readings; one station's name is longer than the 15 characters allowed
python3 - <<'P'
import random
random.seed(29)
stations = ["BREST", "NEWLYN", "HALIFAX-NS", "KEY-WEST", "ANTOFAGASTA", "ZANZIBAR", "CUXHAVEN"]
for shard, names in enumerate([stations[:4], stations[4:], ["ISTANBUL-KARAKOY-PIER2", "BREST"]]):
    with open(f"data/shard{shard}.csv", "w") as f:
        for k in range(300):
            n = names[k % len(names)]
            f.write(f"{n},{1764547200 + 360 * k},{int(random.gauss(0, 1800))}\n")
P
CFL="-g -O0 -Iinclude"
SRC="src/ring.c src/station.c src/tidy.c src/tree.c src/export.c src/gauge_cli.c"
gcc $CFL -fsanitize=address -fno-omit-frame-pointer $SRC -o build/gauge-asan -lm
clang $CFL -fsanitize=address -fno-omit-frame-pointer $SRC -o build/gauge-asan-clang -lm
gcc $CFL -fsanitize=undefined -fno-omit-frame-pointer $SRC -o build/gauge-ubsan -lm
clang++ -g -O0 -fsanitize=address -fno-omit-frame-pointer src/merge.cpp -o build/merge-asan
clang++ -g -O1 -fsanitize=thread src/pool.cpp -o build/pool-tsan -lpthread
gcc $CFL src/mt.c src/ring.c src/station.c -o build/loader-mt -lpthread
# the exporter: built against libtidecodec 2 (gone from lib/), linked with the system's ffmpeg and ImageMagick
gcc -shared -fPIC -Wl,-soname,libtidecodec.so.2 src/tidecodec1.c -o lib/libtidecodec.so.2
ln -sf libtidecodec.so.2 lib/libtidecodec.so
gcc -shared -fPIC -g src/codec_shim.c -o lib/libtideshim.so -Llib -ltidecodec -Wl,-rpath,'$ORIGIN'
L=/usr/lib/x86_64-linux-gnu
gcc -g src/exporter.c -o build/tide-exporter -Llib -ltideshim -ltidecodec -Wl,-rpath,'$ORIGIN/../lib' \
  $L/libavformat.so.59 $L/libavcodec.so.59 $L/libswscale.so.6 $L/libMagickWand-6.Q16.so.6 -Wl,--allow-shlib-undefined
# the stations' own 1.4 library replaces the 2.x one the shim was built against
gcc -shared -fPIC -Wl,-soname,libtidecodec.so.1 src/tidecodec1.c -o lib/libtidecodec.so.1
rm lib/libtidecodec.so.2 lib/libtidecodec.so
# compile_commands.json for include-what-you-use
python3 - <<'P'
import json, os
d = os.getcwd()
cmds = []
for f in ["ring.c", "station.c", "tidy.c", "tree.c", "export.c", "gauge_cli.c", "mt.c", "codec_shim.c"]:
    cmds.append({"directory": d, "file": f"src/{f}", "command": f"cc -g -O0 -Wall -Iinclude -c src/{f} -o build/{f}.o"})
for f in ["merge.cpp", "pool.cpp", "report.cpp"]:
    cmds.append({"directory": d, "file": f"src/{f}", "command": f"c++ -std=c++17 -g -O0 -Iinclude -c src/{f} -o build/{f}.o"})
json.dump(cmds, open("compile_commands.json", "w"), indent=1)
P
cd ..

# --- media: a field station's camera clips, hydrophone audio and gauge photos -------------------
cd media
mkdir -p clips audio photos
FF="ffmpeg -hide_banner -loglevel error -y"
$FF -f lavfi -i testsrc2=size=640x360:rate=25 -f lavfi -i sine=frequency=440:sample_rate=48000 -t 12 \
  -c:v libx264 -g 50 -pix_fmt yuv420p -c:a aac -b:a 96k clips/pier-cam-0600.mp4
$FF -f lavfi -i testsrc=size=640x360:rate=25 -f lavfi -i sine=frequency=220:sample_rate=48000 -t 12 \
  -c:v libx264 -g 250 -pix_fmt yuv420p -c:a aac -b:a 96k clips/pier-cam-0700.mp4
# a clip whose video payload was damaged in transfer: bytes overwritten through the middle of mdat
cp clips/pier-cam-0700.mp4 clips/pier-cam-0700-damaged.mp4
python3 - <<'P'
import random
random.seed(7)
p = "clips/pier-cam-0700-damaged.mp4"
b = bytearray(open(p, "rb").read())
start = b.find(b"mdat") + 8
for k in range(60):
    off = start + 40000 + k * 2600
    if off + 32 < len(b) - 20000:
        for j in range(24):
            b[off + j] = random.randrange(256)
open(p, "wb").write(b)
P
# an upload cut short: the moov atom at the end never arrived
head -c 300000 clips/pier-cam-0600.mp4 > clips/pier-cam-0800-partial.mp4
# an mkv remux of the 0600 clip with a subtitle track and chapters
cat > clips/notes.srt <<'S'
1
00:00:01,000 --> 00:00:04,000
Gauge 3 reading drifts after the swell

2
00:00:06,000 --> 00:00:09,500
Pier camera lens fogged
S
printf ';FFMETADATA1\ntitle=Pier camera 06:00\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=6000\ntitle=Low water\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=6000\nEND=12000\ntitle=Swell\n' > clips/chapters.txt
$FF -i clips/pier-cam-0600.mp4 -i clips/notes.srt -i clips/chapters.txt -map 0 -map 1 -map_metadata 2 -map_chapters 2 \
  -c copy -c:s srt -metadata:s:a:0 language=eng -metadata:s:s:0 language=eng clips/pier-cam-0600.mkv
# hydrophone audio: a quiet recording with a loud burst, and one clipped
$FF -f lavfi -i "anoisesrc=color=pink:amplitude=0.02:sample_rate=48000:duration=30" \
  -f lavfi -i "sine=frequency=1200:sample_rate=48000:duration=30" \
  -filter_complex "[1]volume='if(between(t,11,14),0.9,0)':eval=frame[b];[0][b]amix=inputs=2:normalize=0" -ac 2 audio/hydrophone-north.wav
$FF -f lavfi -i "sine=frequency=300:sample_rate=44100:duration=8" -af "volume=18dB" audio/hydrophone-south-clipped.wav
# photos: gauge boards in several formats, and some that will not open
FFI="ffmpeg -hide_banner -loglevel error -y -f lavfi"
for i in $(seq 1 14); do
  $FFI -i "testsrc2=size=$((320 + i * 40))x$((240 + i * 20)):rate=1" -frames:v 1 photos/gauge-board-$(printf %02d $i).jpg
done
for i in $(seq 1 8); do
  $FFI -i "mandelbrot=size=$((200 + i * 32))x$((200 + i * 16)):rate=1" -frames:v 1 photos/tide-chart-$(printf %02d $i).png
done
$FFI -i "smptebars=size=1280x720:rate=1" -frames:v 1 -pix_fmt rgb48le photos/calibration-16bit.tiff
$FFI -i "smptebars=size=800x600:rate=1" -frames:v 1 photos/calibration.bmp
$FFI -i "testsrc=size=480x270:rate=5" -frames:v 12 photos/wave-loop.gif
head -c 9000 photos/gauge-board-05.jpg > photos/gauge-board-15-truncated.jpg
head -c 2000 photos/tide-chart-03.png > photos/tide-chart-09-truncated.png
: > photos/gauge-board-16.jpg  # a download that wrote nothing
python3 - <<'P'
b = bytearray(open("photos/tide-chart-04.png", "rb").read())
i = b.find(b"IDAT") + 20
for j in range(i, i + 64): b[j] ^= 0x5A
open("photos/tide-chart-10-crc.png", "wb").write(b)
P
cd ..

# --- docs: the tidepool handbook (MkDocs) with moved pages and stale links -----------------------
cd docs
mkdir -p docs/stations docs/ops docs/api docs/media
cat > mkdocs.yml <<'Y'
site_name: Tidepool handbook
strict: false
nav:
  - Home: index.md
  - Stations:
      - Overview: stations/index.md
      - Brest: stations/brest.md
      - Newlyn: stations/newlyn.md
      - Halifax: stations/halifax.md
      - Key West: stations/key-west.md
      - Cuxhaven: stations/cuxhaven.md
  - Operations:
      - Deploy: ops/deploy.md
      - Backups: ops/backups.md
      - Alerts: ops/alerts.md
      - Runbook: ops/runbook.md
  - API:
      - Readings: api/readings.md
      - Stations: api/stations.md
      - Webhooks: api/webhooks.md
  - Changelog: changelog.md
Y
cat > docs/index.md <<'M'
# Tidepool handbook

Start with the [stations overview](stations/index.md), the [deploy guide](ops/deploy.md) and the
[readings API](api/readings.md). Calibration photos are in [media](media/calibration.md).
See also the [old quick start](quickstart.md) and the [FAQ](faq.md#sensors).
M
for s in brest newlyn halifax key-west cuxhaven zanzibar antofagasta; do
  cat > docs/stations/$s.md <<M
# Station ${s}

Gauge type and datum for ${s}. Readings arrive every six minutes; see [the readings API](../api/readings.md#query)
and [the alert thresholds](../ops/alerts.md#thresholds). Photos: ![board](../media/${s}-board.jpg)
Back to the [overview](index.md) or on to [calibration](../ops/calibration.md).
M
done
cat > docs/stations/index.md <<'M'
# Stations

| Station | Since | Page |
|---|---|---|
| Brest | 1807 | [brest](brest.md) |
| Newlyn | 1915 | [newlyn](newlyn.md) |
| Halifax | 1896 | [halifax](halifax.md) |
| Key West | 1913 | [key west](keywest.md) |
| Cuxhaven | 1843 | [cuxhaven](cuxhaven.md) |
| Zanzibar | 1984 | [zanzibar](zanzibar.md) |
| Antofagasta | 1945 | [antofagasta](antofagasta.md) |
| Istanbul | 2011 | [istanbul](istanbul-karakoy.md) |
M
for p in deploy backups alerts runbook; do
  cat > docs/ops/$p.md <<M
# ${p}

The ${p} procedure. Related: [runbook](runbook.md), [the deploy script](../../scripts/deploy.sh),
[thresholds](alerts.md#thresholds), [API auth](../api/auth.md).
M
done
echo '## Limits' >> docs/ops/alerts.md
for p in readings stations webhooks; do
  cat > docs/api/$p.md <<M
# ${p} API

\`GET /v1/${p}\`. See [query parameters](#query-parameters), [auth](auth.md) and [errors](errors.md#codes).

## Query parameters

Back to the [handbook](../index.md).
M
done
echo '# Changelog' > docs/changelog.md
echo '- 2.3: webhooks retry; see [webhooks](api/webhooks.md#retries)' >> docs/changelog.md
echo '# Calibration photos' > docs/media/calibration.md
echo 'The boards: ![brest](brest-board.jpg) ![newlyn](newlyn-board.png)' >> docs/media/calibration.md
echo '# Draft: station moves' > docs/stations/moves-draft.md
cd ..

# --- sys: the readings API behind a flaky local server; a disk filling with logs ------------------
cd sys
mkdir -p var/log/tidepool var/spool/tidepool var/cache/tiles srv
cat > srv/readings_server.py <<'P'
"""The readings API as it misbehaves in production: every 9th request fails, /v1/readings is slow."""
import http.server, json, sys, threading, time, itertools
count = itertools.count()
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def do_GET(self):
        n = next(count)
        if self.path.startswith("/v1/readings"):
            time.sleep(0.004)
        if n % 9 == 4:
            body = b'{"error":"upstream gauge timeout"}'
            self.send_response(503)
        elif n % 23 == 11:
            body = json.dumps({"station": "BREST", "readings": [1, 2, 3], "partial": True}).encode()
            self.send_response(200)
        else:
            body = json.dumps({"station": "BREST", "readings": [1, 2]}).encode()
            self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
port = int(sys.argv[1])
srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), H)
srv.daemon_threads = True
srv.serve_forever()
P
python3 - <<'P'
import os, random
random.seed(29)
for day in range(1, 31):
    size = 180_000 + random.randrange(60_000) + (2_400_000 if day in (17, 18, 19) else 0)
    with open(f"var/log/tidepool/ingest-2026-11-{day:02d}.log", "wb") as f:
        f.write(os.urandom(size // 2).hex().encode()[:size])
for i in range(40):
    with open(f"var/spool/tidepool/batch-{i:04d}.pending", "wb") as f:
        f.write(b"x" * random.randrange(4_000, 90_000))
for z in range(3, 9):
    os.makedirs(f"var/cache/tiles/{z}", exist_ok=True)
    for t in range(2 ** (z - 2)):
        with open(f"var/cache/tiles/{z}/{t}.png", "wb") as f:
            f.write(b"\0" * (1500 * z))
with open("var/log/tidepool/core.gauge.31544", "wb") as f:
    f.write(b"\0" * 7_340_032)
P
cd ..
