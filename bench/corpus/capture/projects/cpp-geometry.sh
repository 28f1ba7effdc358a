#!/usr/bin/env bash
# C++ with CMake + Ninja: template and overload errors deep in a build; a configure that
# cannot find a package; a C program with memory errors (valgrind), one that segfaults
# (gdb) and one that trips over its configuration files (strace).
set -euo pipefail
cd "$1"
mkdir -p geometry/src geometry/include/geo && cd geometry
cat > CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.20)
project(geometry CXX)
set(CMAKE_CXX_STANDARD 20)
file(GLOB SRC src/*.cpp)
add_library(geo ${SRC})
target_include_directories(geo PUBLIC include)
target_compile_options(geo PRIVATE -Wall -Wextra)
CM
cat > include/geo/vec.hpp <<'H'
#pragma once
#include <cmath>
#include <vector>
#include <map>
#include <string>
namespace geo {
template <typename T> struct Vec2 { T x, y; };
template <typename T> Vec2<T> operator+(Vec2<T> a, Vec2<T> b) { return {a.x + b.x, a.y + b.y}; }
template <typename T> double length(const Vec2<T>& v) { return std::sqrt(double(v.x * v.x + v.y * v.y)); }
struct Polygon { std::string name; std::vector<Vec2<double>> pts; };
double area(const Polygon& p);
}
H
for n in $(seq 1 36); do
cat > src/shape_$n.cpp <<CPP
#include "geo/vec.hpp"
#include <numeric>
namespace geo {
double perimeter_$n(const Polygon& p) {
    double s = 0;
    for (size_t i = 0; i < p.pts.size(); ++i) {
        auto a = p.pts[i], b = p.pts[(i + 1) % p.pts.size()];
        s += length(Vec2<double>{b.x - a.x, b.y - a.y});
    }
    int unused_$n = $n;
    return s;
}
}
CPP
done
cat > src/area.cpp <<'CPP'
#include "geo/vec.hpp"
namespace geo {
double area(const Polygon& p) {
    double s = 0;
    for (size_t i = 0; i < p.pts.size(); ++i) {
        const auto& a = p.pts[i];
        const auto& b = p.pts[(i + 1) % p.pts.size()];
        s += a.x * b.y - b.x * a.y;
    }
    return std::abs(s) / 2;
}
}
CPP
cat > src/index.cpp <<'CPP'
#include "geo/vec.hpp"
#include <algorithm>
#include <iostream>
#include <set>
namespace geo {
struct Tile { int col, row; };
std::set<Tile> occupied(const std::vector<Polygon>& polys) {
    std::set<Tile> out;
    for (const auto& p : polys)
        for (const auto& v : p.pts) out.insert(Tile{int(v.x), int(v.y)});
    return out;
}
void dump(const std::vector<Polygon>& polys) {
    std::map<std::string, Vec2<double>> centroids;
    for (const auto& p : polys) std::cout << p.name << " " << centroids[p.name] << "\n";
}
}
CPP
cat > src/merge.cpp <<'CPP'
#include "geo/vec.hpp"
#include <algorithm>
namespace geo {
Polygon merge(const Polygon& a, const Polygon& b) {
    Polygon out{a.name + "+" + b.name, a.pts};
    out.pts.insert(out.pts.end(), b.pts.begin(), b.pts.end());
    std::sort(out.pts.begin(), out.pts.end());
    auto sum = a.pts.front() + Vec2<int>{1, 2};
    return out;
}
}
CPP
cd ..
# a configure that fails
mkdir -p tiler && cat > tiler/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.20)
project(tiler C CXX)
find_package(Threads REQUIRED)
find_package(PNG 1.6 REQUIRED)
find_package(Protobuf 3.21 REQUIRED)
add_executable(tiler main.cpp)
target_link_libraries(tiler PRIVATE PNG::PNG protobuf::libprotobuf Threads::Threads)
CM
echo 'int main() { return 0; }' > tiler/main.cpp
# C tools with memory bugs
mkdir -p tools
cat > tools/histo.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct { char *label; int *counts; int n; } Histo;
static Histo *histo_new(const char *label, int n) {
    Histo *h = malloc(sizeof *h);
    h->label = strdup(label);
    h->counts = malloc(n * sizeof(int));
    h->n = n;
    return h;
}
static int total(const Histo *h) {
    int s = 0;
    for (int i = 0; i <= h->n; i++) s += h->counts[i];
    return s;
}
int main(void) {
    for (int k = 0; k < 12; k++) {
        char name[32];
        snprintf(name, sizeof name, "bucket-%02d", k);
        Histo *h = histo_new(name, 16 + k);
        for (int i = 0; i < h->n; i++) h->counts[i] = i * k;
        printf("%s total=%d\n", h->label, total(h));
        if (k % 3 == 0) { free(h->counts); free(h->label); free(h); }
    }
    char *msg = malloc(8);
    strcpy(msg, "summary!");
    printf("%s\n", msg);
    return 0;
}
C
cat > tools/ringbuf.c <<'C'
#include <stdio.h>
#include <stdlib.h>
struct node { int id; struct node *next; };
struct ring { struct node *head; int size; };
static void ring_push(struct ring *r, int id) {
    struct node *n = malloc(sizeof *n);
    n->id = id;
    n->next = r->head;
    r->head = n;
    r->size++;
}
static int ring_nth(const struct ring *r, int k) {
    struct node *n = r->head;
    while (k-- > 0) n = n->next;
    return n->id;
}
static long checksum(const struct ring *r, int rounds) {
    long s = 0;
    for (int i = 0; i < rounds; i++) s += ring_nth(r, i * 7 % (r->size + 3));
    return s;
}
int main(int argc, char **argv) {
    struct ring r = {0};
    for (int i = 0; i < 50; i++) ring_push(&r, 1000 + i);
    printf("ring size %d\n", r.size);
    printf("checksum %ld\n", checksum(&r, argc > 1 ? atoi(argv[1]) : 40));
    return 0;
}
C
cat > tools/loadcfg.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
static const char *dirs[] = {"/etc/loadcfg", "/etc/loadcfg/conf.d", "/usr/local/etc/loadcfg", "/usr/local/etc/loadcfg/conf.d", "/opt/loadcfg/etc", "./conf", "./conf.d", "./local", NULL};
static const char *names[] = {"base.conf", "limits.conf", "tls.conf", "routes.conf", "plugins.conf", "cache.conf", "auth.conf", "metrics.conf", "upstreams.conf", "headers.conf", "rewrite.conf", "logging.conf", NULL};
int main(void) {
    int found = 0;
    for (int d = 0; dirs[d]; d++)
        for (int n = 0; names[n]; n++) {
            char path[256];
            snprintf(path, sizeof path, "%s/%s", dirs[d], names[n]);
            FILE *f = fopen(path, "r");
            if (!f) continue;
            char buf[512];
            while (fgets(buf, sizeof buf, f)) {}
            fclose(f);
            found++;
        }
    FILE *k = fopen("./conf/tls/server.key", "r");
    if (!k) { fprintf(stderr, "loadcfg: cannot open TLS key: %s\n", strerror(errno)); return 3; }
    printf("loaded %d files\n", found);
    return 0;
}
C
mkdir -p conf/tls
for n in base limits routes; do printf 'key=value\n' > conf/$n.conf; done
ln -s ../../secrets/server.key conf/tls/server.key
gcc -g -O0 -o tools/histo tools/histo.c
gcc -g -O0 -o tools/ringbuf tools/ringbuf.c
gcc -g -O0 -o tools/loadcfg tools/loadcfg.c
