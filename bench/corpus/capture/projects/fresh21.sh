#!/usr/bin/env bash
# The fresh21 set (bench/corpus/fresh21/): a held-out replay of the blind part's tool families on
# projects of their own (tree, du, prettier --check, pyright, node --test's spec reporter, mvn test,
# surefire XML, javac, cmake configure and cmake + ninja, strace, cargo build and clippy -D warnings,
# psql, apt-get -s, the Grep tool over a log). Projects of a community radio station's playout team
# (Airwaves): a web part over npm packages (semver's own sources vendored, yaml, date-fns, pyright,
# prettier) and Debian's agate under pyright; a Java playout scheduler under Maven and javac; a C++
# loudness tool configured by cmake; a Python and a C config loader under strace; a Rust play
# logger; the station's PostgreSQL database; apt-get -s of the packages a new studio box would need.
set -euo pipefail
ROOT="$1"
PART="${2:-all}"
want() { [ "$PART" = all ] || [ "$PART" = "$1" ]; }

# --- web: npm packages of the station site; semver vendored and half-restyled; agate vendored
if want web; then
rm -rf "$ROOT/web" && mkdir -p "$ROOT/web" && cd "$ROOT/web"
cat > package.json <<'JSON'
{ "name": "airwaves-site", "version": "2.3.0", "private": true, "type": "commonjs" }
JSON
npm install --no-audit --no-fund --loglevel=error prettier@3.10.1 pyright@1.1.414 semver@7.8.6 yaml@2.9.1 date-fns@4.4.0 >/dev/null
mkdir -p vendor src config docs test/ranges test/versions py
cp -r node_modules/semver vendor/semver && rm -rf vendor/semver/node_modules
cp -r node_modules/yaml/dist vendor/yaml
# someone began restyling the vendored semver by hand and left a merge marker and an unclosed brace
python3 - <<'PY'
p = "vendor/semver/ranges/intersects.js"
s = open(p).read()
open(p, "w").write(s.replace("module.exports", "<<<<<<< HEAD\nmodule.exports", 1))
p = "vendor/semver/functions/coerce.js"
s = open(p).read()
open(p, "w").write(s.rstrip().rstrip("}") + "\n")
PY
cat > .prettierrc.json <<'JSON'
{ "semi": true, "singleQuote": false, "trailingComma": "all", "printWidth": 100 }
JSON
cat > src/schedule.js <<'JS'
const semver = require("../vendor/semver");
const YAML = require('yaml')
const { addMinutes, format } = require("date-fns");

function loadSchedule(text) {
  const doc = YAML.parse(text)
  return doc.shows.map(s => ({ ...s, start: new Date(s.start), end: addMinutes(new Date(s.start), s.minutes) }))
}

function clientOk(version, range = ">=2.1.0 <3") { return semver.satisfies(version, range) }

function label(show) {
  return `${format(show.start, "HH:mm")} ${show.title}`;
}

module.exports = { loadSchedule, clientOk, label };
JS
cat > src/player.js <<'JS'
const { clientOk } = require("./schedule");

export function pickStream(ua, streams) {
  const v = (ua.match(/AirwavesApp\/(\S+)/) || [])[1];
  if (!v || !clientOk(v)) return streams.find((s) => s.codec === "mp3");
  return streams.find((s) => s.codec === "opus") ?? streams[0];
}
JS
cat > config/streams.yaml <<'Y'
streams:
  - { name: main, codec: opus, bitrate: 96, url: "https://stream.airwaves.example/main.opus" }
  - {name: fallback, codec: mp3,   bitrate: 128, url: "https://stream.airwaves.example/main.mp3"}
  - name: talk
    codec: aac
     bitrate: 64
Y
cat > config/shows.yaml <<'Y'
shows:
  - title:   Breakfast
    start: 2026-12-01T06:00:00Z
    minutes: 180
  - title: Lunchtime Folk
    start: "2026-12-01T12:00:00Z"
    minutes: 60
Y
cat > config/site.json <<'JSON'
{"title":"Airwaves Community Radio","frequencies":[{"fm":"97.3"},{"dab":"11B"}],"contact":{"studio":"+44 113 496 0000","email":"studio@airwaves.example"}}
JSON
cat > docs/presenters.md <<'MD'
Presenter handbook
==================

* Arrive 15 minutes before your show
+ Check the **loudness** meter: target is -23 LUFS
- Never play a track twice in an hour

| Slot | Presenter |
|---|---|
| Breakfast | Ana |
| Lunchtime Folk | Rhys|
MD
cat > docs/archive.md <<'MD'
# Archive

The archive keeps 90 days of shows.

## Requesting a show

