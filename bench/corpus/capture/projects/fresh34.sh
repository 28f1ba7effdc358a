#!/usr/bin/env bash
# The fresh34 set (bench/corpus/fresh34/): what an engineer runs when a C/C++ build of real size
# fails, and when an embedded target does not fit, in shapes no earlier set holds: g++'s template
# instantiation novels (a std::map keyed by a type with no ordering, a comparator taking non-const
# references, std::ranges::sort on a std::list, a failed concept with -fconcepts-diagnostics-depth),
# clang++ on the same sources, a make -j2 run whose jobs fail side by side, a link with many
# undefined references and a missing -l, multiple definitions from a header, cmake --build with
# warnings as errors, a -Wall -Wextra flood with one real error, -ftime-report, ccache -s; a Cortex-M4
# firmware (arm-none-eabi-gcc) whose FLASH overflows, --print-memory-usage, its map file,
# arm-none-eabi-size, nm --size-sort, readelf -S and -s; an ATmega328P beacon (avr-gcc) whose data
# region overflows, avr-size.
# The project is a tide gauge (tidewatch): a host library and tools in C++20 (host/), a legacy C
# frame decoder (legacy/), the gauge's STM32F4 firmware (firmware/) and a buoy beacon (beacon/).
# Debian's gcc 12, clang 14, gcc-arm-none-eabi with libnewlib-arm-none-eabi, gcc-avr with avr-libc,
# ccache, cmake and ninja.
set -euo pipefail
ROOT="$1"
cd "$ROOT"
rm -rf tidewatch && mkdir -p tidewatch && cd tidewatch
git init -q . 2>/dev/null || true

########## host/: the C++20 library and tools
mkdir -p host/include/tide host/src host/tools host/tests
cat > host/include/tide/geo.hpp <<'H'
#pragma once
#include <cmath>
#include <string>
namespace tide {
struct GeoPoint {
  double lat_deg;
  double lon_deg;
  bool operator==(const GeoPoint&) const = default;
};
double haversine_km(const GeoPoint& a, const GeoPoint& b);
std::string to_string(const GeoPoint& p);
}  // namespace tide
H
cat > host/include/tide/sample.hpp <<'H'
#pragma once
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>
namespace tide {
using Clock = std::chrono::system_clock;
struct Sample {
  Clock::time_point at;
  float level_m;
  float water_temp_c;
  std::uint16_t flags;
};
struct StationId {
  std::string network;
  std::uint32_t number;
};
struct Series {
  StationId station;
  std::vector<Sample> samples;
};
}  // namespace tide
H
cat > host/include/tide/station.hpp <<'H'
#pragma once
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>
#include "tide/geo.hpp"
#include "tide/sample.hpp"
namespace tide {
struct Station {
  StationId id;
  std::string name;
  GeoPoint where;
  double datum_offset_m = 0.0;
};
// Stations by position, for the nearest-gauge lookup.
class StationIndex {
 public:
  void add(const Station& s);
  const Station* at(const GeoPoint& p) const;
  std::vector<const Station*> within_km(const GeoPoint& p, double km) const;
 private:
  std::map<GeoPoint, Station> by_point_;
  std::set<StationId> ids_;
};
}  // namespace tide
H
cat > host/include/tide/harmonics.hpp <<'H'
#pragma once
#include <array>
#include <cmath>
#include <string_view>
#include <vector>
#include "tide/sample.hpp"
namespace tide {
struct Constituent {
  std::string_view name;
  double speed_deg_per_h;
  double amplitude_m;
  double phase_deg;
};
class Harmonic {
 public:
  explicit Harmonic(std::vector<Constituent> cs) : cs_(std::move(cs)) {}
  double predict(Clock::time_point t) const;
  std::vector<double> predict_range(Clock::time_point from, Clock::duration step, std::size_t n) const;
 private:
  std::vector<Constituent> cs_;
};
Harmonic fit_harmonics(const Series& s, std::size_t n_constituents);
}  // namespace tide
H
cat > host/include/tide/sink.hpp <<'H'
#pragma once
#include <memory>
#include <string>
#include <vector>
#include "tide/sample.hpp"
namespace tide {
class Sink {
 public:
  virtual ~Sink() = default;
  virtual void write(const Series& s) = 0;
  virtual void flush() = 0;
};
class CsvSink : public Sink {
 public:
  explicit CsvSink(std::string path);
  void write(const Series& s) override;
  void flush() override;
 private:
  std::string path_;
  std::vector<std::string> pending_;
};
class ZSink : public Sink {
 public:
  explicit ZSink(std::string path, int level);
  void write(const Series& s) override;
  void flush() override;
 private:
  std::string path_;
  int level_;
};
std::unique_ptr<Sink> make_sink(const std::string& uri);
}  // namespace tide
H
cat > host/include/tide/config.hpp <<'H'
#pragma once
#include <string>
namespace tide {
// Set by tools/main.cpp, read everywhere.
std::string g_data_dir = "/var/lib/tidewatch";
int g_verbosity = 0;
struct Limits {
  double max_level_m;
  double min_level_m;
};
const Limits& limits();
}  // namespace tide
H
cat > host/include/tide/pipeline.hpp <<'H'
#pragma once
#include <concepts>
#include <memory>
#include <ranges>
#include <vector>
#include "tide/sample.hpp"
#include "tide/sink.hpp"
namespace tide {
template <class T>
concept SampleSource = requires(T src, Sample& out) {
  { src.next(out) } -> std::same_as<bool>;
  { src.station() } -> std::convertible_to<const StationId&>;
  typename T::clock_type;
  requires std::same_as<typename T::clock_type, Clock>;
};
template <class F>
concept SampleFilter = std::predicate<F, const Sample&>;
template <SampleSource Src, SampleFilter F>
Series drain(Src& src, F keep) {
  Series out{src.station(), {}};
  Sample s{};
  while (src.next(s))
    if (keep(s)) out.samples.push_back(s);
  return out;
}
class Pipeline {
 public:
  void add_sink(std::unique_ptr<Sink> s) { sinks_.push_back(std::move(s)); }
  std::vector<std::unique_ptr<Sink>> sinks() const { return sinks_; }
  void publish(const Series& s);
 private:
  std::vector<std::unique_ptr<Sink>> sinks_;
};
}  // namespace tide
H

