import { describe, expect, it } from "vitest";
import { MAX_TOKENS, maskLine } from "../../../../src/compress/excerpt/mask.ts";
import { maskToken } from "../../../../src/compress/excerpt/mask-token.ts";
import { capturedCase, loadCorpus, readText } from "../corpus.ts";

const hashes = (line: string) => {
  const out = new Int32Array(MAX_TOKENS);
  return [...out.subarray(0, maskLine(line, out, 0))];
};

describe("a quoted path is masked as a path", () => {
  it("files of one directory are alike whether or not a quote opens the token", () => {
    // The rule (mask.ts): a path keeps its directory and extension. A leading quote was
    // taken for the end of the path, so every quoted file name was a kind of its own.
    for (const [a, b] of [
      [
        'openat(AT_FDCWD, "./conf/base.conf", O_RDONLY) = 3',
        'openat(AT_FDCWD, "./conf/routes.conf", O_RDONLY) = 3',
      ],
      ["open ('/etc/app/a.ini') failed", "open ('/etc/app/b.ini') failed"],
      ["./conf/base.conf, ok", "./conf/routes.conf, ok"],
    ] as const)
      expect(hashes(a), `${a} ~ ${b}`).toEqual(hashes(b));
    // Another directory or extension is still another kind.
    expect(hashes('openat("./conf/base.conf")')).not.toEqual(hashes('openat("./local/base.conf")'));
    expect(hashes('open "./conf/base.conf",')).not.toEqual(hashes('open "./conf/base.yaml",'));
  });

  it("strace -f: the few files found and the exits stand out of hundreds of probes (fresh3 capture)", async () => {
    // 735 lines, ~600 ENOENT probes of 12 names in 6 directories by 4 processes: each probed
    // name was a kind of its own and a problem line, so the probes took the room.
    const { e, must } = await capturedCase("fresh3", "strace-f-file");
    for (const fact of [
      "[pid  4511] +++ exited with 3 +++",
      '[pid  4513] execve("/usr/bin/ls", ["ls", "conf"]',
      '[pid  4515] openat(AT_FDCWD, "./conf/tls/server.key", O_RDONLY) = -1 ENOENT (No such file or directory)',
      "loadcfg: cannot open TLS key: No such file or directory",
    ]) {
      expect(must).toContain(fact);
      expect(e.text, fact).toContain(fact);
    }
  });
});

describe("a token's end is found in the pass that masks it", () => {
  // maskPath finds where its token ends as it reads it (it was read to its end before, and
  // a URL's `://` looked for before its last slash, which a colon always ends the path before).
  it("a URL is a token, not a path: its numbers masked, its host kept", () => {
    expect(hashes("GET https://api.example.com/v1/users/42 200")).toEqual(
      hashes("GET https://api.example.com/v1/users/7\t200"),
    );
    expect(hashes("GET https://api.example.com/v1")).not.toEqual(hashes("GET https://cdn.example.com/v1"));
  });
  it("a `://` past the path's end leaves it a path: files of one directory alike", () => {
    expect(hashes("at src/a.ts:3://x next")).toEqual(hashes("at src/b.ts:3://x\tnext"));
    expect(hashes("at src/a.ts:3://x")).not.toEqual(hashes("at lib/a.ts:3://x"));
  });
  it("a line of words writes no values over what the buffer held", () => {
    const values = {
      numbered: new Uint8Array(MAX_TOKENS).fill(1),
      files: new Int32Array(MAX_TOKENS).fill(7),
    };
    const n = maskLine("error: cannot open output file", new Int32Array(MAX_TOKENS), 0, values);
    expect([...values.numbered.subarray(0, n)]).toEqual([0, 0, 0, 0, 0]);
    expect([...values.files.subarray(0, n)]).toEqual([0, 0, 0, 0, 0]);
  });
});

describe("maskLine reads each token as maskToken does", () => {
  // maskLine hashes a token in the pass that finds its end and calls maskToken only for
  // paths; both must agree, or alike lines stop being alike only where the shortcut runs.
  it("on every line of the real outputs the tests use", () => {
    const out = new Int32Array(MAX_TOKENS);
    let tokens = 0;
    for (const entry of loadCorpus()) {
      for (const line of readText(entry).split("\n")) {
        const n = maskLine(line, out, 0);
        const expected: number[] = [];
        for (const m of line.matchAll(/[^ \t]+/g)) {
          if (expected.length === MAX_TOKENS) break;
          expected.push(maskToken(line, m.index, m.index + m[0].length));
        }
        if (n !== expected.length || expected.some((h, k) => h !== out[k]))
          expect([...out.subarray(0, n)], `${entry.file}: ${line}`).toEqual(expected);
        tokens += n;
      }
    }
    expect(tokens).toBeGreaterThan(100_000);
  });
});

describe("maskLine writes a line's values where it writes its tokens", () => {
  // templates.ts keeps the first lines' tokens and values side by side, MAX_TOKENS apart,
  // and reads them back for problem lines grouped by their words: values written from 0
  // whatever `into` was would give each line the values of another.
  it("from `into` on, the same values as from 0", () => {
    const line = "src/a.ts(12,5): error TS2345: Argument 42 is not assignable in lib/b.ts:7:3";
    const at = (into: number) => {
      const size = into + MAX_TOKENS;
      const values = { numbered: new Uint8Array(size), files: new Int32Array(size) };
      const n = maskLine(line, new Int32Array(size), 0, values, into);
      return {
        numbered: [...values.numbered.subarray(into, into + n)],
        files: [...values.files.subarray(into, into + n)],
      };
    };
    const first = at(0);
    expect(first.numbered).toContain(1);
    expect(first.files.some((f) => f !== 0)).toBe(true);
    expect(at(3 * MAX_TOKENS)).toEqual(first);
  });
});