Email the studio with the date and the show's title.
MD
# node:test suites of the station's client version policy, written against semver's documented API
python3 - <<'PY'
cases = {
  "versions/parse.test.js": [
    ("parses the app's release", "semver.valid('2.4.1')", "'2.4.1'"),
    ("strips a leading v", "semver.clean('  v2.4.1 ')", "'2.4.1'"),
    ("rejects a four-part build number", "semver.valid('2.4.1.7')", "null"),
    ("reads the prerelease tag", "semver.prerelease('2.5.0-beta.3')", "['beta', 3]"),
    ("coerces a marketing version", "semver.coerce('Airwaves 3 (2026)').version", "'3.0.0'"),
    ("coerces the android build", "semver.coerce('2.4.1.7', { includePrerelease: true }).version", "'2.4.1-7'"),
    ("major of a nightly", "semver.major('2.6.0-nightly.20261130')", "2"),
    ("minor of a hotfix", "semver.minor('2.4.9')", "4"),
    ("patch of a hotfix", "semver.patch('2.4.9')", "9"),
    ("loose parse of a windows build", "semver.valid('=2.4.1', { loose: true })", "'2.4.1'"),
  ],
  "versions/compare.test.js": [
    ("newer release", "semver.gt('2.10.0', '2.9.9')", "true"),
    ("beta before release", "semver.lt('2.5.0-beta.3', '2.5.0')", "true"),
    ("beta order", "semver.compare('2.5.0-beta.10', '2.5.0-beta.9')", "1"),
    ("rc after beta", "semver.compare('2.5.0-rc.1', '2.5.0-beta.12')", "1"),
    ("build metadata is ignored", "semver.eq('2.4.1+ios', '2.4.1+android')", "true"),
    ("nightly sorts by date", "semver.gt('2.6.0-nightly.20261201', '2.6.0-nightly.20261130')", "true"),
    ("alpha before beta", "semver.lt('2.5.0-alpha.20', '2.5.0-beta.1')", "true"),
    ("diff of a hotfix", "semver.diff('2.4.1', '2.4.9')", "'patch'"),
    ("diff of a beta to release", "semver.diff('2.5.0-beta.3', '2.5.0')", "'minor'"),
    ("sorts the store's builds", "semver.sort(['2.4.10', '2.4.9', '2.10.0', '2.4.1']).join(' ')", "'2.4.1 2.4.9 2.4.10 2.10.0'"),
    ("max satisfying for the web player", "semver.maxSatisfying(['2.3.9', '2.4.0', '2.4.10', '3.0.0-beta.1'], '^2.4')", "'2.4.10'"),
    ("rcompare sorts newest first", "semver.rsort(['1.0.0', '3.0.0', '2.0.0'])[0]", "'3.0.0'"),
  ],
  "ranges/support.test.js": [
    ("the supported range takes 2.1", "semver.satisfies('2.1.0', '>=2.1.0 <3')", "true"),
    ("the supported range refuses 3.0 beta", "semver.satisfies('3.0.0-beta.1', '>=2.1.0 <3')", "false"),
    ("a beta of 2.5 is supported", "semver.satisfies('2.5.0-beta.3', '>=2.1.0 <3')", "true"),
    ("caret on zero minor", "semver.satisfies('0.3.9', '^0.2.4')", "false"),
    ("tilde allows patches", "semver.satisfies('2.4.9', '~2.4.1')", "true"),
    ("x-range of the car app", "semver.satisfies('1.9.3', '1.x || >=2.4.0')", "true"),
    ("hyphen range of the smart speaker", "semver.satisfies('2.3.0', '2.0.0 - 2.3')", "true"),
    ("the minimum of the supported range", "semver.minVersion('>=2.1.0 <3').version", "'2.1.0'"),
    ("valid range normalises", "semver.validRange('~2.4')", "'>=2.4.0 <2.5.0-0'"),
    ("outside the range is high", "semver.outside('3.1.0', '^2.0.0', '>')", "true"),
    ("gtr of the old api", "semver.gtr('1.2.0', '<1.0.0')", "true"),
    ("intersecting ranges of the two players", "semver.intersects('^2.4.0', '>=2.5.0 <2.6.0')", "true"),
    ("subset of the supported range", "semver.subset('^2.4.0', '>=2.1.0 <3')", "true"),
    ("simplify the allow list", "semver.simplifyRange(['2.3.0', '2.4.0', '2.4.1', '2.5.0'], '2.3.0 || 2.4.0 || 2.4.1 || 2.5.0')", "'>=2.3.0'"),
    ("inc of a beta", "semver.inc('2.5.0-beta.3', 'prerelease', 'beta')", "'2.5.0-beta.4'"),
    ("inc of a release to the next minor", "semver.inc('2.4.9', 'preminor', 'rc')", "'2.5.0-rc.0'"),
  ],
}
for path, tests in cases.items():
    group = path.split("/")[-1].split(".")[0]
    lines = ['const test = require("node:test");', 'const assert = require("node:assert/strict");',
             'const semver = require("semver");', "",
             f'test.describe("{group}", () => {{']
    for name, expr, want in tests:
        op = "deepEqual" if want.startswith("[") else "equal"
        lines += [f'  test.it("{name}", () => {{', f"    assert.{op}({expr}, {want});", "  });"]
    lines += ["});", ""]
    open("test/" + path, "w").write("\n".join(lines))