cat > host/src/geo.cpp <<'C'
#include "tide/geo.hpp"
#include <cstdio>
namespace tide {
double haversine_km(const GeoPoint& a, const GeoPoint& b) {
  constexpr double r = 6371.0088;
  const double p1 = a.lat_deg * M_PI / 180, p2 = b.lat_deg * M_PI / 180;
  const double dp = p2 - p1, dl = (b.lon_deg - a.lon_deg) * M_PI / 180;
  const double h = std::sin(dp / 2) * std::sin(dp / 2) + std::cos(p1) * std::cos(p2) * std::sin(dl / 2) * std::sin(dl / 2);
  return 2 * r * std::asin(std::sqrt(h));
}
std::string to_string(const GeoPoint& p) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.5f,%.5f", p.lat_deg, p.lon_deg);
  return buf;
}
}  // namespace tide
C
cat > host/src/station_index.cpp <<'C'
#include "tide/station.hpp"
#include <algorithm>
namespace tide {
void StationIndex::add(const Station& s) {
  by_point_.emplace(s.where, s);
  ids_.insert(s.id);
}
const Station* StationIndex::at(const GeoPoint& p) const {
  auto it = by_point_.find(p);
  return it == by_point_.end() ? nullptr : &it->second;
}
std::vector<const Station*> StationIndex::within_km(const GeoPoint& p, double km) const {
  std::vector<const Station*> out;
  for (const auto& [where, st] : by_point_)
    if (haversine_km(where, p) <= km) out.push_back(&st);
  std::sort(out.begin(), out.end(), [&](const Station* a, const Station* b) {
    return haversine_km(a->where, p) < haversine_km(b->where, p);
  });
  return out;
}
}  // namespace tide
C
cat > host/src/gauge_groups.cpp <<'C'
// Groups gauges by network, ordered by the network's priority table.
#include <map>
#include <set>
#include <string>
#include <vector>
#include "tide/station.hpp"
namespace tide {
struct ByPriority {
  bool operator()(std::string& a, std::string& b) { return a.size() < b.size() || (a.size() == b.size() && a < b); }
};
std::map<std::string, std::vector<StationId>, ByPriority> group_by_network(const std::vector<Station>& all) {
  std::map<std::string, std::vector<StationId>, ByPriority> out;
  for (const auto& s : all) out[s.id.network].push_back(s.id);
  return out;
}
std::set<std::string, ByPriority> networks(const std::vector<Station>& all) {
  std::set<std::string, ByPriority> out;
  for (const auto& s : all) out.insert(s.id.network);
  return out;
}
}  // namespace tide
C
cat > host/src/resample.cpp <<'C'
// Resamples a gauge's raw series onto a fixed grid, worst readings first for the QC report.
#include <algorithm>
#include <list>
#include <ranges>
#include <vector>
#include "tide/pipeline.hpp"
namespace tide {
struct RawFeed {
  using clock_type = std::chrono::steady_clock;
  StationId id;
  std::list<Sample> buf;
  bool next(Sample& out) {
    if (buf.empty()) return false;
    out = buf.front();
    buf.pop_front();
    return true;
  }
  StationId station() const { return id; }
};
std::list<Sample> worst_first(std::list<Sample> raw) {
  std::ranges::sort(raw, std::ranges::greater{}, &Sample::flags);
  return raw;
}
Series qc_series(RawFeed& feed) {
  return drain(feed, [](const Sample& s) { return s.flags == 0; });
}
auto flagged_levels(const std::vector<Sample>& v) {
  return v | std::views::filter([](const Sample& s) { return s.flags != 0; })
           | std::views::transform(&Sample::level_m)
           | std::views::take(std::string("24"));
}
}  // namespace tide
C
cat > host/src/harmonics.cpp <<'C'
#include "tide/harmonics.hpp"
#include <algorithm>
#include <numeric>
#include <map>
#include <unordered_map>
#include <functional>
#include <regex>
#include <sstream>
#include <iomanip>
namespace tide {
namespace {
constexpr std::array<Constituent, 12> kTable{{
    {"M2", 28.9841042, 0, 0}, {"S2", 30.0, 0, 0}, {"N2", 28.4397295, 0, 0}, {"K2", 30.0821373, 0, 0},
    {"K1", 15.0410686, 0, 0}, {"O1", 13.9430356, 0, 0}, {"P1", 14.9589314, 0, 0}, {"Q1", 13.3986609, 0, 0},
    {"M4", 57.9682084, 0, 0}, {"MS4", 58.9841042, 0, 0}, {"M6", 86.9523127, 0, 0}, {"SA", 0.0410686, 0, 0}}};
double hours_since_epoch(Clock::time_point t) {
  return std::chrono::duration<double, std::ratio<3600>>(t.time_since_epoch()).count();
}
}  // namespace
double Harmonic::predict(Clock::time_point t) const {
  const double h = hours_since_epoch(t);
  return std::accumulate(cs_.begin(), cs_.end(), 0.0, [h](double acc, const Constituent& c) {
    return acc + c.amplitude_m * std::cos((c.speed_deg_per_h * h - c.phase_deg) * M_PI / 180.0);
  });
}
std::vector<double> Harmonic::predict_range(Clock::time_point from, Clock::duration step, std::size_t n) const {
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = predict(from + step * static_cast<long>(i));
  return out;
}
Harmonic fit_harmonics(const Series& s, std::size_t n_constituents) {
  std::vector<Constituent> cs(kTable.begin(), kTable.begin() + std::min(n_constituents, kTable.size()));
  std::unordered_map<std::string_view, std::pair<double, double>> acc;
  for (const auto& smp : s.samples) {
    const double h = hours_since_epoch(smp.at);
    for (auto& c : cs) {
      auto& [a, b] = acc[c.name];
      a += smp.level_m * std::cos(c.speed_deg_per_h * h * M_PI / 180.0);
      b += smp.level_m * std::sin(c.speed_deg_per_h * h * M_PI / 180.0);
    }
  }
  const double n = static_cast<double>(std::max<std::size_t>(1, s.samples.size()));
  for (auto& c : cs) {
    auto [a, b] = acc[c.name];
    c.amplitude_m = 2.0 * std::hypot(a, b) / n;
    c.phase_deg = std::atan2(b, a) * 180.0 / M_PI;
  }
  std::regex name_re("^[A-Z]+[0-9]*$");
  std::ostringstream log;
  for (const auto& c : cs)
    if (std::regex_match(std::string(c.name), name_re))
      log << std::setw(4) << c.name << ' ' << std::fixed << std::setprecision(4) << c.amplitude_m << '\n';
  return Harmonic(std::move(cs));
}
}  // namespace tide
C
cat > host/src/sink_csv.cpp <<'C'
#include "tide/sink.hpp"
#include <chrono>
#include <cstdio>
#include <fstream>
namespace tide {
CsvSink::CsvSink(std::string path) : path_(std::move(path)) {}
void CsvSink::write(const Series& s) {
  for (const auto& smp : s.samples) {
    char line[128];
    const auto secs = std::chrono::duration_cast<std::chrono::seconds>(smp.at.time_since_epoch()).count();
    std::snprintf(line, sizeof line, "%s-%u,%lld,%.3f,%.2f,%u", s.station.network.c_str(), s.station.number,
                  static_cast<long long>(secs), smp.level_m, smp.water_temp_c, smp.flags);
    pending_.emplace_back(line);
  }
}
}  // namespace tide
C
cat > host/src/sink_z.cpp <<'C'
#include "tide/sink.hpp"
#include <zlib.h>
#include <vector>
namespace tide {
ZSink::ZSink(std::string path, int level) : path_(std::move(path)), level_(level) {}
void ZSink::write(const Series& s) {
  const auto* bytes = reinterpret_cast<const Bytef*>(s.samples.data());
  const uLong len = static_cast<uLong>(s.samples.size() * sizeof(Sample));
  std::vector<Bytef> out(compressBound(len));
  uLongf out_len = out.size();
  compress2(out.data(), &out_len, bytes, len, level_);
  gzFile f = gzopen(path_.c_str(), "ab");
  gzwrite(f, out.data(), static_cast<unsigned>(out_len));
  gzclose(f);
  (void)crc32(0L, bytes, len);
}
void ZSink::flush() {}
std::unique_ptr<Sink> make_sink(const std::string& uri) {
  if (uri.ends_with(".gz")) return std::make_unique<ZSink>(uri, 6);
  return std::make_unique<CsvSink>(uri);
}
}  // namespace tide
C
cat > host/src/pipeline.cpp <<'C'
#include "tide/pipeline.hpp"
#include "tide/config.hpp"
#include <cstdio>
namespace tide {
void Pipeline::publish(const Series& s) {
  for (auto& sink : sinks_) sink->write(s);
  if (g_verbosity > 0) std::fprintf(stderr, "published %zu samples\n", s.samples.size());
}
}  // namespace tide
C
cat > host/src/limits.cpp <<'C'
#include "tide/config.hpp"
namespace tide {
const Limits& limits() {
  static const Limits l{12.5, -4.0};
  return l;
}
}  // namespace tide
C
cat > host/src/datum.cpp <<'C'
#include "tide/station.hpp"
#include "tide/config.hpp"
#include <cstdint>
#include <cstring>
namespace tide {
// Chart datum correction, applied in place.
int apply_datum(Series& s, const Station& st, int max_samples) {
  int changed = 0;
  for (std::size_t i = 0; i < s.samples.size(); ++i) {
    if (i == max_samples) break;
    float corrected = s.samples[i].level_m - st.datum_offset_m;
    std::uint16_t raw_mm = corrected * 1000;
    if (raw_mm > limits().max_level_m * 1000) s.samples[i].flags |= 0x4;
    s.samples[i].level_m = corrected;
    ++changed;
  }
  return changed;
}
double mean_level(const Series& s, int window) {
  double sum = 0;
  int n = 0;
  for (const auto& smp : s.samples) { sum += smp.level_m; ++n; }
  int window = n;
  return n ? sum / n : 0.0;
}
}  // namespace tide
C
cat > host/src/qc.cpp <<'C'
#include "tide/sample.hpp"
#include <cmath>
#include <vector>
namespace tide {
enum class Qc { Good, Spike, Flat, Gap };
const char* qc_name(Qc q) {
  switch (q) {
    case Qc::Good: return "good";
    case Qc::Spike: return "spike";
    case Qc::Flat: return "flat";
  }
}
std::vector<Qc> qc_flags(const Series& s, float spike_m, unsigned flat_n) {
  std::vector<Qc> out(s.samples.size(), Qc::Good);
  for (int i = 1; i < s.samples.size(); ++i) {
    float d = std::fabs(s.samples[i].level_m - s.samples[i - 1].level_m);
    if (d > spike_m) out[i] = Qc::Spike;
  }
  unsigned run = 0;
  for (int i = 1; i < s.samples.size(); ++i) {
    run = s.samples[i].level_m == s.samples[i - 1].level_m ? run + 1 : 0;
    if (run >= flat_n) out[i] = Qc::Flat;
  }
  return out;
}
}  // namespace tide
C
cat > host/tools/tidectl.cpp <<'C'
#include <cstdio>
#include <cstdlib>
#include <string>
#include "tide/config.hpp"
#include "tide/harmonics.hpp"
#include "tide/pipeline.hpp"
#include "tide/station.hpp"
int main(int argc, char** argv) {
  using namespace tide;
  if (argc > 1) g_data_dir = argv[1];
  StationIndex idx;
  idx.add(Station{{"NOAA", 8518750}, "The Battery", {40.7006, -74.0142}, 0.0});
  Series s{{"NOAA", 8518750}, {}};
  Harmonic h = fit_harmonics(s, 8);
  Pipeline p;
  p.add_sink(make_sink(g_data_dir + "/battery.csv.gz"));
  p.publish(s);
  std::printf("%.3f\n", h.predict(Clock::now()));
  return EXIT_SUCCESS;
}
C

