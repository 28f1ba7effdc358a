import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CODE_EXT, printedFile } from "../../../../src/compress/excerpt/files.ts";

describe("printedFile: the source file a command prints verbatim", () => {
  it("reads cat, head and sed -n of a source file, with the line the output starts at", () => {
    expect(printedFile("cat lib/base64.js")).toEqual({ path: "lib/base64.js", from: 1 });
    expect(printedFile("head -n 400 'src/a.py'")).toEqual({ path: "src/a.py", from: 1 });
    expect(printedFile("head -40 src/b.rs")).toEqual({ path: "src/b.rs", from: 1 });
    expect(printedFile("sed -n '120,180p' src/c.go")).toEqual({ path: "src/c.go", from: 120 });
    expect(printedFile("sed -n '7,$p' -- \"src/d.ts\"")).toEqual({ path: "src/d.ts", from: 7 });
    expect(printedFile('sed -n "7,20p" src/d.ts')).toEqual({ path: "src/d.ts", from: 7 });
    expect(printedFile("sed -n 30,90p src/e.ts")).toEqual({ path: "src/e.ts", from: 30 });
  });

  it("leaves alone what is not a file's own text: pipes, other files, other sed scripts, tail", () => {
    for (const c of [
      "cat a.js | grep x",
      "tail -n 50 a.js",
      "cat notes.txt",
      "sed -n '/foo/p' src/a.ts",
      "sed -n '0,10p' src/a.ts",
      "sed 's/a/b/' src/a.ts",
      "sed -n '1,10p' src/a.ts > out.ts",
      "cat -n src/a.ts",
      // The shell expands $p outside single quotes: not the range it looks like.
      'sed -n "7,$p" src/a.ts',
      "sed -n 7,$p src/a.ts",
      "head -n 20 src/*.ts",
      undefined,
      "",
    ])
      expect(printedFile(c), String(c)).toBeUndefined();
  });

  it("its first check (the command starts with cat, head or sed) changes no answer", () => {
    // What it answered as regexes alone, on every command.
    const byRegexAlone = (command: string) => {
      const cat =
        /^\s*(?:cat|head(?:\s+-n\s*\d+|\s+-\d+)?)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\1\s*$/.exec(command);
      if (cat) return CODE_EXT.test(cat[2]!) ? cat[2] : undefined;
      const sed =
        /^\s*sed\s+-n\s+(?:'(\d+),(?:\d+|\$)p'|"(\d+),\d+p"|(\d+),\d+p)\s+(?:--\s+)?(['"]?)([^\s'"|;&<>$`*?]+)\4\s*$/.exec(
          command,
        );
      return sed && Number(sed[1] ?? sed[2] ?? sed[3]) >= 1 && CODE_EXT.test(sed[5]!) ? sed[5] : undefined;
    };
    const space = fc.constantFrom("", " ", "\t", "\n", "\r\n", "\u00a0", "\u2028", "\ufeff", "\u3000", "\v");
    const verb = fc.constantFrom(
      "cat",
      "head",
      "head -n 40",
      "head -5",
      "sed -n '3,9p'",
      "sed -n '3,$p'",
      "sed -n 3,9p",
      "tail",
      "catx",
      "Cat",
      "ca t",
      "heads",
      "npm test",
    );
    const arg = fc.constantFrom(
      "src/a.ts",
      "'lib/b.py'",
      '"c.go"',
      "-- d.rs",
      "notes.md",
      "a.ts | grep x",
      "x.c > y",
    );
    fc.assert(
      fc.property(space, verb, space, arg, space, (s1, v, s2, a, s3) => {
        const command = `${s1}${v}${s2 || " "}${a}${s3}`;
        expect(printedFile(command)?.path).toBe(byRegexAlone(command));
      }),
      { numRuns: 3000 },
    );
    expect(printedFile("\u00a0\tcat src/a.ts")?.path).toBe("src/a.ts");
  });
});