PY
# pyright over Debian's agate, vendored for the play statistics, and the station's own module on it
cp -r /usr/lib/python3/dist-packages/agate py/agate && rm -rf py/agate/__pycache__ py/agate/*/__pycache__
mkdir -p py/airwaves
cat > py/airwaves/__init__.py <<'PY'
PY
cat > py/airwaves/plays.py <<'PY'
"""Weekly play statistics for the PRS return, from the playout log."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Iterable, Optional, TypedDict

import agate


class PlayRow(TypedDict):
    played_at: str
    isrc: str
    title: str
    artist: str
    seconds: int


@dataclass
class Play:
    played_at: datetime
    isrc: str
    title: str
    artist: str
    seconds: int

    @property
    def minutes(self) -> float:
        return self.seconds / 60


def read_log(path: Path) -> list[Play]:
    with path.open() as f:
        rows: Iterable[PlayRow] = csv.DictReader(f)
        return [Play(datetime.fromisoformat(r["played_at"]), r["isrc"], r["title"], r["artist"], r["secs"]) for r in rows]


def to_table(plays: list[Play]) -> agate.Table:
    rows = [(p.played_at, p.isrc, p.title, p.artist, p.seconds) for p in plays]
    return agate.Table(rows, ["played_at", "isrc", "title", "artist", "seconds"], [agate.DateTime(), agate.Text(), agate.Text(), agate.Text(), agate.Number()])


def top_artists(table: agate.Table, n: int = 20) -> agate.Table:
    by_artist = table.group_by("artist")
    counts = by_artist.aggregate([("plays", agate.Count()), ("minutes", agate.Sum("seconds") / 60)])
    return counts.order_by("plays", reverse=True).limit(n)


def week_of(plays: list[Play], start: datetime) -> list[Play]:
    end = start + timedelta(days=7)
    return [p for p in plays if start <= p.played_at < end]


def longest(plays: list[Play]) -> Optional[Play]:
    return max(plays, key=lambda p: p.seconds, default=None)


def isrc_country(isrc: str) -> str:
    return isrc[:2].upper()


def royalty(plays: list[Play], rate_per_minute: Decimal) -> Decimal:
    total = sum(p.minutes for p in plays)
    return total * rate_per_minute


def report(path: str, start: str) -> str:
    plays = read_log(path)
    week = week_of(plays, datetime.fromisoformat(start))
    top = top_artists(to_table(week))
    first: Play = longest(week)
    lines = [f"{row['artist']}: {row['plays']} plays" for row in top.rows]
    lines.append(f"longest: {first.title} ({first.minutes:.1f} min)")
    lines.append(f"royalty: {royalty(week, 0.0215):.2f}")
    return "\n".join(lines)
PY
cat > pyrightconfig.json <<'J'
{ "include": ["py"], "pythonVersion": "3.11", "typeCheckingMode": "standard", "reportMissingModuleSource": "none" }
J
cat > py/pyrightconfig.strict.json <<'J'
{ "include": ["airwaves"], "extraPaths": ["."], "pythonVersion": "3.11", "typeCheckingMode": "strict" }
J
fi

# --- java: the playout scheduler (Maven, JUnit 5), with tests the last refactor broke; a legacy
# traffic module compiled by javac with errors, and the new cue parser compiled for Java 8
if want java; then
rm -rf "$ROOT/java" && mkdir -p "$ROOT/java" && cd "$ROOT/java"
P=src/main/java/org/airwaves/playout
T=src/test/java/org/airwaves/playout
mkdir -p $P $T
cat > pom.xml <<'XML'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.airwaves</groupId>
  <artifactId>playout</artifactId>
  <version>4.2.0-SNAPSHOT</version>
  <properties>
    <maven.compiler.source>17</maven.compiler.source>
    <maven.compiler.target>17</maven.compiler.target>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.10.2</version><scope>test</scope></dependency>
    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter-params</artifactId><version>5.10.2</version><scope>test</scope></dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version></plugin>
      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
    </plugins>
  </build>
</project>
XML
cat > $P/Loudness.java <<'J'
package org.airwaves.playout;

/** EBU R128 gain: how far a track must be turned to reach the station's target. */
public final class Loudness {
    public static final double TARGET_LUFS = -23.0;
    public static final double MAX_GAIN_DB = 12.0;

    private Loudness() {}

    public static double gainFor(double integratedLufs) {
        double gain = TARGET_LUFS - integratedLufs;
        return Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, gain));
    }

    public static double truePeakAfter(double truePeakDbtp, double gainDb) {
        return truePeakDbtp + gainDb;
    }

    public static boolean clips(double truePeakDbtp, double integratedLufs) {
        return truePeakAfter(truePeakDbtp, gainFor(integratedLufs)) > -1.0;
    }

    public static double linear(double db) {
        return Math.pow(10, db / 20);
    }
}
J
cat > $P/Track.java <<'J'
package org.airwaves.playout;

import java.time.Duration;

public record Track(String isrc, String title, String artist, Duration length, double lufs, boolean explicit) {
    public Track {
        if (isrc == null || !isrc.matches("[A-Z]{2}[A-Z0-9]{3}\\d{7}")) {
            throw new IllegalArgumentException("bad ISRC: " + isrc);
        }
    }
}
J
cat > $P/Schedule.java <<'J'
package org.airwaves.playout;

import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

/** Fills an hour: tracks in order, a station ident every quarter hour, no artist twice. */
public final class Schedule {
    private final List<Track> items = new ArrayList<>();
    private final Duration hour = Duration.ofMinutes(60);
    private Duration used = Duration.ZERO;

    public boolean add(Track t) {
        if (used.plus(t.length()).compareTo(hour) > 0) return false;
        for (Track x : items) if (x.artist().equals(t.artist())) return false;
        items.add(t);
        used = used.plus(t.length());
        return true;
    }

    public Duration remaining() { return hour.minus(used); }

    public List<Track> items() { return items; }

    public LocalTime startOf(int index, LocalTime top) {
        LocalTime t = top;
        for (int i = 0; i < index; i++) t = t.plus(items.get(i).length());
        return t;
    }

    public boolean watershedOk(LocalTime top) {
        for (int i = 0; i < items.size(); i++) {
            LocalTime at = startOf(i, top);
            if (items.get(i).explicit() && at.isAfter(LocalTime.of(5, 30)) && at.isBefore(LocalTime.of(21, 0))) return false;
        }
        return true;
    }
}
J
cat > $P/CueSheet.java <<'J'
package org.airwaves.playout;

import java.util.ArrayList;
import java.util.List;

/** Reads a CUE sheet's TRACK/INDEX 01 lines into start offsets in seconds. */
public final class CueSheet {
    public record Cue(int number, String title, double startSeconds) {}

    public static List<Cue> parse(String text) {
        List<Cue> cues = new ArrayList<>();
        int number = 0;
        String title = null;
        for (String raw : text.split("\n")) {
            String line = raw.trim();
            if (line.startsWith("TRACK ")) {
                number = Integer.parseInt(line.split("\\s+")[1]);
                title = null;
            } else if (line.startsWith("TITLE ") && number > 0) {
                title = line.substring(7, line.length() - 1);
            } else if (line.startsWith("INDEX 01 ")) {
                String[] mmssff = line.substring(9).split(":");
                double s = Integer.parseInt(mmssff[0]) * 60 + Integer.parseInt(mmssff[1]) + Integer.parseInt(mmssff[2]) / 75.0;
                cues.add(new Cue(number, title.strip(), s));
            }
        }
        return cues;
    }
}
J
cat > $T/LoudnessTest.java <<'J'
package org.airwaves.playout;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoudnessTest {
    @ParameterizedTest(name = "{0} LUFS needs {1} dB")
    @CsvSource({"-23.0, 0.0", "-18.0, -5.0", "-30.0, 7.0", "-14.2, -8.8", "-40.0, 12.0", "-9.5, -13.5", "-23.5, 0.5", "-27.25, 4.25"})
    void gain(double lufs, double want) {
        assertEquals(want, Loudness.gainFor(lufs), 1e-9);
    }

    @Test
    void quietTrackWithPeakClips() {
        assertTrue(Loudness.clips(-3.0, -30.0));
    }

    @Test
    void loudMasterDoesNotClipAfterCut() {
        assertFalse(Loudness.clips(0.5, -9.0));
    }

    @Test
    void linearOfMinusSix() {
        assertEquals(0.5, Loudness.linear(-6.0), 0.001, "-6 dB halves the amplitude");
    }
}
J
cat > $T/ScheduleTest.java <<'J'
package org.airwaves.playout;