# The hand-written Makefile (what CI uses) and a CMake build (what IDEs use).
cat > host/Makefile <<'M'
CXX      = ccache g++
CXXFLAGS ?= -std=c++20 -O2 -g -Wall -Wextra
CPPFLAGS += -Iinclude
LDLIBS   ?=
OBJ := obj/geo.o obj/station_index.o obj/harmonics.o obj/qc.o obj/sink_csv.o obj/sink_z.o obj/pipeline.o obj/limits.o
TOOL_OBJ := obj/tidectl.o
all: bin/tidectl
bin/tidectl: $(OBJ) $(TOOL_OBJ) | bin
	$(CXX) $(LDFLAGS) -o $@ $^ $(LDLIBS)
obj/%.o: src/%.cpp | obj
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c -o $@ $<
obj/%.o: tools/%.cpp | obj
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c -o $@ $<
obj bin:
	mkdir -p $@
clean:
	rm -rf obj bin
.PHONY: all clean
M
cat > host/CMakeLists.txt <<'M'
cmake_minimum_required(VERSION 3.20)
project(tidewatch_host CXX)
set(CMAKE_CXX_STANDARD 20)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
option(TIDE_WERROR "Treat warnings as errors" ON)
add_library(tide STATIC src/geo.cpp src/station_index.cpp src/harmonics.cpp src/limits.cpp src/datum.cpp src/qc.cpp)
target_include_directories(tide PUBLIC include)
target_compile_options(tide PRIVATE -Wall -Wextra -Wshadow -Wconversion -Wsign-compare)
if(TIDE_WERROR)
  target_compile_options(tide PRIVATE -Werror)
