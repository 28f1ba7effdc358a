#!/usr/bin/env bash
# The fresh15 set (bench/corpus/fresh15/): a fifteenth held-out round on language, build, test
# and package tools no earlier set holds (perlcritic, perl -c, luacheck, mix compile, mix test,
# erlc, ghc, dune, meson, ninja, ./configure with its config.log, phpunit, php -l, npm install
# ERESOLVE, npm explain). Projects of a city bike-share operator (Spokewise): copies of real
# sources of this machine's Debian (debconf's Perl modules, luacheck's own Lua sources) with the
# edits a developer would be debugging; small generated Elixir, Erlang, Haskell, OCaml, C and PHP
# projects; npm projects resolved against the npm registry.
set -euo pipefail
ROOT="$1"

# --- perl: Debian's debconf modules, one of them mid-edit
mkdir -p "$ROOT/perl" && cd "$ROOT/perl"
rm -rf Debconf && cp -r /usr/share/perl5/Debconf Debconf
# An edit left half done: a statement lost its semicolon.
python3 - <<'PY'
import re
p = "Debconf/Template.pm"
s = open(p).read()
old = "my $newq=Debconf::Question->new($question, $owner, $type);"
assert old in s
s = s.replace(old, old[:-1], 1)
open(p, "w").write(s)
PY

# --- lua: luacheck's own sources, checked under the team's stricter .luacheckrc, with a
# developer's edits (an unused local, a misspelt global, a shadowed loop variable)
mkdir -p "$ROOT/lua" && cd "$ROOT/lua"
rm -rf luacheck && cp -r /usr/share/lua/5.1/luacheck luacheck
printf 'std = "lua51"\nmax_line_length = 100\nexclude_files = {"luacheck/vendor/**"}\n' > .luacheckrc
python3 - <<'PY'
p = "luacheck/format.lua"
s = open(p).read().split("\n")
for i, line in enumerate(s):
    if line.startswith("local function format_number"):
        s.insert(i + 1, "   local padding = 0")
        break
open(p, "w").write("\n".join(s))
p = "luacheck/cache.lua"
s = open(p).read()
s = s.replace("local function load_cached(", "local function load_cached(", 1)
s = s.replace("return nil", "return nill", 1)
open(p, "w").write(s)
PY

# --- elixir: the fleet service (tests) and the billing app (a compile error among warnings)
export MIX_HOME="$ROOT/.mix" HEX_OFFLINE=1
mkdir -p "$ROOT/ex" && cd "$ROOT/ex"
rm -rf fleet billing
mix new fleet > /dev/null
mix new billing > /dev/null
python3 - "$ROOT/ex" <<'PY'
import sys, random
random.seed(1515)
root = sys.argv[1]
stations = [f"{s}-{n:02d}" for s in ("harbour", "market", "uni", "park", "depot", "canal") for n in range(1, 13)]
open(f"{root}/fleet/lib/fleet.ex", "w").write('''defmodule Fleet do
  @moduledoc "Docks, bikes and rebalancing for the Spokewise fleet."

  def capacity(station) do
    Map.fetch!(Fleet.Stations.all(), station).docks
  end

  def free_docks(station, parked), do: max(capacity(station) - parked, 0)

  def battery_ok?(%{kind: :ebike, battery: b}), do: b >= 20
  def battery_ok?(%{kind: :classic}), do: true

  def rebalance_need(station, parked) do
    target = div(capacity(station), 2)
    parked - target
  end

  def fare(minutes) when minutes <= 30, do: 0
  def fare(minutes), do: div(minutes - 30 + 14, 15) * 75
end
''')
rows = []
for s in stations:
    docks = random.choice([12, 16, 20, 24])
    if s == "canal-05":
        docks = 0
    rows.append(f'      "{s}" => %{{docks: {docks}}}')
import os
os.makedirs(f"{root}/fleet/lib/fleet", exist_ok=True)
open(f"{root}/fleet/lib/fleet/stations.ex", "w").write(
    "defmodule Fleet.Stations do\n  def all do\n    %{\n" + ",\n".join(rows) + "\n    }\n  end\nend\n")