import static org.junit.jupiter.api.Assertions.*;

import java.time.Duration;
import java.time.LocalTime;
import org.junit.jupiter.api.*;

class ScheduleTest {
    static Track t(String isrc, String artist, int minutes, boolean explicit) {
        return new Track(isrc, "Song " + isrc.substring(7), artist, Duration.ofMinutes(minutes), -14.0, explicit);
    }

    Schedule s;

    @BeforeEach
    void setUp() {
        s = new Schedule();
    }

    @Test
    void fillsAnHour() {
        for (int i = 0; i < 15; i++) s.add(t(String.format("GBAYE26%05d", i), "Artist " + i, 4, false));
        assertEquals(Duration.ZERO, s.remaining());
    }

    @Test
    void refusesSameArtistTwice() {
        assertTrue(s.add(t("GBAYE2600001", "Kathryn Joseph", 4, false)));
        assertFalse(s.add(t("GBAYE2600002", "Kathryn Joseph", 3, false)));
    }

    @Test
    void sameArtistAllowedAfterFortyMinutes() {
        s.add(t("GBAYE2600001", "Kathryn Joseph", 4, false));
        for (int i = 0; i < 9; i++) s.add(t(String.format("GBAYE26%05d", 10 + i), "Band " + i, 4, false));
        assertTrue(s.add(t("GBAYE2600002", "Kathryn Joseph", 3, false)), "the rule is one hour between plays only in daytime");
    }

    @Test
    void startTimes() {
        s.add(t("GBAYE2600001", "A", 4, false));
        s.add(t("GBAYE2600002", "B", 5, false));
        assertEquals(LocalTime.of(14, 9), s.startOf(2, LocalTime.of(14, 0)));
    }

    @Test
    void explicitAfterWatershed() {
        s.add(t("GBAYE2600001", "A", 4, true));
        assertTrue(s.watershedOk(LocalTime.of(21, 0)));
    }

    @Test
    void explicitAtNineIsRefused() {
        s.add(t("GBAYE2600001", "A", 4, true));
        assertFalse(s.watershedOk(LocalTime.of(20, 58)));
    }

    @Test
    void badIsrcIsRefused() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> t("GB-AYE-26-00001", "A", 4, false));
        assertTrue(e.getMessage().contains("ISRC"));
    }

    @Test
    @Timeout(1)
    void itemsIsACopy() {
        s.add(t("GBAYE2600001", "A", 4, false));
        s.items().clear();
        assertEquals(1, s.items().size());
    }
}
J
cat > $T/CueSheetTest.java <<'J'
package org.airwaves.playout;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.junit.jupiter.api.Test;

class CueSheetTest {
    static final String SHEET = String.join("\n",
        "PERFORMER \"Live at the Brudenell\"",
        "FILE \"brudenell.wav\" WAVE",
        "  TRACK 01 AUDIO",
        "    TITLE \"Intro\"",
        "    INDEX 01 00:00:00",
        "  TRACK 02 AUDIO",
        "    TITLE \"Northern Line\"",
        "    INDEX 00 03:58:60",
        "    INDEX 01 04:01:30",
        "  TRACK 03 AUDIO",
        "    INDEX 01 08:44:00");

    @Test
    void readsTitles() {
        List<CueSheet.Cue> cues = CueSheet.parse(SHEET.lines().limit(9).reduce("", (a, b) -> a + b + "\n"));
        System.out.println("parsed " + cues);
        assertEquals("Northern Line", cues.get(1).title());
    }

    @Test
    void framesAreSeventyFifths() {
        List<CueSheet.Cue> cues = CueSheet.parse(SHEET.lines().limit(9).reduce("", (a, b) -> a + b + "\n"));
        assertEquals(241.4, cues.get(1).startSeconds(), 1e-9);
    }

    @Test
    void untitledTrack() {
        List<CueSheet.Cue> cues = CueSheet.parse(SHEET);
        System.out.println("cues: " + cues.size());
        assertEquals(3, cues.size());
        assertNull(cues.get(2).title());
    }

    @Test
    void performerLineIsNotATitle() {
        assertTrue(CueSheet.parse("TITLE \"Album\"\nTRACK 01 AUDIO\nINDEX 01 00:00:00").isEmpty() == false);
    }
}
J
# the legacy traffic (adverts) module: old code on a renamed API, compiled by hand
mkdir -p legacy/org/airwaves/traffic
cat > legacy/org/airwaves/traffic/Spot.java <<'J'
package org.airwaves.traffic;

import java.util.Date;

public class Spot implements Comparable {
    public String advertiser;
    public int seconds;
    public Date booked;
    public Integer priority;

    public Spot(String advertiser, int seconds) {
        this.advertiser = advertiser;
        this.seconds = seconds;
        this.booked = new Date(2026, 11, 30);
        this.priority = new Integer(5);
    }

    public int compareTo(Object o) {
        return priority - ((Spot) o).priority;
    }

    public boolean equals(Object o) {
        return o instanceof Spot && ((Spot) o).advertiser == advertiser;
    }
}
J
cat > legacy/org/airwaves/traffic/Break.java <<'J'
package org.airwaves.traffic;

import java.util.*;
import org.airwaves.playout.Schedule;

public class Break {
    private List spots = new ArrayList();
    private final int maxSeconds;