endif()
M

########## legacy/: the 2009 C frame decoder, built with today's warnings
mkdir -p legacy/src legacy/include
cat > legacy/include/frame.h <<'H'
#ifndef FRAME_H
#define FRAME_H
#include <stddef.h>
#include <stdint.h>
struct frame {
  uint8_t kind;
  uint8_t len;
  uint16_t seq;
  uint8_t payload[96];
  uint16_t crc;
};
struct channel_cfg {
  const char *name;
  int scale;
  int offset;
  unsigned flags;
};
typedef int (*decode_fn)();
int decode_frame(const uint8_t *buf, size_t n, struct frame *out);
#endif
H
# Forty channel decoders written the way 2009 wrote them: old-style definitions, unused
# parameters, signed/unsigned comparisons, switch fallthrough, partly initialised tables.
gen_decoder() {
  local i=$1 name=$2
  cat <<C
/* channel ${i}: ${name} */
static int dec_${name}(buf, n, cfg, out)
  const uint8_t *buf; int n; const struct channel_cfg *cfg; long *out;
{
  int i, acc = 0, unused_${i};
  for (i = 0; i < buf[0]; i++) {
    acc += buf[i + 1] << (i * 8);
  }
  if (n < sizeof(struct frame)) return -1;
  switch (buf[1] & 3) {
  case 0: acc *= cfg->scale;
  case 1: acc += cfg->offset;
  case 2: acc >>= 1; break;
  default: ;
  }
  *out = acc;
}
C
}
{
  echo '#include <stdio.h>'
  echo '#include <string.h>'
  echo '#include "frame.h"'
  echo
  names=(level_a level_b level_c temp_water temp_air baro_hpa wind_dir wind_spd gust_spd humidity
         batt_mv solar_mv chg_ma cpu_temp rssi snr gps_lat gps_lon gps_alt gps_sats
         pump_on valve_pos float_sw tilt_x tilt_y tilt_z cond_us salinity turbidity ph
         do_mgl chl_ugl flow_ls rain_mm snow_mm vis_m door_sw heater ext_in1 ext_in2)
  i=0
  for nm in "${names[@]}"; do gen_decoder "$i" "$nm"; i=$((i+1)); done
  echo 'static const struct channel_cfg k_channels[] = {'
  for nm in "${names[@]}"; do echo "  { \"${nm}\", 1 },"; done
  echo '};'
  cat <<'C'

int decode_frame(const uint8_t *buf, size_t n, struct frame *out)
{
  int i;
  if (n < 4) return -1;
  out->kind = buf[0];
  out->len = buf[1];
  out->seq = buf[2] | buf[3] << 8;
  for (i = 0; i < out->len; i++) out->payload[i] = buf[4 + i];
  if (out->crc16 != crc16_ccitt(buf, n - 2)) return -2;
  return 0;
}
C
} > legacy/src/decoder.c
cat > legacy/Makefile <<'M'
CC = gcc
CFLAGS = -std=gnu11 -O2 -Wall -Wextra -Iinclude
all: libdecoder.a
libdecoder.a: obj/decoder.o
	ar rcs $@ $^