tests = ['''defmodule FleetTest do
  use ExUnit.Case, async: true

  @stations Fleet.Stations.all() |> Map.keys() |> Enum.sort()

  for station <- @stations do
    @station station
    test "#{station} has docks" do
      assert Fleet.capacity(@station) > 0
    end

    test "#{station} never reports negative free docks" do
      assert Fleet.free_docks(@station, 40) == 0
    end

    test "#{station} rebalance need is zero at half capacity" do
      half = div(Fleet.capacity(@station), 2)
      assert Fleet.rebalance_need(@station, half) == 0
    end
  end

  for minutes <- 0..30 do
    @minutes minutes
    test "ride of #{minutes} minutes is free" do
      assert Fleet.fare(@minutes) == 0
    end
  end

  for {minutes, pence} <- [{31, 75}, {45, 75}, {46, 150}, {60, 150}, {61, 225}, {90, 225}, {120, 450}] do
    @minutes minutes
    @pence pence
    test "ride of #{minutes} minutes costs #{pence}p" do
      assert Fleet.fare(@minutes) == @pence
    end
  end

  test "an ebike under 20% is held back" do
    refute Fleet.battery_ok?(%{kind: :ebike, battery: 19})
  end

  test "a classic bike has no battery" do
    assert Fleet.battery_ok?(%{kind: :classic})
  end

  test "a cargo bike is checked like an ebike" do
    assert Fleet.battery_ok?(%{kind: :cargo, battery: 80})
  end
end
''']
open(f"{root}/fleet/test/fleet_test.exs", "w").write(tests[0])

mods = {
    "invoice": '''defmodule Billing.Invoice do
  alias Billing.Tariff

  def total(rides, plan) do
    rides
    |> Enum.map(fn ride -> Tariff.price(ride, plan) end)
    |> Enum.sum()
  end

  def lines(rides, plan, currency) do
    for ride <- rides do
      %{id: ride.id, amount: Tariff.price(ride, plan)}
    end
  end

  def vat(amount, rate), do: round(amount * rate)
end
''',
    "tariff": '''defmodule Billing.Tariff do
  @plans %{payg: 75, monthly: 0, student: 40}

  def price(%{minutes: minutes}, plan) do
    unlocked = Map.fetch!(@plans, plan)
    minutes_charged = max(minutes - 30, 0)
    unlocked + Billing.Rounding.quarter_hours(minutes_charged) * 75
  end

  def plans, do: Map.keys(@plans)

  def describe(plan, locale) do
    "#{plan}"
  end
end
''',
    "rounding": '''defmodule Billing.Rounding do
  def quarter_hours(minutes), do: div(minutes + 14, 15)

  def to_pounds(pence) do
    pounds = pence / 100
    :erlang.float_to_binary(pence / 100, decimals: 2)
  end
end
''',
    "statement": '''defmodule Billing.Statement do
  alias Billing.Invoice

  def render(member, rides, plan) do
    total = Invoice.total(rides, plan)
    header = "Statement for #{member.name}"
    [header, "Rides: #{length(rides)}", "Total: #{Billing.Rounding.to_pence(total)}"]
    |> Enum.join("\\n")
  end

  def monthly(member, rides) do
    render(member, rides, :monthly)
  end

  def yearly(member, rides) do
    Billing.Rounding.to_pence(Invoice.total(rides, :annual))
    render(member, rides, :annual)
  end
end
''',
    "refunds": '''defmodule Billing.Refunds do
  def refund(ride, reason) do
    case reason do
      :broken_bike -> {:ok, ride.amount}
      :dock_full -> {:ok, min(ride.amount, 150)}
      other -> {:error, :not_refundable}
    end
  end
end
''',
}
os.makedirs(f"{root}/billing/lib/billing/zones", exist_ok=True)
areas = ["harbour", "market", "uni", "park", "depot", "canal", "station", "museum", "hospital", "stadium", "airport", "docks",
         "castle", "quay", "cathedral", "college"]
for i, area in enumerate(areas):
    mod = area.capitalize()
    body = f"""defmodule Billing.Zones.{mod} do
  alias Billing.Tariff
  alias Billing.Rounding
  require Logger

  @surcharge {25 * (i % 4)}

  def surcharge(ride, at) do
    hour = at.hour
    if ride.ends_in == "{area}" do
      @surcharge
    else
      0
    end
  end

  def weekly_cap(member, plan) do
    cap = {1000 + 100 * i}
    Tariff.plans()
    |> Enum.member?(plan)
    |> case do
      true -> cap
      false -> nil
    end
  end

  def label(zone_id) do
    String.to_char_list("{area}-" <> Integer.to_string(zone_id))
  end
end
"""
    open(f"{root}/billing/lib/billing/zones/{area}.ex", "w").write(body)
for name, src in mods.items():
    os.makedirs(f"{root}/billing/lib/billing", exist_ok=True)
    open(f"{root}/billing/lib/billing/{name}.ex", "w").write(src)
PY

# --- erlang: the dock controller's firmware bridge
mkdir -p "$ROOT/erl/src" "$ROOT/erl/ebin" && cd "$ROOT/erl"
cat > src/dock_bridge.erl <<'ERL'
-module(dock_bridge).
-export([start/1, handle/2, decode/1]).