    public Break(int maxSeconds) { this.maxSeconds = maxSeconds; }

    public boolean add(Spot s) {
        if (length() + s.seconds > maxSeconds) return false;
        spots.add(s);
        Collections.sort(spots);
        return true;
    }

    public int length() {
        int total = 0;
        for (Object o : spots) total += ((Spot) o).seconds;
        return total;
    }

    public String firstAdvertiser() {
        Spot first = spots.get(0);
        return first.advertiser;
    }

    public List<String> advertisers() {
        List<String> out = new ArrayList();
        for (Spot s : spots) out.add(s.advertiser);
        return out;
    }

    public void clear() {
        spots.removeAll();
        Thread.currentThread().stop();
    }

    public Schedule toSchedule() {
        Schedule s = new Schedule(maxSeconds);
        return s;
    }
}
J
cat > legacy/org/airwaves/traffic/Log.java <<'J'
package org.airwaves.traffic;

import java.io.*;
import java.util.*;

public class Log {
    public static void write(File f, Vector<Break> breaks) throws IOException {
        FileWriter w = new FileWriter(f);
        for (Break b : breaks) {
            switch (b.length()) {
                case 0: w.write("empty\n");
                case 30: w.write("short\n"); break;
                default: w.write(b.length() + "\n");
            }
        }
        w.close();
    }

    public static Hashtable<String, Integer> totals(List<Break> breaks) {
        Hashtable<String, Integer> t = new Hashtable();
        for (Break b : breaks)
            for (String a : b.advertisers())
                t.put(a, t.getOrDefault(a, 0) + 1);
        return t;
    }

    public static long stamp() {
        return new Date().getYear() * 1000L + Runtime.getRuntime().totalMemory();
    }

    public static String missing() {
        return Formatter.format("%d spots", 3);
    }
}
J
# the new cue parser's Java 17 sources, also wanted in the Java 8 desk app
mkdir -p desk
cp $P/CueSheet.java $P/Track.java $P/Loudness.java desk/
cat > desk/DeskApp.java <<'J'
package org.airwaves.playout;

import java.time.Duration;
import java.util.List;

public class DeskApp {
    sealed interface Source permits Cart, Live {}
    record Cart(String id) implements Source {}
    record Live(String studio) implements Source {}

    static String describe(Source s) {
        return switch (s) {
            case Cart c -> "cart " + c.id();
            case Live l -> "live from " + l.studio();
        };
    }

    public static void main(String[] args) {
        var cues = CueSheet.parse("""
            TRACK 01 AUDIO
              TITLE "Intro"
              INDEX 01 00:00:00
            """);
        var t = new Track("GBAYE2600001", "Intro", "House band", Duration.ofSeconds(241), -14.0, false);
        if (cues instanceof List<?> l && !l.isEmpty()) System.out.println(describe(new Cart(t.isrc())) + " " + l.size());
        System.out.println(List.of(t).stream().map(Track::title).toList());
    }
}
J
fi

# --- native: the loudness meter (C++, cmake) wanting libraries the new studio box lacks, and its
# templated meter code mid-refactor; config loaders (Python and C) that cannot find the stream key
if want native; then
rm -rf "$ROOT/native" && mkdir -p "$ROOT/native/meter/src" "$ROOT/native/meterlib/src" "$ROOT/native/tools" "$ROOT/native/etc/airwaves" && cd "$ROOT/native"
cat > meter/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.20)
project(airwaves_meter VERSION 1.4.0 LANGUAGES C CXX)
set(CMAKE_CXX_STANDARD 20)
find_package(ZLIB REQUIRED)
find_package(LibXml2 REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(SNDFILE REQUIRED IMPORTED_TARGET sndfile>=1.0.28)
pkg_check_modules(EBUR128 REQUIRED IMPORTED_TARGET libebur128)
find_package(Boost 1.74 REQUIRED COMPONENTS program_options)
add_executable(meter src/main.cpp)
target_link_libraries(meter PRIVATE ZLIB::ZLIB LibXml2::LibXml2 PkgConfig::SNDFILE PkgConfig::EBUR128 Boost::program_options)
CM
echo 'int main() { return 0; }' > meter/src/main.cpp
cat > meterlib/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.20)
project(meterlib LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 20)
add_library(meterlib src/window.cpp src/gating.cpp src/report.cpp)
target_include_directories(meterlib PUBLIC src)
add_executable(meterdemo src/demo.cpp)
target_link_libraries(meterdemo PRIVATE meterlib)
CM
cat > meterlib/src/window.hpp <<'CPP'
#pragma once
#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <deque>
#include <map>
#include <numeric>
#include <string>
#include <vector>

namespace meter {

template <typename T>
concept Sample = std::floating_point<T>;

template <Sample T, std::size_t N>
class Window {
public:
    void push(T x) {
        buf_.push_back(x);
        if (buf_.size() > N) buf_.pop_front();
    }
    T mean_square() const {
        return std::accumulate(buf_.begin(), buf_.end(), T{0}, [](T a, T b) { return a + b * b; }) / buf_.size();
    }
    bool full() const { return buf_.size() == N; }

private:
    std::deque<T> buf_;
};

struct Block {
    double start;
    double lufs;
};

template <typename Container>
double median_lufs(Container blocks) {
    std::sort(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) { return a.lufs < b.lufs; });
    return blocks[blocks.size() / 2].lufs;
}

}  // namespace meter
CPP
cat > meterlib/src/window.cpp <<'CPP'
#include "window.hpp"
#include <list>
#include <memory>

namespace meter {

// 400 ms blocks at 48 kHz, counted in ints by the old meter
template class Window<double, 19200>;
template class Window<int, 19200>;

double momentary(const std::vector<float>& samples) {
    Window<float, 19200> w;
    for (float s : samples) w.push(s);
    return -0.691 + 10 * std::log10(w.mean_square());
}

double median_of_list(const std::list<Block>& blocks) {
    return median_lufs(blocks);
}

}  // namespace meter
CPP
cat > meterlib/src/gating.cpp <<'CPP'
#include "window.hpp"
#include <memory>
#include <set>
#include <unordered_map>