obj/%.o: src/%.c
	@mkdir -p obj
	$(CC) $(CFLAGS) -c -o $@ $<
M

########## firmware/: the gauge's STM32F405 (Cortex-M4F) firmware
mkdir -p firmware/src firmware/include firmware/ld
cat > firmware/ld/stm32f405_app.ld <<'L'
/* Application slot: the first 32 KB hold the bootloader, the rest of the first 192 KB the app; the log area follows. */
ENTRY(Reset_Handler)
MEMORY
{
  FLASH (rx)  : ORIGIN = 0x08008000, LENGTH = 152K
  RAM   (rwx) : ORIGIN = 0x20000000, LENGTH = 112K
  CCMRAM (rw) : ORIGIN = 0x10000000, LENGTH = 64K
}
_estack = ORIGIN(RAM) + LENGTH(RAM);
_Min_Heap_Size = 0x2000;
_Min_Stack_Size = 0x1000;
SECTIONS
{
  .isr_vector : { . = ALIGN(4); KEEP(*(.isr_vector)) . = ALIGN(4); } >FLASH
  .text : { . = ALIGN(4); *(.text) *(.text*) *(.glue_7) *(.glue_7t) *(.eh_frame) KEEP(*(.init)) KEEP(*(.fini)) . = ALIGN(4); _etext = .; } >FLASH
  .rodata : { . = ALIGN(4); *(.rodata) *(.rodata*) . = ALIGN(4); } >FLASH
  .ARM.extab : { *(.ARM.extab* .gnu.linkonce.armextab.*) } >FLASH
  .ARM : { __exidx_start = .; *(.ARM.exidx*) __exidx_end = .; } >FLASH
  .preinit_array : { PROVIDE_HIDDEN(__preinit_array_start = .); KEEP(*(.preinit_array*)) PROVIDE_HIDDEN(__preinit_array_end = .); } >FLASH
  .init_array : { PROVIDE_HIDDEN(__init_array_start = .); KEEP(*(SORT(.init_array.*))) KEEP(*(.init_array*)) PROVIDE_HIDDEN(__init_array_end = .); } >FLASH
  .fini_array : { PROVIDE_HIDDEN(__fini_array_start = .); KEEP(*(SORT(.fini_array.*))) KEEP(*(.fini_array*)) PROVIDE_HIDDEN(__fini_array_end = .); } >FLASH
  _sidata = LOADADDR(.data);
  .data : { . = ALIGN(4); _sdata = .; *(.data) *(.data*) . = ALIGN(4); _edata = .; } >RAM AT> FLASH
  _siccmram = LOADADDR(.ccmram);
  .ccmram : { . = ALIGN(4); _sccmram = .; *(.ccmram) *(.ccmram*) . = ALIGN(4); _eccmram = .; } >CCMRAM AT> FLASH
  . = ALIGN(4);
  .bss : { _sbss = .; __bss_start__ = _sbss; *(.bss) *(.bss*) *(COMMON) . = ALIGN(4); _ebss = .; __bss_end__ = _ebss; } >RAM
  ._user_heap_stack : { . = ALIGN(8); PROVIDE(end = .); PROVIDE(_end = .); . = . + _Min_Heap_Size; . = . + _Min_Stack_Size; . = ALIGN(8); } >RAM
  /DISCARD/ : { libc.a(*) libm.a(*) libgcc.a(*) }
  .ARM.attributes 0 : { *(.ARM.attributes) }
}
L
# /DISCARD/ of whole libraries is wrong; the real script keeps them. Drop that line.
sed -i '/\/DISCARD\//d' firmware/ld/stm32f405_app.ld
cat > firmware/src/startup.c <<'C'
#include <stdint.h>
extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack, _siccmram, _sccmram, _eccmram;
int main(void);
void __libc_init_array(void);
void Reset_Handler(void) {
  uint32_t *s = &_sidata, *d = &_sdata;
  while (d < &_edata) *d++ = *s++;
  s = &_siccmram; d = &_sccmram;
  while (d < &_eccmram) *d++ = *s++;
  for (d = &_sbss; d < &_ebss;) *d++ = 0;
  __libc_init_array();
  main();
  for (;;) {}
}
void Default_Handler(void) { for (;;) {} }
#define WEAK __attribute__((weak, alias("Default_Handler")))
void NMI_Handler(void) WEAK; void HardFault_Handler(void) WEAK; void MemManage_Handler(void) WEAK;
void BusFault_Handler(void) WEAK; void UsageFault_Handler(void) WEAK; void SVC_Handler(void) WEAK;
void PendSV_Handler(void) WEAK; void SysTick_Handler(void) WEAK; void USART2_IRQHandler(void) WEAK;
void ADC_IRQHandler(void) WEAK; void TIM2_IRQHandler(void) WEAK; void DMA2_Stream0_IRQHandler(void) WEAK;
__attribute__((section(".isr_vector"), used)) void (*const g_vectors[98])(void) = {
  (void (*)(void))(&_estack), Reset_Handler, NMI_Handler, HardFault_Handler, MemManage_Handler,
  BusFault_Handler, UsageFault_Handler, 0, 0, 0, 0, SVC_Handler, 0, 0, PendSV_Handler, SysTick_Handler,
  [16 + 18] = ADC_IRQHandler, [16 + 28] = TIM2_IRQHandler, [16 + 38] = USART2_IRQHandler,
  [16 + 56] = DMA2_Stream0_IRQHandler,
};
C
cat > firmware/src/regs.h <<'C'
#pragma once
#include <stdint.h>
#define REG32(a) (*(volatile uint32_t *)(a))
#define USART2_SR REG32(0x40004400u)
#define USART2_DR REG32(0x40004404u)
#define ADC1_DR REG32(0x4001204Cu)
#define ADC1_SR REG32(0x40012000u)
#define TIM2_CNT REG32(0x40000024u)
C
cat > firmware/src/console.c <<'C'
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "regs.h"
static char g_line[256];
int _write(int fd, const char *p, int n) {
  (void)fd;
  for (int i = 0; i < n; i++) { while (!(USART2_SR & 0x80)) {} USART2_DR = (uint8_t)p[i]; }
  return n;
}
void console_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(g_line, sizeof g_line, fmt, ap);
  va_end(ap);
  fputs(g_line, stdout);
}
C
# Calibration tables: a pressure-to-depth table per sensor model and a temperature compensation grid.
python3 - <<'P'
import math
with open("firmware/src/cal_tables.c", "w") as f:
    f.write('#include <stdint.h>\n#include "cal.h"\n')
    models = ["KELLER_PA36XW", "DRUCK_PTX1830", "VEGA_WELL72", "GEMS_3500S", "OTT_PLS", "INSITU_L500"]
    for m, model in enumerate(models):
        f.write(f"/* {model}: kPa to mm of sea water, 0..400 kPa in 0.1 kPa steps */\n")
        f.write(f"const float k_depth_{model.lower()}[4001] = {{\n")
        for i in range(4001):
            v = i * 0.1 * 1000 / (1.025 * 9.80665) * (1 + 0.0003 * m)
            f.write(f"{v:.3f}f,")
            if i % 10 == 9: f.write("\n")
        f.write("};\n")
    f.write("const int16_t k_temp_comp[64][64] = {\n")
    for r in range(64):
        f.write("{" + ",".join(str(int(300*math.sin(r*0.1+c*0.05))) for c in range(64)) + "},\n")
    f.write("};\n")
