#!/usr/bin/env bash
# fresh8's C project for cppcheck, clang-tidy and clang -Weverything: a packet decoder of many
# small functions (style noise: casts, widths, unused parameters) and a few real bugs.
set -euo pipefail
ROOT="$1"
mkdir -p "$ROOT/pktdec/src" && cd "$ROOT/pktdec"
python3 - <<'PY'
hdr = ['#ifndef PKTDEC_H', '#define PKTDEC_H', '#include <stddef.h>', '#include <stdint.h>', '',
       'struct pkt { uint8_t *buf; size_t len; int proto; };', '']
for i in range(1, 21):
    hdr.append(f'int field_{i:02d}(const struct pkt *p, int flags);')
hdr += ['int checksum(const uint8_t *b, int n);', 'char *describe(const struct pkt *p);', 'int decode_all(struct pkt *ps, int n);', '#endif', '']
open("src/pktdec.h", "w").write("\n".join(hdr))
src = ['#include "pktdec.h"', '#include <stdio.h>', '#include <stdlib.h>', '#include <string.h>', '']
for i in range(1, 21):
    src += [f'int field_{i:02d}(const struct pkt *p, int flags) {{', f'  long v = p->buf[{i % 8}] << {i % 4};', f'  if (p->len > {i})', f'    v += p->buf[{i}];', '  return v;', '}', '']
src += ['int checksum(const uint8_t *b, int n) {', '  unsigned sum = 0;', '  for (int i = 0; i <= n; i++)', '    sum += b[i];', '  return sum & 0xffff;', '}', '',
        'char *describe(const struct pkt *p) {', '  char *s = malloc(32);', '  char tmp[16];', '  sprintf(tmp, "proto=%d len=%zu", p->proto, p->len);', '  strcpy(s, tmp);', '  return s;', '}', '',
        'int decode_all(struct pkt *ps, int n) {', '  int ok = 0;', '  char *last;', '  for (int i = 0; i < n; i++) {', '    char *d = describe(&ps[i]);', '    if (checksum(ps[i].buf, (int)ps[i].len) == 0)', '      continue;',
        '    last = d;', '    ok++;', '  }', '  printf("%s\\n", last);', '  free(last);', '  return ok;', '}', '']
open("src/pktdec.c", "w").write("\n".join(src))
main = ['#include "pktdec.h"', '#include <stdio.h>', '#include <stdlib.h>', '', 'int main(int argc, char **argv) {', '  struct pkt ps[4];', '  uint8_t data[64];',
        '  for (int i = 0; i < 64; i++) data[i] = i * 7;', '  for (int i = 0; i < 4; i++) { ps[i].buf = data + i * 16; ps[i].len = 16; ps[i].proto = i; }',
        '  int n = decode_all(ps, 4);', '  unsigned short total = n * 40000;', '  printf("%d decoded, %d bytes\\n", n, total);', '  return 0;', '}', '']
open("src/main.c", "w").write("\n".join(main))
PY