namespace meter {

struct Channel {
    std::string name;
    double weight;
};

double gated(const std::vector<Block>& blocks, double absolute = -70.0) {
    std::vector<Block> kept;
    std::copy_if(blocks.begin(), blocks.end(), std::back_inserter(kept), [&](const Block& b) { return b.lufs > absolute; });
    double sum = 0;
    for (auto& b : kept) sum += std::pow(10, b.lufs / 10);
    return 10 * std::log10(sum / kept.size());
}

std::set<Channel> layout() {
    return {{"L", 1.0}, {"R", 1.0}, {"C", 1.0}, {"Ls", 1.41}, {"Rs", 1.41}};
}

std::unordered_map<Channel, double> weights() {
    std::unordered_map<Channel, double> w;
    for (auto& c : layout()) w[c] = c.weight;
    return w;
}

std::vector<std::unique_ptr<Block>> own(const std::vector<Block>& blocks) {
    std::vector<std::unique_ptr<Block>> out;
    for (auto& b : blocks) out.push_back(std::make_unique<Block>(b));
    std::vector<std::unique_ptr<Block>> copy = out;
    return copy;
}

}  // namespace meter
CPP
cat > meterlib/src/report.cpp <<'CPP'
#include "window.hpp"
#include <format>
#include <iostream>
#include <ranges>

namespace meter {

std::string report(const std::map<std::string, double>& tracks) {
    std::string out;
    for (auto [name, lufs] : tracks | std::views::filter([](auto& kv) { return kv.second > -70; }))
        out += name + ": " + std::to_string(lufs) + "\n";
    auto loud = tracks | std::views::transform([](auto& kv) { return kv.second; }) | std::views::filter([](double x) { return x > -14; });
    std::sort(loud.begin(), loud.end());
    return out;
}

}  // namespace meter
CPP
cat > meterlib/src/demo.cpp <<'CPP'
#include "window.hpp"
#include <iostream>
int main() {
    meter::Window<double, 4> w;
    w.push(0.5);
    std::cout << w.mean_square() << "\n";
}
CPP
# the Python stream config loader: layered files, env, then the secret store; stream_key is nowhere
cat > tools/streamconf.py <<'PY'
#!/usr/bin/env python3
"""Merges the stream settings: /etc defaults, the station file, the user file, then AIRWAVES_* env."""
import configparser
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
LAYERS = [HERE / "etc/airwaves/stream.ini", HERE / "etc/airwaves/stream.d", Path.home() / ".config/airwaves/stream.ini", HERE / "stream.local.ini"]


def load():
    cfg = configparser.ConfigParser()
    for layer in LAYERS:
        if layer.is_dir():
            for f in sorted(layer.glob("*.ini")):
                cfg.read(f)
        elif layer.exists():
            cfg.read(layer)
    merged = dict(cfg["stream"]) if cfg.has_section("stream") else {}
    for k, v in os.environ.items():
        if k.startswith("AIRWAVES_"):
            merged[k[9:].lower()] = v
    secrets = HERE / "etc/airwaves/secrets.json"
    if secrets.exists():
        merged.update(json.loads(secrets.read_text()).get("stream", {}))
    return merged


def main():
    conf = load()
    url = f"icecast://source:{conf['stream_key']}@{conf['host']}:{conf['port']}{conf['mount']}"
    print(url)


if __name__ == "__main__":
    sys.exit(main())
PY
mkdir -p etc/airwaves/stream.d
printf '[stream]\nhost = icecast.airwaves.example\nport = 8000\nmount = /main.opus\nbitrate = 96\n' > etc/airwaves/stream.ini
printf '[stream]\nmount = /main-hd.opus\nbitrate = 160\n' > etc/airwaves/stream.d/10-hd.ini
printf '[stream]\nstreamkey = hackme-but-not-here\n' > etc/airwaves/stream.d/20-local.ini
printf '{"stream": {"stream-key": "from-secrets"}, "archive": {"token": "x"}}\n' > etc/airwaves/secrets.json
# the C encoder launcher: looks for its key in env, then in three files, then gives up
cat > tools/encstart.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *paths[] = {"/etc/airwaves/encoder.conf", "etc/airwaves/encoder.conf", "etc/airwaves/stream.d/encoder.conf", NULL};

static char *find_key(const char *path, const char *key) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    static char line[256];
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(key);
        if (strncmp(line, key, n) == 0 && line[n] == '=') {
            fclose(f);
            line[strcspn(line, "\n")] = 0;
            return line + n + 1;
        }
    }
    fclose(f);
    return NULL;
}

int main(void) {
    const char *key = getenv("ENCODER_KEY");
    for (int i = 0; !key && paths[i]; i++) key = find_key(paths[i], "encoder_key");
    if (!key) {
        fprintf(stderr, "encstart: no encoder_key in ENCODER_KEY or any of:");
        for (int i = 0; paths[i]; i++) fprintf(stderr, " %s", paths[i]);
        fprintf(stderr, "\n");
        return 78;
    }
    execlp("ffmpeg", "ffmpeg", "-i", "default", NULL);
    return 1;
}
C
printf 'encoder-key=abc123\nbitrate=160\n' > etc/airwaves/encoder.conf
gcc -O0 -g -o tools/encstart tools/encstart.c
# the Rust play logger: parses the playout log lines; clippy's warnings denied in CI
mkdir -p playlog/src/bin
cat > playlog/Cargo.toml <<'T'
[package]
name = "playlog"
version = "0.3.0"
edition = "2021"

[lints.clippy]
pedantic = { level = "warn", priority = -1 }
T
cat > playlog/src/lib.rs <<'RS'
//! Reads the playout system's log lines: `2026-11-30T14:03:12Z PLAY GBAYE2600001 243 "Song" "Artist"`.
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
pub struct Play {
    pub at: String,
    pub isrc: String,
    pub seconds: u32,
    pub title: String,
    pub artist: String,
}