with open("firmware/src/cal.h", "w") as f:
    f.write("#pragma once\n#include <stdint.h>\n")
    for model in models:
        f.write(f"extern const float k_depth_{model.lower()}[4001];\n")
    f.write("extern const int16_t k_temp_comp[64][64];\n")
P
cat > firmware/src/sensor.c <<'C'
#include <math.h>
#include <stdint.h>
#include "cal.h"
#include "regs.h"
struct reading { float depth_mm; float temp_c; uint32_t t; };
static struct reading g_ring[2048];
static unsigned g_head;
__attribute__((section(".ccmram"))) static float g_fir[512];
float depth_from_kpa(int model, float kpa) {
  const float *tab = model == 0 ? k_depth_keller_pa36xw : model == 1 ? k_depth_druck_ptx1830
                   : model == 2 ? k_depth_vega_well72 : model == 3 ? k_depth_gems_3500s
                   : model == 4 ? k_depth_ott_pls : k_depth_insitu_l500;
  int i = (int)(kpa * 10.0f);
  if (i < 0) i = 0;
  if (i > 3999) i = 3999;
  float f = kpa * 10.0f - (float)i;
  return tab[i] + f * (tab[i + 1] - tab[i]);
}
float temp_compensate(float depth, float temp) {
  int r = (int)(temp + 2.0f) & 63, c = (int)(depth / 100.0f) & 63;
  return depth + (float)k_temp_comp[r][c] * 0.01f + 0.002f * expf(-temp / 10.0f);
}
void sensor_poll(int model) {
  while (!(ADC1_SR & 2)) {}
  float kpa = (float)ADC1_DR * 400.0f / 4095.0f;
  float d = temp_compensate(depth_from_kpa(model, kpa), 12.5f);
  g_fir[g_head & 511] = d;
  g_ring[g_head++ & 2047] = (struct reading){d, 12.5f, TIM2_CNT};
}
float sensor_smoothed(void) {
  float s = 0;
  for (int i = 0; i < 512; i++) s += g_fir[i] * (0.54f - 0.46f * cosf(2.0f * 3.14159265f * (float)i / 511.0f));
  return s / 512.0f;
}
C
cat > firmware/src/nmea.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* $GPRMC parsing for the gauge's GNSS time and position. */
struct fix { double lat, lon; int hh, mm, ss; int valid; };
int nmea_parse_rmc(const char *line, struct fix *out) {
  char buf[96];
  strncpy(buf, line, sizeof buf - 1);
  buf[sizeof buf - 1] = 0;
  char *tok = strtok(buf, ",");
  int field = 0;
  while (tok) {
    switch (field) {
      case 1: sscanf(tok, "%2d%2d%2d", &out->hh, &out->mm, &out->ss); break;
      case 2: out->valid = tok[0] == 'A'; break;
      case 3: out->lat = atof(tok) / 100.0; break;
      case 5: out->lon = atof(tok) / 100.0; break;
    }
    tok = strtok(NULL, ",");
    field++;
  }
  return out->valid ? 0 : -1;
}
C
cat > firmware/src/report.c <<'C'
#include <stdio.h>
#include <time.h>
void console_printf(const char *fmt, ...);
float sensor_smoothed(void);
static char g_report[512];
void report_send(unsigned seq, double lat, double lon) {
  time_t now = time(NULL);
  struct tm tmv;
  gmtime_r(&now, &tmv);
  char stamp[32];
  strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tmv);
  snprintf(g_report, sizeof g_report, "TW,%u,%s,%.5f,%.5f,%.1f\r\n", seq, stamp, lat, lon, (double)sensor_smoothed());
  console_printf("%s", g_report);
}
C
cat > firmware/src/main.c <<'C'
#include <stdint.h>
#include "regs.h"
void sensor_poll(int model);
void report_send(unsigned seq, double lat, double lon);
struct fix { double lat, lon; int hh, mm, ss; int valid; };
int nmea_parse_rmc(const char *line, struct fix *out);
static volatile uint32_t g_ticks;
void SysTick_Handler(void) { g_ticks++; }
#ifdef DEBUG
int selftest_run(void);
#endif
int main(void) {
  struct fix fx = {0};
#ifdef DEBUG
  selftest_run();
#endif
  unsigned seq = 0;
  nmea_parse_rmc("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A", &fx);
  for (;;) {
    for (int m = 0; m < 6; m++) sensor_poll(m);
    if ((g_ticks % 1000u) == 0) report_send(seq++, fx.lat, fx.lon);
  }
}
C
python3 - <<'P'
checks = ["flash CRC over the application slot", "RAM march C- over SRAM1", "CCM RAM march over the filter buffer",
          "ADC1 reference voltage within 3 percent", "ADC1 channel 4 open-circuit detect", "pressure sensor excitation current",
          "USART2 loopback at 9600 baud", "USART2 loopback at 115200 baud", "GNSS PPS edge within 2 ms of TIM2",
          "RTC LSE oscillator start", "watchdog window configuration", "brown-out reset level BOR3",
          "battery divider ratio", "solar input divider ratio", "heater relay coil continuity", "SD card write/read 4 KB"]