-record(dock, {id, station, state = idle, bike}).

start(Port) ->
    Timeout = 5000,
    {ok, Sock} = gen_udp:open(Port, [binary, {active, true}]),
    loop(Sock, #{}).

loop(Sock, Docks) ->
    receive
        {udp, Sock, _Ip, _P, Packet} ->
            {Id, Event} = decode(Packet),
            loop(Sock, handle(Event, maps:get(Id, Docks, #dock{id = Id})));
        stop ->
            gen_udp:close(Sock)
    end.

handle({lock, Bike}, Dock) ->
    Dock#dock{state = locked, bike = Bike};
handle(unlock, Dock) ->
    Dock#dock{state = idle, bike = undefined};
handle({fault, Code}, Dock) ->
    logger:warning("dock ~p fault ~p", [Dock#dock.id, Code]),
    Dock#dock{state = fault}.

decode(<<Id:16, 1, Bike:32>>) -> {Id, {lock, Bike}};
decode(<<Id:16, 2>>) -> {Id, unlock};
decode(<<Id:16, 3, Code:8>>) -> {Id, {fault, Code}};
decode(Other) -> {error, Other};
decode(<<Id:16, 4, _/binary>>) -> {Id, heartbeat}.
ERL
cat > src/dock_stats.erl <<'ERL'
-module(dock_stats).
-export([occupancy/1, summary/1]).

occupancy(Docks) ->
    Locked = [D || D <- Docks, element(4, D) =:= locked],
    length(Locked) / length(Docks).

summary(Docks) ->
    Total = length(Docks),
    Faults = length([D || D <- Docks, element(4, D) =:= fault]),
    io:format("~p docks, ~p faults~n", [Total, Faults, Occupancy]),
    {Total, Faults}.

unused_helper(X) -> X * 2.
ERL

# --- haskell: the route planner
mkdir -p "$ROOT/hs/src" && cd "$ROOT/hs"
cat > src/Route.hs <<'HS'
module Route (Leg(..), Route, distance, eta, cheapest, stationsOn) where

import qualified Data.Map as Map
import Data.List (sortBy, minimumBy)
import Data.Ord (comparing)

data Leg = Leg { from :: String, to :: String, metres :: Int, climbs :: Int }
  deriving (Show, Eq)

type Route = [Leg]

distance :: Route -> Int
distance = sum . map metres

-- minutes at 15 km/h plus a minute per 10 m of climb
eta :: Route -> Double
eta r = fromIntegral (distance r) / 250 + fromIntegral (sum (map climbs r)) / 10

cheapest :: [Route] -> Maybe Route
cheapest [] = Nothing
cheapest rs = Just (minimumBy (comparing eta) rs)

stationsOn :: Route -> [String]
stationsOn r = map from r ++ [to (last r)]

byLength :: [Route] -> [Route]
byLength = sortBy (comparing distance)
HS
cat > src/Planner.hs <<'HS'
module Planner where

import Route
import qualified Data.Map as Map

type Graph = Map.Map String [Leg]

neighbours :: Graph -> String -> [Leg]
neighbours g s = Map.findWithDefault [] s g

plan :: Graph -> String -> String -> Maybe Route
plan g a b
  | a == b = Just []
  | otherwise = cheapest (routes g a b 6)

longest :: [Route] -> Route
longest rs = maximum (map distance rs)

routes :: Graph -> String -> String -> Int -> [Route]
routes _ _ _ 0 = []
routes g a b n =
  [ [leg] | leg <- neighbours g a, to leg == b ] ++
  [ leg : rest | leg <- neighbours g a, to leg /= b, rest <- routes g (to leg) b (n - 1) ]

summary :: Route -> String
summary r = show (length r) ++ " legs, " ++ distance r ++ " m, " ++ show (eta r) ++ " min"

freeDocks :: Map.Map String Int -> String -> Int
freeDocks docks s = Map.lookup s docks
HS
python3 - "$ROOT/hs/src" <<'PY2'
import sys
d = sys.argv[1]
open(f"{d}/Stations.hs", "w").write("""module Stations where

import Data.List (sortOn, nub, foldl')
import qualified Data.Map as Map
import Data.Maybe (fromMaybe, mapMaybe)

data Station = Station { code :: String, docks :: Int, lat :: Double, lon :: Double }
  deriving Show

stations = [ Station "harbour-01" 24 51.4501 (-2.5970), Station "market-03" 16 51.4545 (-2.5879) ]

byCode = Map.fromList [ (code s, s) | s <- stations ]

capacity :: String -> Int
capacity c = case Map.lookup c byCode of
  Just s -> docks s

nearest :: Double -> Double -> [Station] -> Station
nearest lat lon ss = head (sortOn (\\s -> dist s) ss)
  where dist s = (lat - Stations.lat s) ^ 2 + (lon - Stations.lon s) ^ 2

totalDocks :: [Station] -> Int
totalDocks ss = foldr (\\s acc -> docks s + acc) 0 ss
""")
open(f"{d}/Fares.hs", "w").write("""module Fares where

import Data.List (sort)
import qualified Data.Map as Map
import Text.Printf (printf)

data Plan = Payg | Monthly | Student | Annual deriving (Show, Eq, Ord)

unlockFee Payg = 100
unlockFee Monthly = 0
unlockFee Student = 50

perQuarter :: Plan -> Bool -> Int
perQuarter plan ebike
  | plan == Payg = if ebike then 125 else 75
  | plan == Monthly = if ebike then 50 else 0
  | plan == Student = if ebike then 60 else 40

fare :: Plan -> Bool -> Int -> Int
fare plan ebike minutes =
  let charged = max 0 (minutes - 30)
      quarters = (charged + 14) `div` 15
      minutes = quarters * 15
  in unlockFee plan + quarters * perQuarter plan ebike

pounds :: Int -> String
pounds p = show (fromIntegral p / 100)

capped :: Plan -> [Int] -> Int
capped plan fares = min (sum fares) cap
  where cap = 1200
        plan = Annual
""")
open(f"{d}/Docks.hs", "w").write("""module Docks where

import Control.Monad (forM_, when, unless)
import Data.IORef
import qualified Data.Map as Map

data DockState = Free | Locked Int | Fault Int deriving (Show, Eq)

type Docks = Map.Map Int DockState

lockBike :: Int -> Int -> Docks -> Docks
lockBike dock bike ds = Map.insert dock (Locked bike) ds

release dock ds = Map.insert dock Free ds

faults :: Docks -> [Int]
faults ds = [ d | (d, Fault c) <- Map.toList ds ]

occupancy :: Docks -> Double
occupancy ds = fromIntegral (length [ () | Locked _ <- Map.elems ds ]) / fromIntegral (Map.size ds)

report :: Docks -> IO ()
report ds = do
  counter <- newIORef (0 :: Int)
  forM_ (Map.toList ds) $ \\(d, st) -> do
    case st of
      Fault code -> putStrLn ("dock " ++ show d ++ " fault " ++ show code)
      Locked bike -> modifyIORef counter (+1)
  n <- readIORef counter
  putStrLn (show n ++ " bikes docked")
""")
open(f"{d}/Riders.hs", "w").write("""module Riders where

import Data.Char (toUpper, isDigit)
import Data.List (isPrefixOf, group)
import qualified Data.Set as Set

data Rider = Rider { riderId :: String, name :: String, plan :: String, rides :: Int }

isMember r = "m-" `isPrefixOf` riderId r

frequent :: Int -> [Rider] -> [Rider]
frequent n rs = filter (\\r -> rides r > n) rs

initials :: Rider -> String
initials r = map (toUpper . head) (words (name r))

validId :: String -> Bool
validId ('m':'-':digits) = all isDigit digits
validId ('g':'-':digits) = all isDigit digits

planCounts :: [Rider] -> [(String, Int)]
planCounts rs = let name = map plan rs in [ (head g, length g) | g <- group name ]
""")
open(f"{d}/Weather.hs", "w").write("""module Weather where

import Data.List (maximumBy, sortBy)
import Data.Ord (comparing)
import qualified Data.Map as Map

data Reading = Reading { hour :: Int, rainMm :: Double, windKph :: Double, tempC :: Double }

demandFactor r
  | rainMm r > 5 = 0.4
  | windKph r > 50 = 0.6
  | tempC r < 0 = 0.7

wettest :: [Reading] -> Reading
wettest rs = maximumBy (comparing rainMm) rs

closeStations :: Double -> [String] -> [String]
closeStations wind stations = if wind > 80 then stations else []

hourly :: [Reading] -> Map.Map Int Double
hourly rs = Map.fromList [ (hour r, demandFactor r) | r <- rs, let hour = 0 ]
""")
PY2
cat > src/Main.hs <<'HS'
module Main where

import Planner
import Route
import Stations
import Fares
import Docks
import Riders
import Weather
import qualified Data.Map as Map
import System.Environment (getArgs)

main :: IO ()
main = do
  [a, b] <- getArgs
  let g = Map.fromList [("harbour-01", [Leg "harbour-01" "market-03" 1800 4])]
  case plan g a b of
    Nothing -> putStrLn "no route"
    Just r -> putStrLn (summary r)
HS

# --- ocaml: the tariff engine under dune
mkdir -p "$ROOT/ml/bin" "$ROOT/ml/lib" && cd "$ROOT/ml"
printf '(lang dune 2.9)\n' > dune-project
printf '(library (name tariff))\n' > lib/dune
printf '(executable (name main) (libraries tariff))\n' > bin/dune
cat > lib/tariff.ml <<'ML'
type plan = Payg | Monthly | Student

type ride = { id : string; minutes : int; ebike : bool }

let unlock = function Payg -> 100 | Monthly -> 0 | Student -> 50

let per_quarter plan ebike =
  match plan with
  | Payg -> if ebike then 125 else 75
  | Monthly -> if ebike then 50 else 0

let price plan r =
  let charged = max 0 (r.minutes - 30) in
  let quarters = (charged + 14) / 15 in
  unlock plan + quarters * per_quarter plan r.ebike

let total plan rides = List.fold_left (fun acc r -> acc + price plan r) 0 rides

let describe plan = match plan with Payg -> "pay as you go" | Monthly -> 12.5
ML
cat > bin/main.ml <<'ML'
let () =
  let rides = [ { Tariff.id = "r1"; minutes = 42; ebike = true } ] in
  Printf.printf "%d\n" (Tariff.total Tariff.Payg rides);
  print_endline (Tariff.describe "monthly")
ML

# --- c: the dock telemetry daemon, built with meson and ninja
mkdir -p "$ROOT/c/src" && cd "$ROOT/c"
cat > meson.build <<'MB'
project('dockd', 'c', version : '0.9.1', default_options : ['warning_level=3', 'c_std=c11'])
m = meson.get_compiler('c').find_library('m')
mqtt = dependency('libmosquitto', required : get_option('mqtt'))
srcs = files('src/main.c', 'src/telemetry.c', 'src/ring.c', 'src/battery.c', 'src/config.c',
  'src/lock.c', 'src/rfid.c', 'src/solar.c', 'src/temp.c', 'src/door.c', 'src/led.c',
  'src/buzzer.c', 'src/gps.c', 'src/modem.c', 'src/charger.c')
cc = meson.get_compiler('c')
foreach h : ['sys/epoll.h', 'sys/timerfd.h', 'sys/signalfd.h', 'linux/can.h', 'termios.h', 'syslog.h',
             'endian.h', 'byteswap.h', 'stdatomic.h', 'threads.h', 'sys/random.h', 'gpiod.h', 'libudev.h',
             'sys/inotify.h', 'linux/gpio.h', 'linux/i2c-dev.h', 'sys/capability.h', 'systemd/sd-daemon.h', 'zstd.h']
  cc.has_header(h)
endforeach
foreach f : ['clock_gettime', 'timerfd_create', 'signalfd', 'getrandom', 'strlcpy', 'reallocarray', 'explicit_bzero',
             'pthread_setname_np', 'memfd_create', 'arc4random_buf']
  cc.has_function(f)
endforeach
executable('dockd', srcs, dependencies : [m, mqtt])
MB
printf "option('mqtt', type : 'feature', value : 'enabled')\n" > meson_options.txt
python3 - "$ROOT/c/src" <<'PY'
import sys
d = sys.argv[1]
open(f"{d}/ring.h", "w").write('''#pragma once
#include <stddef.h>
#include <stdint.h>
struct ring { uint16_t *buf; size_t cap, head, len; };
int ring_init(struct ring *r, size_t cap);
void ring_push(struct ring *r, uint16_t v);
uint16_t ring_avg(const struct ring *r);
''')
open(f"{d}/ring.c", "w").write('''#include <stdlib.h>
#include "ring.h"
int ring_init(struct ring *r, size_t cap) {
    r->buf = calloc(cap, sizeof *r->buf);
    r->cap = cap; r->head = 0; r->len = 0;
    return r->buf ? 0 : -1;
}
void ring_push(struct ring *r, uint16_t v) {
    r->buf[r->head] = v;
    r->head = (r->head + 1) % r->cap;
    if (r->len < r->cap) r->len++;
}
uint16_t ring_avg(const struct ring *r) {
    unsigned long sum = 0;
    for (int i = 0; i < r->len; i++) sum += r->buf[i];
    return r->len ? sum / r->len : 0;
}
''')
open(f"{d}/battery.c", "w").write('''#include <math.h>
#include <stdio.h>
#include <stdint.h>
/* millivolts to percent for a 10s li-ion pack */
int battery_percent(uint16_t mv) {
    double cell = mv / 10.0 / 1000.0;
    double pct = (cell - 3.0) / (4.2 - 3.0) * 100.0;
    if (pct < 0) pct = 0;
    if (pct > 100) pct = 100;
    return lround(pct);
}
int battery_health(uint16_t mv, int cycles, int temp_c) {
    int pct = battery_percent(mv);
    char label[8];
    if (temp_c > 45)
        sprintf(label, "hot-%d", temp_c);
    return pct - cycles / 50;
}
''')
open(f"{d}/config.c", "w").write('''#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct config { char broker[64]; int port; int interval_s; const char *station; };
int config_load(struct config *c, const char *path) {
    FILE *f = fopen(path, "r");
    char line[256];
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) {
        char key[32], val[200];
        if (sscanf(line, "%31[^=]=%199s", key, val) != 2) continue;
        if (!strcmp(key, "broker")) strcpy(c->broker, val);
        else if (!strcmp(key, "port")) c->port = atoi(val);
        else if (!strcmp(key, "interval")) c->interval_s = atoi(val);
        else if (!strcmp(key, "station")) c->station = val;
    }
    fclose(f);
    return 0;
}
''')
open(f"{d}/telemetry.c", "w").write('''#include <stdio.h>
#include <string.h>
#include "ring.h"
int battery_percent(uint16_t mv);
static unsigned seq;
int telemetry_format(char *out, size_t n, const char *station, int dock, const struct ring *volts) {
    int pct = battery_percent(ring_avg(volts));
    return snprintf(out, n, "{\\"station\\":\\"%s\\",\\"dock\\":%d,\\"seq\\":%u,\\"battery\\":%d}",
                    station, dock, seq++, pct);
}
int telemetry_dock_state(const char *payload) {
    const char *p = strstr(payload, "\\"state\\":");
    if (p == NULL) return -1;
    switch (p[8]) {
    case 'l': return 1;
    case 'i': return 0;
    case 'f': return 2;
    }
}
''')
# per-sensor drivers, each written from the same template by a different hand
sensors = ["lock", "rfid", "solar", "temp", "door", "led", "buzzer", "gps", "modem", "charger"]
for i, name in enumerate(sensors):
    open(f"{d}/{name}.c", "w").write(f"""#include <stdint.h>
#include <string.h>
#include <stdio.h>
struct {name}_reading {{ uint16_t raw; int16_t scaled; uint8_t flags; }};
static const char *{name}_names[] = {{ "ok", "warn", "fault", }};
int {name}_read(int fd, struct {name}_reading *out, unsigned retries) {{
    char buf[16];
    int n = 0;
    for (int attempt = 0; attempt < retries; attempt++) {{
        n = snprintf(buf, sizeof buf, "{name}%d", fd);
        if (n > 0) break;
    }}
    out->raw = n * {i + 3};
    out->scaled = out->raw - {100 * i};
    return 0;
}}
const char *{name}_state(int code) {{
    if (code < 0 || code > 2) return NULL;
    return {name}_names[code];
}}
int {name}_calibrate(struct {name}_reading *r, int offset, int gain) {{
    r->scaled = (r->raw + offset);
    return r->scaled >= 0;
}}
""")
open(f"{d}/main.c", "w").write('''#include <stdio.h>
#include <unistd.h>
#include "ring.h"
struct config;
int config_load(struct config *c, const char *path);
int telemetry_format(char *out, size_t n, const char *station, int dock, const struct ring *volts);
int main(int argc, char **argv) {
    struct ring volts;
    struct config cfg;
    char msg[128];
    const char *path = argc > 1 ? argv[1] : "/etc/dockd.conf";
    if (ring_init(&volts, 32) != 0) return 1;
    for (int dock = 1; dock <= 24; dock++) {
        ring_push(&volts, 38400 + dock);
        telemetry_format(msg, sizeof msg, "harbour-01", dock, &volts);
        puts(msg);
    }
    unsigned long long started = time(NULL);
    return config_load(&cfg, path);
}
''')
PY

# --- autoconf: the map tile renderer's configure, failing on a missing library
mkdir -p "$ROOT/tiles" && cd "$ROOT/tiles"
cat > configure.ac <<'AC'
AC_INIT([spoke-tiles], [2.3.0], [maps@spokewise.example])
AC_CONFIG_SRCDIR([tiles.c])
AC_CONFIG_HEADERS([config.h])
AC_PROG_CC
AC_PROG_INSTALL
AC_PROG_MKDIR_P
AC_PROG_RANLIB
AC_C_BIGENDIAN
AC_C_INLINE
AC_TYPE_SIZE_T
AC_TYPE_SSIZE_T
AC_TYPE_UINT8_T
AC_TYPE_UINT16_T
AC_TYPE_UINT32_T
AC_TYPE_INT64_T
AC_CHECK_HEADERS([fcntl.h limits.h stdint.h stdlib.h string.h sys/time.h unistd.h math.h pthread.h])
AC_CHECK_FUNCS([gettimeofday memset mkdir strdup strerror strtol floor pow sqrt mmap munmap])
AC_SEARCH_LIBS([cos], [m])
AC_SEARCH_LIBS([pthread_create], [pthread])
AC_CHECK_LIB([z], [deflate], [], [AC_MSG_ERROR([zlib is required])])
AC_CHECK_HEADERS([png.h])
AC_CHECK_LIB([png16], [png_create_write_struct], [],
  [AC_MSG_ERROR([libpng16 is required to write tiles (install libpng-dev)])])
AC_CHECK_LIB([proj], [proj_create], [], [AC_MSG_ERROR([PROJ is required for reprojection])])
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
printf 'int main(void) { return 0; }\n' > tiles.c
printf 'all:\n\t$(CC) -o tiles tiles.c\n' > Makefile.in
cp /usr/share/automake-1.16/install-sh .
autoconf 2>/dev/null
autoheader 2>/dev/null

# --- php: the member portal's pricing library with PHPUnit tests
mkdir -p "$ROOT/php/src" "$ROOT/php/tests" && cd "$ROOT/php"
cat > src/Pass.php <<'PHP'
<?php
declare(strict_types=1);

namespace Spokewise\Portal;

final class Pass
{
    public function __construct(
        public readonly string $member,
        public readonly string $kind,
        public readonly \DateTimeImmutable $validFrom,
        public readonly int $days,
    ) {
    }

    public function validUntil(): \DateTimeImmutable
    {
        return $this->validFrom->modify("+{$this->days} days");
    }

    public function coversRideAt(\DateTimeImmutable $at): bool
    {
        return $at >= $this->validFrom && $at < $this->validUntil();
    }

    public function price(): int
    {
        return match ($this->kind) {
            'day' => 450,
            'week' => 1500,
            'month' => 3500,
            'student-month' => 2000,
        };
    }
}
PHP
cat > src/Wallet.php <<'PHP'
<?php
declare(strict_types=1);

namespace Spokewise\Portal;

final class Wallet
{
    private int $balance = 0;
    private array $ledger = [];

    public function topUp(int $pence): void
    {
        if ($pence <= 0) {
            throw new \InvalidArgumentException("top-up must be positive, got $pence");
        }
        $this->balance += $pence;
        $this->ledger[] = ['top-up', $pence];
    }

    public function charge(int $pence, string $ride): bool
    {
        if ($pence > $this->balance) {
            return false;
        }
        $this->balance -= $pence;
        $this->ledger[] = ['ride', $ride, $pence];
        return true;
    }

    public function balance(): int
    {
        return $this->balance;
    }

    public function refundLast(): int
    {
        $last = array_pop($this->ledger);
        $this->balance += $last[2];
        return $last[2];
    }
}
PHP
cat > src/Referral.php <<'PHP'
<?php
declare(strict_types=1);

namespace Spokewise\Portal;

final class Referral
{
    public static function code(string $member): string
    {
        return strtoupper(substr(hash('sha256', $member), 0, 8))
    }
}
PHP
python3 - "$ROOT/php" <<'PY'
import sys
root = sys.argv[1]
kinds = {"day": (1, 450), "week": (7, 1500), "month": (30, 3500), "student-month": (30, 2000)}
cases = []
for k, (days, price) in kinds.items():
    for h in range(0, 24):
        cases.append(f"            '{k} at {h:02d}:00' => ['{k}', {days}, '2026-03-01T{h:02d}:00:00', true],")
cases.append("            'week on its last minute' => ['week', 7, '2026-03-07T23:59:00', true],")
cases.append("            'week a day after' => ['week', 7, '2026-03-09T00:00:00', false],")
cases.append("            'month on the 31st' => ['month', 30, '2026-03-31T12:00:00', true],")
open(f"{root}/tests/PassTest.php", "w").write('''<?php
declare(strict_types=1);

use PHPUnit\\Framework\\TestCase;
use Spokewise\\Portal\\Pass;

final class PassTest extends TestCase
{
    public static function rides(): array
    {
        return [
''' + "\n".join(cases) + '''
        ];
    }

    /** @dataProvider rides */
    public function testCoversRide(string $kind, int $days, string $at, bool $covered): void
    {
        $pass = new Pass('m-1001', $kind, new DateTimeImmutable('2026-03-01T00:00:00'), $days);
        $this->assertSame($covered, $pass->coversRideAt(new DateTimeImmutable($at)));
    }

    public function testPrices(): void
    {
        $at = new DateTimeImmutable('2026-03-01');
        $this->assertSame(450, (new Pass('m', 'day', $at, 1))->price());
        $this->assertSame(3500, (new Pass('m', 'month', $at, 30))->price());
    }

    public function testAnnualPassHasAPrice(): void
    {
        $pass = new Pass('m-2002', 'annual', new DateTimeImmutable('2026-01-01'), 365);
        $this->assertSame(32000, $pass->price());
    }

    public function testValidUntil(): void
    {
        $pass = new Pass('m', 'week', new DateTimeImmutable('2026-03-01T08:00:00'), 7);
        $this->assertEquals(new DateTimeImmutable('2026-03-08T08:00:00'), $pass->validUntil());
    }
}
''')
open(f"{root}/tests/WalletTest.php", "w").write('''<?php
declare(strict_types=1);

use PHPUnit\\Framework\\TestCase;
use Spokewise\\Portal\\Wallet;

final class WalletTest extends TestCase
{
    public static function topUps(): array
    {
        return [
''' + "\n".join(f"            '{p}p' => [{p}]," for p in range(100, 5001, 125)) + '''
        ];
    }

    /** @dataProvider topUps */
    public function testTopUpAddsToBalance(int $pence): void
    {
        $w = new Wallet();
        $w->topUp($pence);
        $this->assertSame($pence, $w->balance());
    }

    public function testChargeBeyondBalanceIsRefused(): void
    {
        $w = new Wallet();
        $w->topUp(300);
        $this->assertFalse($w->charge(450, 'r-77'));
        $this->assertSame(300, $w->balance());
    }

    public function testRefundLastRide(): void
    {
        $w = new Wallet();
        $w->topUp(1000);
        $w->charge(225, 'r-81');
        $this->assertSame(225, $w->refundLast());
        $this->assertSame(1000, $w->balance());
    }

    public function testRefundAfterTopUpOnly(): void
    {
        $w = new Wallet();
        $w->topUp(500);
        $this->assertSame(0, $w->refundLast());
    }

    public function testZeroTopUpIsRejected(): void
    {
        $this->expectException(InvalidArgumentException::class);
        (new Wallet())->topUp(0);
    }

    public function testLedgerKeepsOrder(): void
    {
        $w = new Wallet();
        $w->topUp(1000);
        $w->charge(75, 'r-1');
        $w->charge(150, 'r-2');
        $this->assertSame(775, $w->balance());
    }
}
''')
PY
cat > phpunit.xml <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<phpunit bootstrap="tests/bootstrap.php" colors="false" cacheResult="false">
  <testsuites>
    <testsuite name="portal">
      <directory>tests</directory>
    </testsuite>
  </testsuites>
</phpunit>
XML
cat > tests/bootstrap.php <<'PHP'
<?php
require __DIR__ . '/../src/Pass.php';
require __DIR__ . '/../src/Wallet.php';
PHP

# --- npm: the operator dashboard (a peer conflict) and the rental API (an installed tree)
mkdir -p "$ROOT/web/dashboard" "$ROOT/web/api"
cat > "$ROOT/web/dashboard/package.json" <<'JSON'
{
  "name": "spokewise-dashboard",
  "version": "0.3.0",
  "private": true,
  "dependencies": {
    "react": "^17.0.2",
    "react-dom": "^18.2.0",
    "react-router-dom": "^6.3.0",
    "react-leaflet": "^4.2.1",
    "leaflet": "^1.9.4"
  }
}
JSON
cat > "$ROOT/web/api/package.json" <<'JSON'
{
  "name": "spokewise-rental-api",
  "version": "1.4.2",
  "private": true,
  "dependencies": {
    "express": "4.16.0",
    "lodash": "4.17.11",
    "jsonwebtoken": "8.5.1",
    "axios": "0.21.0",
    "moment": "2.29.1",
    "handlebars": "4.5.3",
    "minimist": "1.2.0",
    "node-fetch": "2.6.0",
    "mongoose": "5.7.0",
    "ws": "7.4.0",
    "yargs-parser": "13.1.1",
    "semver": "5.7.1",
    "tar": "4.4.8",
    "uuid": "8.3.2",
    "dotenv": "8.2.0",
    "winston": "3.3.3"
  },
  "devDependencies": {
    "mocha": "6.2.0",
    "nodemon": "2.0.4"
  }
}
JSON
(cd "$ROOT/web/api" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error > /dev/null)