pub fn parse_line(line: &String) -> Option<Play> {
    let mut parts = line.splitn(5, ' ');
    let at = parts.next()?.to_string();
    if parts.next()? != "PLAY" {
        return None;
    }
    let isrc = parts.next()?.to_string();
    let seconds = parts.next()?.parse::<u32>().unwrap();
    let rest = parts.next()?;
    let quoted: Vec<&str> = rest.split('"').filter(|s| s.trim().len() > 0).collect();
    if quoted.len() < 2 {
        return None;
    }
    Some(Play { at: at, isrc: isrc, seconds: seconds, title: quoted[0].to_string(), artist: quoted[1].to_string() })
}

pub fn minutes_by_artist(plays: &Vec<Play>) -> HashMap<String, f64> {
    let mut out = HashMap::new();
    for i in 0..plays.len() {
        let p = &plays[i];
        *out.entry(p.artist.clone()).or_insert(0.0) += p.seconds as f64 / 60.0;
    }
    return out;
}

pub fn country(isrc: &str) -> &str {
    if isrc.len() < 2 {
        return "";
    } else {
        return &isrc[..2];
    }
}

pub fn longest(plays: &[Play]) -> Option<&Play> {
    let mut best: Option<&Play> = None;
    for p in plays.iter() {
        if best.is_none() || p.seconds > best.unwrap().seconds {
            best = Some(p);
        }
    }
    best
}

pub fn total_seconds(plays: &[Play]) -> u64 {
    plays.iter().map(|p| p.seconds as u64).fold(0, |a, b| a + b)
}

pub fn is_explicit(title: &str) -> bool {
    title.to_lowercase().contains("(explicit)") == true
}

pub fn share(part: u64, whole: u64) -> f32 {
    (part as f32 / whole as f32) * 100.0
}
RS
cat > playlog/src/bin/weekly.rs <<'RS'
use playlog::{minutes_by_artist, parse_line, Play};
use std::io::{self, BufRead};

fn main() {
    let stdin = io::stdin();
    let mut plays: Vec<Play> = Vec::new();
    for line in stdin.lock().lines() {
        let line = line.unwrap();
        match parse_line(&line) {
            Some(p) => plays.push(p),
            None => (),
        }
    }
    let mut by: Vec<_> = minutes_by_artist(&plays).into_iter().collect();
    by.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap());
    for (artist, minutes) in by.iter().take(20) {
        println!("{:<30} {:>6.1}", artist, minutes);
    }
    let ref first = plays[0];
    println!("first play: {}", first.at.clone());
}
RS
# the royalties crate: a new module written against an API not yet there
mkdir -p royalties/src
cat > royalties/Cargo.toml <<'T'
[package]
name = "royalties"
version = "0.1.0"
edition = "2021"

[dependencies]
playlog = { path = "../playlog" }
T
cat > royalties/src/main.rs <<'RS'
use playlog::{parse_line, Play};
use std::collections::BTreeMap;

#[derive(Debug)]
struct Rate {
    pence_per_minute: u32,
    min_seconds: u32,
}

fn owed(plays: &[Play], rate: &Rate) -> BTreeMap<&str, u64> {
    let mut out = BTreeMap::new();
    for p in plays {
        if p.seconds < rate.min_seconds {
            continue;
        }
        *out.entry(p.artist).or_insert(0) += (p.seconds * rate.pence_per_minute / 60) as u64;
    }
    out
}

fn read(path: &str) -> Vec<Play> {
    let text = std::fs::read_to_string(path)?;
    text.lines().filter_map(parse_line).collect()
}

fn report(owed: BTreeMap<&str, u64>) -> String {
    let mut lines = Vec::new();
    for (artist, pence) in owed {
        lines.push(format!("{artist}: £{}.{:02}", pence / 100, pence % 100));
    }
    let total: u64 = owed.values().sum();
    lines.push(format!("total: {}", total));
    lines.join("\n")
}

fn main() {
    let rate = Rate { pence_per_minute: 12, min_seconds: 30, max_per_track: 500 };
    let plays = read("plays.log");
    let by_country = plays.iter().group_by(|p| playlog::country(&p.isrc));
    println!("{}", report(owed(&plays, rate)));
    let longest: &Play = playlog::longest(&plays);
    println!("{} {:?}", longest.title, by_country);
}
RS
fi

# --- db: the station database (PostgreSQL): plays, complaints to the regulator, a migration that
# breaks; the loghub logs of the services the station's hosting runs on, for the Grep tool
if want db; then
rm -rf "$ROOT/db" && mkdir -p "$ROOT/db/migrations" "$ROOT/db/logs" && cd "$ROOT/db"
for l in Hadoop OpenStack; do
  git --git-dir="$LOGHUB_REPO" show "HEAD:$l/${l}_2k.log" > "logs/${l,,}.log"
done
python3 - <<'PY'
import random
random.seed(2121)
artists = ["Kathryn Joseph", "Nadine Shah", "The Orielles", "Sorry", "Porridge Radio", "Anna B Savage", "Yard Act",
           "Kae Tempest", "Arab Strap", "Sault", "Little Simz", "Squid", "Black Country, New Road", "Self Esteem",
           "Wet Leg", "Fontaines D.C.", "Jockstrap", "Shame", "Bdrmm", "Dry Cleaning"]
shows = ["Breakfast", "Midmorning", "Lunchtime Folk", "Afternoon Drive", "New Music Hour", "Late Jazz", "Overnight"]
out = ["CREATE TABLE tracks (id serial PRIMARY KEY, isrc char(12) UNIQUE NOT NULL, title text NOT NULL, artist text NOT NULL, seconds int NOT NULL, lufs numeric(4,1), explicit boolean NOT NULL DEFAULT false);",
       "CREATE TABLE plays (id bigserial PRIMARY KEY, track_id int NOT NULL REFERENCES tracks, show text NOT NULL, played_at timestamptz NOT NULL, presenter text NOT NULL, source text NOT NULL DEFAULT 'automation');",
       "CREATE TABLE complaints (id serial PRIMARY KEY, received_at timestamptz NOT NULL, channel text NOT NULL, show text NOT NULL, category text NOT NULL, status text NOT NULL, listener_postcode text, summary text NOT NULL, response text, ofcom_ref text);"]