with open("firmware/src/selftest.c", "w") as f:
    f.write('/* Power-on self test, compiled into debug builds only. */\n#include <stdint.h>\n')
    f.write('void console_printf(const char *fmt, ...);\n')
    f.write('struct check { const char *name; const char *help; int (*run)(void); };\n')
    for i, c in enumerate(checks):
        f.write(f'static int check_{i}(void) {{ volatile uint32_t x = {i}; return (int)(x * 3u) % 7; }}\n')
    f.write('static const struct check k_checks[] = {\n')
    for i, c in enumerate(checks):
        help = f"If this fails: {c}. Power-cycle the gauge, reseat connector J{i+1} and repeat; if it still fails, log the board serial and replace the main board (procedure TW-MB-{i:03d}, rev C)."
        f.write(f'  {{"{c}", "{help}", check_{i}}},\n')
    f.write('};\n')
    f.write('int selftest_run(void) {\n  int bad = 0;\n  for (unsigned i = 0; i < sizeof k_checks / sizeof *k_checks; i++) {\n')
    f.write('    int r = k_checks[i].run();\n    console_printf("selftest %2u %-44s %s\\r\\n", i, k_checks[i].name, r ? "FAIL" : "ok");\n')
    f.write('    if (r) { console_printf("  %s\\r\\n", k_checks[i].help); bad++; }\n  }\n  return bad;\n}\n')
P
cat > firmware/Makefile <<'M'
# Gauge firmware for the STM32F405 (application slot behind the bootloader).
PREFIX  = arm-none-eabi-
CC      = $(PREFIX)gcc
SIZE    = $(PREFIX)size
DEBUG  ?= 1
ifeq ($(DEBUG),1)
BUILD  ?= build/debug
OPT    ?= -Og -DDEBUG
EXTRA   = src/selftest.c
else
BUILD  ?= build/release
OPT    ?= -O2
EXTRA   =
endif
MCU     = -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard
CFLAGS  = $(MCU) $(OPT) -g3 -std=gnu11 -Wall -ffunction-sections -fdata-sections -Isrc
LDFLAGS = $(MCU) -T ld/stm32f405_app.ld --specs=nano.specs --specs=nosys.specs -u _printf_float -u _scanf_float \
          -Wl,--gc-sections -Wl,-Map=$(BUILD)/tidewatch.map -Wl,--cref -Wl,--print-memory-usage
SRC     = src/startup.c src/main.c src/sensor.c src/cal_tables.c src/console.c src/nmea.c src/report.c $(EXTRA)
OBJ     = $(SRC:src/%.c=$(BUILD)/obj/%.o)
LIBS    = -lm
all: $(BUILD)/tidewatch.elf
$(BUILD)/tidewatch.elf: $(OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LIBS)
	$(SIZE) $@
$(BUILD)/obj/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<
clean:
	rm -rf build
.PHONY: all clean
M