describe("an error code tells lines apart", () => {
  it("also in brackets or before a colon (shellcheck's [SC3054], tsc's TS2305:, flake8's (E501))", () => {
    for (const [a, b] of [
      [
        "x.sh:28:6: warning: In POSIX sh, this is undefined. [SC3054]",
        "x.sh:28:6: warning: In POSIX sh, this is undefined. [SC3010]",
      ],
      ["a.ts(3,1): error TS2305: Module has no member.", "a.ts(3,1): error TS2307: Module has no member."],
      ["a.py:1:80: line too long (E501)", "a.py:1:80: line too long (W505)"],
    ] as const)
      expect(hashes(a), `${a} / ${b}`).not.toEqual(hashes(b));
    // Numbers in brackets are still values.
    expect(hashes("took [120] ms")).toEqual(hashes("took [4500] ms"));
  });
});

describe("a record packed in one token", () => {
  it("is told by its words, its numbers masked (a Read of HealthApp's pipe-separated log, fresh6 capture)", async () => {
    // `time|component|pid|message` with no blank: three runs of digits made the whole token
    // an id (`*`), so `…|HiH_HiBroadcastUtil|…|sendSyncFailedBroadcast`, three times in 700
    // lines, was one kind of line with 81 `…|Step_SPUtils|…|setTodayTotalDetailSteps=…`.
    const sync = "20171223-22:32:28:801|HiH_HiBroadcastUtil|30002312|sendSyncFailedBroadcast";
    expect(hashes(sync)).toEqual(
      hashes("20171223-22:19:58:428|HiH_HiBroadcastUtil|30002312|sendSyncFailedBroadcast"),
    );
    expect(hashes(sync)).not.toEqual(
      hashes(
        "20171223-22:17:28:156|Step_SPUtils|30002312|setTodayTotalDetailSteps=1514038560000##7074##548563",
      ),
    );
    // A quoted word is a value (a JSON record's), not a word of the kind.
    expect(
      hashes('{"ts":"2024-12-02T09:30:02.452Z","m":"GET","path":"/v1/products","up":"catalog-svc","ms":93}'),
    ).toEqual(
      hashes('{"ts":"2024-12-02T09:31:07.101Z","m":"POST","path":"/v1/orders","up":"search-svc","ms":121}'),
    );
    // An id without words is still one kind, whatever its short letter runs.
    expect(hashes("R25-M1-NF-C:J16-U11")).toEqual(hashes("R31-M0-N4-C:J02-U01"));
    const { e, must } = await capturedCase("fresh6", "read-healthapp-log");
    expect(e.text).toContain(sync);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("lines of two error codes", () => {
  it("are two kinds however alike their words (shellcheck -f gcc, fresh4 capture)", async () => {
    // `In POSIX sh, array references are undefined. [SC3054]` and `In POSIX sh, [[ ]] is
    // undefined. [SC3010]` share more than half their tokens, so the four [[ ]] findings
    // joined the six array ones, and the first of them (nightly.sh:41:1) was never shown.
    const { e, must } = await capturedCase("fresh4", "shellcheck-gcc");
    expect(e.text).toContain(
      "f4/scripts/nightly.sh:41:1: warning: In POSIX sh, [[ ]] is undefined. [SC3010]",
    );
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("a line's shape, any path alike", () => {
  it("tells the one emptied file among a diffstat's hundred (git diff --stat, fresh6 capture)", async () => {
    // 106 files under 30 directories: `dir/file | N +++--` lines are templates by directory,
    // so a third of the lines were rare and none was news; `newrelic/__init__.py | 0`, the
    // only line without a bar, was dropped. A bar of three or more is masked as its count
    // is, and a line whose shape few lines hold, where nearly all shapes repeat, is a fact.
    expect(hashes(" a/b.py | 12 +++++--")).toEqual(hashes(" a/b.py | 9 +++"));
    expect(hashes("a - b")).not.toEqual(hashes("a + b"));
    const { e, must } = await capturedCase("fresh6", "git-diff-stat-range");
    expect(e.text).toContain(
      " holmes/plugins/toolsets/newrelic/__init__.py                                   |    0",
    );
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});

describe("a rule drawn to a width is one rule whatever its length", () => {
  it("box-drawing rules after names of other lengths mask alike, as runs of - and + do", () => {
    // biome draws `path format ━━━…` out to one width: the shorter the path, the longer the
    // rule. Each length was a kind of its own, so every file's header was a rare line.
    const a = `f4/src/upload.js format ${"━".repeat(60)}`;
    const b = `f4/src/cartSync.js format ${"━".repeat(58)}`;
    expect(hashes(a)).toEqual(hashes(b));
    expect(maskToken("─".repeat(30), 0, 30)).toEqual(maskToken("─".repeat(12), 0, 12));
    expect(maskToken("════", 0, 4)).toEqual(maskToken("═════════", 0, 9));
    // A word is still a word: a rule beside it does not make two words alike.
    expect(hashes(`src/a.js format ${"━".repeat(20)}`)).not.toEqual(
      hashes(`src/a.js lint ${"━".repeat(20)}`),
    );
  });

  it("biome format: the files to format are one kind told by its first and last (fresh4 capture)", async () => {
    const { e, must } = await capturedCase("fresh4", "biome-format-diff");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    // 18 files' headers were each shown as a rare line.
    const headers = e.text.split("\n").filter((l) => / format ━/.test(l) && l.startsWith("f4/src/"));
    expect(headers.length).toBeLessThanOrEqual(4);
  });
});