tracks = []
for i in range(1, 241):
    a = random.choice(artists)
    isrc = f"GB{random.choice(['AYE','UM7','SMU','BBC','KRA'])}26{i:05d}"
    lufs = round(random.uniform(-16, -8), 1)
    tracks.append(i)
    title = f"Track {i:03d}".replace("'", "")
    out.append(f"INSERT INTO tracks (isrc, title, artist, seconds, lufs, explicit) VALUES ('{isrc}', '{title}', '{a.replace(chr(39), chr(39)*2)}', {random.randint(150, 420)}, {lufs}, {str(i % 23 == 0).lower()});")
presenters = {"Breakfast": "Ana", "Midmorning": "Dev", "Lunchtime Folk": "Rhys", "Afternoon Drive": "Mo", "New Music Hour": "Jess", "Late Jazz": "Colm", "Overnight": "automation"}
for d in range(1, 31):
    for h in range(0, 24):
        show = shows[min(h // 4, 6)]
        for k in range(3):
            src = "automation" if show == "Overnight" else random.choice(["presenter", "presenter", "automation"])
            out.append(f"INSERT INTO plays (track_id, show, played_at, presenter, source) VALUES ({random.choice(tracks)}, '{show}', '2026-11-{d:02d} {h:02d}:{k*20:02d}:00+00', '{presenters[show]}', '{src}');")
cats = ["offensive language", "offensive language", "accuracy", "fairness", "advertising", "technical", "technical", "scheduling"]
for i in range(1, 181):
    cat = random.choice(cats)
    status = random.choice(["closed", "closed", "closed", "responded", "open"])
    if i in (37, 118):
        status = "escalated to Ofcom"
    ref = f"'OFC-2026-{4100 + i}'" if status == "escalated to Ofcom" else "NULL"
    show = random.choice(shows)
    summary = {
        "offensive language": f"Listener heard an unbleeped word in {show} around {random.randint(1,11)}pm.",
        "accuracy": f"Presenter on {show} said the bin collection moved to Thursday; the council says Friday.",
        "fairness": f"Caller to {show} was cut off before answering the councillor's claim.",
        "advertising": "The estate agent spot ran four times in one break.",
        "technical": random.choice(["Stream dropped for 40 seconds.", "DAB audio out of sync with the text.", "Silence on FM for two minutes.", "Stream buffering on the app since the update."]),
        "scheduling": f"{show} started 10 minutes late again.",
    }[cat]
    resp = "NULL" if status == "open" else "'Thank you; we have reviewed the recording and spoken to the team.'"
    pc = random.choice(["LS6 1AN", "LS4 2BB", "LS11 5QD", "BD7 1AY", "HX1 2RR", None])
    pcs = "NULL" if pc is None else f"'{pc}'"
    out.append(f"INSERT INTO complaints (received_at, channel, show, category, status, listener_postcode, summary, response, ofcom_ref) VALUES ('2026-11-{1 + i % 29:02d} {8 + i % 12:02d}:{i % 60:02d}:00+00', '{random.choice(['email', 'phone', 'web form', 'letter'])}', '{show}', '{cat}', '{status}', {pcs}, '{summary.replace(chr(39), chr(39) * 2)}', {resp}, {ref});")
open("schema.sql", "w").write("\n".join(out) + "\n")
PY
if [ -n "${PGHOST:-}" ]; then psql -q -v ON_ERROR_STOP=1 -f schema.sql >/dev/null; fi
cat > migrations/0019_play_rights.sql <<'SQL'
-- 0019: rights data for the PRS return; plays keep the share each rights holder gets
BEGIN;
CREATE TABLE rights_holders (
    id serial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    society text NOT NULL CHECK (society IN ('PRS', 'PPL', 'MCPS'))
);
INSERT INTO rights_holders (name, society) VALUES ('Bella Union', 'PPL'), ('Domino', 'PPL'), ('Rough Trade', 'PPL'), ('Warp', 'PPL');
ALTER TABLE tracks ADD COLUMN rights_holder_id int REFERENCES rights_holders;
UPDATE tracks SET rights_holder_id = (id % 4) + 1;
DO $$
BEGIN
  RAISE NOTICE 'tracks without a rights holder: %', (SELECT count(*) FROM tracks WHERE rights_holder_id IS NULL);
  RAISE NOTICE 'explicit tracks: %', (SELECT count(*) FROM tracks WHERE explicit);
END $$;
CREATE INDEX plays_played_at_idx ON plays (played_at);
CREATE INDEX plays_track_idx ON plays (track_id, played_at);
ALTER TABLE plays ADD COLUMN seconds_played int;
UPDATE plays p SET seconds_played = t.seconds FROM tracks t WHERE t.id = p.track_id;
ALTER TABLE plays ALTER COLUMN seconds_played SET NOT NULL;
ALTER TABLE tracks ADD CONSTRAINT tracks_isrc_format CHECK (isrc ~ '^[A-Z]{2}[A-Z0-9]{3}[0-9]{7}$');
ALTER TABLE tracks ADD CONSTRAINT tracks_lufs_range CHECK (lufs BETWEEN -14 AND -8);
ALTER TABLE plays ADD CONSTRAINT plays_source_check CHECK (source IN ('automation', 'presenter', 'listener request'));
CREATE VIEW prs_return AS
  SELECT t.isrc, t.title, t.artist, r.name AS label, count(*) AS plays, sum(p.seconds_played) AS seconds
  FROM plays p JOIN tracks t ON t.id = p.track_id JOIN rights_holders r ON r.id = t.rights_holder_id
  GROUP BY 1, 2, 3, 4;
COMMIT;
SQL
fi