########## beacon/: the buoy's ATmega328P beacon
mkdir -p beacon
python3 - <<'P'
msgs = [f"BUOY-{i:02d} {w}" for i, w in enumerate(
    ["STATUS OK", "LOW BATTERY", "LAMP FAULT", "CHARGER FAULT", "MOORING ALARM", "TILT ALARM",
     "WATER INGRESS", "GPS LOST", "GPS FIX", "RADIO RESET", "WATCHDOG RESET", "BROWNOUT",
     "TEMP HIGH", "TEMP LOW", "SOLAR OK", "SOLAR FAULT"] * 3)]
with open("beacon/messages.h", "w") as f:
    f.write("#pragma once\n/* Status strings sent over the 433 MHz link. */\n")
    f.write("#ifdef TABLES_IN_FLASH\n#include <avr/pgmspace.h>\n#define TABLE PROGMEM\n")
    f.write("static const char k_messages[][80] PROGMEM = {\n#else\n#define TABLE\n")
    f.write("static const char *const k_messages[] = {\n#endif\n")
    for m in msgs: f.write(f'  "{m} -- tidewatch buoy beacon, see maintenance manual section 4.2",\n')
    f.write("};\n")
    f.write("static const unsigned char k_morse[256][8] TABLE = {\n")
    for i in range(256): f.write("  {" + ",".join(str((i * 7 + j) % 3) for j in range(8)) + "},\n")
    f.write("};\n")
P
cat > beacon/beacon.c <<'C'
#include <avr/io.h>
#include <avr/interrupt.h>
#include <util/delay.h>
#include <stdio.h>
#include "messages.h"
static char g_tx[128];
static volatile unsigned g_ms;
ISR(TIMER0_COMPA_vect) { g_ms++; }
static void uart_put(char c) { while (!(UCSR0A & (1 << UDRE0))) {} UDR0 = c; }
static void send(const char *s) { while (*s) uart_put(*s++); }
int main(void) {
  UBRR0 = 103; UCSR0B = (1 << TXEN0);
  TCCR0A = (1 << WGM01); OCR0A = 249; TIMSK0 = (1 << OCIE0A); TCCR0B = (1 << CS01) | (1 << CS00);
  sei();
  unsigned i = 0;
  for (;;) {
#ifdef TABLES_IN_FLASH
    snprintf_P(g_tx, sizeof g_tx, PSTR("%u:%S\r\n"), g_ms, k_messages[i % (sizeof k_messages / sizeof *k_messages)]);
#else
    snprintf(g_tx, sizeof g_tx, "%u:%s\r\n", g_ms, k_messages[i % (sizeof k_messages / sizeof *k_messages)]);
#endif
    send(g_tx);
#ifdef TABLES_IN_FLASH
    for (int b = 0; b < 8; b++) { PORTB = pgm_read_byte(&k_morse[(unsigned char)g_tx[0]][b]); _delay_ms(20); }
#else
    for (int b = 0; b < 8; b++) { PORTB = k_morse[(unsigned char)g_tx[0]][b]; _delay_ms(20); }
#endif
    i++;
  }
}
C
cat > beacon/Makefile <<'M'
MCU = atmega328p
CC = avr-gcc
DEFS ?=
CFLAGS = -mmcu=$(MCU) -DF_CPU=16000000UL $(DEFS) -Os -Wall -std=gnu11
LDFLAGS = -mmcu=$(MCU) -Wl,-Map=beacon.map
beacon.elf: beacon.o
	$(CC) $(LDFLAGS) -o $@ $^
	avr-size --format=avr --mcu=$(MCU) $@
beacon.o: beacon.c messages.h
	$(CC) $(CFLAGS) -c -o $@ $<
clean:
	rm -f beacon.o beacon.elf beacon.map
.PHONY: clean
M

########## ccache: the nightly CI job's builds of the host tree share the developer's cache
# (the session's HOME is $ROOT/home; this fills its ~/.cache/ccache as three earlier CI runs did).
SESSION_HOME="$(cd "$ROOT/../.." && pwd)/home"
export CCACHE_DIR="$SESSION_HOME/.cache/ccache"
mkdir -p "$CCACHE_DIR"
mkdir -p "$SESSION_HOME/.config/ccache" && printf 'max_size = 2.0G\n' > "$SESSION_HOME/.config/ccache/ccache.conf"
rm -rf /tmp/tidewatch-ci && cp -r host /tmp/tidewatch-ci
for run in 1 2 3; do
  ( cd /tmp/tidewatch-ci
    for f in geo harmonics sink_csv sink_z limits pipeline qc datum; do
      ccache g++ -std=c++20 -O2 -g -Iinclude -c -o /tmp/tidewatch-ci/$f.o src/$f.cpp >/dev/null 2>&1 || true
    done
    ccache g++ -std=c++20 -O2 -g -Iinclude -c -o /tmp/tidewatch-ci/station_index.o src/station_index.cpp >/dev/null 2>&1 || true
    ccache g++ -std=c++20 -O2 -g -Iinclude -c -o /tmp/tidewatch-ci/nothere.o src/nothere.cpp >/dev/null 2>&1 || true
    ccache g++ -std=c++20 -O2 -g -Iinclude -o /tmp/tidewatch-ci/tidectl /tmp/tidewatch-ci/*.o >/dev/null 2>&1 || true
    [ "$run" = 2 ] && sed -i 's/r = 6371.0088/r = 6371.0/' src/geo.cpp || true )
done
rm -rf /tmp/tidewatch-ci
